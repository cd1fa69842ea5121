// `tldr diagnostics <file|dir> [--no-types] [--tool T,…] [--deadline MS]`: syntax errors from
// tree-sitter, type and lint errors from the project's own checkers, and each checker's status.
import { intOption, queryCommand } from '../command.js';
import type { DiagnosticsArgs, DiagnosticsResult } from '../../core/query/diagnostics.js';
import type { ToolName } from '../../core/diagnostics/types.js';

export const diagnosticsCommand = queryCommand<DiagnosticsArgs, DiagnosticsResult>({
  name: 'diagnostics',
  args: '<path>',
  summary: 'syntax errors (tree-sitter, every language) and type/lint errors from the project\'s own tsc, pyright/mypy, ruff, go vet, cargo check (JSON: {path, files, diagnostics:[{file,line,column,end_line,severity,code,message,source}], tools:[{tool,status,…}]})',
  options: (command) =>
    command
      .option('--no-types', 'syntax errors only: run none of the project\'s checkers')
      .option('--tool <names>', 'only these checkers, comma-separated: typescript, pyright, mypy, ruff, go-vet, cargo')
      .option('--deadline <ms>', 'answer after this long; checkers still running are reported pending and answer the next call'),
  toArgs: (positional, options) => {
    const args: DiagnosticsArgs = { path: positional[0] };
    if (options.types === false) args.types = false;
    if (typeof options.tool === 'string') args.tools = options.tool.split(',').map((t) => t.trim()).filter(Boolean) as ToolName[];
    if (options.deadline !== undefined) args.deadline_ms = intOption(options.deadline, '--deadline', 1500);
    return args;
  },
  text: formatDiagnostics,
});

export function formatDiagnostics(result: DiagnosticsResult): string {
  const out = result.diagnostics.map((d) => {
    const message = d.message.split('\n').map((line) => line.trim()).filter(Boolean).join(' ');
    return `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.code} (${d.source}) ${message}`;
  });
  const where = result.path === '' ? 'the project' : result.path;
  const count = (severity: string) => result.diagnostics.filter((d) => d.severity === severity).length;
  const errors = count('error');
  const warnings = count('warning');
  const files = `${result.files} file${result.files === 1 ? '' : 's'}`;
  out.push(result.diagnostics.length === 0
    ? `no problems found in ${where} (${files})`
    : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}, ${result.diagnostics.length - errors - warnings} other in ${where} (${files})`);
  out.push(`syntax: tree-sitter, checked`);
  for (const t of result.tools) {
    const facts = [t.detail, t.elapsed_ms === undefined ? undefined : `${t.elapsed_ms} ms`].filter(Boolean).join(', ');
    const note = t.late ? (t.stale ? ' — late results of a run on earlier content' : ' — late results') : '';
    out.push(`${t.tool}: ${t.status}${facts ? ` (${facts})` : ''}${note}`);
  }
  if (result.tools.length === 0) out.push('type checkers: not run (no checker applies, or --no-types)');
  return `${out.join('\n')}\n`;
}
