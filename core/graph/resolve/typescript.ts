// TypeScript/JavaScript module resolution into project files: relative specifiers with extension
// and index probing (including `.js` written for a `.ts` file), tsconfig `paths`/`baseUrl`, and
// workspace packages by name with their `exports` (built output mapped back to sources).
import { ancestorDirs, dirOf, joinPath } from '../file-set.js';
import type { TsConfig, WorkspacePackage } from '../project-config.js';
import type { ResolveContext } from './context.js';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.d.ts'];
const JS_TO_TS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.d.ts'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (base.endsWith('.d.ts')) return '.d.ts';
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot);
}

/** The project file a path-like specifier denotes, probing extensions and `index` files. */
export function probeFile(ctx: ResolveContext, base: string): string | undefined {
  const ext = extensionOf(base);
  if (ext && EXTENSIONS.includes(ext) && ctx.isFile(base)) return base;
  if (ext && JS_TO_TS[ext]) {
    const stem = base.slice(0, -ext.length);
    for (const replacement of JS_TO_TS[ext]) if (ctx.isFile(stem + replacement)) return stem + replacement;
  }
  for (const candidate of EXTENSIONS) if (ctx.isFile(base + candidate)) return base + candidate;
  // `..` from a top-level directory is the project root itself: its index is `index.ts`.
  const dir = base === '' ? '' : `${base}/`;
  if (base === '' || ctx.isDir(base)) {
    for (const candidate of EXTENSIONS) if (ctx.isFile(`${dir}index${candidate}`)) return `${dir}index${candidate}`;
  }
  return undefined;
}

function nearestTsConfig(ctx: ResolveContext, fromFile: string): TsConfig | undefined {
  for (const dir of ancestorDirs(fromFile)) {
    const config = ctx.config.tsconfigs.get(dir);
    if (config) return config;
  }
  return undefined;
}

function viaPaths(ctx: ResolveContext, config: TsConfig, spec: string): string | undefined {
  for (const mapping of config.paths) {
    let match: string;
    if (mapping.wildcard) {
      if (!spec.startsWith(mapping.prefix) || !spec.endsWith(mapping.suffix)) continue;
      if (spec.length < mapping.prefix.length + mapping.suffix.length) continue;
      match = spec.slice(mapping.prefix.length, spec.length - mapping.suffix.length);
    } else {
      if (spec !== mapping.prefix) continue;
      match = '';
    }
    for (const target of mapping.targets) {
      const found = probeFile(ctx, target.replace('*', match));
      if (found) return found;
    }
  }
  return undefined;
}

/** Built output (`dist/index.js`, `lib/x.d.ts`) back to the source it was compiled from. */
function sourceCandidates(path: string): string[] {
  const stripped = path.replace(/\.d\.ts$|\.(m|c)?js$/, '');
  const out = [path, stripped];
  const built = /^(dist|build|lib|out|esm|cjs)(\/(esm|cjs|types|src))?\//.exec(stripped);
  if (built) out.push(`src/${stripped.slice(built[0].length)}`, stripped.slice(built[0].length));
  return out;
}

function matchExport(pkg: WorkspacePackage, subpath: string): string[] {
  const exact = pkg.exports.get(subpath);
  if (exact) return exact;
  for (const [key, targets] of pkg.exports) {
    const star = key.indexOf('*');
    if (star < 0) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (subpath.startsWith(prefix) && subpath.endsWith(suffix) && subpath.length >= prefix.length + suffix.length) {
      const match = subpath.slice(prefix.length, subpath.length - suffix.length);
      return targets.map((target) => target.replace('*', match));
    }
  }
  return [];
}

function viaWorkspace(ctx: ResolveContext, spec: string): string | undefined {
  let best: WorkspacePackage | undefined;
  for (const pkg of ctx.config.packages) {
    if ((spec === pkg.name || spec.startsWith(`${pkg.name}/`)) && (!best || pkg.name.length > best.name.length)) best = pkg;
  }
  if (!best) return undefined;
  const subpath = spec === best.name ? '.' : `.${spec.slice(best.name.length)}`;
  const targets = [...matchExport(best, subpath)];
  if (subpath === '.') targets.push('src/index', 'index');
  else targets.push(`src/${subpath.slice(2)}`, subpath.slice(2));
  for (const target of targets) {
    for (const candidate of sourceCandidates(joinPath('', target) ?? target)) {
      const path = joinPath(best.dir, candidate);
      const found = path === undefined ? undefined : probeFile(ctx, path);
      if (found) return found;
    }
  }
  return undefined;
}

/** The project file an import specifier leads to, or undefined for an external/unknown module. */
export function resolveTsModule(ctx: ResolveContext, fromFile: string, spec: string): string | undefined {
  if (spec.startsWith('./') || spec.startsWith('../') || spec === '.' || spec === '..') {
    const base = joinPath(dirOf(fromFile), spec);
    return base === undefined ? undefined : probeFile(ctx, base);
  }
  if (spec.startsWith('/') || /^[a-z]+:/i.test(spec)) return undefined;
  const config = nearestTsConfig(ctx, fromFile);
  if (config) {
    const mapped = viaPaths(ctx, config, spec);
    if (mapped) return mapped;
  }
  const workspace = viaWorkspace(ctx, spec);
  if (workspace) return workspace;
  if (config?.baseUrl !== undefined) {
    const base = joinPath(config.baseUrl, spec);
    if (base !== undefined) return probeFile(ctx, base);
  }
  return undefined;
}
