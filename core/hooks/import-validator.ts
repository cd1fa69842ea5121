// import-validator (PostToolUse · Edit/Write): imports of the edited file that resolve to nothing
// — no project file (tldr's import resolution, the one the call graph uses) and no standard
// library module or dependency the project declares or has installed (shared/dependencies.ts).
// For an Edit only the imports its new text wrote are checked; for a Write, all of them. An
// import whose target cannot be told without the toolchain is never reported.
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { CallGraph } from '../graph/call-graph.js';
import type { ImportRecord } from '../types.js';
import { closestNames } from '../text/closest-names.js';
import { NO_ANSWER, withContext, type HookInput, type HookRun } from './contract.js';
import { fitLines } from './shared/answer.js';
import { externalImport, type External } from './shared/dependencies.js';
import { readyGraph } from './shared/graph.js';
import { editedFile } from './shared/record.js';
import { editTexts } from './shared/edit-texts.js';

const SCRIPT_EXTENSIONS = ['', '.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.json', '.node', '.rb', '.php', '.sh'];

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A path-like specifier exists on disk (an asset, an ignored or generated file), with the usual extensions or as a directory index. */
function existsOnDisk(base: string): boolean {
  if (SCRIPT_EXTENSIONS.some((ext) => isFile(base + ext))) return true;
  return existsSync(base) && ['index.ts', 'index.js', 'index.tsx', 'index.mjs', '__init__.py'].some((name) => isFile(join(base, name)));
}

/** Project directories, for telling a package of the project's own namespace from a library's. */
function projectDirs(graph: CallGraph): Set<string> {
  const dirs = new Set<string>();
  for (const path of graph.paths()) {
    for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) {
      const dir = path.slice(0, at);
      if (dirs.has(dir)) break;
      dirs.add(dir);
    }
  }
  return dirs;
}

function isProjectNamespace(dirs: Set<string>, packagePath: string): boolean {
  for (const dir of dirs) if (dir === packagePath || dir.endsWith(`/${packagePath}`)) return true;
  return false;
}

interface Check {
  root: string;
  file: string;
  language: string;
  /** The file's lines, read only for C and C++ (to tell `"…"` includes from `<…>` ones). */
  source: string[];
  graph: CallGraph;
  dirs?: Set<string>;
}

/** Why an import with no project target resolves to nothing, or undefined when it is fine or cannot be told. */
function problem(check: Check, imp: ImportRecord): string | undefined {
  const { root, file, language } = check;
  const fromDir = dirname(join(root, file));
  const spec = imp.module;
  switch (language) {
    case 'typescript':
    case 'tsx':
    case 'javascript': {
      if (spec.startsWith('.') || spec.startsWith('/')) return existsOnDisk(resolve(fromDir, spec)) ? undefined : 'no such file';
      return verdict(externalImport(language, spec, root, file), 'not a dependency in package.json, and not installed in node_modules');
    }
    case 'python': {
      if (spec.startsWith('.')) return 'no such module in the package';
      // A module under one of the project's own top-level packages must be in the project.
      const top = spec.split('.')[0];
      if (check.graph.paths().some((p) => p === `${top}.py` || p.endsWith(`/${top}.py`) || p === `${top}/__init__.py` || p.endsWith(`/${top}/__init__.py`))) return 'no such module in the project';
      return verdict(externalImport(language, spec, root, file), 'not in the standard library nor installed in the virtualenv');
    }
    case 'go': {
      const result = externalImport(language, spec, root, file);
      return verdict(result, 'no such package in the module, and not required in go.mod');
    }
    case 'rust': {
      // tldr's Rust resolution stops at the deepest module it finds, so targets are not proof: the
      // first module named must exist (a module file, an inline `mod` or item), or be a crate.
      const segments = spec.split('::');
      const first = segments[0] === 'crate' ? segments[1] : segments[0];
      if (first === undefined || first === 'self' || first === 'super') return undefined;
      const known = check.graph.paths().some((p) => p.endsWith(`/${first}.rs`) || p.endsWith(`/${first}/mod.rs`)) || check.graph.definitions(first).length > 0;
      if (known) return undefined;
      return segments[0] === 'crate' ? `no module ${first} in the crate` : verdict(externalImport(language, spec, root, file), 'not a dependency in Cargo.toml');
    }
    case 'java':
    case 'kotlin':
    case 'scala': {
      const parts = spec.split('.');
      const packagePath = (imp.names.includes('*') ? parts : parts.slice(0, -1)).join('/');
      check.dirs ??= projectDirs(check.graph);
      // The project's own namespace (its first two segments are project directories): the class or package must be there.
      const namespace = parts.slice(0, 2).join('/');
      if (parts.length > 2 && isProjectNamespace(check.dirs, namespace)) return isProjectNamespace(check.dirs, packagePath) ? 'no such class in the package' : 'no such package in the project';
      return undefined;
    }
    case 'c':
    case 'cpp': {
      // Only `#include "…"` names a project file; `<…>` is the system's.
      if (!check.source[imp.line - 1]?.includes(`"${spec}"`)) return undefined;
      return [fromDir, root, join(root, 'include'), join(root, 'src')].some((dir) => isFile(join(dir, spec))) ? undefined : 'no such header';
    }
    case 'ruby':
    case 'php':
    case 'bash': {
      if (imp.kind !== 'include' || spec.includes('$')) return undefined;
      const candidates = [resolve(fromDir, spec), resolve(root, spec)];
      return candidates.some((path) => existsOnDisk(path)) ? undefined : 'no such file';
    }
    default:
      return undefined;
  }
}

function verdict(result: External, why: string): string | undefined {
  return result === 'missing' ? why : undefined;
}

/** Imports the new text wrote: its module string appears in it (all of them for a Write). */
function written(input: HookInput, imports: ImportRecord[]): ImportRecord[] {
  if (input.tool_name === 'Write') return imports;
  const texts = editTexts(input).map((t) => t.next).join('\n');
  return imports.filter((imp) => texts.includes(imp.module));
}

export const importValidator: HookRun = async (input, services) => {
  // The record first: reading it re-parses the edited file, and the graph is patched from it.
  const edited = await editedFile(services, input, 'PostToolUse');
  if (!edited) return NO_ANSWER;
  const { path, record } = edited;
  const candidates = written(input, record.imports);
  if (candidates.length === 0) return NO_ANSWER;
  const graph = await readyGraph(services);
  const resolved = graph?.fileGraph(path);
  if (!graph || !resolved) return NO_ANSWER;
  const quotedIncludes = record.language === 'c' || record.language === 'cpp';
  const source = quotedIncludes ? (await (await services.index()).source(path)).split('\n') : [];
  const check: Check = { root: services.root, file: path, language: record.language, source, graph };
  const lines: string[] = [];
  for (const imp of candidates) {
    const targets = resolved.imports.find((r) => r.line === imp.line && r.module === imp.module)?.targets ?? [];
    if (targets.length > 0 && record.language !== 'rust') continue;
    const why = problem(check, imp);
    if (!why) continue;
    const near = spec(imp.module).length >= 3 ? closestNames(graph.paths(), spec(imp.module), 2, (p) => p.replace(/\.[^./]+$/, '').split('/').pop() ?? p) : [];
    lines.push(`L${imp.line} ${imp.module}: ${why}${near.length > 0 ? ` (project files with a close name: ${near.join(', ')})` : ''}`);
  }
  if (lines.length === 0) return NO_ANSWER;
  return withContext('PostToolUse', fitLines([`tldr: imports in ${path} that resolve to nothing in the project or its dependencies:`, ...lines]));
};

/** The last segment of a module specifier, the part a typo is in. */
function spec(module: string): string {
  return module.split(/[/.:\\]+/).filter(Boolean).pop() ?? module;
}
