// A flow query as a job: plain data in (the function's record and its file's source), plain data
// out (the report, or the error to show). The same code runs on the CLI's thread and in a pool
// worker (the daemon), so nothing here reads the project; analyses are memoised per thread by
// (content hash, function), so repeated queries on one function skip parsing and building.
import { TldrError, type ExitCode } from '../errors.js';
import { parseSource } from '../parse/parser.js';
import type { FunctionRecord, LanguageId } from '../types.js';
import { languageById } from '../../grammars/languages.js';
import { analyseFunctionNode, type FunctionFlow } from './analyze.js';
import { functionNode } from './locate.js';
import { Lru } from './memo.js';
import {
  cfgReport,
  dfgReport,
  pdgReport,
  sliceReport,
  statementLines,
  variablesOnLine,
  type CfgReport,
  type DfgReport,
  type PdgReport,
  type SliceReport,
} from './report.js';

export type FlowKind = 'cfg' | 'dfg' | 'pdg' | 'slice';

export interface FlowJob {
  kind: FlowKind;
  language: LanguageId;
  /** Path relative to the project root, as the report names it. */
  file: string;
  fn: FunctionRecord;
  /** Content hash of the record `fn` comes from: the memo key. */
  hash: string;
  source: string;
  /** For `slice`: the criterion line (inside the function), direction and variable. */
  slice?: { line: number; forward?: boolean; var?: string };
}

export interface FlowReports {
  cfg: CfgReport;
  dfg: DfgReport;
  pdg: PdgReport;
  slice: SliceReport;
}

export type FlowReport = FlowReports[FlowKind];

export type FlowOutcome =
  | { status: 'report'; report: FlowReport }
  | { status: 'error'; message: string; hint?: string; exitCode: ExitCode }
  /** No statement stands for the slice line; the caller explains it with the file's record. */
  | { status: 'no-statement'; lines: number[] };

const memo = new Lru<string, FunctionFlow>(64);

/** Runs the job; a TldrError becomes an `error` outcome, anything else (a bug) is thrown. */
export async function computeFlow(job: FlowJob): Promise<FlowOutcome> {
  try {
    return await compute(job);
  } catch (error) {
    if (error instanceof TldrError) return { status: 'error', ...error.toJSON() };
    throw error;
  }
}

async function compute(job: FlowJob): Promise<FlowOutcome> {
  const flow = await functionFlow(job);
  const subject = { file: job.file, function: job.fn.qualified_name };
  switch (job.kind) {
    case 'cfg':
      return { status: 'report', report: cfgReport(subject, flow) };
    case 'dfg':
      return { status: 'report', report: dfgReport(subject, flow) };
    case 'pdg':
      return { status: 'report', report: pdgReport(subject, flow) };
    case 'slice':
      return sliceOutcome(job, subject, flow);
  }
}

function sliceOutcome(job: FlowJob, subject: { file: string; function: string }, flow: FunctionFlow): FlowOutcome {
  const { line, forward, var: variable } = job.slice!;
  if (variable !== undefined && statementLines(flow).includes(line)) {
    const present = variablesOnLine(flow, line);
    if (!present.includes(variable)) {
      throw new TldrError(
        `variable ${variable} does not occur on line ${line}`,
        present.length > 0 ? `variables on that line: ${present.join(', ')}` : 'that line reads and writes no variables; drop --var',
      );
    }
  }
  const report = sliceReport(subject, flow, { line, direction: forward ? 'forward' : 'backward', variable });
  return report ? { status: 'report', report } : { status: 'no-statement', lines: statementLines(flow) };
}

async function functionFlow(job: FlowJob): Promise<FunctionFlow> {
  const { fn } = job;
  const key = `${job.hash}\u0000${fn.qualified_name}\u0000${fn.line}`;
  let flow = memo.get(key);
  if (flow) return flow;
  const profile = await languageById(job.language).flow();
  const tree = await parseSource(job.language, job.source);
  try {
    flow = analyseFunctionNode(functionNode(tree, profile, fn), job.source, profile);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new TldrError(`${fn.qualified_name} is nested too deeply to analyse`, 'analyse one of its nested functions instead');
    }
    throw error;
  } finally {
    tree.delete();
  }
  memo.set(key, flow);
  return flow;
}
