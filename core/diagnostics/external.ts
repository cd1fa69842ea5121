// The common run of an external checker: start it, map a time-out, a failure to start and an exit
// code the tool documents as a failure to `timeout` / `crashed`, and parse the rest.
import { firstLine, type ToolRun } from './checker.js';
import type { FoundTool } from './locate.js';
import { runProcess, type ProcessOutcome } from './run-process.js';
import type { Diagnostic } from './types.js';

export interface ExternalRun {
  found: FoundTool;
  args: string[];
  cwd: string;
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
  /** Exit codes that mean "ran and reported" (findings or none); any other is a crash. */
  okCodes: number[];
  /** Diagnostics from the output; throws when the output cannot be read. */
  parse(outcome: ProcessOutcome): Diagnostic[];
}

export async function runExternal(run: ExternalRun): Promise<ToolRun> {
  const outcome = await runProcess(run.found.path, run.args, { cwd: run.cwd, timeoutMs: run.timeoutMs, env: run.env });
  const elapsed_ms = Math.round(outcome.elapsedMs);
  const detail = run.found.where;
  if (outcome.startError) return { status: 'crashed', diagnostics: [], detail: `${detail}: cannot start: ${outcome.startError}`, elapsed_ms };
  if (outcome.timedOut) return { status: 'timeout', diagnostics: [], detail: `${detail}: killed after ${run.timeoutMs} ms`, elapsed_ms };
  let diagnostics: Diagnostic[];
  try {
    diagnostics = run.parse(outcome);
  } catch (error) {
    return { status: 'crashed', diagnostics: [], detail: `${detail}: unreadable output (${(error as Error).message}): ${firstLine(outcome.stderr, outcome.stdout)}`, elapsed_ms };
  }
  if (outcome.code === null || !run.okCodes.includes(outcome.code)) {
    // Some tools exit non-zero on findings and on failures alike: findings mean it ran.
    if (diagnostics.length === 0) {
      return { status: 'crashed', diagnostics: [], detail: `${detail}: exit ${outcome.code ?? 'by signal'}: ${firstLine(outcome.stderr, outcome.stdout)}`, elapsed_ms };
    }
  }
  return { status: 'ok', diagnostics, detail, elapsed_ms };
}
