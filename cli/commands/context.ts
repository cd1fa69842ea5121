// `tldr context <name> [--depth N]`: LLM-ready text about a function and its neighbourhood.
import { intOption, queryCommand } from '../command.js';
import type { ContextArgs, ContextResult } from '../../core/query/function-context.js';

export const contextCommand = queryCommand<ContextArgs, ContextResult>({
  name: 'context',
  args: '<name>',
  summary: 'a function with its signature and docstring, the signatures of what it calls, and its callers',
  options: (command) => command.option('--depth <n>', 'levels of callees (default 2)'),
  toArgs: (positional, options) => ({ name: positional[0], depth: intOption(options.depth, '--depth', 2) }),
  text: (result) => result.text,
});
