// Call graph on the real ≈ 100k-line tree (rxjs sources + python3 stdlib): build time, resolution
// rate, `impact` latency through the query handler on a warm graph (what the daemon pays per
// query, freshness check included), and the time to patch the graph after one edited file.
import { CallGraph } from '../../core/graph/call-graph.js';
import { callGraphFor } from '../../core/graph/for-index.js';
import { openProjectIndex, type CachedProjectIndex } from '../../core/index/open.js';
import { closeExtractPool } from '../../core/pool/extract-pool.js';
import { impact } from '../../core/query/impact.js';
import { buildRealTree, type RealTree } from '../real-code.js';
import type { BenchSuite, Metric } from '../suite.js';

let tree: RealTree | undefined;
let index: CachedProjectIndex | undefined;
let graph: CallGraph | undefined;
let names: string[] = [];
let buildMs = 0;

/** Definitions that have callers, spread over the tree (every k-th, sorted): realistic impact targets. */
function impactTargets(source: CallGraph, count: number): string[] {
  const found: string[] = [];
  for (const path of source.paths()) {
    for (const def of source.definitionsIn(path)) {
      if (!def.qualified_name.includes('<') && source.callersOf({ file: def.file, name: def.qualified_name }).length > 0) found.push(def.qualified_name);
    }
  }
  const unique = [...new Set(found)].sort();
  const step = Math.max(1, Math.floor(unique.length / count));
  return unique.filter((_, i) => i % step === 0).slice(0, count);
}

export const suite: BenchSuite = {
  name: 'graph',
  async setup() {
    tree = buildRealTree(100_000);
    index = await openProjectIndex(tree.root);
    await index.records();
    const started = performance.now();
    graph = await callGraphFor(index);
    buildMs = performance.now() - started;
    names = impactTargets(graph, 50);
    if (names.length === 0) throw new Error('no definition with callers in the tree');
  },
  tasks() {
    let next = 0;
    const ctx = { index: index!, cwd: tree!.root };
    return [
      {
        name: 'impact --depth 3 (warm graph, 100k lines)',
        fn: () => impact(ctx, { name: names[next++ % names.length], depth: 3 }),
        iterations: 200,
        maxP50Ms: 2,
        maxP99Ms: 20,
      },
      {
        name: 'impact --depth 1 (warm graph, 100k lines)',
        fn: () => impact(ctx, { name: names[next++ % names.length], depth: 1 }),
        iterations: 200,
        maxP50Ms: 2,
        maxP99Ms: 20,
      },
    ];
  },
  async metrics(): Promise<Metric[]> {
    const g = graph!;
    let edges = 0;
    let resolved = 0;
    for (const fileGraph of g.fileGraphs()) {
      edges += fileGraph.edges.length;
      resolved += fileGraph.edges.filter((e) => e.to).length;
    }
    // Patch after an edit of the most depended-on file: the worst case for one change.
    const hub = g.paths().reduce((best, path) => (g.dependentsOf(path).length > g.dependentsOf(best).length ? path : best));
    const record = g.record(hub)!;
    const edited = { ...record, hash: `${record.hash}-edited` };
    const started = performance.now();
    const recomputed = g.apply([{ path: hub, before: record, after: edited }]);
    const patchMs = performance.now() - started;
    const leaf = g.paths().find((path) => g.dependentsOf(path).length === 0)!;
    const leafRecord = g.record(leaf)!;
    const leafStarted = performance.now();
    g.apply([{ path: leaf, before: leafRecord, after: { ...leafRecord, hash: `${leafRecord.hash}-edited` } }]);
    const leafMs = performance.now() - leafStarted;
    return [
      { name: 'tree lines', value: tree!.lines, unit: 'lines' },
      { name: 'graph build (from warm records)', value: Math.round(buildMs), unit: 'ms', max: 4000 },
      { name: 'call sites', value: edges, unit: 'edges' },
      { name: 'resolved call sites', value: Math.round((resolved / edges) * 1000) / 10, unit: '%' },
      { name: 'patch after editing a leaf file', value: Math.round(leafMs * 100) / 100, unit: 'ms', max: 50 },
      { name: `patch after editing the most depended-on file (${recomputed.length} files re-resolved)`, value: Math.round(patchMs), unit: 'ms' },
    ];
  },
  async teardown() {
    await index?.close();
    await closeExtractPool();
    tree?.cleanup();
  },
};
