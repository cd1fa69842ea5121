// Project root discovery and the rule that every path we touch stays inside it.
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { TldrError } from '../errors.js';
import { findProjectRoot } from './find-root.cjs';

export { findProjectRoot };

/** The project root to use: `--project` when given (must exist), else discovered from cwd. */
export function resolveProjectRoot(project: string | undefined, cwd = process.cwd()): string {
  if (project === undefined) return findProjectRoot(cwd);
  const abs = resolve(cwd, project);
  if (!existsSync(abs)) throw new TldrError(`project directory not found: ${project}`, 'check --project');
  return realpathSync(abs);
}

/** `/`-separated path of `abs` relative to `root`; `''` for the root itself. */
export function toRelative(root: string, abs: string): string {
  const rel = relative(root, abs);
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/** Whether a path from toRelative() stays inside the root. */
export function isInsideRelative(rel: string): boolean {
  return rel !== '..' && !rel.startsWith('../') && !isAbsolute(rel);
}

/**
 * Where a user-given path may point, in the order to try: an absolute path as is; a relative one
 * from `cwd` first, then from the root. Every path tldr prints is relative to the root, so this is
 * what lets it be fed back from any directory, or from outside with `--project` (DESIGN §4).
 */
export function pathCandidates(root: string, userPath: string, cwd: string): string[] {
  if (isAbsolute(userPath)) return [resolve(userPath)];
  const fromCwd = resolve(cwd, userPath);
  const fromRoot = resolve(root, userPath);
  return fromCwd === fromRoot ? [fromCwd] : [fromCwd, fromRoot];
}

/** `src/a.ts:12`, `src/a.ts:12-40`, `src/a.ts:12:5` (locations tldr and compilers print) → `src/a.ts`. */
function withoutLocation(userPath: string): string | undefined {
  return /^(.+?):\d+(?:[-:]\d+)?$/.exec(userPath)?.[1];
}

export type LocatedPath =
  | { kind: 'inside'; rel: string }
  /** It exists, but only outside the root (after resolving symlinks). */
  | { kind: 'outside' }
  | { kind: 'missing' };

/**
 * Finds an existing file or directory a user named, inside the root: the first candidate
 * (pathCandidates) that exists there wins. A location suffix (`:line`) is dropped when the path as
 * written names nothing.
 */
export function locateInsideRoot(root: string, userPath: string, cwd: string): LocatedPath {
  let outside = false;
  for (const abs of pathCandidates(root, userPath, cwd)) {
    if (!existsSync(abs)) continue;
    const rel = toRelative(root, realpathSync(abs));
    if (isInsideRelative(rel)) return { kind: 'inside', rel };
    outside = true;
  }
  if (outside) return { kind: 'outside' };
  const bare = withoutLocation(userPath);
  return bare === undefined ? { kind: 'missing' } : locateInsideRoot(root, bare, cwd);
}

/**
 * Resolves a user-supplied path (absolute, or relative to `cwd` or else to the root) to a path
 * relative to the root, following symlinks. Throws when the target is missing or lies outside it.
 */
export function resolveInsideRoot(root: string, userPath: string, cwd = process.cwd()): string {
  const located = locateInsideRoot(root, userPath, cwd);
  if (located.kind === 'inside') return located.rel;
  if (located.kind === 'outside') throw new TldrError(`path is outside the project: ${userPath}`, `project root is ${root}`);
  const where = isAbsolute(userPath) || resolve(cwd) === root ? 'check the path' : `looked in ${resolve(cwd)} and in the project root ${root}`;
  throw new TldrError(`file not found: ${userPath}`, where);
}
