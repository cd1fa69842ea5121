// The on-disk index: ONE file, `.tldr/index.bin`, holding every packed record and the manifest
// (per-file stats, hash, and where its record sits). One file because the manifest and the records
// must change together: a single temp-file + rename swaps both atomically, so a reader, a
// concurrent warm or a crash mid-write only ever sees a complete old or new index.
// Loading reads the prefix and the manifest only; each record is read from the file when first
// asked for (DESIGN §10: a 5,000-file index loads in milliseconds, and answering about one file
// never reads the others). Writing streams: records go into the temp file as they are extracted,
// the manifest and the prefix last, so a warm never holds every record in memory.
//
// Layout (little-endian):
//   prefix: magic "TLDRIDX\n" · u32 format · u32 schema · 20-byte extractor fingerprint ·
//           u64 record area length · u32 manifest length · u32 manifest crc32
//   record area: the packed records, in the order they were written
//   manifest: msgpack rows sorted by path, each with its record's offset, length and crc32
// A wrong magic, format, schema or fingerprint (see fingerprint.ts), a size that does not add up
// or a manifest crc mismatch discards the whole file; a record whose own crc32 does not match is
// dropped alone when it is read, and its file extracted again.
import { closeSync, existsSync, fstatSync, fsync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, write, writeFileSync, writeSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { packRecord, unpackRecord } from './codec.js';
import { extractorFingerprint } from './fingerprint.js';
import { RecordStore } from './record-store.js';
import { SCHEMA_VERSION, type LanguageId } from '../types.js';
import type { CacheEntry, StoredRecord } from './entry.js';

const writeAsync = promisify(write);
const fsyncAsync = promisify(fsync);

const MAGIC = Buffer.from('TLDRIDX\n', 'latin1');
const FORMAT = 3;
const FINGERPRINT_BYTES = 20;
const AREA_LENGTH_AT = MAGIC.length + 2 * 4 + FINGERPRINT_BYTES;
const PREFIX_BYTES = AREA_LENGTH_AT + 8 + 2 * 4;
const CACHE_DIR = '.tldr';
const INDEX_FILE = 'index.bin';
/** Records copied from one index into the next are read and written in runs of up to this many bytes. */
const COPY_RUN_BYTES = 4 * 1024 * 1024;

const STATUS_CODES = ['record', 'skipped', 'error'] as const;

/** Manifest row: [path, language, size, mtimeMs, hash, lines, status, detail, offset, length, crc]. */
type Row = [string, LanguageId, number, number, string, number, number, string | null, number, number, number];

export type LoadResult =
  /** `store` holds the file open for the entries' lazy reads; its owner closes it. */
  | { state: 'loaded'; entries: Map<string, CacheEntry>; store: RecordStore }
  | { state: 'missing' }
  | { state: 'discarded'; reason: string };

function indexPath(root: string): string {
  return join(root, CACHE_DIR, INDEX_FILE);
}

/** True when the project has a cache file (whether or not it is still valid). */
export function indexFileExists(root: string): boolean {
  return existsSync(indexPath(root));
}

export function loadIndex(root: string): LoadResult {
  let fd: number;
  try {
    fd = openSync(indexPath(root), 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { state: 'missing' } : { state: 'discarded', reason: `unreadable (${code})` };
  }
  try {
    const store = new RecordStore(fd, PREFIX_BYTES);
    return { state: 'loaded', entries: readManifest(fd, store), store };
  } catch (error) {
    closeSync(fd);
    return { state: 'discarded', reason: (error as NodeJS.ErrnoException).code ? `unreadable (${(error as NodeJS.ErrnoException).code})` : (error as Error).message };
  }
}

function readAt(fd: number, length: number, position: number): Buffer {
  const buffer = Buffer.alloc(length);
  for (let done = 0; done < length; ) {
    const count = readSync(fd, buffer, done, length - done, position + done);
    if (count === 0) throw new Error('truncated or overlong index');
    done += count;
  }
  return buffer;
}

function readManifest(fd: number, store: RecordStore): Map<string, CacheEntry> {
  const size = fstatSync(fd).size;
  if (size < PREFIX_BYTES) throw new Error('not a tldr index');
  const prefix = readAt(fd, PREFIX_BYTES, 0);
  if (!prefix.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a tldr index');
  const format = prefix.readUInt32LE(MAGIC.length);
  const schema = prefix.readUInt32LE(MAGIC.length + 4);
  if (format !== FORMAT) throw new Error(`index format ${format}, expected ${FORMAT}`);
  if (schema !== SCHEMA_VERSION) throw new Error(`schema version ${schema}, expected ${SCHEMA_VERSION}`);
  if (!prefix.subarray(MAGIC.length + 8, AREA_LENGTH_AT).equals(extractorFingerprint())) throw new Error('built by a different version of the extractor');
  const areaLength = Number(prefix.readBigUInt64LE(AREA_LENGTH_AT));
  const manifestLength = prefix.readUInt32LE(AREA_LENGTH_AT + 8);
  const manifestCrc = prefix.readUInt32LE(AREA_LENGTH_AT + 12);
  if (size !== PREFIX_BYTES + areaLength + manifestLength) throw new Error('truncated or overlong index');
  const manifest = readAt(fd, manifestLength, PREFIX_BYTES + areaLength);
  if (crc32(manifest) !== manifestCrc) throw new Error('manifest checksum mismatch');
  const rows = unpackRecord(manifest) as Row[];
  if (!Array.isArray(rows)) throw new Error('malformed manifest');
  const entries = new Map<string, CacheEntry>();
  for (const row of rows) {
    const [path, language, fileSize, mtimeMs, hash, lines, statusCode, detail, offset, length, crc] = row;
    const status = STATUS_CODES[statusCode];
    if (!status || offset + length > areaLength) throw new Error('malformed manifest row');
    const entry: CacheEntry = { path, language, size: fileSize, mtimeMs, hash, lines, status };
    if (detail !== null) entry.detail = detail;
    if (status === 'record') entry.stored = { store, offset, length, crc };
    entries.set(path, entry);
  }
  return entries;
}

/** The packed record of an entry, from memory or its index file; undefined when unreadable or damaged. */
export function entryBytes(entry: CacheEntry): Uint8Array | undefined {
  if (entry.data) return entry.data;
  const stored = entry.stored;
  return stored?.store.readChecked(stored.offset, stored.length, stored.crc);
}

/** One contiguous write of the record area: bytes in memory, or a run of records copied from another index. */
type Copy = { at: number; bytes: Uint8Array } | CopyRun;
interface CopyRun {
  at: number;
  source: RecordStore;
  offset: number;
  length: number;
}

interface Plan {
  copies: Copy[];
  rows: Row[];
  /** Where each entry not yet in this file will be once the file replaces the index. */
  moves: Array<{ entry: CacheEntry; stored: StoredRecord }>;
  areaLength: number;
}

/**
 * A new index being written: a temp file in `.tldr/` that records can be streamed into while they
 * are extracted (append), completed and renamed over the index by commit(). Its RecordStore reads
 * back what was appended at once, and becomes the index's store once committed.
 */
export class IndexWriter {
  readonly store: RecordStore;
  private areaLength = 0;
  private failure: unknown;
  private done = false;

  private constructor(
    private readonly fd: number,
    private readonly dir: string,
    private readonly file: string,
    private readonly temp: string,
  ) {
    this.store = new RecordStore(fd, PREFIX_BYTES);
  }

  /** Creates `.tldr/` if needed and the temp file; throws when the cache cannot be written. */
  static open(root: string): IndexWriter {
    const dir = join(root, CACHE_DIR);
    ensureCacheDir(dir);
    const file = join(dir, INDEX_FILE);
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    return new IndexWriter(openSync(temp, 'w+', 0o644), dir, file, temp);
  }

  /**
   * Streams an extracted record into the file and drops it from memory: the entry reads it back
   * from here. A failed write keeps the record in memory; commit() then reports the failure.
   */
  append(entry: CacheEntry): void {
    if (this.failure !== undefined || this.done || entry.status !== 'record' || !entry.data) return;
    const bytes = entry.data;
    try {
      writeAllSync(this.fd, bytes, PREFIX_BYTES + this.areaLength);
    } catch (error) {
      this.failure = error;
      return;
    }
    entry.stored = { store: this.store, offset: this.areaLength, length: bytes.length, crc: crc32(bytes) };
    delete entry.data;
    this.areaLength += bytes.length;
  }

  /**
   * Completes the index with `entries` (in the order the manifest lists them) and renames it over
   * `.tldr/index.bin`; records not appended yet are copied in (from memory or their index file).
   * On failure the temp file is removed and the error thrown; entries keep reading where they did.
   */
  commit(entries: Iterable<CacheEntry>): void {
    try {
      if (this.failure !== undefined) throw this.failure;
      const plan = this.plan(entries);
      for (const copy of plan.copies) {
        const bytes = 'bytes' in copy ? copy.bytes : copy.source.read(copy.offset, copy.length);
        // An unreadable run leaves a hole: its records fail their checksum when read and are extracted again.
        if (bytes) writeAllSync(this.fd, bytes, PREFIX_BYTES + copy.at);
      }
      const tail = this.tail(plan);
      writeAllSync(this.fd, tail.manifest, PREFIX_BYTES + plan.areaLength);
      writeAllSync(this.fd, tail.prefix, 0);
      // No fsync before the rename: the rename alone makes the swap atomic for readers and for a
      // killed process, and after a power loss the checksums catch whatever the disk lost (the
      // cache is rebuilt, as any stale one). A warm's last 10-30 ms were that wait.
      renameSync(this.temp, this.file);
      this.committed(plan);
    } catch (error) {
      this.abort();
      throw error;
    }
    removeAbandonedTemps(this.dir);
  }

  /** commit() without blocking the thread on reads, writes and fsync (the daemon's periodic flush). */
  async commitAsync(entries: Iterable<CacheEntry>): Promise<void> {
    try {
      if (this.failure !== undefined) throw this.failure;
      const plan = this.plan(entries);
      for (const copy of plan.copies) {
        const bytes = 'bytes' in copy ? copy.bytes : await copy.source.readAsync(copy.offset, copy.length);
        if (bytes) await writeAll(this.fd, bytes, PREFIX_BYTES + copy.at);
      }
      const tail = this.tail(plan);
      await writeAll(this.fd, tail.manifest, PREFIX_BYTES + plan.areaLength);
      await writeAll(this.fd, tail.prefix, 0);
      await fsyncAsync(this.fd);
      await rename(this.temp, this.file);
      this.committed(plan);
    } catch (error) {
      await rm(this.temp, { force: true });
      this.done = true;
      throw error;
    }
    removeAbandonedTemps(this.dir);
  }

  /** Gives up: removes the temp file. What was appended stays readable through `store` until it is closed. */
  abort(): void {
    this.done = true;
    rmSync(this.temp, { force: true });
  }

  private plan(entries: Iterable<CacheEntry>): Plan {
    const rows: Row[] = [];
    const moves: Plan['moves'] = [];
    const copies: Copy[] = [];
    let at = this.areaLength;
    let run: CopyRun | undefined;
    for (const entry of entries) {
      const row: Row = [entry.path, entry.language, entry.size, entry.mtimeMs, entry.hash, entry.lines,
        STATUS_CODES.indexOf(entry.status), entry.detail ?? null, 0, 0, 0];
      rows.push(row);
      if (entry.status !== 'record') continue;
      const stored = entry.stored;
      if (!entry.data && stored?.store === this.store) {
        row[8] = stored.offset;
        row[9] = stored.length;
        row[10] = stored.crc;
        continue;
      }
      let moved: StoredRecord;
      if (entry.data) {
        moved = { store: this.store, offset: at, length: entry.data.length, crc: crc32(entry.data) };
        copies.push({ at, bytes: entry.data });
        run = undefined;
      } else if (stored) {
        moved = { store: this.store, offset: at, length: stored.length, crc: stored.crc };
        // Records next to each other in the old file are copied with one read and one write.
        if (run && run.source === stored.store && run.offset + run.length === stored.offset && run.length + stored.length <= COPY_RUN_BYTES) {
          run.length += stored.length;
        } else {
          run = { at, source: stored.store, offset: stored.offset, length: stored.length };
          copies.push(run);
        }
      } else {
        continue;
      }
      row[8] = moved.offset;
      row[9] = moved.length;
      row[10] = moved.crc;
      moves.push({ entry, stored: moved });
      at += moved.length;
    }
    return { copies, rows, moves, areaLength: at };
  }

  private tail(plan: Plan): { manifest: Buffer; prefix: Buffer } {
    const manifest = packRecord(plan.rows);
    const prefix = Buffer.alloc(PREFIX_BYTES);
    MAGIC.copy(prefix, 0);
    prefix.writeUInt32LE(FORMAT, MAGIC.length);
    prefix.writeUInt32LE(SCHEMA_VERSION, MAGIC.length + 4);
    extractorFingerprint().copy(prefix, MAGIC.length + 8);
    prefix.writeBigUInt64LE(BigInt(plan.areaLength), AREA_LENGTH_AT);
    prefix.writeUInt32LE(manifest.length, AREA_LENGTH_AT + 8);
    prefix.writeUInt32LE(crc32(manifest), AREA_LENGTH_AT + 12);
    return { manifest, prefix };
  }

  /** The file is the index now: every record entry reads from it, none holds its bytes in memory. */
  private committed(plan: Plan): void {
    this.done = true;
    this.areaLength = plan.areaLength;
    for (const { entry, stored } of plan.moves) {
      entry.stored = stored;
      delete entry.data;
    }
  }
}

/** Temp files older than this were left by a writer that died mid-write (a live write takes well under a second). */
const ABANDONED_TEMP_MS = 10 * 60 * 1000;

function removeAbandonedTemps(dir: string): void {
  const cutoff = Date.now() - ABANDONED_TEMP_MS;
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(`${INDEX_FILE}.`) || !name.endsWith('.tmp')) continue;
    try {
      if (statSync(join(dir, name)).mtimeMs < cutoff) rmSync(join(dir, name), { force: true });
    } catch {
      // another writer removed or renamed it meanwhile
    }
  }
}

function writeAllSync(fd: number, bytes: Uint8Array, position: number): void {
  for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written, position + written);
}

async function writeAll(fd: number, bytes: Uint8Array, position: number): Promise<void> {
  for (let written = 0; written < bytes.length; ) {
    const { bytesWritten } = await writeAsync(fd, bytes, written, bytes.length - written, position + written);
    written += bytesWritten;
  }
}

/**
 * Creates `.tldr/` with a `.gitignore` of `*` (for anything else that stores state there). Never
 * the project directory above it: a write racing the project's deletion fails instead of
 * recreating it.
 */
export function ensureCacheDir(dir: string): void {
  if (!existsSync(dir)) {
    try {
      mkdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const gitignore = join(dir, '.gitignore');
  if (!existsSync(gitignore)) writeFileSync(gitignore, '# tldr cache: never committed\n*\n');
}
