// Go module resolution: an import path under a go.mod module path names a package directory;
// a package is every non-test `.go` file in it.
import type { ResolveContext } from './context.js';

/** The project directory of a Go import path, or undefined for the standard library / externals. */
export function resolveGoPackage(ctx: ResolveContext, spec: string): string | undefined {
  let best: { dir: string; rest: string; length: number } | undefined;
  for (const mod of ctx.config.goModules) {
    if (spec !== mod.path && !spec.startsWith(`${mod.path}/`)) continue;
    if (best && best.length >= mod.path.length) continue;
    best = { dir: mod.dir, rest: spec.slice(mod.path.length + 1), length: mod.path.length };
  }
  if (!best) return undefined;
  const dir = [best.dir, best.rest].filter(Boolean).join('/');
  return ctx.isDir(dir) ? dir : undefined;
}

/** Files of the Go package in `dir`; test files only when asked from a test file. */
export function goPackageFiles(ctx: ResolveContext, dir: string, includeTests: boolean): string[] {
  return ctx.filesIn(dir).filter((file) => file.endsWith('.go') && (includeTests || !file.endsWith('_test.go')));
}
