// Path checks for requests that may name files which no longer exist (notify after a delete):
// resolve the deepest existing ancestor through symlinks, then decide whether it is in the root.
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { isInsideRelative, pathCandidates, toRelative } from '../project/root.js';

/**
 * `userPath` (absolute, or relative to `cwd` or else to the root, as pathCandidates orders them)
 * as a `/`-separated path relative to `root`, or `undefined` when it lies outside the root once
 * symlinks are resolved; `''` is the root itself. The file need not exist: among candidates inside
 * the root an existing one wins, then one `known` to the index (a deleted file), then the first.
 */
export function relativeInsideRoot(root: string, userPath: string, cwd: string, known: (rel: string) => boolean = () => false): string | undefined {
  const inside: { rel: string; exists: boolean }[] = [];
  for (const abs of pathCandidates(root, userPath, cwd)) {
    const { real, exists } = realpathOfAncestor(abs);
    const rel = toRelative(root, real);
    if (isInsideRelative(rel)) inside.push({ rel, exists });
  }
  return (inside.find((c) => c.exists) ?? inside.find((c) => known(c.rel)) ?? inside[0])?.rel;
}

/** The path with its deepest existing ancestor's symlinks resolved, and whether the whole of it exists. */
function realpathOfAncestor(abs: string): { real: string; exists: boolean } {
  const rest: string[] = [];
  let existing = abs;
  while (!existsSync(existing)) {
    const parent = dirname(existing);
    if (parent === existing) return { real: abs, exists: false };
    rest.unshift(basename(existing));
    existing = parent;
  }
  return { real: join(realpathSync(existing), ...rest), exists: rest.length === 0 };
}
