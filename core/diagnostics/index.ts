// Diagnostics of a file or directory: what is broken, from the fastest source to the slowest.
//
//   diagnose(index, path, { deadlineMs, tools, timeoutMs }) → Promise<DiagnosticsResult>
//
// - Syntax errors come from tree-sitter, for every language, at once: they are in the file's
//   record (FileRecord.errors), so they cost a record read (microseconds in the daemon).
// - Type and lint errors come from the checkers the project already has — its own `typescript`
//   package (resolved from the project root) as warm language services in a worker thread;
//   pyright or mypy (whichever the project configures, else whichever is present) and ruff for
//   Python; `go vet`; `cargo check --offline`. They are found in node_modules/.bin, .venv/bin,
//   venv/bin or PATH, never installed, and run only when asked (`tools` other than `[]`): they are
//   the one thing from the analysed project tldr ever executes (DESIGN §9).
// - Every checker that applies gets a status (ToolStatus): `ok`, `missing`, `timeout`,
//   `crashed` or `pending` — an empty diagnostics list is "clean" only next to `ok`.
// - `deadlineMs` bounds the wait. A checker not done by then is reported `pending` and keeps
//   running (up to `timeoutMs`, then it is killed); the next call for the same path gets its
//   findings, marked `late` (and `stale` when the file changed in between), alongside a new run
//   for the current content. This is what the post-edit hook needs inside the daemon: syntax at
//   once, type errors when they arrive within its budget, otherwise on the next call.
// - Results are reused while nothing in the project changed: asking twice costs one run.
//
// One DiagnosticsService per ProjectIndex (the daemon's lives as long as the daemon; its
// TypeScript worker does not hold the process open).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectIndex } from '../index/project-index.js';
import { resolveInsideRoot } from '../project/root.js';
import { killRunningProcesses } from './run-process.js';
import { DiagnosticsService, type DiagnoseOptions } from './service.js';
import type { DiagnosticsResult } from './types.js';

export type { DiagnoseOptions } from './service.js';
export { DEFAULT_TOOL_TIMEOUT_MS, toolTimeoutMs } from './service.js';
export type { Diagnostic, DiagnosticsResult, Severity, ToolName, ToolState, ToolStatus } from './types.js';
export { TOOL_NAMES } from './types.js';

const services = new WeakMap<ProjectIndex, DiagnosticsService>();

function serviceFor(index: ProjectIndex): DiagnosticsService {
  let service = services.get(index);
  if (!service) {
    service = new DiagnosticsService(index);
    services.set(index, service);
  }
  return service;
}

/**
 * Diagnostics of `path` (absolute, or relative to `cwd`, default the root): a file, or every
 * indexed file under a directory. Throws TldrError for a path outside the project or missing.
 */
export async function diagnose(index: ProjectIndex, path: string, options: DiagnoseOptions = {}, cwd = index.root): Promise<DiagnosticsResult> {
  const rel = resolveInsideRoot(index.root, path, cwd);
  const isDirectory = statSync(join(index.root, rel)).isDirectory();
  return serviceFor(index).diagnose(rel, isDirectory, options);
}

/**
 * Ends the index's checkers — the TypeScript worker and every checker process still running — so
 * that a daemon shutting down does not wait for them. A later call starts them again.
 */
export function closeDiagnostics(index: ProjectIndex): void {
  services.get(index)?.close();
  services.delete(index);
  killRunningProcesses();
}
