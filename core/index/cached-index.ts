// The ProjectIndex behind every query: the `.tldr/index.bin` cache, kept fresh against the files
// on disk. A file's cached outcome is trusted while its size and mtime are unchanged; when they
// change, its content hash decides; only files whose content changed are extracted again. A few
// files are extracted in-process (starting workers would cost more than the parse), more on this
// thread and in workers sized to the work (core/pool/pool-size.ts) — except with `extraction:
// 'pool'` (the daemon), where every parse, one file or many, runs in the pool so this thread never
// blocks on tree-sitter.
// Records stay in the index file until asked for (each read checks its checksum; a damaged one is
// dropped and its file extracted again), and a warm streams new records into the next index file
// as they arrive, so memory holds decoded records only where a query needs them.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { TldrError } from '../errors.js';
import { resolveInsideRoot, toRelative } from '../project/root.js';
import { unpackRecord } from '../cache/codec.js';
import type { CacheEntry } from '../cache/entry.js';
import { IndexWriter, entryBytes, loadIndex } from '../cache/index-file.js';
import type { RecordStore } from '../cache/record-store.js';
import { decodeText } from '../files/content.js';
import { hashFileSync } from '../files/hash.js';
import { IgnoreRules } from '../files/ignore-rules.js';
import { defaultPolicy, type SelectionPolicy } from '../files/policy.js';
import { selectFiles, selectPath, type SelectedFile, type SkippedFile } from '../files/select.js';
import type { ExtractJob, ExtractOptions, FileOutcome } from '../pool/outcome.js';
import { planExtraction, workerCount, type ExtractionPlan } from '../pool/pool-size.js';
import { beforeParsing } from '../parse/wasm-tiering.js';
import { keepingLoopAlive } from '../parse/keep-loop-alive.js';
import type { FileRecord, LanguageId, SkipReason, WarmResult } from '../types.js';
import { grammarsToRead, languageForPath } from '../../grammars/languages.js';
import type { ContentChange, FileChange, ProjectIndex } from './project-index.js';
import { skipError, unsupportedError } from './messages.js';

/**
 * `auto`: in-process for a few files; for more, in-process and in the pool (planExtraction).
 * `pool`: always the pool, flow analyses included (see ProjectIndex.analysis).
 */
export type ExtractionMode = 'auto' | 'pool' | 'in-process';

export interface IndexOptions {
  policy?: SelectionPolicy;
  extraction?: ExtractionMode;
}

export interface WarmProgress {
  phase: 'scan' | 'extract';
  done: number;
  total: number;
}

export interface SyncOptions {
  onProgress?: (progress: WarmProgress) => void;
  /**
   * Asked once, with the bytes of every selected file (the project's size), whether extraction
   * also builds the extracted files' semantic search documents (handed to onContentChange
   * listeners); default yes.
   */
  documents?: (projectBytes: number) => boolean;
}

/** How one reconciliation extracts. */
interface ReconcileOptions {
  onProgress?: SyncOptions['onProgress'];
  /** Build semantic search documents along with the records. */
  documents: boolean;
}

/** Re-checks between warms build documents: the search index takes changed files' from them. */
const RECHECK: ReconcileOptions = { documents: true };

/** Files whose ignore rules changed invalidate the whole selection. */
const IGNORE_FILE_NAMES = new Set(['.gitignore', '.tldrignore']);

interface EntryChange {
  path: string;
  before?: CacheEntry;
  after?: CacheEntry;
  documents?: Uint8Array;
}

interface Reconciled {
  parsed: number;
  reused: number;
  rehashed: number;
  workers: number;
  /** Outcomes not stored in the cache because they say nothing lasting about the file. */
  transient: FileOutcome[];
}

export class CachedProjectIndex implements ProjectIndex {
  private entries: Map<string, CacheEntry> | undefined;
  private loadState: 'loaded' | 'missing' | 'discarded' = 'missing';
  private loadNote: string | undefined;
  /** Cache changes made so far, and how many of them the file on disk holds. */
  private edits = 0;
  private savedEdits = 0;
  /** The last records() answer, valid until an entry changes. */
  private recordsMemo: ReadonlyMap<string, FileRecord> | undefined;
  private synced = false;
  private needsWalk = false;
  /**
   * Paths marked by invalidate(), each with the mark's sequence number: a re-check clears only the
   * marks it saw, so a change reported while the file was being re-read is not lost.
   */
  private readonly dirty = new Map<string, number>();
  private marks = 0;
  private readonly listeners = new Set<(changes: FileChange[]) => void>();
  private readonly contentListeners = new Set<(changes: ContentChange[]) => void>();
  private readonly decoded = new WeakMap<CacheEntry, FileRecord>();
  /** Index files open for lazy record reads; closed once no entry reads from them. */
  private readonly stores = new Set<RecordStore>();
  /** Records of files the user asked for by name although the ignore rules exclude them. */
  private readonly ephemeral = new Map<string, { size: number; mtimeMs: number; record: FileRecord }>();
  private rules: IgnoreRules;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly policy: SelectionPolicy;
  private readonly extraction: ExtractionMode;
  readonly analysis: 'pool' | 'in-process';

  constructor(
    readonly root: string,
    options: IndexOptions = {},
  ) {
    this.policy = options.policy ?? defaultPolicy();
    this.extraction = options.extraction ?? 'auto';
    this.analysis = this.extraction === 'pool' ? 'pool' : 'in-process';
    this.rules = new IgnoreRules(root);
  }

  /** Walks the whole tree, brings every record up to date and writes the cache: a warm. */
  sync(options: SyncOptions = {}): Promise<WarmResult> {
    return this.exclusive(() => this.syncNow(options));
  }

  async record(path: string): Promise<FileRecord> {
    const rel = this.resolveExisting(path);
    const verdict = selectPath(this.root, rel, this.rules, this.policy);
    if (verdict.kind === 'missing') {
      this.forget(rel);
      throw new TldrError(`file not found: ${path}`, 'check the path');
    }
    if (verdict.kind === 'directory') throw new TldrError(`${rel === '' ? path : rel} is a directory`, 'give a file');
    const language = languageForPath(rel);
    if (!language) throw unsupportedError(rel);
    if (verdict.kind === 'skipped') {
      if (verdict.reason === 'ignored') return this.ephemeralRecord(rel, language.id);
      throw skipError(rel, verdict.reason, this.policy);
    }
    const file = verdict.file;
    const cached = this.load().get(rel);
    if (cached && !this.dirty.has(rel) && sameStats(cached, file) && this.readable(cached)) return this.answer(cached);
    const { transient } = await this.exclusive(async () => {
      const changes: EntryChange[] = [];
      const seen = this.dirtyMarks([rel]);
      // One file: in-process unless this index keeps every parse off its thread.
      const reconciled = await this.reconcile([file], changes, RECHECK, this.analysis);
      this.clearMarks(seen);
      this.emit(changes);
      return reconciled;
    });
    const entry = this.load().get(rel);
    if (entry) return this.answer(entry);
    const outcome = transient[0];
    if (outcome?.status === 'skipped') throw skipError(rel, outcome.reason, this.policy);
    throw new TldrError(`cannot read ${rel}: ${outcome?.status === 'error' ? outcome.message : 'it changed while being read'}`, 'try again');
  }

  async records(): Promise<ReadonlyMap<string, FileRecord>> {
    for (let pass = 1; ; pass++) {
      await this.refresh();
      if (this.recordsMemo) return this.recordsMemo;
      const entries = this.load();
      const records = new Map<string, FileRecord>();
      const damaged: string[] = [];
      for (const path of [...entries.keys()].sort()) {
        const entry = entries.get(path)!;
        const record = this.recordOf(entry);
        if (record) records.set(path, record);
        else if (entry.status === 'record') damaged.push(path);
      }
      // A damaged record was dropped as it was read: extract its file again, once.
      if (damaged.length === 0 || pass === 2) {
        this.recordsMemo = records;
        return records;
      }
      for (const path of damaged) this.dirty.set(path, ++this.marks);
    }
  }

  async hashes(): Promise<ReadonlyMap<string, string>> {
    await this.refresh();
    const entries = this.load();
    const hashes = new Map<string, string>();
    for (const path of [...entries.keys()].sort()) {
      const entry = entries.get(path)!;
      if (entry.status === 'record') hashes.set(path, entry.hash);
    }
    return hashes;
  }

  /** Brings the entries up to date: a walk before the first read or after ignore rules changed, else the marked files. */
  private refresh(): Promise<void> {
    return this.exclusive(async () => {
      if (!this.synced || this.needsWalk) await this.syncNow({});
      else if (this.dirty.size > 0) await this.refreshDirty();
    });
  }

  async source(path: string): Promise<string> {
    const rel = this.resolveExisting(path);
    let bytes: Buffer;
    try {
      bytes = await readFile(join(this.root, rel));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EISDIR') throw new TldrError(`${rel} is a directory`, 'give a file');
      throw new TldrError(`cannot read ${rel} (${code})`, 'check its permissions');
    }
    const text = decodeText(bytes);
    if (!text) throw skipError(rel, 'binary', this.policy);
    return text.text;
  }

  invalidate(paths: string[]): void {
    for (const path of paths) {
      const rel = this.relativeOf(path);
      if (rel === undefined) continue;
      if (rel === '' || IGNORE_FILE_NAMES.has(basename(rel))) this.needsWalk = true;
      else this.dirty.set(rel, ++this.marks);
    }
  }

  onChange(listener: (changes: FileChange[]) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  onContentChange(listener: (changes: ContentChange[]) => void): () => void {
    this.contentListeners.add(listener);
    return () => {
      this.contentListeners.delete(listener);
    };
  }

  /**
   * Writes pending cache changes (records refreshed one by one since the last warm) without
   * blocking this thread on the write; returns why the cache could not be written, if it could not.
   */
  flush(): Promise<string | undefined> {
    return this.exclusive(async () => (this.edits === this.savedEdits ? undefined : this.persistAsync()));
  }

  /** Writes pending changes, then lets go of the index file; a later read loads it again. */
  async close(): Promise<void> {
    await this.flush();
    await this.exclusive(async () => {
      for (const store of this.stores) store.close();
      this.stores.clear();
      this.entries = undefined;
      this.recordsMemo = undefined;
      this.synced = false;
    });
  }

  // ── reconciliation ──────────────────────────────────────────────────────────────────────────

  private async syncNow(options: SyncOptions): Promise<WarmResult> {
    const started = performance.now();
    const entries = this.load();
    const seen = new Map(this.dirty);
    this.rules = new IgnoreRules(this.root);
    const selection = selectFiles(this.root, this.policy, this.rules);
    options.onProgress?.({ phase: 'scan', done: selection.files.length, total: selection.files.length });
    const selected = new Set(selection.files.map((file) => file.path));
    const changes: EntryChange[] = [];
    let removed = 0;
    for (const [path, entry] of entries) {
      if (selected.has(path)) continue;
      entries.delete(path);
      removed++;
      this.entryChanged();
      changes.push({ path, before: entry });
    }
    const stream = new StreamingSave(this.root, this.stores);
    let reconciled: Reconciled;
    try {
      const documents = options.documents?.(selection.files.reduce((sum, file) => sum + file.size, 0)) ?? true;
      reconciled = await this.reconcile(selection.files, changes, { onProgress: options.onProgress, documents }, this.extraction, stream);
    } catch (error) {
      stream.abort();
      throw error;
    }
    this.clearMarks(seen);
    this.synced = true;
    this.needsWalk = false;
    const cache = this.persistAfterSync(stream);
    this.emit(changes);
    this.releaseStores();
    const result = this.summarise(selection.skipped, selection.skippedFiles, reconciled, removed, cache, performance.now() - started);
    if (result.files === 0 && selection.ignoredDirs.length > 0) result.ignored_dirs = selection.ignoredDirs;
    return result;
  }

  /** Re-checks only the paths marked by invalidate(): the cheap path between warms. */
  private async refreshDirty(): Promise<void> {
    const seen = new Map(this.dirty);
    const paths = [...seen.keys()];
    const entries = this.load();
    const files: SelectedFile[] = [];
    const changes: EntryChange[] = [];
    for (const rel of paths) {
      const verdict = selectPath(this.root, rel, this.rules, this.policy);
      if (verdict.kind === 'directory') {
        this.needsWalk = true;
      } else if (verdict.kind === 'selected') {
        files.push(verdict.file);
      } else {
        const before = entries.get(rel);
        if (before) {
          entries.delete(rel);
          this.entryChanged();
          changes.push({ path: rel, before });
        }
      }
    }
    if (this.needsWalk) {
      this.emit(changes);
      await this.syncNow({});
      return;
    }
    await this.reconcile(files, changes, RECHECK, this.extraction);
    this.clearMarks(seen);
    this.emit(changes);
  }

  /**
   * Brings the entries of `files` (all present and selected) up to date: reuse on equal stats,
   * reuse on equal content hash, else extract. Records every entry change in `changes`.
   */
  private async reconcile(
    files: SelectedFile[],
    changes: EntryChange[],
    options: ReconcileOptions,
    mode: ExtractionMode,
    stream?: StreamingSave,
  ): Promise<Reconciled> {
    const entries = this.load();
    const stale: SelectedFile[] = [];
    let reused = 0;
    let rehashed = 0;
    for (const file of files) {
      const entry = entries.get(file.path);
      if (entry && entry.language === file.language) {
        if (!this.dirty.has(file.path) && sameStats(entry, file)) {
          reused++;
          continue;
        }
        if (entry.size === file.size && hashFileSync(file.abs) === entry.hash) {
          // A file marked changed (a watcher event) that is not: nothing to write back.
          if (entry.mtimeMs !== file.mtimeMs) {
            entry.mtimeMs = file.mtimeMs;
            this.edits++;
          }
          reused++;
          rehashed++;
          continue;
        }
      }
      stale.push(file);
    }
    const byPath = new Map(stale.map((file) => [file.path, file]));
    const transient: FileOutcome[] = [];
    // Outcomes are taken as they arrive; a warm streams each record into the next index file.
    const workers = await this.extract(stale, options, mode, (outcome) => {
      const file = byPath.get(outcome.path)!;
      const before = entries.get(file.path);
      const after = toEntry(file, outcome);
      if (after) {
        entries.set(file.path, after);
        stream?.append(after);
      } else {
        entries.delete(file.path);
        transient.push(outcome);
      }
      this.entryChanged();
      const documents = outcome.status === 'record' ? outcome.documents : undefined;
      changes.push({ path: file.path, before, after, ...(after && documents ? { documents } : {}) });
    });
    return { parsed: stale.length, reused, rehashed, workers, transient };
  }

  /** Extracts the files, handing each outcome to `onOutcome` as it arrives; returns the workers used. */
  private async extract(
    files: SelectedFile[],
    options: ReconcileOptions,
    mode: ExtractionMode,
    onOutcome: (outcome: FileOutcome) => void,
  ): Promise<number> {
    if (files.length === 0) return 0;
    return keepingLoopAlive(() => this.extractNow(files, options, mode, onOutcome));
  }

  private async extractNow(
    files: SelectedFile[],
    { onProgress, documents }: ReconcileOptions,
    mode: ExtractionMode,
    onOutcome: (outcome: FileOutcome) => void,
  ): Promise<number> {
    const total = files.length;
    onProgress?.({ phase: 'extract', done: 0, total });
    const grammars = grammarsToRead(this.bytesByLanguage(files));
    const jobs: ExtractJob[] = files.map((file) => {
      const grammar = grammars.get(file.language);
      return { abs: file.abs, path: file.path, language: file.language, ...(grammar ? { grammar } : {}) };
    });
    // By the grammar that reads them: what each thread loads, and what is worth a worker.
    const bytes = new Map<LanguageId, number>();
    for (const file of files) {
      const grammar = grammars.get(file.language) ?? file.language;
      bytes.set(grammar, (bytes.get(grammar) ?? 0) + file.size);
    }
    const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
    const extractOptions: ExtractOptions = { maxFileBytes: this.policy.maxFileBytes, documents };
    const plan: ExtractionPlan =
      mode === 'pool' ? { inProcess: false, workers: Math.max(1, workerCount()), workerLanguages: [...bytes.keys()] }
        : mode === 'auto' ? planExtraction(total, bytes)
          : { inProcess: true, workers: 0, workerLanguages: [] };
    // Workers boot (thread, modules) while this thread gets ready to parse.
    const pool = plan.workers > 0 ? await import('../pool/extract-pool.js') : undefined;
    pool?.startExtractPool(plan.workers);
    if (!pool) {
      // Loaded before beforeParsing, which may change V8's flags: code loaded after that cannot use
      // the CLI's code cache (cli/bundle-loader.cts).
      const { extractFile } = await import('../pool/extract-file.js');
      await beforeParsing(totalBytes);
      let done = 0;
      for (const job of jobs) {
        onOutcome(await extractFile(job, extractOptions));
        onProgress?.({ phase: 'extract', done: ++done, total });
      }
      return 0;
    }
    await beforeParsing(totalBytes);
    const options = {
      ...extractOptions,
      languages: [...bytes.keys()],
      sizes: new Map(files.map((file) => [file.path, file.size])),
      onProgress: (done: number) => onProgress?.({ phase: 'extract', done, total }),
      inProcess: plan.inProcess,
      workers: plan.workers,
      workerLanguages: plan.workerLanguages,
    };
    await pool.extractEachInPool(jobs, options, (outcomes) => outcomes.forEach(onOutcome));
    return plan.workers;
  }

  /** Source bytes per language of the project once `files` are extracted: those cached and those. */
  private bytesByLanguage(files: SelectedFile[]): Map<LanguageId, number> {
    const bytes = new Map<LanguageId, number>();
    const extracting = new Set(files.map((file) => file.path));
    const add = (language: LanguageId, size: number) => bytes.set(language, (bytes.get(language) ?? 0) + size);
    for (const entry of this.load().values()) if (!extracting.has(entry.path)) add(entry.language, entry.size);
    for (const file of files) add(file.language, file.size);
    return bytes;
  }

  // ── cache ───────────────────────────────────────────────────────────────────────────────────

  private load(): Map<string, CacheEntry> {
    if (!this.entries) {
      const loaded = loadIndex(this.root);
      this.loadState = loaded.state;
      if (loaded.state === 'loaded') {
        this.entries = loaded.entries;
        this.stores.add(loaded.store);
      } else {
        this.entries = new Map();
        if (loaded.state === 'discarded') this.loadNote = `previous cache discarded: ${loaded.reason}`;
      }
    }
    return this.entries;
  }

  /**
   * Completes the index file the warm streamed its records into (or leaves the cache as it was
   * when nothing changed); a read-only checkout still works, it only says why it was not written.
   */
  private persistAfterSync(stream: StreamingSave): { state: WarmResult['cache']; note?: string } {
    if (this.edits === this.savedEdits && this.loadState === 'loaded') {
      stream.abort();
      return { state: 'unchanged' };
    }
    const previous = this.loadState;
    const edits = this.edits;
    try {
      stream.commit(this.sortedEntries());
    } catch (error) {
      return { state: 'unwritable', note: this.unwritable(error) };
    }
    this.saved(edits);
    if (previous === 'discarded') return { state: 'rebuilt', note: this.loadNote };
    return { state: previous === 'missing' ? 'created' : 'updated' };
  }

  /** Writes a new index file (records unchanged since the last one are copied across) off the thread. */
  private async persistAsync(): Promise<string | undefined> {
    // An entry forgotten meanwhile (a file found deleted) is an edit made after this snapshot.
    const edits = this.edits;
    try {
      const writer = IndexWriter.open(this.root);
      this.stores.add(writer.store);
      await writer.commitAsync(this.sortedEntries());
    } catch (error) {
      return this.unwritable(error);
    } finally {
      this.releaseStores();
    }
    return this.saved(edits);
  }

  /** Closes the index files no entry reads from any more (replaced by a newer one, or abandoned). */
  private releaseStores(): void {
    const used = new Set<RecordStore>();
    for (const entry of this.entries?.values() ?? []) if (entry.stored) used.add(entry.stored.store);
    for (const store of this.stores) {
      if (used.has(store)) continue;
      store.close();
      this.stores.delete(store);
    }
  }

  private sortedEntries(): CacheEntry[] {
    const entries = this.load();
    return [...entries.keys()].sort().map((path) => entries.get(path)!);
  }

  private saved(edits: number): undefined {
    this.savedEdits = edits;
    this.loadState = 'loaded';
    return undefined;
  }

  private unwritable(error: unknown): string {
    return `cannot write ${join(this.root, '.tldr')}: ${(error as Error).message}`;
  }

  /** Whether an entry can answer: not a record, or a record whose bytes read back undamaged. */
  private readable(entry: CacheEntry): boolean {
    return entry.status !== 'record' || this.recordOf(entry) !== undefined;
  }

  /**
   * The decoded record of an entry. A record whose bytes are unreadable, fail their checksum or do
   * not decode is dropped from the index (so its file is extracted again) and undefined returned.
   */
  private recordOf(entry: CacheEntry): FileRecord | undefined {
    const memo = this.decoded.get(entry);
    if (memo) return memo;
    if (entry.status !== 'record') return undefined;
    const record = decodeRecord(entry);
    if (!record) {
      if (this.entries?.get(entry.path) === entry) {
        this.entries.delete(entry.path);
        this.entryChanged();
      }
      return undefined;
    }
    this.decoded.set(entry, record);
    return record;
  }

  /** The record of an up-to-date entry, or the TldrError explaining why there is none. */
  private answer(entry: CacheEntry): FileRecord {
    if (entry.status === 'skipped') throw skipError(entry.path, entry.detail as SkipReason, this.policy);
    if (entry.status === 'error') throw new TldrError(`cannot extract ${entry.path}: ${entry.detail}`, 'the file was skipped; other commands still work');
    const record = this.recordOf(entry);
    if (!record) throw new TldrError(`cached record of ${entry.path} is damaged`, 'run `tldr warm` to rebuild it');
    return record;
  }

  private async ephemeralRecord(rel: string, language: LanguageId): Promise<FileRecord> {
    const abs = join(this.root, rel);
    const stats = statSync(abs);
    const memo = this.ephemeral.get(rel);
    if (memo && memo.size === stats.size && memo.mtimeMs === stats.mtimeMs) return memo.record;
    const file: SelectedFile = { abs, path: rel, language, size: stats.size, mtimeMs: stats.mtimeMs };
    let outcome!: FileOutcome;
    await this.extract([file], RECHECK, this.analysis, (only) => (outcome = only));
    if (outcome.status === 'skipped') throw skipError(rel, outcome.reason, this.policy);
    if (outcome.status === 'error') throw new TldrError(`cannot extract ${rel}: ${outcome.message}`);
    const record = unpackRecord(outcome.data) as FileRecord;
    this.ephemeral.set(rel, { size: stats.size, mtimeMs: stats.mtimeMs, record });
    return record;
  }

  // ── paths, changes, results ─────────────────────────────────────────────────────────────────

  /** Relative path of an existing file inside the root; forgets a cached file that is gone. */
  private resolveExisting(path: string): string {
    const abs = isAbsolute(path) ? path : resolve(this.root, path);
    if (!existsSync(abs)) {
      const rel = this.relativeOf(path);
      if (rel !== undefined) this.forget(rel);
      throw new TldrError(`file not found: ${path}`, 'check the path');
    }
    return resolveInsideRoot(this.root, abs, this.root);
  }

  /** Relative path of `path` (absolute, or relative to the root), resolving symlinks where it exists. */
  private relativeOf(path: string): string | undefined {
    const abs = isAbsolute(path) ? path : resolve(this.root, path);
    const rel = toRelative(this.root, realpathOrParent(abs));
    return rel === '..' || rel.startsWith('../') || isAbsolute(rel) ? undefined : rel;
  }

  private dirtyMarks(paths: string[]): Map<string, number> {
    const marks = new Map<string, number>();
    for (const path of paths) {
      const mark = this.dirty.get(path);
      if (mark !== undefined) marks.set(path, mark);
    }
    return marks;
  }

  /** Clears the marks a re-check saw; marks made since (a newer change) stay. */
  private clearMarks(seen: Map<string, number>): void {
    for (const [path, mark] of seen) if (this.dirty.get(path) === mark) this.dirty.delete(path);
  }

  private entryChanged(): void {
    this.edits++;
    this.recordsMemo = undefined;
  }

  private forget(rel: string): void {
    const before = this.entries?.get(rel);
    if (!before) return;
    this.entries!.delete(rel);
    this.entryChanged();
    this.emit([{ path: rel, before }]);
  }

  private emit(changes: EntryChange[]): void {
    if (changes.length === 0) return;
    if (this.contentListeners.size > 0) {
      const contents = changes.map((change): ContentChange => {
        const after = change.after?.status === 'record' ? change.after : undefined;
        return { path: change.path, ...(after ? { hash: after.hash } : {}), ...(after && change.documents ? { documents: change.documents } : {}) };
      });
      for (const listener of [...this.contentListeners]) listener(contents);
    }
    if (this.listeners.size === 0) return;
    const fileChanges: FileChange[] = [];
    for (const change of changes) {
      const before = change.before && this.recordOf(change.before);
      const after = change.after && this.recordOf(change.after);
      if (before || after) {
        fileChanges.push({ path: change.path, ...(before ? { before } : {}), ...(after ? { after } : {}), ...(after && change.documents ? { documents: change.documents } : {}) });
      }
    }
    if (fileChanges.length === 0) return;
    for (const listener of [...this.listeners]) listener(fileChanges);
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private summarise(
    walkSkips: Partial<Record<SkipReason, number>>,
    walkSkipped: SkippedFile[],
    reconciled: Reconciled,
    removed: number,
    cache: { state: WarmResult['cache']; note?: string },
    elapsedMs: number,
  ): WarmResult {
    const result: WarmResult = {
      root: this.root,
      files: 0,
      lines: 0,
      bytes: 0,
      languages: {},
      parsed: reconciled.parsed,
      reused: reconciled.reused,
      rehashed: reconciled.rehashed,
      removed,
      skipped: { ...walkSkips },
      skipped_files: [...walkSkipped],
      errors: [],
      workers: reconciled.workers,
      cache: cache.state,
      ...(cache.note ? { cache_note: cache.note } : {}),
      elapsed_ms: 0,
    };
    const skip = (path: string, reason: SkipReason): void => {
      result.skipped[reason] = (result.skipped[reason] ?? 0) + 1;
      result.skipped_files.push({ path, reason });
    };
    for (const entry of this.load().values()) {
      if (entry.status === 'record') {
        result.files++;
        result.lines += entry.lines;
        result.bytes += entry.size;
        const totals = (result.languages[entry.language] ??= { files: 0, lines: 0, bytes: 0 });
        totals.files++;
        totals.lines += entry.lines;
        totals.bytes += entry.size;
      } else if (entry.status === 'skipped') {
        skip(entry.path, entry.detail as SkipReason);
      } else {
        result.errors.push({ path: entry.path, message: entry.detail ?? 'extraction failed' });
      }
    }
    for (const outcome of reconciled.transient) {
      if (outcome.status === 'skipped') skip(outcome.path, outcome.reason);
      else if (outcome.status === 'error') result.errors.push({ path: outcome.path, message: outcome.message });
    }
    result.skipped_files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    result.errors.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    result.elapsed_ms = Math.round(elapsedMs * 10) / 10;
    return result;
  }
}

/**
 * A warm's next index file, opened when the first new record arrives: records stream into it as
 * they are extracted, and commit() completes it. When it cannot be opened (a read-only checkout)
 * records stay in memory and commit() reports why.
 */
class StreamingSave {
  private writer: IndexWriter | undefined;
  private failure: unknown;

  constructor(
    private readonly root: string,
    /** The index's open files: this one joins them, since entries read back from it. */
    private readonly stores: Set<RecordStore>,
  ) {}

  append(entry: CacheEntry): void {
    this.open()?.append(entry);
  }

  commit(entries: CacheEntry[]): void {
    const writer = this.open();
    if (!writer) throw this.failure;
    writer.commit(entries);
  }

  abort(): void {
    this.writer?.abort();
  }

  private open(): IndexWriter | undefined {
    if (!this.writer && this.failure === undefined) {
      try {
        this.writer = IndexWriter.open(this.root);
        this.stores.add(this.writer.store);
      } catch (error) {
        this.failure = error;
      }
    }
    return this.writer;
  }
}

/** An entry's record, when its bytes read back intact and decode to a record of its path. */
function decodeRecord(entry: CacheEntry): FileRecord | undefined {
  const bytes = entryBytes(entry);
  if (!bytes) return undefined;
  let record: FileRecord;
  try {
    record = unpackRecord(bytes) as FileRecord;
  } catch {
    return undefined;
  }
  return record && record.path === entry.path && Array.isArray(record.functions) ? record : undefined;
}

function sameStats(entry: CacheEntry, file: SelectedFile): boolean {
  return entry.size === file.size && entry.mtimeMs === file.mtimeMs;
}

/**
 * The cache entry for an outcome, stamped with the stats taken before the file was read (so a
 * write racing the read shows up as changed stats next time). Undefined for outcomes that are not
 * worth remembering: an unreadable file may become readable without its stats changing.
 */
function toEntry(file: SelectedFile, outcome: FileOutcome): CacheEntry | undefined {
  const base = { path: file.path, language: file.language, size: file.size, mtimeMs: file.mtimeMs };
  switch (outcome.status) {
    case 'record':
      return { ...base, hash: outcome.hash, lines: outcome.lines, status: 'record', data: outcome.data };
    case 'skipped':
      if (outcome.reason === 'unreadable') return undefined;
      return { ...base, hash: outcome.hash ?? '', lines: 0, status: 'skipped', detail: outcome.reason };
    case 'error':
      if (outcome.transient) return undefined;
      return { ...base, hash: outcome.hash ?? '', lines: 0, status: 'error', detail: outcome.message };
  }
}

function realpathOrParent(abs: string): string {
  try {
    return realpathSync(abs);
  } catch {
    try {
      return join(realpathSync(dirname(abs)), basename(abs));
    } catch {
      return abs;
    }
  }
}
