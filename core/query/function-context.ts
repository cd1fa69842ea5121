// `context <name> [--depth N]`: LLM-ready text about a function — its signature, docstring and
// location (an overloaded function's every overload signature), the signatures of what it calls
// (to depth N), and who calls it. (The handler lives in
// this file because `context.ts` holds the query context type.)
import type { CallGraph, Definition } from '../graph/call-graph.js';
import { directCallers } from '../graph/callers.js';
import { callGraphFor } from '../graph/for-index.js';
import { findDefinitions } from '../graph/lookup.js';
import { symbolKey, type SymbolRef } from '../graph/model.js';
import { otherOverloads } from '../extract/overloads.js';
import type { OverloadRecord } from '../types.js';
import type { QueryHandler } from './context.js';

export interface ContextArgs {
  name: string;
  depth?: number;
}

interface Described {
  file: string;
  function: string;
  line: number;
  signature?: string;
  doc?: string;
  /** How many overload signatures the callee has besides `signature`. */
  overloads?: number;
}

export interface ContextResult {
  target: string;
  definitions: Array<{ file: string; line: number; end_line: number; qualified_name: string; signature: string; doc?: string; overloads?: OverloadRecord[] }>;
  callees: Array<Described & { depth: number }>;
  unresolved_callees: string[];
  callers: Array<{ file: string; function: string; line: number }>;
  text: string;
}

export const DEFAULT_CONTEXT_DEPTH = 2;

function describe(graph: CallGraph, ref: SymbolRef): { signature?: string; doc?: string; line: number; overloads?: number } {
  const def = graph.definitions(ref.name).find((d) => d.file === ref.file && d.qualified_name === ref.name);
  if (!def) return { line: 0 };
  const others = otherOverloads(def).length;
  return { signature: def.signature, doc: def.doc, line: def.line, ...(others > 0 ? { overloads: others } : {}) };
}


function calleesOf(graph: CallGraph, definitions: Definition[], depth: number): { callees: ContextResult['callees']; unresolved: string[] } {
  const callees: ContextResult['callees'] = [];
  const unresolved = new Set<string>();
  const seen = new Set(definitions.map((d) => `${d.file}#${d.qualified_name}`));
  let frontier: SymbolRef[] = definitions.map((d) => ({ file: d.file, name: d.qualified_name }));
  for (let level = 1; level <= depth && frontier.length; level++) {
    const next: SymbolRef[] = [];
    for (const ref of frontier) {
      for (const edge of graph.calleesOf(ref)) {
        if (!edge.to) {
          if (level === 1 && !edge.external) unresolved.add(edge.callee);
          continue;
        }
        const key = symbolKey(edge.to);
        if (seen.has(key)) continue;
        seen.add(key);
        const info = describe(graph, edge.to);
        callees.push({ file: edge.to.file, function: edge.to.name, ...info, depth: level });
        next.push(edge.to);
      }
    }
    frontier = next;
  }
  return { callees, unresolved: [...unresolved].sort() };
}

function render(result: Omit<ContextResult, 'text'>): string {
  const lines: string[] = [];
  for (const def of result.definitions) {
    lines.push(`# ${def.qualified_name}  (${def.file}:${def.line}-${def.end_line})`, def.signature);
    if (def.doc) lines.push(`  ${def.doc}`);
    for (const o of otherOverloads(def)) lines.push(`overload L${o.line}: ${o.signature}${o.doc ? `  — ${o.doc}` : ''}`);
  }
  if (result.callees.length) {
    lines.push('', '## Calls');
    for (const callee of result.callees) {
      const indent = '  '.repeat(callee.depth - 1);
      const overloads = callee.overloads ? ` (+${callee.overloads} overloads)` : '';
      lines.push(`${indent}- ${callee.signature ?? callee.function}${overloads}  (${callee.file}:${callee.line})${callee.doc ? ` — ${callee.doc}` : ''}`);
    }
  }
  if (result.unresolved_callees.length) lines.push('', `## Also calls (unresolved): ${result.unresolved_callees.join(', ')}`);
  lines.push('', '## Called by');
  if (result.callers.length === 0) lines.push('- (no callers found)');
  for (const caller of result.callers) lines.push(`- ${caller.function}  (${caller.file}:${caller.line})`);
  return `${lines.join('\n')}\n`;
}

export const functionContext: QueryHandler<ContextArgs, ContextResult> = async (ctx, args) => {
  const graph = await callGraphFor(ctx.index);
  const definitions = findDefinitions(graph, args.name);
  const { callees, unresolved } = calleesOf(graph, definitions, args.depth ?? DEFAULT_CONTEXT_DEPTH);
  const callers = definitions.flatMap((d) => directCallers(graph, { file: d.file, name: d.qualified_name }, d.is_class))
    .map(({ edge }) => ({ file: edge.from.file, function: edge.from.name, line: edge.line }));
  const result = {
    target: args.name,
    definitions: definitions.map((d) => {
      const out: ContextResult['definitions'][number] = { file: d.file, line: d.line, end_line: d.end_line, qualified_name: d.qualified_name, signature: d.signature };
      if (d.doc) out.doc = d.doc;
      if (d.overloads) out.overloads = d.overloads;
      return out;
    }),
    callees,
    unresolved_callees: unresolved,
    callers,
  };
  return { ...result, text: render(result) };
};
