// `tldr dfg <file> <fn>`: per variable, where it is defined and which definitions each use reads.
import { queryCommand } from '../command.js';
import type { FlowArgs } from '../../core/query/cfg.js';
import type { DfgReport } from '../../core/flow/report.js';

export const dfgCommand = queryCommand<FlowArgs, DfgReport>({
  name: 'dfg',
  args: '<file> <fn>',
  summary: 'data flow of a function: definitions, uses, def-use edges from reaching definitions',
  toArgs: ([file, fn]) => ({ file, function: fn }),
  text: formatDfg,
});

export function formatDfg(r: DfgReport): string {
  const names = [...new Set([...r.defs, ...r.uses].map((x) => x.var))].sort();
  const out = [`${r.file} ${r.function}: ${names.length} variables, ${r.edges.length} def-use edges`];
  for (const name of names) {
    const defs = r.defs.filter((d) => d.var === name).map((d) => d.line);
    const reads = new Map<number, number[]>();
    for (const e of r.edges) {
      if (e.var !== name) continue;
      const list = reads.get(e.use_line) ?? [];
      list.push(e.def_line);
      reads.set(e.use_line, list);
    }
    const uses = [...new Set(r.uses.filter((u) => u.var === name).map((u) => u.line))]
      .map((line) => (reads.has(line) ? `L${line}←${reads.get(line)!.map((l) => `L${l}`).join('/')}` : `L${line}`));
    const parts = [defs.length > 0 ? `def ${defs.map((l) => `L${l}`).join(' ')}` : 'no local def'];
    if (uses.length > 0) parts.push(`use ${uses.join(' ')}`);
    out.push(`  ${name}: ${parts.join('; ')}`);
  }
  return out.join('\n');
}
