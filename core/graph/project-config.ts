// Build configuration that decides where imports lead: tsconfig/jsconfig `baseUrl`/`paths`
// (with `extends`), workspace packages (package.json `name`/`exports`), Go modules (go.mod) and
// Rust crates (Cargo.toml). Parsing is pure; `loadProjectConfig` does the reading.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ancestorDirs, dirOf, joinPath } from './file-set.js';

export interface PathMapping {
  /** `@app/*` → prefix `@app/`, suffix ``, wildcard true. */
  prefix: string;
  suffix: string;
  wildcard: boolean;
  /** Substitution templates, project-relative, `*` where the match goes. */
  targets: string[];
}

export interface TsConfig {
  /** Directory holding the tsconfig/jsconfig file. */
  dir: string;
  /** Project-relative directory non-relative specifiers resolve from, when set. */
  baseUrl?: string;
  paths: PathMapping[];
}

export interface WorkspacePackage {
  name: string;
  dir: string;
  /** Subpath (`.`, `./utils`, `./*`) → candidate targets, package-relative, in preference order. */
  exports: Map<string, string[]>;
}

export interface GoModule {
  dir: string;
  path: string;
}

export interface RustCrate {
  dir: string;
  /** Crate name as used in paths (`-` → `_`). */
  name: string;
}

export interface ProjectConfig {
  tsconfigs: Map<string, TsConfig>;
  packages: WorkspacePackage[];
  goModules: GoModule[];
  rustCrates: RustCrate[];
  /** Config files read, with their mtimes: a change to any of them calls for a rebuild. */
  sources: Array<{ path: string; mtimeMs: number }>;
}

export function emptyConfig(): ProjectConfig {
  return { tsconfigs: new Map(), packages: [], goModules: [], rustCrates: [], sources: [] };
}

/** Parses JSON with comments and trailing commas (tsconfig style); undefined when unreadable. */
export function parseJsonc(text: string): unknown {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      out += text.slice(start, i + 1);
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else {
      out += ch;
    }
  }
  try {
    return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
  } catch {
    return undefined;
  }
}

type Reader = (path: string) => string | undefined;

interface RawCompilerOptions {
  baseUrl?: { value: string; dir: string };
  paths?: { value: Record<string, string[]>; dir: string };
}

function readTsOptions(path: string, read: Reader, seen: Set<string>): RawCompilerOptions {
  if (seen.has(path)) return {};
  seen.add(path);
  const json = parseJsonc(read(path) ?? '') as { extends?: string | string[]; compilerOptions?: Record<string, unknown> } | undefined;
  if (!json || typeof json !== 'object') return {};
  const dir = dirOf(path);
  let options: RawCompilerOptions = {};
  const parents = typeof json.extends === 'string' ? [json.extends] : Array.isArray(json.extends) ? json.extends : [];
  for (const parent of parents) {
    const parentPath = extendsPath(dir, parent, read);
    if (parentPath) options = { ...options, ...readTsOptions(parentPath, read, seen) };
  }
  const compiler = json.compilerOptions ?? {};
  if (typeof compiler.baseUrl === 'string') options.baseUrl = { value: compiler.baseUrl, dir };
  if (compiler.paths && typeof compiler.paths === 'object') options.paths = { value: compiler.paths as Record<string, string[]>, dir };
  return options;
}

function extendsPath(dir: string, spec: string, read: Reader): string | undefined {
  const candidates: string[] = [];
  if (spec.startsWith('.')) {
    const base = joinPath(dir, spec);
    if (base !== undefined) candidates.push(base, `${base}.json`, `${base}/tsconfig.json`);
  } else {
    for (const ancestor of ancestorDirs(`${dir}/x`)) {
      const base = joinPath(ancestor, `node_modules/${spec}`);
      if (base !== undefined) candidates.push(base, `${base}.json`, `${base}/tsconfig.json`);
    }
  }
  return candidates.find((candidate) => read(candidate) !== undefined);
}

/** The effective `baseUrl`/`paths` of the tsconfig at `path` (project-relative). */
export function parseTsConfig(path: string, read: Reader): TsConfig {
  const options = readTsOptions(path, read, new Set());
  const baseUrl = options.baseUrl ? joinPath(options.baseUrl.dir, options.baseUrl.value) : undefined;
  const paths: PathMapping[] = [];
  if (options.paths) {
    // TypeScript resolves `paths` from baseUrl when set, else from the config that declares them.
    const from = baseUrl ?? options.paths.dir;
    for (const [pattern, targets] of Object.entries(options.paths.value)) {
      if (!Array.isArray(targets)) continue;
      const star = pattern.indexOf('*');
      paths.push({
        prefix: star < 0 ? pattern : pattern.slice(0, star),
        suffix: star < 0 ? '' : pattern.slice(star + 1),
        wildcard: star >= 0,
        targets: targets.filter((t): t is string => typeof t === 'string').flatMap((t) => joinPath(from, t) ?? []),
      });
    }
    // Longest prefix first, as TypeScript picks the most specific pattern.
    paths.sort((a, b) => b.prefix.length - a.prefix.length);
  }
  return { dir: dirOf(path), baseUrl, paths };
}

const CONDITIONS = ['source', 'import', 'module', 'default', 'require', 'node', 'types', 'typings'];

function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(exportTargets);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const ordered = [...CONDITIONS.filter((c) => c in record), ...Object.keys(record).filter((c) => !CONDITIONS.includes(c))];
    return ordered.flatMap((c) => exportTargets(record[c]));
  }
  return [];
}

/** A workspace package's importable entry points from its package.json. */
export function parsePackageJson(dir: string, text: string): WorkspacePackage | undefined {
  const json = parseJsonc(text) as Record<string, unknown> | undefined;
  if (!json || typeof json.name !== 'string') return undefined;
  const exports = new Map<string, string[]>();
  const field = json.exports;
  if (typeof field === 'string' || Array.isArray(field)) {
    exports.set('.', exportTargets(field));
  } else if (field && typeof field === 'object') {
    const entries = Object.entries(field as Record<string, unknown>);
    if (entries.every(([key]) => key.startsWith('.'))) {
      for (const [key, value] of entries) exports.set(key, exportTargets(value));
    } else {
      exports.set('.', exportTargets(field));
    }
  }
  const main = ['source', 'module', 'main', 'types', 'typings']
    .map((key) => json[key])
    .filter((value): value is string => typeof value === 'string');
  exports.set('.', [...(exports.get('.') ?? []), ...main]);
  return { name: json.name, dir, exports };
}

export function parseGoMod(dir: string, text: string): GoModule | undefined {
  const match = /^\s*module\s+("?)([^\s"]+)\1/m.exec(text);
  return match ? { dir, path: match[2] } : undefined;
}

export function parseCargoToml(dir: string, text: string): RustCrate | undefined {
  const section = /\[(?:package|lib)\]([^[]*)/.exec(text);
  const name = section && /^\s*name\s*=\s*"([^"]+)"/m.exec(section[1]);
  return name ? { dir, name: name[1].replace(/-/g, '_') } : undefined;
}

const CONFIG_FILES = ['tsconfig.json', 'jsconfig.json', 'package.json', 'go.mod', 'Cargo.toml'];

/**
 * Reads the config files that sit in any directory holding project files (or an ancestor of one,
 * up to the root). `files` are project-relative paths.
 */
export function loadProjectConfig(root: string, files: Iterable<string>): ProjectConfig {
  const config = emptyConfig();
  const dirs = new Set<string>();
  for (const file of files) for (const dir of ancestorDirs(file)) {
    if (dirs.has(dir)) break;
    dirs.add(dir);
  }
  const texts = new Map<string, string | undefined>();
  const read: Reader = (path) => {
    if (!texts.has(path)) {
      try {
        texts.set(path, readFileSync(join(root, path), 'utf8'));
      } catch {
        texts.set(path, undefined);
      }
    }
    return texts.get(path);
  };
  for (const dir of [...dirs].sort()) {
    for (const name of CONFIG_FILES) {
      const path = dir === '' ? name : `${dir}/${name}`;
      const text = read(path);
      if (text === undefined) continue;
      if (name === 'tsconfig.json' || (name === 'jsconfig.json' && !config.tsconfigs.has(dir))) {
        config.tsconfigs.set(dir, parseTsConfig(path, read));
      } else if (name === 'package.json') {
        const pkg = parsePackageJson(dir, text);
        if (pkg) config.packages.push(pkg);
      } else if (name === 'go.mod') {
        const mod = parseGoMod(dir, text);
        if (mod) config.goModules.push(mod);
      } else if (name === 'Cargo.toml') {
        const crate = parseCargoToml(dir, text);
        if (crate) config.rustCrates.push(crate);
      }
    }
  }
  for (const [path, text] of texts) {
    if (text === undefined) continue;
    try {
      config.sources.push({ path, mtimeMs: statSync(join(root, path)).mtimeMs });
    } catch {
      // Vanished between read and stat: the next staleness check rebuilds anyway.
    }
  }
  return config;
}

/** True when a config file read at load time changed or vanished since. */
export function configChanged(root: string, config: ProjectConfig): boolean {
  return config.sources.some(({ path, mtimeMs }) => {
    try {
      return statSync(join(root, path)).mtimeMs !== mtimeMs;
    } catch {
      return true;
    }
  });
}
