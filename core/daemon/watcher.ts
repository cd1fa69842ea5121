// Watches the directories that hold indexed files, one non-recursive fs.watch (inotify) each.
// Node 20's `recursive: true` on Linux walks the whole tree synchronously and watches every file
// separately, node_modules included, so we watch only the directories the index cares about and
// add new ones as they appear.
import { watch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Directory names never worth watching: VCS data, our own cache, dependency trees. */
const SKIPPED_SEGMENTS = new Set(['.git', '.hg', '.svn', '.tldr', 'node_modules']);
/** A new directory tree larger than this is not walked for files (its files are found on query). */
const MAX_NEW_TREE_ENTRIES = 20_000;

export function isSkippedPath(rel: string): boolean {
  return rel.split('/').some((segment) => SKIPPED_SEGMENTS.has(segment));
}

export class DirectoryWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private closed = false;

  constructor(
    private readonly root: string,
    /** Paths (relative to the root) that may have changed: files, or directories that came or went. */
    private readonly onPaths: (paths: string[]) => void,
    private readonly onError: (error: Error) => void,
  ) {}

  get watchedDirectories(): number {
    return this.watchers.size;
  }

  /** Watches the directory of each file and every ancestor up to the root. */
  watchFilesOf(files: Iterable<string>): void {
    for (const file of files) {
      let dir = parentOf(file);
      for (;;) {
        if (this.watchers.has(dir)) break;
        this.watchDirectory(dir);
        if (dir === '') break;
        dir = parentOf(dir);
      }
    }
  }

  close(): void {
    this.closed = true;
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }

  private watchDirectory(dir: string): void {
    if (this.closed || this.watchers.has(dir) || isSkippedPath(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(join(this.root, dir), { persistent: false }, (_event, name) => this.onEvent(dir, name));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') this.onError(error as Error);
      return;
    }
    watcher.on('error', () => this.unwatchTree(dir));
    this.watchers.set(dir, watcher);
  }

  private onEvent(dir: string, name: string | Buffer | null): void {
    if (name === null) {
      this.onPaths([dir]);
      return;
    }
    const rel = dir === '' ? String(name) : `${dir}/${String(name)}`;
    if (isSkippedPath(rel)) return;
    this.onPaths([rel]);
    void this.followDirectory(rel);
  }

  /** A name that now is a directory gets watched (with its subtree); one that vanished is dropped. */
  private async followDirectory(rel: string): Promise<void> {
    let isDirectory: boolean;
    try {
      isDirectory = (await stat(join(this.root, rel))).isDirectory();
    } catch {
      this.unwatchTree(rel);
      return;
    }
    if (!isDirectory || this.watchers.has(rel)) return;
    const files: string[] = [];
    await this.addTree(rel, files, { entries: 0 });
    if (files.length > 0) this.onPaths(files);
  }

  private async addTree(dir: string, files: string[], budget: { entries: number }): Promise<void> {
    if (this.closed || isSkippedPath(dir)) return;
    this.watchDirectory(dir);
    let entries;
    try {
      entries = await readdir(join(this.root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (++budget.entries > MAX_NEW_TREE_ENTRIES) return;
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) await this.addTree(rel, files, budget);
      else if (entry.isFile()) files.push(rel);
    }
  }

  private unwatchTree(dir: string): void {
    for (const [path, watcher] of this.watchers) {
      if (path === dir || (dir !== '' && path.startsWith(`${dir}/`))) {
        watcher.close();
        this.watchers.delete(path);
      }
    }
  }
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}
