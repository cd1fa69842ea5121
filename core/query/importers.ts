// `importers <module>`: the files that import a module, given as a project file or directory
// (resolved imports pointing into it) or as a specifier as written in imports (`./util`,
// `@acme/core`, `pkg.sub`, `github.com/x/y/util`).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { CallGraph } from '../graph/call-graph.js';
import { callGraphFor } from '../graph/for-index.js';
import { closestNames } from '../text/closest-names.js';
import { TldrError } from '../errors.js';
import { locateInsideRoot } from '../project/root.js';
import type { QueryHandler } from './context.js';

export interface ImportersArgs {
  module: string;
}

export interface ImportersResult {
  module: string;
  /** Project files the module denotes, when it is one. */
  targets: string[];
  importers: Array<{ file: string; line: number; module: string; names: string[] }>;
}

function pathTargets(graph: CallGraph, rel: string, isDir: boolean): string[] {
  if (!isDir) return graph.record(rel) ? [rel] : [];
  const prefix = rel === '' ? '' : `${rel}/`;
  return graph.paths().filter((path) => path.startsWith(prefix));
}

/** Files a dotted or slashed module name may denote (`pkg.mod` → `pkg/mod.py`, `pkg/mod/__init__.py`). */
function specTargets(graph: CallGraph, spec: string): string[] {
  const base = spec.includes('/') ? spec : spec.replace(/\./g, '/');
  return graph.paths().filter((path) => {
    const stem = path.replace(/\.[^./]+$/, '');
    return stem === base || stem === `${base}/__init__` || stem === `${base}/index` || stem.endsWith(`/${base}`);
  });
}

export const importers: QueryHandler<ImportersArgs, ImportersResult> = async (ctx, args) => {
  const graph = await callGraphFor(ctx.index);
  const located = locateInsideRoot(ctx.index.root, args.module, ctx.cwd);
  let targets: string[] = [];
  let inside = (_: string) => false;
  if (located.kind === 'outside') throw new TldrError(`path is outside the project: ${args.module}`, `project root is ${ctx.index.root}`);
  if (located.kind === 'inside') {
    const rel = located.rel;
    const isDir = statSync(join(ctx.index.root, rel)).isDirectory();
    targets = pathTargets(graph, rel, isDir);
    if (isDir) inside = (file) => rel === '' || file.startsWith(`${rel}/`);
  } else {
    targets = specTargets(graph, args.module);
  }
  const seen = new Set<string>();
  const out: ImportersResult['importers'] = [];
  const add = (file: string, line: number, module: string, names: string[]) => {
    const key = `${file}:${line}`;
    if (seen.has(key) || inside(file)) return;
    seen.add(key);
    out.push({ file, line, module, names });
  };
  for (const target of targets) for (const imp of graph.importers(target)) add(imp.file, imp.line, imp.module, imp.names);
  for (const fileGraph of graph.fileGraphs()) {
    for (const imp of fileGraph.imports) if (imp.module === args.module) add(fileGraph.path, imp.line, imp.module, imp.names);
  }
  if (targets.length === 0 && out.length === 0) {
    const specs = new Set(graph.fileGraphs().flatMap((g) => g.imports.map((i) => i.module)));
    const suggestions = closestNames([...specs, ...graph.paths()], args.module);
    throw new TldrError(`no project file or imported module matches ${args.module}`, suggestions.length ? `did you mean: ${suggestions.join(', ')}?` : 'give a project file, directory or an import specifier');
  }
  out.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return { module: args.module, targets, importers: out };
};
