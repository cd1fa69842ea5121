// `tldr search <query>`: structural, semantic or literal hits, one a line as `file:line  symbol
// preview`, or grep-compatible `file:line:text` (--grep) for tools that expect grep's output.
import type { Command } from 'commander';
import { intOption, queryCommand } from '../command.js';
import type { SearchArgs } from '../../core/query/search.js';
import type { SearchResult, TierChoice } from '../../core/search/types.js';

export const searchCommand = queryCommand<SearchArgs, SearchResult>({
  name: 'search',
  args: '<query...>',
  summary: 'find code by shape, meaning or text: definitions, calls and ast-grep patterns; questions in plain words; strings and regexes (JSON: {query, tier, hits:[{file,line,symbol,text,tier,score}]})',
  options: (command: Command) =>
    command
      .option('--tier <tier>', 'auto (default), structural, semantic or literal')
      .option('--limit <n>', 'most hits (default 20)')
      .option('--path <path>', 'only files at or below this file or directory')
      .option('--glob <glob>', 'only files matching this glob, `!glob` to exclude (repeatable)', (value: string, previous: string[] = []) => [...previous, value])
      .option('--lang <language>', 'run an ast-grep pattern in this language only (e.g. python)')
      .option('--grep', 'print file:line:text, as grep -n does'),
  toArgs: (positional, options) => {
    const args: SearchArgs = { query: positional.join(' '), limit: intOption(options.limit, '--limit', 20) };
    if (options.tier !== undefined) args.tier = options.tier as TierChoice;
    if (options.path !== undefined) args.path = options.path as string;
    if (options.glob !== undefined) args.glob = options.glob as string[];
    if (options.lang !== undefined) args.lang = options.lang as string;
    return args;
  },
  text: (result, options) => (options.grep ? formatGrep(result) : formatHits(result)),
});

export function formatHits(result: SearchResult): string {
  if (result.hits.length === 0) return `no ${result.tier} hits for ${JSON.stringify(result.query)}\n`;
  return `${result.hits.map((hit) => `${hit.file}:${hit.line}  ${hit.symbol ?? '<module>'}  ${hit.text}`).join('\n')}\n`;
}

/** grep -n's output: nothing at all when nothing matched. */
export function formatGrep(result: SearchResult): string {
  return result.hits.map((hit) => `${hit.file}:${hit.line}:${hit.text}\n`).join('');
}
