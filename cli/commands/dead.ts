// `tldr dead [path]`: functions nothing calls (entry points, exports, tests and hooks excluded by rule).
import { queryCommand } from '../command.js';
import type { DeadArgs, DeadResult } from '../../core/query/dead.js';

export const deadCommand = queryCommand<DeadArgs, DeadResult>({
  name: 'dead',
  args: '[path]',
  summary: 'uncalled functions; entry points, exports, tests, framework hooks and dunders excluded by rule',
  toArgs: (positional) => (positional[0] === undefined ? {} : { path: positional[0] }),
  text: (result) => {
    if (result.dead.length === 0) return 'no dead functions found\n';
    const out = result.dead.map((d) => `${d.file}:${d.line}  ${d.qualified_name}`);
    out.push(`${result.dead.length} uncalled of ${result.candidates} candidates`);
    return `${out.join('\n')}\n`;
  },
});
