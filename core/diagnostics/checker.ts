// What every type checker or linter adapter implements, and the outcome of one run. Adapters turn
// a tool's own output into Diagnostic records with absolute paths; the service makes them relative
// and keeps those about the paths asked for.
import type { Diagnostic, ToolName, ToolState } from './types.js';

export interface CheckRequest {
  /** The project root (absolute, symlinks resolved). */
  root: string;
  /** Absolute paths of the files or directories to check. */
  targets: string[];
  /** The run is killed after this long. */
  timeoutMs: number;
}

export interface ToolRun {
  status: Exclude<ToolState, 'pending'>;
  /** `file` holds an absolute path here. */
  diagnostics: Diagnostic[];
  detail?: string;
  elapsed_ms?: number;
}

export interface Checker {
  tool: ToolName;
  check(request: CheckRequest): Promise<ToolRun>;
}

/** The first meaningful line of a tool's error output, for a `crashed` status. */
export function firstLine(...texts: string[]): string {
  for (const text of texts) {
    const line = text.split('\n').map((l) => l.trim()).find((l) => l.length > 0);
    if (line) return line.length > 300 ? `${line.slice(0, 297)}…` : line;
  }
  return 'no output';
}

export function missing(detail: string): ToolRun {
  return { status: 'missing', diagnostics: [], detail };
}

/** Several runs of one tool as one: the worst status wins, findings add up. */
export function mergeRuns(runs: ToolRun[]): ToolRun {
  const order: ToolRun['status'][] = ['ok', 'missing', 'crashed', 'timeout'];
  const worst = runs.reduce((a, b) => (order.indexOf(b.status) > order.indexOf(a.status) ? b : a), runs[0]);
  return {
    status: worst.status,
    diagnostics: runs.flatMap((run) => run.diagnostics),
    detail: worst.detail,
    elapsed_ms: runs.reduce((sum, run) => sum + (run.elapsed_ms ?? 0), 0),
  };
}
