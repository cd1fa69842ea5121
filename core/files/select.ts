// Chooses the files to index: a walk of the project root that honours the ignore rules and the
// size and name limits, statting each candidate once (the cache reuses these stats to skip
// unchanged files). Checks that need the bytes (binary, minified, encoding) happen where the file
// is read: in the extraction worker, see content.ts.
//
// Symlinks are never followed: a link whose target lies inside the root is an alias of a file or
// directory the walk reaches at its real path anyway (paths in tldr are real, symlink-resolved
// paths), so following it would only index duplicates. A link out of the root is skipped as
// `outside_root`, a link to one of its own ancestors (or a cyclic chain) as `symlink_loop`, a
// dangling link as `unreadable`. Directories are also tracked by device and inode so that a bind
// mount looping back into the tree cannot make the walk endless.
import { lstatSync, readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { join } from 'node:path';
import type { LanguageId, SkipReason } from '../types.js';
import { languageForPath } from '../../grammars/languages.js';
import { IgnoreRules } from './ignore-rules.js';
import { ALWAYS_SKIPPED_DIRS, MINIFIED_NAME, defaultPolicy, type SelectionPolicy } from './policy.js';

export interface SelectedFile {
  /** Relative to the root, `/`-separated. */
  path: string;
  abs: string;
  language: LanguageId;
  size: number;
  mtimeMs: number;
}

export type SkipCounts = Partial<Record<SkipReason, number>>;

export interface SkippedFile {
  path: string;
  reason: SkipReason;
}

export interface FileSelection {
  /** Sorted by path. */
  files: SelectedFile[];
  /**
   * Skips per reason. `ignored` counts pruned entries (an ignored directory counts once, its
   * contents are never listed); `unsupported` counts files of languages tldr does not know.
   */
  skipped: SkipCounts;
  /** Every skip except `ignored` and `unsupported`, for reporting. */
  skippedFiles: SkippedFile[];
  /** Directories the ignore rules pruned (the first IGNORED_DIRS_LISTED, in walk order). */
  ignoredDirs: string[];
}

const IGNORED_DIRS_LISTED = 20;

export function selectFiles(root: string, policy: SelectionPolicy = defaultPolicy(), rules = new IgnoreRules(root)): FileSelection {
  const walk = new Walk(root, policy, rules);
  walk.directory('', root);
  walk.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files: walk.files, skipped: walk.skipped, skippedFiles: walk.skippedFiles, ignoredDirs: walk.ignoredDirs };
}

class Walk {
  readonly files: SelectedFile[] = [];
  readonly skipped: SkipCounts = {};
  readonly skippedFiles: SkippedFile[] = [];
  readonly ignoredDirs: string[] = [];
  private readonly visited = new Set<string>();

  constructor(
    private readonly root: string,
    private readonly policy: SelectionPolicy,
    private readonly rules: IgnoreRules,
  ) {}

  directory(rel: string, abs: string): void {
    let entries: Dirent[];
    try {
      const stats = statSync(abs);
      const key = `${stats.dev}:${stats.ino}`;
      if (this.visited.has(key)) return this.skip(rel, 'symlink_loop');
      this.visited.add(key);
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return this.skip(rel, 'unreadable');
    }
    for (const entry of entries) {
      const name = entry.name;
      const childRel = rel === '' ? name : `${rel}/${name}`;
      const childAbs = join(abs, name);
      if (entry.isDirectory()) {
        if (ALWAYS_SKIPPED_DIRS.has(name)) continue;
        if (this.rules.isIgnored(childRel, true)) {
          this.count('ignored');
          if (this.ignoredDirs.length < IGNORED_DIRS_LISTED) this.ignoredDirs.push(`${childRel}/`);
        } else this.directory(childRel, childAbs);
      } else if (entry.isSymbolicLink()) {
        this.symlink(childRel, childAbs, abs);
      } else {
        this.file(childRel, childAbs, entry);
      }
    }
  }

  private file(rel: string, abs: string, entry: Dirent): void {
    if (this.rules.isIgnored(rel, false)) return this.count('ignored');
    const verdict = checkFile(rel, abs, entry.isFile(), this.policy);
    if ('reason' in verdict) return verdict.reason === 'unsupported' ? this.count('unsupported') : this.skip(rel, verdict.reason);
    this.files.push(verdict);
  }

  private symlink(rel: string, abs: string, parentAbs: string): void {
    if (this.rules.isIgnored(rel, false)) return this.count('ignored');
    let target: string;
    try {
      target = realpathSync(abs);
    } catch (error) {
      return this.skip(rel, (error as NodeJS.ErrnoException).code === 'ELOOP' ? 'symlink_loop' : 'unreadable');
    }
    if (!isInside(this.root, target)) return this.skip(rel, 'outside_root');
    const parentReal = safeRealpath(parentAbs);
    if (parentReal && isInside(target, parentReal)) this.skip(rel, 'symlink_loop');
  }

  private skip(rel: string, reason: SkipReason): void {
    this.count(reason);
    this.skippedFiles.push({ path: rel, reason });
  }

  private count(reason: SkipReason): void {
    this.skipped[reason] = (this.skipped[reason] ?? 0) + 1;
  }
}

/** The per-file rules after the ignore check: language, file type, name, size. */
function checkFile(rel: string, abs: string, isRegular: boolean, policy: SelectionPolicy): SelectedFile | { reason: SkipReason } {
  const language = languageForPath(rel);
  if (!language) return { reason: 'unsupported' };
  // FIFOs, sockets and devices would block or never end when read.
  if (!isRegular) return { reason: 'unreadable' };
  if (MINIFIED_NAME.test(rel)) return { reason: 'minified' };
  let stats: Stats;
  try {
    stats = statSync(abs);
  } catch {
    return { reason: 'unreadable' };
  }
  if (stats.size > policy.maxFileBytes) return { reason: 'too_large' };
  return { path: rel, abs, language: language.id, size: stats.size, mtimeMs: stats.mtimeMs };
}

export type PathVerdict =
  | { kind: 'selected'; file: SelectedFile }
  | { kind: 'skipped'; reason: SkipReason }
  | { kind: 'directory' }
  | { kind: 'missing' };

/**
 * Applies the walk's rules to one path (relative to the root, symlink-resolved) without walking:
 * for re-checking a changed file or answering about a single file.
 */
export function selectPath(root: string, rel: string, rules: IgnoreRules, policy: SelectionPolicy = defaultPolicy()): PathVerdict {
  const abs = join(root, rel);
  let stats: Stats;
  try {
    stats = lstatSync(abs);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? { kind: 'missing' } : { kind: 'skipped', reason: 'unreadable' };
  }
  if (stats.isDirectory()) return { kind: 'directory' };
  if (rel.split('/').some((part) => ALWAYS_SKIPPED_DIRS.has(part)) || rules.isPathIgnored(rel)) return { kind: 'skipped', reason: 'ignored' };
  // A symlink is never indexed under its own path (see the walk): as far as the index goes, no file is here.
  if (stats.isSymbolicLink()) return { kind: 'missing' };
  const verdict = checkFile(rel, abs, stats.isFile(), policy);
  return 'reason' in verdict ? { kind: 'skipped', reason: verdict.reason } : { kind: 'selected', file: verdict };
}

/** Whether `path` is `dir` or lies below it (both absolute and symlink-resolved). */
function isInside(dir: string, path: string): boolean {
  return path === dir || path.startsWith(dir.endsWith('/') ? dir : `${dir}/`);
}

function safeRealpath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}
