// Reads, hashes, classifies and extracts one file. The same code runs in the pool's workers and,
// for a handful of files, in-process.
import { readFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { packRecord } from '../cache/codec.js';
import { decodeContent } from '../files/content.js';
import { hashBytes } from '../files/hash.js';
import { extractRecord } from '../extract/index.js';
import { encodeDocument, packDocuments } from '../search/semantic/document-codec.js';
import { fileDocuments } from '../search/semantic/documents.js';
import type { ExtractJob, ExtractOptions, FileOutcome } from './outcome.js';

export async function extractFile(job: ExtractJob, options: ExtractOptions): Promise<FileOutcome> {
  let bytes: Buffer;
  // One turn of the event loop per file, so that a thread parsing many in a row still hands out
  // the pool's batches and draws progress; then a synchronous read: a source file is small and
  // usually cached, and a read through libuv's thread pool costs ≈ 3× the CPU and idles this thread.
  await nextTurn();
  try {
    bytes = readFileSync(job.abs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { status: 'error', path: job.path, message: 'file disappeared while indexing', transient: true };
    return { status: 'skipped', path: job.path, reason: 'unreadable' };
  }
  return extractFromBytes(job, bytes, options);
}

async function extractFromBytes(job: ExtractJob, bytes: Uint8Array, options: ExtractOptions): Promise<FileOutcome> {
  const { path } = job;
  const size = bytes.length;
  if (size > options.maxFileBytes) return { status: 'skipped', path, reason: 'too_large', size };
  const hash = hashBytes(bytes);
  const content = decodeContent(bytes);
  if (content.kind === 'skip') return { status: 'skipped', path, reason: content.reason, hash, size };
  try {
    const record = await extractRecord({
      path,
      language: job.language,
      ...(job.grammar ? { grammar: job.grammar } : {}),
      source: content.text,
      hash,
      size,
      ...(content.lossy ? { lossy: true } : {}),
    });
    const data = packRecord(record);
    if (!options.documents) return { status: 'record', path, hash, size, lines: record.line_count, data };
    // The search index's documents come from the text in hand, here in the worker, alongside the parse.
    const documents = packDocuments(fileDocuments(record, content.text).map(encodeDocument));
    return { status: 'record', path, hash, size, lines: record.line_count, data, documents };
  } catch (error) {
    return { status: 'error', path, message: `extraction failed: ${(error as Error)?.message ?? String(error)}`, hash, size };
  }
}
