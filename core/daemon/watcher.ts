// Watches every directory the index could take files from, one non-recursive fs.watch (inotify)
// each, and follows directories as they come and go. Node 20's `recursive: true` on Linux walks the
// whole tree synchronously and watches every file separately, ignored trees (node_modules) too, so
// the walk here applies the project's ignore rules instead.
import { watch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { IgnoreRules } from '../files/ignore-rules.js';
import { ALWAYS_SKIPPED_DIRS } from '../files/policy.js';

/** More directories than this are not watched: the daemon then re-checks files on every query. */
export const MAX_WATCHED_DIRECTORIES = 20_000;
const IGNORE_FILE_NAMES = new Set(['.gitignore', '.tldrignore']);

export class DirectoryWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private rules: IgnoreRules;
  private closed = false;
  private overflowed = false;

  constructor(
    private readonly root: string,
    /** Paths (relative to the root) that may have changed: files, or directories that came or went. */
    private readonly onPaths: (paths: string[]) => void,
    /** A directory could not be watched (inotify limit, too many directories): events may be missed. */
    private readonly onError: (error: Error) => void,
  ) {
    this.rules = new IgnoreRules(root);
  }

  get watchedDirectories(): number {
    return this.watchers.size;
  }

  /** Watches the root and every directory below it that the ignore rules do not exclude. */
  async watchTree(): Promise<void> {
    await this.addTree('', undefined);
  }

  /** Watches the directories of files the index took (in case the walk did not reach them). */
  watchFilesOf(files: Iterable<string>): void {
    for (const file of files) {
      for (let dir = parentOf(file); !this.watchers.has(dir); dir = parentOf(dir)) {
        this.watchDirectory(dir);
        if (dir === '') break;
      }
    }
  }

  close(): void {
    this.closed = true;
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }

  /** Whether the index would never take files from `dir` (or from a directory above it). */
  private skipped(dir: string): boolean {
    if (dir === '') return false;
    const parts = dir.split('/');
    if (parts.some((segment) => ALWAYS_SKIPPED_DIRS.has(segment))) return true;
    for (let depth = 1; depth <= parts.length; depth++) {
      if (this.rules.isIgnored(parts.slice(0, depth).join('/'), true)) return true;
    }
    return false;
  }

  private watchDirectory(dir: string): void {
    if (this.closed || this.watchers.has(dir)) return;
    if (this.watchers.size >= MAX_WATCHED_DIRECTORIES) {
      if (!this.overflowed) this.onError(new Error(`more than ${MAX_WATCHED_DIRECTORIES} directories: not all are watched`));
      this.overflowed = true;
      return;
    }
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
    const base = String(name);
    const rel = dir === '' ? base : `${dir}/${base}`;
    if (ALWAYS_SKIPPED_DIRS.has(base)) return;
    if (IGNORE_FILE_NAMES.has(base)) this.rules = new IgnoreRules(this.root);
    this.onPaths([rel]);
    void this.followDirectory(rel);
  }

  /** A name that now is a directory gets watched, subtree included; one that vanished is dropped. */
  private async followDirectory(rel: string): Promise<void> {
    let isDirectory: boolean;
    try {
      isDirectory = (await stat(join(this.root, rel))).isDirectory();
    } catch {
      this.unwatchTree(rel);
      return;
    }
    if (!isDirectory || this.watchers.has(rel) || this.skipped(rel)) return;
    const files: string[] = [];
    await this.addTree(rel, files);
    if (files.length > 0) this.onPaths(files);
  }

  /** Watches `dir` and the directories below it; collects the files found when `files` is given. */
  private async addTree(dir: string, files: string[] | undefined): Promise<void> {
    if (this.closed || this.skipped(dir)) return;
    this.watchDirectory(dir);
    let entries;
    try {
      entries = await readdir(join(this.root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) await this.addTree(rel, files);
      else if (files && entry.isFile()) files.push(rel);
    }
  }

  private unwatchTree(dir: string): void {
    for (const [path, watcher] of this.watchers) {
      if (path === dir || dir === '' || path.startsWith(`${dir}/`)) {
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
