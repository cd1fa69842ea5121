// Path checks for requests that may name files which no longer exist (notify after a delete):
// resolve the deepest existing ancestor through symlinks, then decide whether it is in the root.
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * `userPath` (absolute, or relative to `cwd`) as a `/`-separated path relative to `root`, or
 * `undefined` when it lies outside the root once symlinks are resolved; `''` is the root itself.
 * The file need not exist.
 */
export function relativeInsideRoot(root: string, userPath: string, cwd: string): string | undefined {
  const abs = isAbsolute(userPath) ? resolve(userPath) : resolve(cwd, userPath);
  const rest: string[] = [];
  let existing = abs;
  while (!existsSync(existing)) {
    const parent = dirname(existing);
    if (parent === existing) return undefined;
    rest.unshift(basename(existing));
    existing = parent;
  }
  const real = join(realpathSync(existing), ...rest);
  const rel = relative(root, real);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return sep === '/' ? rel : rel.split(sep).join('/');
}
