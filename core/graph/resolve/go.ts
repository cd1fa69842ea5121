// Go module resolution: an import path under a go.mod module path names a package directory;
// a package is every non-test `.go` file in it.
import { MODULE_SCOPE } from '../model.js';
import { symbolsOf } from '../symbols.js';
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

/**
 * Files of the Go package in `dir` (as goPackageFiles) that declare `name` at package level — a
 * function, a type or a package-level binding — in file order. The per-package name index is
 * memoised: every file of a package looks up its unqualified names in all the others, which
 * scanned every sibling for every name (quadratic in the package's size: Go's compiler packages
 * hold 100+ files).
 */
export function goPackageDeclarers(ctx: ResolveContext, dir: string, includeTests: boolean, name: string): string[] {
  const index = ctx.memo(`go-package|${dir}|${includeTests}`, () => {
    const declarers = new Map<string, string[]>();
    const add = (key: string, file: string) => {
      const files = declarers.get(key);
      if (!files) declarers.set(key, [file]);
      else if (files[files.length - 1] !== file) files.push(file);
    };
    for (const file of goPackageFiles(ctx, dir, includeTests)) {
      const record = ctx.record(file);
      if (!record) continue;
      const syms = symbolsOf(record);
      for (const key of syms.functions.keys()) add(key, file);
      for (const key of syms.classes.keys()) add(key, file);
      for (const key of syms.bindings.get(MODULE_SCOPE)?.keys() ?? []) add(key, file);
    }
    return declarers;
  });
  return index?.get(name) ?? [];
}
