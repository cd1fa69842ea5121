// Project root discovery on its own, importing only node builtins, as CommonJS: the daemon fast
// path loads it at the start of every hook and CLI call, before anything else.
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const ROOT_MARKERS = ['.git', 'package.json', 'pyproject.toml', 'go.mod', 'Cargo.toml', '.tldr'];

/** The nearest ancestor of `start` holding a root marker, else `start` itself; symlinks resolved. */
export function findProjectRoot(start: string): string {
  const begin = realpathSync(resolve(start));
  for (let dir = begin; ; dir = dirname(dir)) {
    if (ROOT_MARKERS.some((marker) => existsSync(join(dir, marker)))) return dir;
    if (dirname(dir) === dir) return begin;
  }
}
