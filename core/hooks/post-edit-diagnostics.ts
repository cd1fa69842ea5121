// post-edit-diagnostics (PostToolUse · Edit/Write): what is broken in the file the agent just
// changed — tree-sitter syntax errors at once (the record is re-read after the edit), type and
// lint errors from the project's own checkers (tsc, pyright/mypy, ruff, go vet, cargo) when they
// answer within a short wait; a checker still running hands its findings to the next edit of the
// file. A file with syntax errors gets only those: a type checker's view of it is noise.
import type { Diagnostic } from '../diagnostics/index.js';
import { NO_ANSWER, withContext, type HookRun } from './contract.js';
import { fitLines, oneLine } from './shared/answer.js';
import { fileDiagnostics } from './shared/diagnostics.js';
import { editedFile } from './shared/record.js';

/**
 * How long an edit waits for type checkers: a warm TypeScript service answers a file well within
 * it; slower checkers (pyright, cargo) report on the next edit instead of delaying this one.
 */
export const CHECKER_WAIT_MS = 300;
const MAX_PROBLEMS = 12;

function line(d: Diagnostic): string {
  const code = d.code === 'syntax' ? '' : ` ${d.code}`;
  return `L${d.line}:${d.column}${code} ${oneLine(d.message, 160)} (${d.source}${d.severity === 'error' ? '' : `, ${d.severity}`})`;
}

export const postEditDiagnostics: HookRun = async (input, services) => {
  const edited = await editedFile(services, input, 'PostToolUse');
  if (!edited) return NO_ANSWER;
  const { path, record } = edited;
  const checkers = record.errors.length === 0;
  const deadline = Math.max(0, Math.min(CHECKER_WAIT_MS, services.remainingMs() - 100));
  const result = await fileDiagnostics(services, path, deadline, checkers);
  // Findings of a run over older content: their lines may not be this file's any more.
  const stale = new Set(result.tools.filter((t) => t.stale).map((t) => t.tool as string));
  const problems = result.diagnostics.filter((d) => d.file === path && d.severity !== 'hint' && !stale.has(d.source));
  const pending = result.tools.filter((t) => t.status === 'pending' && !result.tools.some((o) => o.tool === t.tool && o.late)).map((t) => t.tool);
  if (problems.length === 0) return NO_ANSWER;
  const errors = problems.filter((d) => d.severity === 'error').length;
  const lines = [`tldr: ${path} after this edit has ${errors} error${errors === 1 ? '' : 's'}${problems.length > errors ? ` and ${problems.length - errors} warnings` : ''}:`];
  for (const d of problems.slice(0, MAX_PROBLEMS)) lines.push(line(d));
  if (problems.length > MAX_PROBLEMS) lines.push(`… ${problems.length - MAX_PROBLEMS} more: \`tldr diagnostics ${path}\``);
  if (pending.length > 0) lines.push(`(${pending.join(', ')} still checking: findings come with the next edit, or \`tldr diagnostics ${path}\`)`);
  return withContext('PostToolUse', fitLines(lines));
};
