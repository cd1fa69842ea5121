// A damaged, truncated or foreign cache is never trusted and never a crash: it is discarded (or,
// for one damaged record, that record alone is dropped) and the records come out right.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync, truncateSync, writeFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { entryBytes, loadIndex } from '../../dist/core/cache/index-file.js';
import { openProjectIndex, warmProject } from '../../dist/core/index/open.js';
import { closeExtractPool } from '../../dist/core/pool/extract-pool.js';
import type { FileRecord } from '../../dist/core/types.js';
import { copyFixture } from '../files/fixture-project.js';

afterAll(() => closeExtractPool());

/** Byte offsets of the index header fields (see core/cache/index-file.ts). */
const SCHEMA_AT = 12;
const AREA_LENGTH_AT = 36;
const MANIFEST_LENGTH_AT = 44;
const PREFIX_BYTES = 52;

/** Where the manifest starts: after the prefix and the record area. */
function manifestStart(bytes: Buffer): number {
  return PREFIX_BYTES + Number(bytes.readBigUInt64LE(AREA_LENGTH_AT));
}

describe('cache damage', () => {
  let project: { root: string; cleanup(): void };
  let file: string;
  let expected: Map<string, FileRecord>;
  let fileCount: number;

  beforeEach(async () => {
    project = copyFixture('mixed');
    const first = await warmProject(project.root, { extraction: 'in-process' });
    fileCount = first.parsed;
    file = join(project.root, '.tldr', 'index.bin');
    expected = new Map(await (await openProjectIndex(project.root)).records());
  });
  afterEach(() => project.cleanup());

  async function expectRebuiltCorrectly(note: RegExp): Promise<void> {
    const result = await warmProject(project.root, { extraction: 'in-process' });
    expect(result.cache).toBe('rebuilt');
    expect(result.cache_note).toMatch(note);
    expect(result.parsed).toBe(fileCount);
    const records = await (await openProjectIndex(project.root)).records();
    expect(records).toEqual(expected);
    expect((await warmProject(project.root)).parsed).toBe(0);
  }

  it('the header is where the test expects it', () => {
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('TLDRIDX\n');
    expect(manifestStart(bytes) + bytes.readUInt32LE(MANIFEST_LENGTH_AT)).toBe(bytes.length);
    const loaded = loadIndex(project.root);
    expect(loaded.state).toBe('loaded');
    if (loaded.state === 'loaded') loaded.store.close();
  });

  it('a truncated file is discarded and rebuilt', async () => {
    truncateSync(file, Math.floor(statSync(file).size * 0.6));
    expect(loadIndex(project.root)).toMatchObject({ state: 'discarded' });
    await expectRebuiltCorrectly(/truncated/);
  });

  it('a file cut inside its header is discarded and rebuilt', async () => {
    truncateSync(file, 20);
    await expectRebuiltCorrectly(/not a tldr index/);
  });

  it('a garbage manifest is discarded and rebuilt', async () => {
    const bytes = readFileSync(file);
    for (let at = manifestStart(bytes); at < bytes.length; at += 7) bytes[at] ^= 0x5a;
    writeFileSync(file, bytes);
    await expectRebuiltCorrectly(/checksum/);
  });

  it('a file of random bytes is discarded and rebuilt', async () => {
    writeFileSync(file, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)));
    await expectRebuiltCorrectly(/not a tldr index/);
  });

  it('a cache from another schema version is discarded and rebuilt', async () => {
    const bytes = readFileSync(file);
    bytes.writeUInt32LE(bytes.readUInt32LE(SCHEMA_AT) + 1, SCHEMA_AT);
    writeFileSync(file, bytes);
    await expectRebuiltCorrectly(/schema version/);
  });

  it('a cache built by different extraction code is discarded and rebuilt', async () => {
    const bytes = readFileSync(file);
    bytes[SCHEMA_AT + 4] ^= 0xff;
    writeFileSync(file, bytes);
    await expectRebuiltCorrectly(/different version of the extractor/);
  });

  it('one damaged record is dropped alone when read, its file re-extracted and the repair saved', async () => {
    const bytes = readFileSync(file);
    // Flip a byte in the middle of the first stored record.
    bytes[PREFIX_BYTES + 5] ^= 0xff;
    writeFileSync(file, bytes);
    // The first read of the records meets the damage: never served, extracted again. (A warm would
    // meet it too, reading the records for the search index that no longer matches index.bin.)
    const index = await openProjectIndex(project.root, { extraction: 'in-process' });
    const extracted: string[] = [];
    index.onChange((changes) => extracted.push(...changes.map((change) => change.path)));
    expect(await index.records()).toEqual(expected);
    expect(extracted).toHaveLength(1);
    await index.close();
    const loaded = loadIndex(project.root);
    if (loaded.state !== 'loaded') throw new Error(`cache not saved: ${loaded.state}`);
    const damaged = [...loaded.entries.values()].filter((entry) => entry.status === 'record' && !entryBytes(entry));
    loaded.store.close();
    expect(damaged).toEqual([]);
  });

  it('a damaged record met by record() is re-extracted, not served', async () => {
    const bytes = readFileSync(file);
    bytes[PREFIX_BYTES + 5] ^= 0xff;
    writeFileSync(file, bytes);
    const index = await openProjectIndex(project.root);
    const extracted: string[] = [];
    index.onChange((changes) => extracted.push(...changes.map((change) => change.path)));
    // The damaged record is the first one written; which file that is depends on extraction order.
    for (const path of expected.keys()) expect(await index.record(path)).toEqual(expected.get(path));
    expect(extracted).toHaveLength(1);
    await index.close();
  });

  it('a cache directory that cannot be written leaves the warm working', async () => {
    const { rmSync } = await import('node:fs');
    rmSync(join(project.root, '.tldr'), { recursive: true });
    // A regular file where the cache directory should be: mkdir fails even for root.
    writeFileSync(join(project.root, '.tldr'), 'not a directory');
    const result = await warmProject(project.root, { extraction: 'in-process' });
    expect(result.cache).toBe('unwritable');
    expect(result.cache_note).toMatch(/cannot write/);
    expect(result.files).toBe(expected.size);
  });
});

describe('abandoned temp files', () => {
  it('a temp file left by a writer that died long ago is removed by the next save; a recent one is left alone', async () => {
    const { utimesSync, existsSync: exists, mkdirSync: mkdir } = await import('node:fs');
    const project = copyFixture('mixed');
    try {
      mkdir(join(project.root, '.tldr'));
      const old = join(project.root, '.tldr', 'index.bin.999.dead.tmp');
      const recent = join(project.root, '.tldr', 'index.bin.998.live.tmp');
      writeFileSync(old, 'half written');
      writeFileSync(recent, 'being written');
      const longAgo = new Date(Date.now() - 3600_000);
      utimesSync(old, longAgo, longAgo);
      await warmProject(project.root, { extraction: 'in-process' });
      expect(exists(old)).toBe(false);
      expect(exists(recent)).toBe(true);
      const loaded = loadIndex(project.root);
      expect(loaded.state).toBe('loaded');
      if (loaded.state === 'loaded') loaded.store.close();
    } finally {
      project.cleanup();
    }
  });
});
