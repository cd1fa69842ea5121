// The ProjectIndex contract: fresh records on every read, change notifications with before/after
// records, invalidation, source text, and one-line errors for files it will not answer about.
import { afterAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TldrError } from '../../dist/core/errors.js';
import { openProjectIndex, warmProject, type CachedProjectIndex } from '../../dist/core/index/open.js';
import type { FileChange } from '../../dist/core/index/project-index.js';
import { closeExtractPool } from '../../dist/core/pool/extract-pool.js';
import { makeMixedProject, type TempProject } from '../files/fixture-project.js';

afterAll(() => closeExtractPool());

async function tldrError(promise: Promise<unknown>): Promise<TldrError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TldrError);
  return error as TldrError;
}

describe('ProjectIndex', () => {
  let project: TempProject;
  let index: CachedProjectIndex;
  beforeEach(async () => {
    project = makeMixedProject();
    await warmProject(project.root, { extraction: 'in-process' });
    index = await openProjectIndex(project.root);
  });
  afterEach(async () => {
    await index.close();
    project.cleanup();
  });

  it('answers from the cache, and re-extracts a file changed on disk', async () => {
    const before = await index.record('src/util.py');
    expect(before.functions.map((fn) => fn.name)).toContain('read_config');
    const changes: FileChange[][] = [];
    index.onChange((batch) => changes.push(batch));
    writeFileSync(join(project.root, 'src', 'util.py'), 'def replaced():\n    return 0\n');
    const after = await index.record('src/util.py');
    expect(after.functions.map((fn) => fn.name)).toEqual(['replaced']);
    expect(changes).toHaveLength(1);
    expect(changes[0][0].path).toBe('src/util.py');
    expect(changes[0][0].before?.functions.map((fn) => fn.name)).toContain('read_config');
    expect(changes[0][0].after?.functions.map((fn) => fn.name)).toEqual(['replaced']);
    // A second read of the unchanged file neither re-extracts nor notifies.
    expect(await index.record('src/util.py')).toBe(after);
    expect(changes).toHaveLength(1);
  });

  it('accepts absolute paths inside the root', async () => {
    const record = await index.record(join(project.root, 'src', 'app.ts'));
    expect(record.path).toBe('src/app.ts');
  });

  it('records() refreshes invalidated files and drops deleted ones', async () => {
    const initial = await index.records();
    expect(initial.has('src/server.go')).toBe(true);
    // Nothing changed: the same answer, not a rebuilt one.
    expect(await index.records()).toBe(initial);
    const changes: FileChange[] = [];
    index.onChange((batch) => changes.push(...batch));
    rmSync(join(project.root, 'src', 'server.go'));
    appendFileSync(join(project.root, 'src', 'format.ts'), '\nexport const extra = () => 1;\n');
    writeFileSync(join(project.root, 'src', 'fresh.py'), 'def fresh():\n    pass\n');
    index.invalidate(['src/server.go', join(project.root, 'src', 'format.ts'), 'src/fresh.py']);
    const refreshed = await index.records();
    expect(refreshed).not.toBe(initial);
    expect(refreshed.has('src/server.go')).toBe(false);
    expect(refreshed.get('src/fresh.py')?.functions.map((fn) => fn.name)).toEqual(['fresh']);
    expect(refreshed.get('src/format.ts')?.functions.map((fn) => fn.name)).toContain('extra');
    const byPath = Object.fromEntries(changes.map((change) => [change.path, change]));
    expect(byPath['src/server.go'].after).toBeUndefined();
    expect(byPath['src/server.go'].before?.path).toBe('src/server.go');
    expect(byPath['src/fresh.py'].before).toBeUndefined();
    expect(byPath['src/format.ts'].before && byPath['src/format.ts'].after).toBeTruthy();
    expect(Object.keys(byPath).sort()).toEqual(['src/format.ts', 'src/fresh.py', 'src/server.go']);
  });

  it('keeps a change reported while a warm was running for the next read', async () => {
    const fresh = await openProjectIndex(project.root, { extraction: 'in-process' });
    writeFileSync(join(project.root, 'src', 'format.ts'), 'export function first(): void {}\n');
    // Marked before the warm (as a watcher would) and again, for a newer change, during it.
    fresh.invalidate(['src/format.ts']);
    let edited = false;
    await fresh.sync({
      onProgress: (progress) => {
        // After the last file is extracted, format.ts has been read: change it again and say so.
        if (progress.phase === 'extract' && progress.done === progress.total && !edited) {
          edited = true;
          writeFileSync(join(project.root, 'src', 'format.ts'), 'export function second(): void {}\n');
          fresh.invalidate(['src/format.ts']);
        }
      },
    });
    expect(edited).toBe(true);
    const records = await fresh.records();
    expect(records.get('src/format.ts')?.functions.map((fn) => fn.name)).toEqual(['second']);
    await fresh.close();
  });

  it('writes records refreshed one by one back to the cache on close', async () => {
    writeFileSync(join(project.root, 'src', 'format.ts'), 'export function only(): void {}\n');
    await index.record('src/format.ts');
    await index.close();
    const next = await warmProject(project.root);
    expect(next.parsed).toBe(0);
  });

  it('gives the current source text, lossily decoded where needed', async () => {
    expect(await index.source('src/format.ts')).toContain('export function formatName');
    expect(await index.source('src/latin1.py')).toContain('Caf\uFFFD');
  });

  it('answers about an ignored file when asked by name, without adding it to the index', async () => {
    const record = await index.record('node_modules/leftpad/index.js');
    expect(record.language).toBe('javascript');
    expect((await index.records()).has('node_modules/leftpad/index.js')).toBe(false);
  });

  it('refuses missing, unsupported, outside, binary, minified and oversized files with one-line errors', async () => {
    const cases: [string, RegExp][] = [
      ['src/nope.ts', /^file not found: src\/nope\.ts$/],
      ['README.md', /^unsupported language: README\.md$/],
      ['../outside.ts', /^(path is outside the project|file not found)/],
      ['src/outside.ts', /^path is outside the project/],
      ['media/clip.ts', /^media\/clip\.ts is a binary file$/],
      ['public/bundle.js', /^public\/bundle\.js looks minified/],
      ['public/app.min.js', /^public\/app\.min\.js looks minified/],
      ['src/huge.py', /^src\/huge\.py is larger than the 4194304-byte limit$/],
      ['src', /^src is a directory$/],
    ];
    for (const [path, message] of cases) {
      const error = await tldrError(index.record(path));
      expect(error.message, path).toMatch(message);
      expect(error.message).not.toContain('\n');
      expect(error.exitCode).toBe(1);
    }
    await tldrError(index.source('src/nope.ts'));
  });

  it('forgets a deleted file asked for by name', async () => {
    const changes: FileChange[] = [];
    index.onChange((batch) => changes.push(...batch));
    await index.record('src/server.go');
    rmSync(join(project.root, 'src', 'server.go'));
    await tldrError(index.record('src/server.go'));
    expect(changes).toEqual([{ path: 'src/server.go', before: expect.objectContaining({ path: 'src/server.go' }) }]);
  });
});
