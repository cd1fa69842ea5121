// The extraction pool survives its workers: a worker killed mid-warm costs a retry, not the warm.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openProjectIndex, warmProject } from '../../dist/core/index/open.js';
import { closeExtractPool, currentExtractPool, workerCount } from '../../dist/core/pool/extract-pool.js';

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
