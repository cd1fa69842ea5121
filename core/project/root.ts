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

/**
 * Resolves a user-supplied path (absolute, or relative to `cwd`) to a path relative to the root,
 * following symlinks. Throws when the target is missing or lies outside the root.
 */
export function resolveInsideRoot(root: string, userPath: string, cwd = process.cwd()): string {
  const abs = isAbsolute(userPath) ? userPath : resolve(cwd, userPath);
  if (!existsSync(abs)) throw new TldrError(`file not found: ${userPath}`, 'check the path');
  const real = realpathSync(abs);
  const rel = toRelative(root, real);
  if (rel === '..' || rel.startsWith('../') || isAbsolute(rel)) {
    throw new TldrError(`path is outside the project: ${userPath}`, `project root is ${root}`);
  }
  return rel;
}
