// `tldr change-impact [files…] [--git [BASE]] [--depth N]`: changed definitions, their callers to
// depth N, and the tests among them.
import { intOption, queryCommand } from '../command.js';
import { DEFAULT_IMPACT_DEPTH } from '../../core/query/impact-depth.js';
import type { ChangeImpactArgs, ChangeImpactResult } from '../../core/query/change-impact.js';

export const changeImpactCommand = queryCommand<ChangeImpactArgs, ChangeImpactResult>({
  name: 'change-impact',
  args: '[files...]',
  summary: 'functions changed (git diff, or the files given vs tldr\'s earlier records), everything calling them, and the tests among them (JSON: {source, base?, files, changed:[{file,function,kind,line,end_line,change}], callers:[{file,function,line,depth,via,confidence,reaches}], tests:[{file,function,line,depth,name?}]})',
  options: (command) =>
    command
      .option('--git [base]', 'diff against a git revision (default HEAD: staged, unstaged and untracked changes); implied without files')
      .option('--depth <n>', `levels of callers (default ${DEFAULT_IMPACT_DEPTH})`),
  toArgs: (positional, options) => {
    const args: ChangeImpactArgs = { depth: intOption(options.depth, '--depth', DEFAULT_IMPACT_DEPTH) };
    if (positional.length > 0) args.files = positional;
    if (options.git !== undefined) args.git = options.git === true ? true : String(options.git);
    return args;
  },
  text: formatChangeImpact,
});

export function formatChangeImpact(result: ChangeImpactResult): string {
  const against = result.source === 'git' ? `git diff ${result.base}` : 'tldr\'s earlier records';
  const out: string[] = [];
  const files = new Set(result.changed.map((c) => c.file));
  out.push(`changed (${against}): ${result.changed.length} definition${result.changed.length === 1 ? '' : 's'} in ${files.size} file${files.size === 1 ? '' : 's'}`);
  for (const file of result.files) {
    const units = result.changed.filter((c) => c.file === file.file);
    out.push(`  ${file.file} (${file.status})`);
    for (const unit of units) {
      const span = unit.end_line > unit.line ? `${unit.line}-${unit.end_line}` : `${unit.line}`;
      out.push(`    ${unit.function} L${span} ${unit.change}`);
    }
  }
  if (result.files.length === 0) out.push('  no changed code files');
  out.push(`callers (depth ≤ ${result.depth}): ${result.callers.length}`);
  for (const c of result.callers) {
    const note = c.confidence === 'high' ? '' : ` (${c.confidence})`;
    out.push(`  ${c.depth}  ${c.file}:${c.line}  ${c.function} → ${c.reaches.function}${note}`);
  }
  out.push(`tests: ${result.tests.length}`);
  for (const t of result.tests) out.push(`  ${t.depth}  ${t.file}:${t.line}  ${t.function}${t.name === undefined ? '' : ` "${t.name}"`}`);
  return `${out.join('\n')}\n`;
}
