// `.tldr/search.bin`: the semantic index on disk, so that a daemon or a CLI run starts from it
// instead of reading every file again. One file, written atomically (temp + fsync + rename).
// Each indexed file is stored with the content hash its documents were built from; a loader
// keeps the files whose hash still matches the index's record and rebuilds only the others.
//
// Layout: magic "TLDRSEM\n" · u32 format · 20-byte fingerprint · f64 size and f64 mtime of the
// index.bin it was built with (0 when not known) · u32 documents · u32 body length · u32 body
// crc32 · body (msgpack).
// The index.bin stamp lets a warm that changed nothing skip reading records: the same index.bin
// means the same files, whose documents are already here. The fingerprint covers the code that turns source into documents and terms,
// and the extractor's own fingerprint: an index built by other code is discarded whole, never
// trusted, as is a short, corrupt or foreign file.
import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { extractorFingerprint } from '../../cache/fingerprint.js';
import { ensureCacheDir } from '../../cache/index-file.js';
import { packr, restoreDocument, storeDocument, type FileDocument, type StoredDocument } from './document-codec.js';
import type { IndexedDocument } from './documents.js';

const MAGIC = Buffer.from('TLDRSEM\n', 'latin1');
const FORMAT = 2;
const FINGERPRINT_BYTES = 20;
const STAMP_AT = MAGIC.length + 4 + FINGERPRINT_BYTES;
const LENGTH_AT = STAMP_AT + 20;
const PREFIX_BYTES = LENGTH_AT + 8;
export const SEMANTIC_FILE = 'search.bin';
/** The compiled modules whose behaviour decides what is stored. */
export const INPUTS = ['documents.js', 'document-codec.js', 'source-text.js', 'terms.js', 'abbreviations.js', 'semantic-index.js'];

/** [path, hash, documents] */
type StoredFile = [string, string, StoredDocument[]];

interface Body {
  words: string[];
  files: StoredFile[];
}

export interface SavedFile {
  hash: string;
  docs: FileDocument[];
}

export type LoadedIndex =
  | { state: 'loaded'; files: Map<string, SavedFile> }
  | { state: 'missing' }
  | { state: 'discarded'; reason: string };

let fingerprint: Buffer | undefined;

function semanticFingerprint(): Buffer {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha1').update(`format ${FORMAT}\n`).update(extractorFingerprint());
  const dir = fileURLToPath(new URL('./', import.meta.url));
  for (const input of INPUTS) {
    hash.update(input);
    try {
      hash.update(readFileSync(join(dir, input)));
    } catch {
      hash.update('missing');
    }
  }
  fingerprint = hash.digest();
  return fingerprint;
}

export function semanticPath(root: string): string {
  return join(root, '.tldr', SEMANTIC_FILE);
}

/** Reads the saved index; its documents' term ids are re-interned through `intern`. */
export function loadSemanticIndex(root: string, intern: (words: string[]) => Int32Array): LoadedIndex {
  let bytes: Buffer;
  try {
    bytes = readFileSync(semanticPath(root));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { state: 'missing' } : { state: 'discarded', reason: `unreadable (${code})` };
  }
  try {
    return { state: 'loaded', files: decode(bytes, intern) };
  } catch (error) {
    return { state: 'discarded', reason: (error as Error).message };
  }
}

function decode(bytes: Buffer, intern: (words: string[]) => Int32Array): Map<string, SavedFile> {
  if (bytes.length < PREFIX_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a tldr search index');
  let at = MAGIC.length;
  const format = bytes.readUInt32LE(at);
  if (format !== FORMAT) throw new Error(`search index format ${format}, expected ${FORMAT}`);
  at += 4;
  if (!bytes.subarray(at, at + FINGERPRINT_BYTES).equals(semanticFingerprint())) throw new Error('built by a different version of tldr');
  const length = bytes.readUInt32LE(LENGTH_AT);
  const crc = bytes.readUInt32LE(LENGTH_AT + 4);
  const body = bytes.subarray(PREFIX_BYTES);
  if (body.length !== length) throw new Error('truncated or overlong search index');
  if (crc32(body) !== crc) throw new Error('search index checksum mismatch');
  const { words, files } = packr().unpack(body) as Body;
  if (!Array.isArray(words) || !Array.isArray(files)) throw new Error('malformed search index');
  const ids = intern(words);
  const loaded = new Map<string, SavedFile>();
  for (const [path, hash, docs] of files) {
    loaded.set(path, {
      hash,
      docs: docs.map((doc) => restoreDocument(doc, ids)),
    });
  }
  return loaded;
}

export interface SnapshotSource {
  /** The vocabulary in use and each term's saved id. */
  vocabulary(): { words: string[]; remap: Int32Array };
  files: ReadonlyMap<string, { hash: string; docs: number[] }>;
  docs: readonly (IndexedDocument | undefined)[];
}

/** Size and mtime of an index.bin: which version of the records a saved semantic index matches. */
export interface IndexStamp {
  size: number;
  mtimeMs: number;
  /** Documents in the saved index. */
  documents: number;
}

/** The index.bin stamp a saved semantic index was built with, read from its prefix alone. */
export function savedStamp(root: string): IndexStamp | undefined {
  let fd: number;
  try {
    fd = openSync(semanticPath(root), 'r');
  } catch {
    return undefined;
  }
  try {
    const prefix = Buffer.alloc(PREFIX_BYTES);
    if (readSync(fd, prefix, 0, PREFIX_BYTES, 0) !== PREFIX_BYTES || !prefix.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
    if (prefix.readUInt32LE(MAGIC.length) !== FORMAT || !prefix.subarray(MAGIC.length + 4, STAMP_AT).equals(semanticFingerprint())) return undefined;
    const stamp = { size: prefix.readDoubleLE(STAMP_AT), mtimeMs: prefix.readDoubleLE(STAMP_AT + 8), documents: prefix.readUInt32LE(STAMP_AT + 16) };
    return stamp.size > 0 ? stamp : undefined;
  } catch {
    // not a readable file (a directory in its place, an I/O error): no usable stamp
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The whole file for an index, term ids renumbered to the words in use. */
export function encodeSemanticIndex(source: SnapshotSource, stamp?: IndexStamp): Buffer {
  const { words, remap } = source.vocabulary();
  const files: StoredFile[] = [];
  for (const path of [...source.files.keys()].sort()) {
    const entry = source.files.get(path)!;
    const docs: StoredDocument[] = [];
    for (const id of entry.docs) {
      const doc = source.docs[id];
      if (doc) docs.push(storeDocument(doc, (term) => remap[term]));
    }
    files.push([path, entry.hash, docs]);
  }
  const body = packr().pack({ words, files } satisfies Body);
  const prefix = Buffer.alloc(PREFIX_BYTES);
  MAGIC.copy(prefix, 0);
  prefix.writeUInt32LE(FORMAT, MAGIC.length);
  semanticFingerprint().copy(prefix, MAGIC.length + 4);
  prefix.writeDoubleLE(stamp?.size ?? 0, STAMP_AT);
  prefix.writeDoubleLE(stamp?.mtimeMs ?? 0, STAMP_AT + 8);
  prefix.writeUInt32LE(stamp?.documents ?? 0, STAMP_AT + 16);
  prefix.writeUInt32LE(body.length, LENGTH_AT);
  prefix.writeUInt32LE(crc32(body), LENGTH_AT + 4);
  return Buffer.concat([prefix, body]);
}

function tempPath(root: string): string {
  ensureCacheDir(join(root, '.tldr'));
  return `${semanticPath(root)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
}

export function saveSemanticBytes(root: string, bytes: Buffer): void {
  const temp = tempPath(root);
  const fd = openSync(temp, 'w', 0o644);
  try {
    for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temp, semanticPath(root));
  } catch (error) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    rmSync(temp, { force: true });
    throw error;
  }
}

export async function saveSemanticBytesAsync(root: string, bytes: Buffer): Promise<void> {
  const temp = tempPath(root);
  const handle = await open(temp, 'w', 0o644);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
    await handle.close();
    await rename(temp, semanticPath(root));
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
}
