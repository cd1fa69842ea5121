// `tldr summary <file>`: the token-lean text that replaces reading the whole file.
import { queryCommand } from '../command.js';
import type { SummaryArgs, SummaryResult } from '../../core/query/summary.js';

export const summaryCommand = queryCommand<SummaryArgs, SummaryResult>({
  name: 'summary',
  args: '<file>',
  summary: 'token-lean summary of a file: imports, classes with methods, functions, signatures, line ranges, syntax errors',
  toArgs: (positional) => ({ file: positional[0] }),
  text: (result) => result.text,
});
