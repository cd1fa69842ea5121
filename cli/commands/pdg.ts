// `tldr pdg <file> <fn>`: program dependence graph, as control and data dependences by line.
import { queryCommand } from '../command.js';
import type { FlowArgs } from '../../core/query/cfg.js';
import type { PdgReport } from '../../core/flow/report.js';

export const pdgCommand = queryCommand<FlowArgs, PdgReport>({
  name: 'pdg',
  args: '<file> <fn>',
  summary: 'program dependence graph of a function: control dependences (post-dominators) and data dependences',
  toArgs: ([file, fn]) => ({ file, function: fn }),
  text: formatPdg,
});

export function formatPdg(r: PdgReport): string {
  const out = [`${r.file} ${r.function}: ${r.control.length} control, ${r.data.length} data dependences`];
  const seen = new Set<string>();
  for (const c of r.control) {
    const line = `  control L${c.from_line} -${c.kind}-> L${c.to_line}`;
    if (!seen.has(line)) out.push(line);
    seen.add(line);
  }
  for (const d of r.data) {
    const line = `  data    L${d.from_line} -${d.var || 'value'}-> L${d.to_line}`;
    if (!seen.has(line)) out.push(line);
    seen.add(line);
  }
  return out.join('\n');
}
