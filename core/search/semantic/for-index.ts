// One semantic index per ProjectIndex, loaded on first use: from `.tldr/search.bin` for every file
// whose content hash still matches its record, from the documents the extraction built alongside
// a fresh record, from source for the others. The index's change events queue the files that
// changed; the next read re-indexes just those. A warm brings the saved file up to date (and skips
// all of it when the records are those it was built with).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentChange, FileChange, ProjectIndex } from '../../index/project-index.js';
import { decodeText } from '../../files/content.js';
import { hashBytes } from '../../files/hash.js';
import type { FileRecord, SearchIndexUpdate, WarmResult } from '../../types.js';
import { unpackDocuments } from './document-codec.js';
import { fileDocuments, type SourceDocument } from './documents.js';
import { SemanticIndex } from './semantic-index.js';
import {
  encodeSemanticIndex, loadSemanticIndex, saveSemanticBytes, saveSemanticBytesAsync, savedStamp, type IndexStamp, type SavedFile,
} from './store.js';

/** A file's record after a change (none: the file is gone) and the documents extracted with it. */
interface Changed {
  record?: FileRecord;
  documents?: Uint8Array;
}

/** Per file, the documents a warm's extraction built and the content hash they were built from. */
type Extracted = Map<string, { hash: string; documents: Uint8Array }>;

interface Holder {
  index: SemanticIndex;
  /** Files changed since they were indexed. */
  pending: Map<string, Changed>;
  /** The saved file is behind the index. */
  unsaved: boolean;
  saveTimer?: NodeJS.Timeout;
}

const holders = new WeakMap<ProjectIndex, Promise<Holder>>();

/** Files indexed between yields to the event loop while building (the daemon keeps answering). */
const YIELD_EVERY = 64;
/** The daemon writes changes back this long after the last one. */
const SAVE_DELAY_MS = 30_000;

/** The documents of one file, from its current source; the hash is '' when the source no longer matches the record. */
export function documentsFromSource(root: string, record: FileRecord): { hash: string; docs: SourceDocument[] } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(root, record.path));
  } catch {
    return { hash: '', docs: [] };
  }
  const text = decodeText(bytes)?.text;
  if (text === undefined) return { hash: '', docs: [] };
  return { hash: hashBytes(bytes) === record.hash ? record.hash : '', docs: fileDocuments(record, text) };
}

/** Indexes a file from the documents extracted with its record, else from its source. */
function indexFile(index: SemanticIndex, root: string, record: FileRecord, documents?: Uint8Array): void {
  const extracted = documents && unpackDocuments(documents);
  if (extracted) {
    index.setFile(record.path, record.hash, extracted);
    return;
  }
  const { hash, docs } = documentsFromSource(root, record);
  index.setFile(record.path, hash, docs.map((doc) => index.toIndexed(doc)));
}

function record(pending: Map<string, Changed>, changes: FileChange[]): void {
  for (const change of changes) pending.set(change.path, { record: change.after, documents: change.documents });
}

/**
 * Collects the documents the extraction builds while the index syncs (a warm), for the semantic
 * index to take instead of reading those files again. Keeps their bytes and hashes only: no
 * record is decoded for it.
 */
export function collectExtractedDocuments(project: ProjectIndex): { stop(): Extracted } {
  const collected: Extracted = new Map();
  const unsubscribe = project.onContentChange((changes: ContentChange[]) => {
    for (const { path, hash, documents } of changes) {
      if (hash !== undefined && documents) collected.set(path, { hash, documents });
      else collected.delete(path);
    }
  });
  return {
    stop() {
      unsubscribe();
      return collected;
    },
  };
}

/**
 * Builds the index from the files' hashes alone where it can: saved documents whose hash matches,
 * else documents extracted with the current record; a file's record is decoded only when its
 * documents must be built from source. Each file's saved or extracted documents are let go as
 * they are taken. An index built only to be saved (`save`) gets no postings.
 */
async function build(project: ProjectIndex, extracted: Extracted = new Map(), use: 'query' | 'save' = 'query'): Promise<Holder> {
  const pending = new Map<string, Changed>();
  const unsubscribe = project.onChange((changes) => record(pending, changes));
  try {
    const hashes = await project.hashes();
    pending.clear();
    const index = new SemanticIndex();
    index.beginBulk();
    const saved = loadSemanticIndex(project.root, (words) => index.internAll(words));
    const savedFiles = saved.state === 'loaded' ? saved.files : new Map<string, SavedFile>();
    const savedMatches = saved.state === 'loaded' && savedFiles.size === hashes.size;
    let rebuilt = 0;
    /** Read once, and only when some file's documents must be built from source. */
    let records: ReadonlyMap<string, FileRecord> | undefined;
    for (const [path, hash] of hashes) {
      const stored = savedFiles.get(path);
      savedFiles.delete(path);
      const fresh = extracted.get(path);
      extracted.delete(path);
      if (stored && stored.hash !== '' && stored.hash === hash) {
        index.setFile(path, stored.hash, stored.docs);
        continue;
      }
      rebuilt++;
      const docs = fresh?.hash === hash ? unpackDocuments(fresh.documents) : undefined;
      if (docs) index.setFile(path, hash, docs);
      else {
        records ??= await project.records();
        const record = records.get(path);
        if (record) indexFile(index, project.root, record);
      }
      if (rebuilt % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    if (use === 'query') index.compact();
    else unsubscribe();
    const unsaved = rebuilt > 0 || !savedMatches;
    return { index, pending, unsaved };
  } catch (error) {
    unsubscribe();
    throw error;
  }
}

function holderFor(project: ProjectIndex, extracted?: Extracted): Promise<Holder> {
  let holder = holders.get(project);
  if (!holder) {
    holder = build(project, extracted);
    holders.set(project, holder);
    holder.catch(() => holders.delete(project));
  }
  return holder;
}

/** Re-indexes the files that changed since the last read. */
function applyPending(holder: Holder, root: string): void {
  if (holder.pending.size === 0) return;
  for (const [path, change] of holder.pending) {
    if (change.record) indexFile(holder.index, root, change.record, change.documents);
    else holder.index.removeFile(path);
  }
  holder.pending.clear();
  holder.index.settle();
  holder.unsaved = true;
}

/** The holder with every change heard of so far applied. */
async function freshHolder(project: ProjectIndex, extracted?: Extracted): Promise<Holder> {
  const holder = await holderFor(project, extracted);
  // Files marked changed are re-read now; their change events land in `pending`. (Hashes, not
  // records: a warm decodes no record for the search index.)
  await project.hashes();
  applyPending(holder, project.root);
  return holder;
}

/** The project's semantic index, fresh as of this call. */
export async function semanticIndexFor(project: ProjectIndex): Promise<SemanticIndex> {
  const holder = await freshHolder(project);
  persistLater(project, holder);
  return holder.index;
}

/**
 * Where a changed index is written back: at once in a one-shot CLI process, a while after the
 * last change in the daemon (whose parses run in the pool: `analysis === 'pool'`).
 */
function persistLater(project: ProjectIndex, holder: Holder): void {
  if (!holder.unsaved) return;
  if (project.analysis !== 'pool') {
    save(project.root, holder);
    return;
  }
  clearTimeout(holder.saveTimer);
  holder.saveTimer = setTimeout(() => {
    holder.unsaved = false;
    saveSemanticBytesAsync(project.root, snapshot(holder.index)).catch(() => {
      holder.unsaved = true;
    });
  }, SAVE_DELAY_MS);
  holder.saveTimer.unref();
}

function snapshot(index: SemanticIndex, stamp?: Omit<IndexStamp, 'documents'>): Buffer {
  return encodeSemanticIndex({ vocabulary: () => index.usedVocabulary(), files: index.files, docs: index.docs }, stamp && { ...stamp, documents: index.liveDocs });
}

/** Saves now; false when `.tldr/` cannot be written (a read-only checkout still searches). */
function save(root: string, holder: Holder, stamp?: Omit<IndexStamp, 'documents'>): boolean {
  try {
    saveSemanticBytes(root, snapshot(holder.index, stamp));
    holder.unsaved = false;
    return true;
  } catch {
    return false;
  }
}

function indexStamp(root: string): Omit<IndexStamp, 'documents'> | undefined {
  try {
    const stats = statSync(join(root, '.tldr', 'index.bin'));
    return { size: stats.size, mtimeMs: stats.mtimeMs };
  } catch {
    return undefined;
  }
}

/**
 * Part of `warm`, right after the records were brought up to date and saved: makes
 * `.tldr/search.bin` match them, and adds what it did (and its time) to the warm's result.
 */
export async function warmSearchIndex(project: ProjectIndex, warm: WarmResult, extracted?: Extracted): Promise<WarmResult> {
  const search = await updateSavedIndex(project, extracted, 'query');
  return { ...warm, search_index: search, elapsed_ms: Math.round((warm.elapsed_ms + search.elapsed_ms) * 10) / 10 };
}

/**
 * Below this much source, a warm that leaves a daemon starting leaves the search index to it
 * (warmProject): built in the warm, the documents would be on its critical path (it parses mostly
 * on its own thread then), and the daemon builds them in the background in a fraction of a
 * second. Above it, the warm builds them in its workers alongside the parse, and the daemon would
 * have to read every file again and hold every document while it does.
 */
const DAEMON_SEARCH_INDEX_MAX_BYTES = 2 * 1024 * 1024;

/** Whether a project of this many bytes of source has its search index built by its daemon. */
export function daemonBuildsSearchIndex(projectBytes: number): boolean {
  return projectBytes < DAEMON_SEARCH_INDEX_MAX_BYTES;
}

/** A warm that left the search index to the daemon: `.tldr/search.bin` is current already, or the daemon builds it. */
export function searchIndexLeftToDaemon(project: ProjectIndex, warm: WarmResult): WarmResult {
  const saved = savedStamp(project.root);
  return { ...warm, search_index: builtWith(indexStamp(project.root), saved) ? { documents: saved.documents, state: 'unchanged', elapsed_ms: 0 } : { state: 'deferred' } };
}

/** Whether the saved index was built with the index.bin of `stamp` (then it holds every current file's documents). */
function builtWith(stamp: Omit<IndexStamp, 'documents'> | undefined, saved: IndexStamp | undefined): saved is IndexStamp {
  return stamp !== undefined && saved !== undefined && stamp.size === saved.size && stamp.mtimeMs === saved.mtimeMs;
}

/**
 * The daemon's catch-up once its index is loaded, for a project small enough that a warm leaves
 * `.tldr/search.bin` to it: brings the saved file up to date (reading only files whose documents
 * it lacks). The index it builds for that is not kept, unless a search already holds one.
 */
export async function refreshSavedSearchIndex(project: ProjectIndex): Promise<void> {
  let bytes = 0;
  for (const record of (await project.records()).values()) bytes += record.size;
  if (daemonBuildsSearchIndex(bytes)) await updateSavedIndex(project, undefined, 'save');
}

/**
 * Makes the saved index match index.bin. When index.bin is the one the saved index was built
 * with, nothing is read at all. A daemon's warm (`query`) keeps the index it builds to answer the
 * next searches; a one-shot warm or a catch-up only writes the file.
 */
async function updateSavedIndex(project: ProjectIndex, extracted: Extracted | undefined, use: 'query' | 'save'): Promise<SearchIndexUpdate> {
  const started = performance.now();
  const stamp = indexStamp(project.root);
  const saved = savedStamp(project.root);
  let search: SearchIndexUpdate;
  if (!holders.has(project) && builtWith(stamp, saved)) {
    search = { documents: saved.documents, state: 'unchanged', elapsed_ms: 0 };
  } else {
    const keep = holders.has(project) || (use === 'query' && project.analysis === 'pool');
    const holder = keep ? await freshHolder(project, extracted) : await build(project, extracted, 'save');
    clearTimeout(holder.saveTimer);
    search = { documents: holder.index.liveDocs, state: save(project.root, holder, stamp) ? 'updated' : 'unwritable', elapsed_ms: 0 };
  }
  search.elapsed_ms = Math.round((performance.now() - started) * 10) / 10;
  return search;
}
