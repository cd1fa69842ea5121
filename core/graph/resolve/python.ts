// Python module resolution: relative imports from the importing package, absolute imports from
// the import roots (the importing file's top-level package root, the project root, `src/`,
// `lib/`), packages (`__init__.py`), namespace packages (plain directories) and stub files.
import { ancestorDirs, dirOf, joinPath } from '../file-set.js';
import type { ResolveContext } from './context.js';

/** A Python module: its file (module or package `__init__`) and, for a package, its directory. */
export interface PyModule {
  file?: string;
  dir?: string;
}

function moduleAt(ctx: ResolveContext, base: string): PyModule | undefined {
  for (const ext of ['.py', '.pyi']) if (ctx.isFile(base + ext)) return { file: base + ext };
  for (const init of ['__init__.py', '__init__.pyi']) {
    const path = base === '' ? init : `${base}/${init}`;
    if (ctx.isFile(path)) return { file: path, dir: base };
  }
  if (base !== '' && ctx.isDir(base)) return { dir: base };
  return undefined;
}

/** Directory of the top-level package holding `file` (the first ancestor without `__init__.py`). */
function packageRoot(ctx: ResolveContext, file: string): string {
  for (const dir of ancestorDirs(file)) {
    if (!ctx.isFile(dir === '' ? '__init__.py' : `${dir}/__init__.py`)) return dir;
  }
  return '';
}

export function pythonImportRoots(ctx: ResolveContext, fromFile: string): string[] {
  const roots = [packageRoot(ctx, fromFile), '', 'src', 'lib'];
  return [...new Set(roots)];
}

/** Resolves a dotted module name (`a.b`, `.`, `..mod`) imported from `fromFile`. */
export function resolvePythonModule(ctx: ResolveContext, fromFile: string, spec: string): PyModule | undefined {
  const dots = /^\.*/.exec(spec)![0].length;
  const rest = spec.slice(dots).split('.').filter(Boolean).join('/');
  if (dots > 0) {
    let dir: string | undefined = dirOf(fromFile);
    for (let i = 1; i < dots && dir !== undefined; i++) dir = dir === '' ? undefined : dirOf(dir);
    if (dir === undefined) return undefined;
    if (rest === '') {
      const init = dir === '' ? '__init__.py' : `${dir}/__init__.py`;
      return { file: ctx.isFile(init) ? init : undefined, dir };
    }
    const base = joinPath(dir, rest);
    return base === undefined ? undefined : moduleAt(ctx, base);
  }
  if (rest === '') return undefined;
  for (const root of pythonImportRoots(ctx, fromFile)) {
    if (root !== '' && !ctx.isDir(root)) continue;
    const found = moduleAt(ctx, root === '' ? rest : `${root}/${rest}`);
    if (found) return found;
  }
  return undefined;
}

/** The submodule `name` of a package, if it exists as a file or directory. */
export function pythonSubmodule(ctx: ResolveContext, pkg: PyModule, name: string): PyModule | undefined {
  if (pkg.dir === undefined) return undefined;
  return moduleAt(ctx, pkg.dir === '' ? name : `${pkg.dir}/${name}`);
}
