// The index file at scale: records stay on disk until asked for (loading reads the manifest only),
// an open index keeps reading the file it loaded when another writer replaces it, and a warm
// streams records into the next index file while it extracts instead of holding them all.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { IndexWriter, entryBytes, loadIndex } from '../../dist/core/cache/index-file.js';
import type { CacheEntry } from '../../dist/core/cache/entry.js';
import { openProjectIndex, warmProject } from '../../dist/core/index/open.js';
import { closeExtractPool } from '../../dist/core/pool/extract-pool.js';
import type { FileRecord } from '../../dist/core/types.js';
import { copyFixture } from '../files/fixture-project.js';

afterAll(() => closeExtractPool());

/** Where the record area starts (core/cache/index-file.ts): the prefix's length. */
const PREFIX_BYTES = 52;

function loaded(root: string) {
  const result = loadIndex(root);
  if (result.state !== 'loaded') throw new Error(`index not loaded: ${result.state}`);
  return result;
}

/** Flips one byte inside each of these records, on disk. */
function damageRecords(root: string, paths: string[]): void {
  const index = loaded(root);
  const file = join(root, '.tldr', 'index.bin');
  const bytes = readFileSync(file);
  for (const path of paths) {
    const stored = index.entries.get(path)!.stored!;
    bytes[PREFIX_BYTES + stored.offset + Math.floor(stored.length / 2)] ^= 0xff;
  }
  index.store.close();
  writeFileSync(file, bytes);
}

describe('lazy record reads', () => {
  let project: { root: string; cleanup(): void };
  let expected: Map<string, FileRecord>;

  beforeEach(async () => {
    project = copyFixture('mixed');
    await warmProject(project.root, { extraction: 'in-process' });
    const index = await openProjectIndex(project.root, { extraction: 'in-process' });
    expected = new Map(await index.records());
    await index.close();
  });
  afterEach(() => project.cleanup());

  it('answers about one file without reading any other record', async () => {
    const [target, ...others] = [...expected.keys()];
    // Every other record is damaged: reading any of them would drop it and extract its file again.
    damageRecords(project.root, others);
    const index = await openProjectIndex(project.root, { extraction: 'in-process' });
    const extracted: string[] = [];
    index.onChange((changes) => extracted.push(...changes.map((change) => change.path)));
    expect(await index.record(target)).toEqual(expected.get(target));
    expect(extracted).toEqual([]);
    // The project-wide read meets the damage and repairs every other file.
    expect(await index.records()).toEqual(expected);
    expect(extracted.sort()).toEqual([...others].sort());
    await index.close();
  });

  it('keeps reading the index it loaded after another writer replaces the file', async () => {
    const paths = [...expected.keys()];
    const index = await openProjectIndex(project.root, { extraction: 'in-process' });
    const extracted: string[] = [];
    index.onChange((changes) => extracted.push(...changes.map((change) => change.path)));
    expect(await index.record(paths[0])).toEqual(expected.get(paths[0]));
    const before = statSync(join(project.root, '.tldr', 'index.bin')).ino;

    // Another process edits a file and warms: a new index file, its records at other offsets.
    const edited = paths.find((path) => path.endsWith('.py'))!;
    writeFileSync(join(project.root, edited), `${readFileSync(join(project.root, edited), 'utf8')}\n\ndef added_later():\n    return 1\n`);
    expect((await warmProject(project.root, { extraction: 'in-process' })).parsed).toBe(1);
    expect(statSync(join(project.root, '.tldr', 'index.bin')).ino).not.toBe(before);

    // Records this index had not read yet come from the file it loaded, intact, not re-extracted.
    for (const path of paths.filter((path) => path !== edited)) expect(await index.record(path)).toEqual(expected.get(path));
    expect(extracted).toEqual([]);
    await index.close();
  });
});

describe('index writer', () => {
  let dir: string;
  beforeEach(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-writer-')));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const entry = (path: string, text: string): CacheEntry => ({
    path, language: 'python', size: text.length, mtimeMs: 1, hash: path, lines: 1, status: 'record', data: Buffer.from(text),
  });
  const texts = (entries: Iterable<CacheEntry>) => [...entries].map((e) => Buffer.from(entryBytes(e)!).toString());

  it('streams appended records to disk and keeps none of them in memory', () => {
    const entries = ['a', 'b', 'c'].map((name) => entry(`${name}.py`, `record ${name} `.repeat(20)));
    const writer = IndexWriter.open(dir);
    writer.append(entries[0]);
    writer.append(entries[1]);
    // Appended: the bytes are in the temp file, read back from there.
    expect(entries.slice(0, 2).map((e) => [e.data, e.stored?.store === writer.store])).toEqual([[undefined, true], [undefined, true]]);
    const temp = readdirSync(join(dir, '.tldr')).find((name) => name.endsWith('.tmp'))!;
    expect(statSync(join(dir, '.tldr', temp)).size).toBeGreaterThan(2 * 20 * 9);
    expect(texts(entries.slice(0, 2))).toEqual([`record a `.repeat(20), `record b `.repeat(20)]);

    // Commit copies in the one still in memory, and the file becomes the index.
    writer.commit(entries);
    expect(entries.map((e) => [e.data, e.stored?.store === writer.store])).toEqual([[undefined, true], [undefined, true], [undefined, true]]);
    expect(readdirSync(join(dir, '.tldr')).sort()).toEqual(['.gitignore', 'index.bin']);
    const reloaded = loaded(dir);
    expect(texts(reloaded.entries.values())).toEqual(['a', 'b', 'c'].map((name) => `record ${name} `.repeat(20)));
    reloaded.store.close();
    writer.store.close();
  });

  it('copies unchanged records from the previous index file; a failed commit leaves no temp file', () => {
    const first = IndexWriter.open(dir);
    const entries = ['a', 'b', 'c', 'd'].map((name) => entry(`${name}.py`, `${name}`.repeat(100)));
    first.commit(entries);
    // A new index where `b` changed: a, c, d are copied from the first file (c and d in one run).
    const second = IndexWriter.open(dir);
    const changed = entry('b.py', 'B'.repeat(50));
    second.append(changed);
    const next = [entries[0], changed, entries[2], entries[3]];
    second.commit(next);
    first.store.close();
    expect(texts(next)).toEqual(['a'.repeat(100), 'B'.repeat(50), 'c'.repeat(100), 'd'.repeat(100)]);
    const reloaded = loaded(dir);
    expect(texts(reloaded.entries.values())).toEqual(['a'.repeat(100), 'B'.repeat(50), 'c'.repeat(100), 'd'.repeat(100)]);
    reloaded.store.close();

    // A writer whose rename fails leaves no temp file behind; what it had streamed stays readable
    // through its store.
    const third = IndexWriter.open(dir);
    const late = entry('e.py', 'e'.repeat(10));
    third.append(late);
    // A non-empty directory where the index file goes: the rename fails.
    rmSync(join(dir, '.tldr', 'index.bin'));
    mkdirSync(join(dir, '.tldr', 'index.bin'));
    writeFileSync(join(dir, '.tldr', 'index.bin', 'occupied'), '');
    expect(() => third.commit([...next, late])).toThrow();
    expect(readdirSync(join(dir, '.tldr')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(texts([late])).toEqual(['e'.repeat(10)]);
    third.store.close();
    second.store.close();
  });
});

describe('a warm of a larger real tree', () => {
  it('streams records into the next index file while it extracts', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-stream-')));
    try {
      cpSync(resolve('node_modules/rxjs/src'), root, { recursive: true });
      const tempSizes: number[] = [];
      const result = await warmProject(root, {
        onProgress: ({ phase, done, total }) => {
          if (phase !== 'extract' || done === 0 || done === total) return;
          const temp = readdirSync(join(root, '.tldr')).find((name) => name.endsWith('.tmp'));
          if (temp) tempSizes.push(statSync(join(root, '.tldr', temp)).size);
        },
      });
      expect(result.files).toBeGreaterThan(200);
      // Mid-warm the next index file already holds records, and it grows batch by batch.
      expect(tempSizes.length).toBeGreaterThan(2);
      expect(tempSizes[0]).toBeGreaterThan(PREFIX_BYTES);
      expect(tempSizes.at(-1)!).toBeGreaterThan(tempSizes[0]);
      const index = loaded(root);
      const intact = [...index.entries.values()].filter((e) => e.status === 'record' && entryBytes(e));
      index.store.close();
      expect(intact).toHaveLength(result.files);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
