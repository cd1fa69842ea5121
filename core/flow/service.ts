// The I/O edge of flow analysis: resolves a file and function through the project index, then
// has the analysis computed where the index says heavy parsing belongs — on this thread (the CLI,
// where starting a worker would cost more than the parse) or in the worker pool (the daemon, whose
// event loop keeps answering other clients meanwhile and whose heap holds no syntax trees).
import { TldrError } from '../errors.js';
import { resolveInsideRoot } from '../project/root.js';
import type { QueryContext } from '../query/context.js';
import type { FileRecord, FunctionRecord } from '../types.js';
import type { FlowJob, FlowKind, FlowOutcome, FlowReports } from './compute.js';
import { findFunction, nestedFunctionAt } from './locate.js';

export interface FlowTarget {
  /** Path relative to the project root. */
  file: string;
  record: FileRecord;
  fn: FunctionRecord;
}

export interface FlowQuery {
  file: string;
  function: string;
  /** For `slice`. */
  line?: number;
  forward?: boolean;
  var?: string;
}

/** The report of one flow query (`cfg`, `dfg`, `pdg`, `slice`), or the TldrError explaining why there is none. */
export async function runFlowQuery<K extends FlowKind>(ctx: QueryContext, kind: K, query: FlowQuery): Promise<FlowReports[K]> {
  const target = await locateFunction(ctx, query.file, query.function);
  let slice: FlowJob['slice'];
  if (kind === 'slice') {
    const line = Number(query.line);
    target.fn = overloadAt(target.fn, line) ?? target.fn;
    checkLineInFunction(target, line);
    slice = { line, forward: query.forward, var: query.var };
  }
  const job: FlowJob = {
    kind,
    language: target.record.language,
    file: target.file,
    fn: target.fn,
    hash: target.record.hash,
    source: await ctx.index.source(target.file),
    ...(slice ? { slice } : {}),
  };
  const outcome = await analyse(ctx, job);
  switch (outcome.status) {
    case 'report':
      return outcome.report as FlowReports[K];
    case 'error':
      throw new TldrError(outcome.message, outcome.hint, outcome.exitCode);
    case 'no-statement':
      throw noStatementAt(target, job.slice!.line, outcome.lines);
  }
}

async function analyse(ctx: QueryContext, job: FlowJob): Promise<FlowOutcome> {
  if (ctx.index.analysis === 'pool') {
    const { analyseInPool } = await import('../pool/extract-pool.js');
    return analyseInPool(job);
  }
  const { computeFlow } = await import('./compute.js');
  return computeFlow(job);
}

async function locateFunction(ctx: QueryContext, file: string, name: string): Promise<FlowTarget> {
  if (!name) throw new TldrError('a function name is required', 'e.g. tldr cfg src/a.ts main', 2);
  const rel = resolveInsideRoot(ctx.index.root, file, ctx.cwd);
  const record = await ctx.index.record(rel);
  return { file: rel, record, fn: findFunction(record, name) };
}

/**
 * Where each overload has its own body (Java, C++, …), the one holding `line`, as a function of its
 * own lines: a slice criterion names the overload.
 */
function overloadAt(fn: FunctionRecord, line: number): FunctionRecord | undefined {
  if (line >= fn.line && line <= fn.end_line) return undefined;
  const overload = fn.overloads?.find((o) => !o.is_declaration && line >= o.line && line <= o.end_line);
  return overload && { ...fn, line: overload.line, end_line: overload.end_line, signature: overload.signature };
}

/** Checks that a slice criterion lies inside the function's lines. */
function checkLineInFunction(target: FlowTarget, line: number): void {
  const { fn } = target;
  if (!Number.isInteger(line) || line < fn.line || line > fn.end_line) {
    throw new TldrError(`line ${line} is outside ${fn.qualified_name} (lines ${fn.line}-${fn.end_line})`, 'pick a line inside the function');
  }
}

/** The error for a line of the function that no statement stands for. */
function noStatementAt(target: FlowTarget, line: number, statementLines: number[]): TldrError {
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
