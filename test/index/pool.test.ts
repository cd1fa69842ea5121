// The extraction pool survives its workers: a worker killed mid-warm costs a retry, not the warm.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openProjectIndex, warmProject } from '../../dist/core/index/open.js';
import { closeExtractPool, currentExtractPool, extractEachInPool, extractInPool, workerCount } from '../../dist/core/pool/extract-pool.js';
import { planExtraction } from '../../dist/core/pool/pool-size.js';
import { selectFiles } from '../../dist/core/files/select.js';
import { defaultPolicy } from '../../dist/core/files/policy.js';
import { IgnoreRules } from '../../dist/core/files/ignore-rules.js';
import { unpackRecord } from '../../dist/core/cache/codec.js';

afterAll(() => closeExtractPool());

function rxjsProject(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-pool-')));
  cpSync(resolve('node_modules/rxjs/src'), join(root, 'src'), { recursive: true });
  return root;
}

describe('extraction pool', () => {
  it('sizes itself from TLDR_WORKERS or the core count', () => {
    expect(workerCount({ TLDR_WORKERS: '3' })).toBe(3);
    expect(workerCount({ TLDR_WORKERS: '0' })).toBe(0);
    expect(workerCount({ TLDR_WORKERS: '64' })).toBe(8);
    expect(workerCount({})).toBeGreaterThanOrEqual(1);
  });

  it('plans small work in-process, more on this thread with workers sized to it', () => {
    const cores = { TLDR_WORKERS: undefined } as NodeJS.ProcessEnv;
    const ts = (bytes: number) => new Map([['typescript' as const, bytes]]);
    const spare = Math.max(1, workerCount(cores) - 1);
    const here = { inProcess: true, workers: 0, workerLanguages: [] };
    expect(planExtraction(8, ts(100_000), cores)).toEqual(here);
    // A small project (below 2 MB) does not repay a worker's start-up: all of it here.
    expect(planExtraction(30, ts(200_000), cores)).toEqual(here);
    expect(planExtraction(300, ts(1_900_000), cores)).toEqual(here);
    expect(planExtraction(300, ts(2_200_000), cores)).toEqual({ inProcess: true, workers: Math.min(spare, 4), workerLanguages: ['typescript'] });
    // This thread is one of the cores: never more workers than cores - 1, and at least one.
    expect(planExtraction(5000, ts(50_000_000), cores)).toEqual({ inProcess: true, workers: spare, workerLanguages: ['typescript'] });
    // A language with little source is not worth a worker's loading its grammar: it stays here.
    const mixed = new Map([['typescript' as const, 1_800_000], ['javascript' as const, 3_000], ['python' as const, 1_200_000]]);
    expect(planExtraction(300, mixed, cores)).toEqual({ inProcess: true, workers: Math.min(spare, 5), workerLanguages: ['typescript', 'python'] });
    const scattered = new Map([['typescript' as const, 100_000], ['javascript' as const, 100_000], ['python' as const, 100_000]]);
    expect(planExtraction(300, scattered, cores)).toEqual(here);
    // TLDR_WORKERS is the most workers to use; 0 keeps everything in-process.
    expect(planExtraction(5000, ts(50_000_000), { TLDR_WORKERS: '3' })).toMatchObject({ inProcess: true, workers: 3 });
    expect(planExtraction(300, ts(2_200_000), { TLDR_WORKERS: '8' })).toMatchObject({ inProcess: true, workers: 4 });
    expect(planExtraction(300, ts(900_000), { TLDR_WORKERS: '3' })).toEqual(here);
    expect(planExtraction(5000, ts(50_000_000), { TLDR_WORKERS: '0' })).toEqual(here);
  });

  it('shares one queue between this thread and the workers: every file once, the same records', async () => {
    const root = rxjsProject();
    try {
      const files = selectFiles(root, defaultPolicy(), new IgnoreRules(root)).files;
      const jobs = files.map((file) => ({ abs: file.abs, path: file.path, language: file.language }));
      const options = { maxFileBytes: 1 << 20, languages: [...new Set(files.map((file) => file.language))], sizes: new Map(files.map((file) => [file.path, file.size])) };
      let progress = 0;
      const shared = await extractInPool(jobs, { ...options, inProcess: true, workers: 1, workerLanguages: ['typescript'], onProgress: (done) => (progress = done) });
      expect(progress).toBe(jobs.length);
      expect(shared.map((outcome) => outcome.path).sort()).toEqual(jobs.map((job) => job.path).sort());
      await closeExtractPool();
      const pooled = new Map((await extractInPool(jobs, options)).map((outcome) => [outcome.path, outcome]));
      for (const outcome of shared) {
        const other = pooled.get(outcome.path)!;
        expect(outcome.status, outcome.path).toBe('record');
        expect(other.status).toBe('record');
        if (outcome.status === 'record' && other.status === 'record') expect(unpackRecord(outcome.data), outcome.path).toEqual(unpackRecord(other.data));
      }
    } finally {
      await closeExtractPool();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('finishes a shared extraction on this thread when the pool is closed before its worker is ready', async () => {
    const root = rxjsProject();
    try {
      const files = selectFiles(root, defaultPolicy(), new IgnoreRules(root)).files.slice(0, 40);
      const jobs = files.map((file) => ({ abs: file.abs, path: file.path, language: file.language }));
      const running = extractInPool(jobs, { maxFileBytes: 1 << 20, languages: ['typescript'], sizes: new Map(), inProcess: true, workers: 1 });
      await closeExtractPool();
      const outcomes = await running;
      expect(outcomes.filter((outcome) => outcome.status === 'record')).toHaveLength(jobs.length);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('rejects, starting no further batch, when the consumer of a batch throws (a cache write failed)', async () => {
    const root = rxjsProject();
    try {
      const files = selectFiles(root, defaultPolicy(), new IgnoreRules(root)).files;
      const jobs = files.map((file) => ({ abs: file.abs, path: file.path, language: file.language }));
      const sizes = new Map(files.map((file) => [file.path, file.size]));
      for (const shape of [{ inProcess: true, workers: 1, workerLanguages: ['typescript' as const] }, {}]) {
        let batches = 0;
        const run = extractEachInPool(jobs, { maxFileBytes: 1 << 20, languages: ['typescript'], sizes, ...shape }, () => {
          batches++;
          throw new Error('disk full');
        });
        await expect(run).rejects.toThrow('disk full');
        expect(batches).toBe(1);
        await closeExtractPool();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('finishes a warm with every record when a worker is killed mid-warm', async () => {
    const root = rxjsProject();
    const reference = rxjsProject();
    try {
      let killed = 0;
      const result = await warmProject(root, {
        extraction: 'pool',
        onProgress: (progress) => {
          if (progress.phase === 'extract' && progress.done > 0 && killed === 0) {
            killed++;
            void currentExtractPool()!.threads[0].terminate();
          }
        },
      });
      expect(killed).toBe(1);
      expect(result.errors).toEqual([]);
      await warmProject(reference, { extraction: 'in-process' });
      const got = await (await openProjectIndex(root)).records();
      const want = await (await openProjectIndex(reference)).records();
      expect(got.size).toBe(want.size);
      for (const [path, record] of want) expect(got.get(path), path).toEqual(record);
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(reference, { recursive: true, force: true });
    }
  });

  it('keeps its workers for the next warm in the same process', async () => {
    const root = rxjsProject();
    try {
      await warmProject(root, { extraction: 'pool' });
      const pool = currentExtractPool();
      expect(pool).toBeDefined();
      rmSync(join(root, '.tldr'), { recursive: true });
      await warmProject(root, { extraction: 'pool' });
      expect(currentExtractPool()).toBe(pool);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
