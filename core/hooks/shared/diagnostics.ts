// The one seam between the hooks and tldr's diagnostics (core/diagnostics): a file's problems as
// far as they are known within a deadline — syntax errors from its record at once, type and lint
// errors from the project's own checkers when they finish in time, else handed to the next call
// for the same file (marked late).
import { diagnose, type DiagnosticsResult } from '../../diagnostics/index.js';
import type { HookServices } from '../contract.js';

/** Diagnostics of one project file; `checkers: false` asks for syntax errors only. */
export async function fileDiagnostics(services: HookServices, path: string, deadlineMs: number, checkers: boolean): Promise<DiagnosticsResult> {
  return diagnose(await services.index(), path, { deadlineMs, tools: checkers ? 'auto' : [] });
}
