// Compiled queries kept across threads and processes (core/parse/query-snapshots.ts): a fresh
// runtime that reaches the memory state a compile started from replays the bytes it changed, and
// the query answers exactly as a compiled one; a damaged snapshot, or none, means a compile.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';

const PROBE = new URL('./query-snapshot-probe.mjs', import.meta.url);
// A query no language ships a snapshot of: it compiles (or replays) through the user cache only.
const QUERY = '(function_definition name: (identifier) @name parameters: (parameters (identifier) @param)) @def\n(call function: (identifier) @callee) @call';
const SOURCE = 'def area(width, height):\n    return scale(width) * height\n\narea(2, 3)\n';

interface Probe {
  captures: string[];
  counts: { restored: number; compiled: number };
}

const cache = mkdtempSync(join(tmpdir(), 'tldr-query-snapshots-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

function probe(env: Record<string, string> = {}): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PROBE, { workerData: { query: QUERY, source: SOURCE }, env: { ...process.env, TLDR_CACHE_DIR: cache, ...env } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const snapshots = () => readdirSync(join(cache, 'query-snapshots')).filter((name) => !name.endsWith('.tmp'));

describe('query snapshots', () => {
  let compiled: Probe;

  it('a first compile is saved; a fresh runtime replays it and its query answers the same', async () => {
    compiled = await probe();
    expect(compiled.counts).toEqual({ restored: 0, compiled: 1 });
    expect(compiled.captures).toContain('callee identifier 36-41 scale');
    expect(snapshots()).toHaveLength(1);
    const replayed = await probe();
    expect(replayed.counts).toEqual({ restored: 1, compiled: 0 });
    expect(replayed.captures).toEqual(compiled.captures);
  });

  it('a damaged snapshot is compiled again, and saved whole', async () => {
    const [name] = snapshots();
    const path = join(cache, 'query-snapshots', name);
    const bytes = readFileSync(path);
    bytes[bytes.length >> 1] ^= 0xff;
    writeFileSync(path, bytes);
    const repaired = await probe();
    expect(repaired.counts).toEqual({ restored: 0, compiled: 1 });
    expect(repaired.captures).toEqual(compiled.captures);
    writeFileSync(path, bytes.subarray(0, 100));
    expect((await probe()).counts).toEqual({ restored: 0, compiled: 1 });
    expect((await probe()).counts).toEqual({ restored: 1, compiled: 0 });
  });

  it('TLDR_QUERY_SNAPSHOTS=off compiles every time', async () => {
    const off = await probe({ TLDR_QUERY_SNAPSHOTS: 'off' });
    expect(off.counts).toEqual({ restored: 0, compiled: 0 });
    expect(off.captures).toEqual(compiled.captures);
  });
});
