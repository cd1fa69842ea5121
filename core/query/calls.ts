// `calls [path]`: the call-graph edges leaving the files under a path (the whole project by
// default). Unresolved edges are included with `resolved: false` and low confidence; `to.file` is
// null for them and `to.function` is the callee as written.
import { callGraphFor } from '../graph/for-index.js';
import type { Confidence, Via } from '../graph/model.js';
import { resolveInsideRoot } from '../project/root.js';
import type { QueryHandler } from './context.js';

export interface CallsArgs {
  path?: string;
  /** Leave out unresolved edges. */
  resolvedOnly?: boolean;
}

export interface CallsEdge {
  from: { file: string; function: string };
  to: { file: string | null; function: string };
  line: number;
  resolved: boolean;
  confidence: Confidence;
  via: Via;
  external?: boolean;
  /** The function is read as a value on that line (passed, stored), not called. */
  reference?: boolean;
}

export interface CallsResult {
  path: string;
  edges: CallsEdge[];
  resolved: number;
  unresolved: number;
}

export const calls: QueryHandler<CallsArgs, CallsResult> = async (ctx, args) => {
  const graph = await callGraphFor(ctx.index);
  const path = args.path === undefined ? '' : resolveInsideRoot(ctx.index.root, args.path, ctx.cwd);
  const inside = (file: string) => path === '' || file === path || file.startsWith(`${path}/`);
  const edges: CallsEdge[] = [];
  let resolved = 0;
  for (const fileGraph of graph.fileGraphs()) {
    if (!inside(fileGraph.path)) continue;
    for (const edge of fileGraph.edges) {
      if (edge.to) resolved++;
      else if (args.resolvedOnly) continue;
      const out: CallsEdge = {
        from: { file: edge.from.file, function: edge.from.name },
        to: edge.to ? { file: edge.to.file, function: edge.to.name } : { file: null, function: edge.callee },
        line: edge.line,
        resolved: edge.to !== undefined,
        confidence: edge.confidence,
        via: edge.via,
      };
      if (edge.external) out.external = true;
      if (edge.reference) out.reference = true;
      edges.push(out);
    }
  }
  return { path, edges, resolved, unresolved: edges.length - resolved };
};
