// Shared helpers for the call-graph tests: fixture projects copied to temp dirs, indexed with the
// real pipeline, and small finders over the graph.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openProjectIndex } from '../../dist/core/index/open.js';
import { callGraphFor } from '../../dist/core/graph/for-index.js';
import type { CallGraph } from '../../dist/core/graph/call-graph.js';
import type { CallEdge } from '../../dist/core/graph/model.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/graph/', import.meta.url));

/** A private copy of a fixture project (tests may edit it). */
export function copyFixture(name: string): string {
  const root = mkdtempSync(join(tmpdir(), `tldr-graph-${name}-`));
  cpSync(join(FIXTURES, name), root, { recursive: true });
  return root;
}

export interface OpenGraph {
  root: string;
  graph: CallGraph;
  index: Awaited<ReturnType<typeof openProjectIndex>>;
  close(): Promise<void>;
}

export async function openFixture(name: string): Promise<OpenGraph> {
  const root = copyFixture(name);
  const index = await openProjectIndex(root, { extraction: 'in-process' });
  const graph = await callGraphFor(index);
  return {
    root,
    graph,
    index,
    async close() {
      await index.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The edges of a file whose callee text is `callee` (optionally from a given caller). */
export function edgesFrom(graph: CallGraph, file: string, callee: string, caller?: string): CallEdge[] {
  const fileGraph = graph.fileGraph(file);
  if (!fileGraph) throw new Error(`no graph for ${file}`);
  return fileGraph.edges.filter((e) => e.callee === callee && (caller === undefined || e.from.name === caller));
}

/** `file#name` of the single edge's target, or `unresolved` / `external`. */
export function targetOf(graph: CallGraph, file: string, callee: string, caller?: string): string {
  const edges = edgesFrom(graph, file, callee, caller);
  if (edges.length !== 1) throw new Error(`expected one edge ${callee} in ${file}${caller ? ` from ${caller}` : ''}, found ${edges.length}`);
  const [edge] = edges;
  if (edge.to) return `${edge.to.file}#${edge.to.name}`;
  return edge.external ? 'external' : 'unresolved';
}

/** The callers of a definition as `caller:line:call` or `caller:line:reference`, in graph order. */
export function callerSites(graph: CallGraph, ref: { file: string; name: string }): string[] {
  return graph.callersOf(ref).map((edge) => `${edge.from.name}:${edge.line}:${edge.reference ? 'reference' : 'call'}`);
}
