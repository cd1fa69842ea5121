// Compiled tree-sitter queries, kept across processes. Compiling a query is most of what a fresh
// process pays before its first parse (TypeScript's extraction query: ≈ 120 ms, a fifth of a small
// project's first warm), and it is a pure function of the runtime's linear memory when it starts:
// the grammar's tables, the query text and the allocator's state all live there, and the runtime
// code is fixed. So the memory a compile changes is saved once, under a hash of the memory it
// started from, and a process that reaches the same memory state writes those bytes back instead
// of compiling: the memory afterwards is byte for byte what the compile would have left. Any
// difference in what came before (another grammar loaded first, another runtime version) is
// another key, and compiles as usual.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';

/** The part of web-tree-sitter's Emscripten module this needs (the object given to Parser.init). */
export interface RuntimeModule {
  HEAPU8: Uint8Array;
  _ts_query_new: (...args: number[]) => number;
}

const MAGIC = Buffer.from('TLDRQS1\0');
/** Changed bytes closer than this are saved as one run: fewer run headers, a few unchanged bytes rewritten. */
const RUN_GAP = 64;
const ZERO_PAGE = new Uint8Array(64 * 1024);

/** Query compiles in this thread: replayed from a snapshot, or compiled. */
const counts = { restored: 0, compiled: 0 };

export function querySnapshotCounts(): { restored: number; compiled: number } {
  return { ...counts };
}

/**
 * Where snapshots are read from, in order: the ones the build made (each language's query
 * compiled first in its thread) and this user's cache, which also takes the new ones.
 */
export function snapshotDirs(packageDir: string, env: NodeJS.ProcessEnv = process.env): { read: string[]; write?: string } {
  const user = env.TLDR_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'tldr');
  return { read: [join(packageDir, 'query-snapshots'), join(user, 'query-snapshots')], write: join(user, 'query-snapshots') };
}

/**
 * Makes `module`'s query compiles go through the snapshots in `dirs` (`runtime`: what identifies
 * the runtime's code, e.g. a hash of its wasm). TLDR_QUERY_SNAPSHOTS=off leaves them alone.
 */
export function useQuerySnapshots(module: RuntimeModule, runtime: string, dirs: { read: string[]; write?: string }, env: NodeJS.ProcessEnv = process.env): void {
  if (env.TLDR_QUERY_SNAPSHOTS === 'off') return;
  const compile = module._ts_query_new;
  module._ts_query_new = (...args: number[]): number => {
    const memory = module.HEAPU8;
    const top = usedBytes(memory);
    const key = snapshotKey(runtime, memory, top, args);
    for (const dir of dirs.read) {
      const address = restore(memory, join(dir, key));
      if (address !== undefined) {
        counts.restored++;
        return address;
      }
    }
    counts.compiled++;
    const before = memory.slice(0, top);
    const address = compile(...args);
    // A compile that grew the memory (or failed) is not one a snapshot can replay.
    if (address !== 0 && dirs.write && module.HEAPU8 === memory) save(dirs.write, key, encode(before, memory, address));
    return address;
  };
}

/** Bytes up to the last non-zero one: above it, the memory is as the runtime received it. */
function usedBytes(memory: Uint8Array): number {
  let end = memory.length;
  while (end > 0) {
    const start = Math.max(0, end - ZERO_PAGE.length);
    const page = memory.subarray(start, end);
    if (Buffer.compare(page, ZERO_PAGE.subarray(0, page.length)) !== 0) {
      let last = page.length - 1;
      while (page[last] === 0) last--;
      return start + last + 1;
    }
    end = start;
  }
  return 0;
}

function snapshotKey(runtime: string, memory: Uint8Array, top: number, args: number[]): string {
  return createHash('sha1')
    .update(`${runtime}\0${memory.length}\0${top}\0${args.join(',')}\0`)
    .update(memory.subarray(0, top))
    .digest('hex');
}

/**
 * The snapshot: where the compiled query sits, the memory size it was taken at, the runs of bytes
 * the compile changed (their offsets, then their lengths, then their bytes), and a CRC of it all.
 */
function encode(before: Uint8Array, after: Uint8Array, address: number): Buffer {
  const runs = changedRuns(before, after);
  const header = MAGIC.length + 12 + runs.length * 8;
  const size = runs.reduce((sum, [, length]) => sum + length, header);
  const out = Buffer.alloc(size + 4);
  MAGIC.copy(out, 0);
  out.writeUInt32LE(address, 8);
  out.writeUInt32LE(after.length, 12);
  out.writeUInt32LE(runs.length, 16);
  let payload = header;
  runs.forEach(([start, length], i) => {
    out.writeUInt32LE(start, 20 + i * 4);
    out.writeUInt32LE(length, 20 + (runs.length + i) * 4);
    out.set(after.subarray(start, start + length), payload);
    payload += length;
  });
  out.writeUInt32LE(crc32(out.subarray(0, size)), size);
  return out;
}

/**
 * Runs (offset, length) of the bytes `after` holds that `before` (zeros past its end) did not,
 * word by word: a few MB to compare on a first compile. Changes closer than RUN_GAP are one run.
 */
function changedRuns(before: Uint8Array, after: Uint8Array): Array<[number, number]> {
  const words = Math.ceil(Math.max(before.length, usedBytes(after)) / 4);
  const old = new Uint32Array(words);
  new Uint8Array(old.buffer).set(before);
  const now = new Uint32Array(after.buffer, after.byteOffset, Math.min(words, after.length >> 2));
  const runs: Array<[number, number]> = [];
  let start = -1;
  let last = -1;
  for (let word = 0; word < words; word++) {
    if (old[word] === (word < now.length ? now[word] : 0)) continue;
    if (start !== -1 && (word - last) * 4 > RUN_GAP) {
      runs.push([start * 4, (last + 1 - start) * 4]);
      start = -1;
    }
    if (start === -1) start = word;
    last = word;
  }
  if (start !== -1) runs.push([start * 4, (last + 1 - start) * 4]);
  return runs;
}

/** Writes a snapshot's bytes back and returns the query's address; undefined (memory untouched) when there is no valid one. */
function restore(memory: Uint8Array, path: string): number | undefined {
  let data: Buffer;
  try {
    data = readFileSync(path);
  } catch {
    return undefined;
  }
  const size = data.length - 4;
  if (size < 20 || !data.subarray(0, MAGIC.length).equals(MAGIC) || crc32(data.subarray(0, size)) !== data.readUInt32LE(size)) return undefined;
  if (data.readUInt32LE(12) !== memory.length) return undefined;
  const runs = data.readUInt32LE(16);
  const header = 20 + runs * 8;
  if (header > size) return undefined;
  // The run table read in place (a copy when the file's bytes are not 4-byte aligned).
  const table = data.byteOffset % 4 === 0 ? data : Buffer.from(data);
  const starts = new Uint32Array(table.buffer, table.byteOffset + 20, runs);
  const lengths = new Uint32Array(table.buffer, table.byteOffset + 20 + runs * 4, runs);
  let payload = header;
  for (let i = 0; i < runs; i++) {
    if (starts[i] + lengths[i] > memory.length) return undefined;
    payload += lengths[i];
  }
  if (payload !== size) return undefined;
  payload = header;
  for (let i = 0; i < runs; i++) {
    const start = starts[i];
    const length = lengths[i];
    // Most runs are a few words: copied here, cheaper than a native call each.
    if (length > 256) memory.set(data.subarray(payload, payload + length), start);
    else for (let j = 0; j < length; j++) memory[start + j] = data[payload + j];
    payload += length;
  }
  return data.readUInt32LE(8);
}

/** Written whole or not at all: a temp file renamed into place. A cache that cannot be written is no error. */
function save(dir: string, key: string, data: Buffer): void {
  try {
    mkdirSync(dir, { recursive: true });
    const temp = join(dir, `${key}.${process.pid}.tmp`);
    writeFileSync(temp, data);
    renameSync(temp, join(dir, key));
  } catch {
    // read-only or full: the next process compiles again
  }
}
