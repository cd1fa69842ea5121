// `tldr impact <name> [--file F] [--depth N]`: who calls it, transitively, with call lines.
import { intOption, queryCommand } from '../command.js';
import { DEFAULT_IMPACT_DEPTH } from '../../core/query/impact-depth.js';
import type { ImpactArgs, ImpactResult } from '../../core/query/impact.js';

export const impactCommand = queryCommand<ImpactArgs, ImpactResult>({
  name: 'impact',
  args: '<name>',
  summary: 'callers of a function/class, transitively (JSON: {target, definitions:[{file,line,qualified_name}], callers:[{file,function,line,depth}]})',
  options: (command) =>
    command
      .option('--file <file>', 'only the definition in this file')
      .option('--depth <n>', `levels of callers (default ${DEFAULT_IMPACT_DEPTH})`)
      .option('--dispatch <mode>', 'calls through overridden methods: none, abstract (interface/abstract only) or family (whole override family); default by language'),
  toArgs: (positional, options) => {
    const args: ImpactArgs = { name: positional[0], depth: intOption(options.depth, '--depth', DEFAULT_IMPACT_DEPTH) };
    if (options.file !== undefined) args.file = options.file as string;
    if (options.dispatch !== undefined) args.dispatch = options.dispatch as ImpactArgs['dispatch'];
    return args;
  },
  text: formatImpact,
});

export function formatImpact(result: ImpactResult): string {
  const out = result.definitions.map((d) => `${d.qualified_name}  ${d.file}:${d.line}`);
  if (result.callers.length === 0) out.push('no callers found');
  for (const caller of result.callers) {
    const note = `${caller.via === 'dispatch' ? '  (via override/interface)' : ''}${caller.reference ? '  (referenced, not called)' : ''}`;
    out.push(`${'  '.repeat(caller.depth)}${caller.function}  ${caller.file}:${caller.line}${note}`);
  }
  if (result.possible_callers.length) {
    out.push(`possible callers (receiver type unknown, ${result.possible_callers.length}):`);
    for (const p of result.possible_callers.slice(0, 20)) out.push(`  ? ${p.function}  ${p.file}:${p.line}  ${p.callee}()`);
    if (result.possible_callers.length > 20) out.push(`  … ${result.possible_callers.length - 20} more (--json for all)`);
  }
  return `${out.join('\n')}\n`;
}
