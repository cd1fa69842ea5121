// Keeps the daemon's index in step with the disk. Changes arrive from `tldr notify` and the
// directory watcher; after a short debounce the paths are invalidated and re-read through the
// index, which re-parses changed files in the pool and tells its listeners (graph, search) what
// changed. Before a query runs, pending marks go to the index at once, so an answer never predates
// a change the daemon has heard of; the index's own size+mtime check covers the rest.
import type { FileRecord } from '../types.js';
import type { FileChange, ProjectIndex } from '../index/project-index.js';
import { DirectoryWatcher } from './watcher.js';

/** Long enough to merge the burst of events one save makes, short next to a parse. */
export const DEBOUNCE_MS = 5;

export interface FreshnessCounts {
  files: number;
  symbols: number;
  pending: number;
  watchedDirectories: number;
}

export class Freshness {
  /** Indexed files and their symbol counts, kept from the index's change events. */
  private readonly known = new Map<string, number>();
  /** Directories of the known files, rebuilt after the set changes. */
  private directories: Set<string> | undefined;
  private readonly marked = new Set<string>();
  private readonly refreshing = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private watcher: DirectoryWatcher | undefined;
  /** Set when a directory could not be watched (inotify limit): every query re-checks all files. */
  private blind = false;
  private closed = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly index: ProjectIndex,
    private readonly onError: (error: Error) => void,
  ) {
    this.unsubscribe = index.onChange((changes) => this.apply(changes));
  }

  /** Loads every record, re-parsing what changed while no daemon ran. */
  async load(): Promise<void> {
    const records = await this.index.records();
    for (const [path, record] of records) this.known.set(path, symbolCount(record));
    this.directories = undefined;
  }

  /**
   * Watches the tree (after load()). On a large tree the walk takes a second or more of directory
   * reads: the daemon builds its call graph meanwhile.
   */
  async watch(): Promise<void> {
    if (this.closed) return;
    this.watcher = new DirectoryWatcher(this.index.root, (paths) => this.mark(paths), (error) => {
      this.blind = true;
      this.onError(error);
    });
    await this.watcher.watchTree();
    this.watcher.watchFilesOf(this.known.keys());
    // A file changed after load() in a directory the walk had not reached yet raised no event:
    // re-check the whole tree once, now that every change from here on is heard.
    this.mark(['']);
  }

  /** Marks paths (relative to the root) as possibly changed; re-read after the debounce. */
  mark(paths: string[]): void {
    for (const path of paths) this.marked.add(path);
    if (this.marked.size > 0 && !this.timer) this.timer = setTimeout(() => this.flush(), DEBOUNCE_MS);
  }

  /**
   * Hands pending marks to the index at once: a query is about to read it. Not waiting for the
   * re-reads in flight is deliberate: the index re-checks every invalidated file it is asked for
   * (a query of another file answers meanwhile), and records() waits for its own refresh.
   */
  applyPending(): void {
    // Without a working watcher nothing reports edits: re-check every file's stats instead.
    if (this.blind) this.mark([...this.known.keys()]);
    if (this.marked.size > 0) this.flush();
  }

  counts(): FreshnessCounts {
    let symbols = 0;
    for (const count of this.known.values()) symbols += count;
    return {
      files: this.known.size,
      symbols,
      pending: this.marked.size + this.refreshing.size,
      watchedDirectories: this.watcher?.watchedDirectories ?? 0,
    };
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.watcher?.close();
    this.unsubscribe();
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.expandDirectories([...this.marked]);
    this.marked.clear();
    for (const path of batch) this.refreshing.add(path);
    this.index.invalidate(batch);
    this.chain = this.chain.then(() => this.refresh(batch));
  }

  /** A directory that came or went stands for the indexed files under it. */
  private expandDirectories(paths: string[]): string[] {
    const out = new Set<string>(paths);
    const directories = this.knownDirectories();
    for (const path of paths) {
      if (!directories.has(path)) continue;
      const prefix = path === '' ? '' : `${path}/`;
      for (const file of this.known.keys()) if (file.startsWith(prefix)) out.add(file);
    }
    return [...out];
  }

  /** Every directory holding an indexed file, at any depth ('' is the root). */
  private knownDirectories(): Set<string> {
    if (!this.directories) {
      this.directories = new Set(['']);
      for (const file of this.known.keys()) {
        for (let slash = file.indexOf('/'); slash > 0; slash = file.indexOf('/', slash + 1)) this.directories.add(file.slice(0, slash));
      }
    }
    return this.directories;
  }

  private async refresh(batch: string[]): Promise<void> {
    // records() re-checks every invalidated path: re-parses changed files (in the pool once it
    // runs), adds new ones, drops deleted ones, and reports all of it to onChange listeners.
    try {
      await this.index.records();
    } catch (error) {
      this.onError(error as Error);
    } finally {
      for (const path of batch) this.refreshing.delete(path);
    }
  }

  private apply(changes: FileChange[]): void {
    this.directories = undefined;
    const added: string[] = [];
    for (const change of changes) {
      if (change.after) {
        if (!this.known.has(change.path)) added.push(change.path);
        this.known.set(change.path, symbolCount(change.after));
      } else {
        this.known.delete(change.path);
      }
    }
    if (added.length > 0) this.watcher?.watchFilesOf(added);
  }
}

function symbolCount(record: FileRecord): number {
  let count = record.functions.length + record.classes.length;
  for (const cls of record.classes) count += cls.methods.length;
  return count;
}
