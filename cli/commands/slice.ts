// `tldr slice <file> <fn> <line> [--forward] [--var V]`: the slice's code with line numbers.
import { queryCommand } from '../command.js';
import { TldrError } from '../../core/errors.js';
import type { SliceArgs } from '../../core/query/slice.js';
import type { SliceReport } from '../../core/flow/report.js';

export const sliceCommand = queryCommand<SliceArgs, SliceReport>({
  name: 'slice',
  args: '<file> <fn> <line>',
  summary: 'statement-level program slice: the lines that affect <line> (or that it affects, --forward)',
  options: (command) => {
    command.option('--forward', 'forward slice: the statements the line affects');
    command.option('--var <name>', 'only the dependences of this variable at the line');
  },
  toArgs: ([file, fn, line], options) => {
    const number = Number(line);
    if (!Number.isInteger(number) || number < 1) throw new TldrError(`line must be a positive integer, got ${line}`, 'e.g. tldr slice src/a.ts main 42', 2);
    const args: SliceArgs = { file, function: fn, line: number };
    if (options.forward) args.forward = true;
    if (typeof options.var === 'string') args.var = options.var;
    return args;
  },
  text: formatSlice,
});

export function formatSlice(r: SliceReport): string {
  const what = r.var === undefined ? `line ${r.line}` : `${r.var} at line ${r.line}`;
  const out = [`${r.file} ${r.function}: ${r.direction} slice of ${what}, ${r.lines.length} lines`];
  const code = r.code.split('\n');
  const width = String(r.lines[r.lines.length - 1] ?? r.line).length;
  r.lines.forEach((line, i) => {
    if (i > 0 && line > r.lines[i - 1] + 1) out.push(`${' '.repeat(width)}  ⋮`);
    out.push(`${String(line).padStart(width)}${line === r.line ? '>' : ' '} ${code[i] ?? ''}`);
  });
  return out.join('\n');
}
