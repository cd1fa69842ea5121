// The I/O edge of flow analysis: resolves a file and function through the project index, parses
// the file, analyses the function and memoises the result per (content hash, function).
import { TldrError } from '../errors.js';
import { parseSource } from '../parse/parser.js';
import { resolveInsideRoot } from '../project/root.js';
import type { QueryContext } from '../query/context.js';
import type { FileRecord, FunctionRecord } from '../types.js';
import { languageById } from '../../grammars/languages.js';
import { analyseFunctionNode, type FunctionFlow } from './analyze.js';
import { findFunction, functionNode, nestedFunctionAt } from './locate.js';
import { Lru } from './memo.js';

export interface FlowTarget {
  /** Path relative to the project root. */
  file: string;
  record: FileRecord;
  fn: FunctionRecord;
  flow: FunctionFlow;
}

const memo = new Lru<string, FunctionFlow>(64);

export async function loadFunctionFlow(ctx: QueryContext, file: string, name: string): Promise<FlowTarget> {
  if (!name) throw new TldrError('a function name is required', 'e.g. tldr cfg src/a.ts main', 2);
  const rel = resolveInsideRoot(ctx.index.root, file, ctx.cwd);
  const record = await ctx.index.record(rel);
  const fn = findFunction(record, name);
  const key = `${record.hash}\u0000${fn.qualified_name}\u0000${fn.line}`;
  let flow = memo.get(key);
  if (!flow) {
    const source = await ctx.index.source(rel);
    const profile = await languageById(record.language).flow();
    const tree = await parseSource(record.language, source);
    try {
      flow = analyseFunctionNode(functionNode(tree, profile, fn), source, profile);
    } catch (error) {
      if (error instanceof RangeError) {
        throw new TldrError(`${fn.qualified_name} is nested too deeply to analyse`, 'analyse one of its nested functions instead');
      }
      throw error;
    } finally {
      tree.delete();
    }
    memo.set(key, flow);
  }
  return { file: rel, record, fn, flow };
}

/** Checks that a slice criterion lies inside the function's lines. */
export function checkLineInFunction(target: FlowTarget, line: number): void {
  const { fn } = target;
  if (!Number.isInteger(line) || line < fn.line || line > fn.end_line) {
    throw new TldrError(`line ${line} is outside ${fn.qualified_name} (lines ${fn.line}-${fn.end_line})`, 'pick a line inside the function');
  }
}

/** The error for a line of the function that no statement stands for. */
export function noStatementAt(target: FlowTarget, line: number, statementLines: number[]): TldrError {
  const nested = nestedFunctionAt(target.record, target.fn, line);
  if (nested) {
    return new TldrError(
      `line ${line} is inside the nested function ${nested.qualified_name} (lines ${nested.line}-${nested.end_line})`,
      `slice it on its own: tldr slice ${target.file} '${nested.qualified_name}' ${line}`,
    );
  }
  const nearest = [...statementLines].sort((a, b) => Math.abs(a - line) - Math.abs(b - line) || a - b).slice(0, 3).sort((a, b) => a - b);
  return new TldrError(`line ${line} of ${target.fn.qualified_name} holds no statement`, `nearest statement lines: ${nearest.join(', ')}`);
}
