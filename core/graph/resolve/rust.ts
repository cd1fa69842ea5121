// Rust module resolution: the crate's module tree follows files (`src/a/b.rs` or `src/a/b/mod.rs`
// is `crate::a::b`); `use` paths start at `crate`, `self`, `super`, a workspace crate, or the
// current module.
import { baseName, dirOf } from '../file-set.js';
import type { ResolveContext } from './context.js';

/** Directory where the child modules of the module defined by `file` live. */
function childDir(file: string): string {
  const base = baseName(file);
  const dir = dirOf(file);
  if (base === 'mod.rs' || base === 'lib.rs' || base === 'main.rs') return dir;
  return `${dir}${dir ? '/' : ''}${base.slice(0, -3)}`;
}

function isCrateRoot(file: string): boolean {
  const base = baseName(file);
  return (base === 'lib.rs' || base === 'main.rs') && baseName(dirOf(file)) === 'src';
}

/** The file of the child module `name` of the module in `file`. */
export function rustChildModule(ctx: ResolveContext, file: string, name: string): string | undefined {
  const dir = childDir(file);
  const prefix = dir ? `${dir}/` : '';
  if (ctx.isFile(`${prefix}${name}.rs`)) return `${prefix}${name}.rs`;
  if (ctx.isFile(`${prefix}${name}/mod.rs`)) return `${prefix}${name}/mod.rs`;
  return undefined;
}

/** The crate root file (`src/lib.rs` or `src/main.rs`) above `file`. */
export function rustCrateRoot(ctx: ResolveContext, file: string): string | undefined {
  for (let dir = dirOf(file); ; dir = dirOf(dir)) {
    if (baseName(dir) === 'src') {
      for (const root of ['lib.rs', 'main.rs']) if (ctx.isFile(`${dir}/${root}`)) return `${dir}/${root}`;
    }
    if (dir === '') return undefined;
  }
}

/** The file of the parent module of the module in `file`. */
export function rustParentModule(ctx: ResolveContext, file: string): string | undefined {
  if (isCrateRoot(file)) return undefined;
  // The directory the module sits in as a child: `src/a` for both `src/a/b.rs` and `src/a/b/mod.rs`.
  const moduleDir = baseName(file) === 'mod.rs' ? dirOf(dirOf(file)) : dirOf(file);
  if (baseName(moduleDir) === 'src') return rustCrateRoot(ctx, file);
  const grand = dirOf(moduleDir);
  const own = baseName(moduleDir);
  const sibling = grand ? `${grand}/${own}.rs` : `${own}.rs`;
  if (ctx.isFile(sibling)) return sibling;
  if (ctx.isFile(`${moduleDir}/mod.rs`)) return `${moduleDir}/mod.rs`;
  return undefined;
}

/** The root file of the workspace crate named `name`. */
export function rustCrateByName(ctx: ResolveContext, name: string): string | undefined {
  const crate = ctx.config.rustCrates.find((c) => c.name === name);
  if (!crate) return undefined;
  for (const root of ['src/lib.rs', 'src/main.rs']) {
    const path = crate.dir ? `${crate.dir}/${root}` : root;
    if (ctx.isFile(path)) return path;
  }
  return undefined;
}

/**
 * Walks a path's leading module segments from `file`: returns the module file reached and the
 * remaining item segments (`crate::a::b::f` → file of `a::b`, rest `['f']`).
 */
export function rustWalkPath(ctx: ResolveContext, file: string, segments: string[]): { file: string; rest: string[] } | undefined {
  let current: string | undefined = file;
  let i = 0;
  const head = segments[0];
  if (head === 'crate') {
    current = rustCrateRoot(ctx, file);
    i = 1;
  } else if (head === 'self') {
    i = 1;
  } else if (head === 'super') {
    while (segments[i] === 'super' && current) {
      current = rustParentModule(ctx, current);
      i++;
    }
  } else if (!rustChildModule(ctx, file, head)) {
    const crate = rustCrateByName(ctx, head);
    if (crate) {
      current = crate;
      i = 1;
    }
  }
  if (!current) return undefined;
  for (; i < segments.length; i++) {
    const child = rustChildModule(ctx, current, segments[i]);
    if (!child) break;
    current = child;
  }
  return { file: current, rest: segments.slice(i) };
}
