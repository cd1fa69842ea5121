// `arch`: the project's module structure from resolved imports — modules (directories), the
// dependencies between them with their direction, layers (a module sits above everything it
// depends on; layer 0 depends on no other module), and import cycles between modules and files.
import type { CallGraph } from '../graph/call-graph.js';
import { callGraphFor } from '../graph/for-index.js';
import { dirOf } from '../graph/file-set.js';
import type { QueryHandler } from './context.js';

export interface ArchArgs {
  /** Directory depth that makes a module (default: each directory is a module). */
  depth?: number;
}

export interface ArchResult {
  modules: Array<{ name: string; files: number; layer: number; depends_on: string[]; used_by: string[] }>;
  layers: Array<{ layer: number; modules: string[] }>;
  dependencies: Array<{ from: string; to: string; imports: number }>;
  /** Module groups that import each other (each a strongly connected set). */
  cycles: Array<{ modules: string[] }>;
  file_cycles: string[][];
}

export function moduleOf(path: string, depth?: number): string {
  const dir = dirOf(path);
  if (depth === undefined || dir === '') return dir === '' ? '.' : dir;
  return dir.split('/').slice(0, depth).join('/');
}

/** Strongly connected components (Tarjan), each sorted, in discovery order. */
export function stronglyConnected(nodes: string[], edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let counter = 0;
  const visit = (start: string) => {
    // Iterative DFS: project graphs can be deep enough to overflow recursion.
    const work: Array<{ node: string; next: string[]; i: number }> = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: [...(edges.get(node) ?? [])].sort(), i: 0 });
    };
    open(start);
    while (work.length) {
      const frame = work[work.length - 1];
      if (frame.i < frame.next.length) {
        const to = frame.next[frame.i++];
        if (!index.has(to)) open(to);
        else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        out.push(component.sort());
      }
    }
  };
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return out;
}

export function architecture(graph: CallGraph, depth?: number): ArchResult {
  const fileEdges = new Map<string, Set<string>>();
  const moduleEdges = new Map<string, Map<string, number>>();
  const moduleFiles = new Map<string, number>();
  for (const path of graph.paths()) {
    const module = moduleOf(path, depth);
    moduleFiles.set(module, (moduleFiles.get(module) ?? 0) + 1);
  }
  for (const fileGraph of graph.fileGraphs()) {
    const from = moduleOf(fileGraph.path, depth);
    for (const imp of fileGraph.imports) {
      for (const target of imp.targets) {
        if (target === fileGraph.path) continue;
        let set = fileEdges.get(fileGraph.path);
        if (!set) fileEdges.set(fileGraph.path, (set = new Set()));
        set.add(target);
        const to = moduleOf(target, depth);
        if (to === from) continue;
        let counts = moduleEdges.get(from);
        if (!counts) moduleEdges.set(from, (counts = new Map()));
        counts.set(to, (counts.get(to) ?? 0) + 1);
      }
    }
  }
  const modules = [...moduleFiles.keys()].sort();
  const adjacency = new Map([...moduleEdges].map(([from, counts]) => [from, new Set(counts.keys())]));
  const components = stronglyConnected(modules, adjacency);
  const componentOf = new Map<string, number>();
  components.forEach((component, i) => component.forEach((m) => componentOf.set(m, i)));
  // Tarjan emits components dependencies-first, so one pass in that order assigns layers.
  const componentLayer: number[] = [];
  components.forEach((component, i) => {
    let layer = 0;
    for (const m of component) {
      for (const to of adjacency.get(m) ?? []) {
        const j = componentOf.get(to)!;
        if (j !== i) layer = Math.max(layer, componentLayer[j] + 1);
      }
    }
    componentLayer[i] = layer;
  });
  const usedBy = new Map<string, Set<string>>();
  for (const [from, counts] of moduleEdges) for (const to of counts.keys()) {
    let set = usedBy.get(to);
    if (!set) usedBy.set(to, (set = new Set()));
    set.add(from);
  }
  const layerOf = (m: string) => componentLayer[componentOf.get(m)!];
  const layers = new Map<number, string[]>();
  for (const m of modules) {
    const list = layers.get(layerOf(m)) ?? [];
    list.push(m);
    layers.set(layerOf(m), list);
  }
  const fileNodes = [...new Set([...fileEdges.keys(), ...[...fileEdges.values()].flatMap((s) => [...s])])];
  return {
    modules: modules.map((name) => ({
      name,
      files: moduleFiles.get(name)!,
      layer: layerOf(name),
      depends_on: [...(adjacency.get(name) ?? [])].sort(),
      used_by: [...(usedBy.get(name) ?? [])].sort(),
    })),
    layers: [...layers].sort((a, b) => a[0] - b[0]).map(([layer, list]) => ({ layer, modules: list })),
    dependencies: [...moduleEdges].flatMap(([from, counts]) => [...counts].map(([to, imports]) => ({ from, to, imports })))
      .sort((a, b) => layerOf(b.from) - layerOf(a.from) || a.from.localeCompare(b.from) || a.to.localeCompare(b.to)),
    cycles: components.filter((c) => c.length > 1).map((c) => ({ modules: c })),
    file_cycles: stronglyConnected(fileNodes, fileEdges).filter((c) => c.length > 1),
  };
}

export const arch: QueryHandler<ArchArgs, ArchResult> = async (ctx, args) => architecture(await callGraphFor(ctx.index), args.depth);
