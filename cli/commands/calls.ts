// `tldr calls [path]`: call-graph edges leaving the files under a path.
import { queryCommand } from '../command.js';
import type { CallsArgs, CallsResult } from '../../core/query/calls.js';

export const callsCommand = queryCommand<CallsArgs, CallsResult>({
  name: 'calls',
  args: '[path]',
  summary: 'call-graph edges (JSON: {edges:[{from:{file,function}, to:{file,function}, line, resolved, confidence}]})',
  options: (command) => command.option('--resolved', 'leave out unresolved calls'),
  toArgs: (positional, options) => {
    const args: CallsArgs = {};
    if (positional[0] !== undefined) args.path = positional[0];
    if (options.resolved) args.resolvedOnly = true;
    return args;
  },
  text: (result) => {
    const out = result.edges.map((e) => {
      const to = e.to.file === null ? `? ${e.to.function}` : `${e.to.function}  (${e.to.file})`;
      return `${e.from.file}:${e.line}  ${e.from.function} -> ${to}`;
    });
    out.push(`${result.resolved} resolved, ${result.unresolved} unresolved`);
    return `${out.join('\n')}\n`;
  },
});
