// Go module resolution: an import path under a go.mod module path names a package directory;
// a package is every non-test `.go` file in it.
import type { FunctionRecord } from '../../types.js';
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

/** What the files of one Go package declare, indexed once per package (memoised). */
interface GoPackageIndex {
  /** Package-level name → the files declaring it (a function, a type, a package-level binding), in file order. */
  declarers: Map<string, string[]>;
  /** Type name → its methods in every file of the package, in file order. */
  methods: Map<string, Array<{ file: string; fn: FunctionRecord }>>;
}

/**
 * Every file of a package looks up its unqualified names, and every type its methods, in all the
 * other files of the package: scanning them per name was quadratic in the package's size (Go's
 * compiler packages hold 100+ files and thousands of functions).
 */
function goPackageIndex(ctx: ResolveContext, dir: string, includeTests: boolean): GoPackageIndex | undefined {
  return ctx.memo(`go-package|${dir}|${includeTests}`, () => {
    const index: GoPackageIndex = { declarers: new Map(), methods: new Map() };
    const declare = (key: string, file: string) => {
      const files = index.declarers.get(key);
      if (!files) index.declarers.set(key, [file]);
      else if (files[files.length - 1] !== file) files.push(file);
    };
    const method = (type: string, file: string, fn: FunctionRecord) => {
      const methods = index.methods.get(type);
      if (methods) methods.push({ file, fn });
      else index.methods.set(type, [{ file, fn }]);
    };
    for (const file of goPackageFiles(ctx, dir, includeTests)) {
      const record = ctx.record(file);
      if (!record) continue;
      const syms = symbolsOf(record);
      for (const key of syms.functions.keys()) declare(key, file);
      for (const key of syms.classes.keys()) declare(key, file);
      for (const key of syms.bindings.get(MODULE_SCOPE)?.keys() ?? []) declare(key, file);
      for (const [type, classes] of syms.classes) for (const cls of classes) for (const fn of cls.methods) method(type, file, fn);
      for (const fn of record.functions) if (fn.class_name) method(fn.class_name, file, fn);
    }
    return index;
  });
}

/** Files of the Go package in `dir` (as goPackageFiles) that declare `name` at package level, in file order. */
export function goPackageDeclarers(ctx: ResolveContext, dir: string, includeTests: boolean, name: string): readonly string[] {
  return goPackageIndex(ctx, dir, includeTests)?.declarers.get(name) ?? [];
}

/**
 * The methods of type `type` in the files of the Go package in `dir`, file by file: the methods of
 * its type records, then the functions with it as receiver.
 */
export function goPackageMethods(ctx: ResolveContext, dir: string, includeTests: boolean, type: string): ReadonlyArray<{ file: string; fn: FunctionRecord }> {
  return goPackageIndex(ctx, dir, includeTests)?.methods.get(type) ?? [];
}
