// `diagnostics <file|dir>`: syntax errors always, the project's own type checkers and linters
// unless `types: false` (core/diagnostics). In the daemon a caller waits at most DAEMON_WAIT_MS by
// default — below the clients' reply timeout — and a checker still running is reported `pending`
// and answered on the next call; in-process every checker is waited for (until its time limit).
import { TldrError } from '../errors.js';
import { TOOL_NAMES, diagnose, type DiagnosticsResult, type ToolName } from '../diagnostics/index.js';
import type { QueryHandler } from './context.js';

export interface DiagnosticsArgs {
  path: string;
  /** false: tree-sitter syntax errors only, no checker runs. Default true. */
  types?: boolean;
  /** Only these checkers (of those that apply to the files' languages). */
  tools?: ToolName[];
  /** Return after this long with what is ready; the rest is `pending`. */
  deadline_ms?: number;
}

export type { DiagnosticsResult };

const DAEMON_WAIT_MS = 25_000;

export const diagnosticsQuery: QueryHandler<DiagnosticsArgs, DiagnosticsResult> = async (ctx, args) => {
  if (typeof args.path !== 'string' || args.path === '') throw new TldrError('a file or directory is required', 'e.g. tldr diagnostics src/app.ts', 2);
  for (const tool of args.tools ?? []) {
    if (!TOOL_NAMES.includes(tool)) throw new TldrError(`unknown checker ${String(tool)}`, `use ${TOOL_NAMES.join(', ')}`, 2);
  }
  const deadline = args.deadline_ms;
  if (deadline !== undefined && !(Number.isInteger(deadline) && deadline >= 0)) {
    throw new TldrError(`deadline must be a non-negative integer (ms), got ${String(deadline)}`, 'e.g. 1500', 2);
  }
  // A background run outlives this call only where the process does: the daemon's pooled index.
  const longLived = ctx.index.analysis === 'pool';
  return diagnose(ctx.index, args.path, {
    tools: args.types === false ? [] : (args.tools ?? 'auto'),
    deadlineMs: deadline ?? (longLived ? DAEMON_WAIT_MS : undefined),
  }, ctx.cwd);
};
