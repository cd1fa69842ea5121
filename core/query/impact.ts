// `impact <name> [--file F] [--depth N]`: the definitions named so and everything that calls them,
// transitively, each caller with the call's line and its depth. Calls that could not be resolved
// but use the same name are listed apart as `possible_callers` (never mixed with certain ones).
import { callGraphFor } from '../graph/for-index.js';
import { transitiveCallers, type DispatchMode } from '../graph/callers.js';
import { findDefinitions } from '../graph/lookup.js';
import { resolveInsideRoot } from '../project/root.js';
import { TldrError } from '../errors.js';
import type { Confidence, SymbolRef, Via } from '../graph/model.js';
import type { QueryHandler } from './context.js';
import { DEFAULT_IMPACT_DEPTH } from './impact-depth.js';

export interface ImpactArgs {
  name: string;
  file?: string;
  depth?: number;
  dispatch?: DispatchMode;
}

export interface ImpactResult {
  target: string;
  definitions: Array<{ file: string; line: number; qualified_name: string }>;
  /** `reference`: the function is read as a value there (passed, stored), not called. */
  callers: Array<{ file: string; function: string; line: number; depth: number; via: Via; confidence: Confidence; reference?: true }>;
  /** Unresolved calls by the same name (receiver type unknown), not counted as callers. */
  possible_callers: Array<{ file: string; function: string; line: number; callee: string }>;
}

const DISPATCH_MODES = new Set(['none', 'abstract', 'family']);

export const impact: QueryHandler<ImpactArgs, ImpactResult> = async (ctx, args) => {
  if (args.dispatch !== undefined && !DISPATCH_MODES.has(args.dispatch)) {
    throw new TldrError(`unknown dispatch mode ${String(args.dispatch)}`, 'use none, abstract or family', 2);
  }
  const graph = await callGraphFor(ctx.index);
  const file = args.file === undefined ? undefined : resolveInsideRoot(ctx.index.root, args.file, ctx.cwd);
  const definitions = findDefinitions(graph, args.name, file);
  const depth = args.depth ?? DEFAULT_IMPACT_DEPTH;
  const callers = transitiveCallers(graph, definitions, depth, args.dispatch).map((c) => ({
    file: c.file, function: c.function, line: c.line, depth: c.depth, via: c.via, confidence: c.confidence,
    ...(c.reference ? { reference: true as const } : {}),
  }));
  const byName = new Map<string, SymbolRef[]>();
  for (const d of definitions) byName.set(d.name, [...(byName.get(d.name) ?? []), { file: d.file, name: d.qualified_name }]);
  const possible = [...byName].flatMap(([name, targets]) => graph.possibleCalls(name, targets))
    .map((edge) => ({ file: edge.from.file, function: edge.from.name, line: edge.line, callee: edge.callee }));
  return {
    target: args.name,
    definitions: definitions.map((d) => ({ file: d.file, line: d.line, qualified_name: d.qualified_name })),
    callers,
    possible_callers: possible,
  };
};
