// `tldr cfg <file> <fn>`: control-flow graph, one line per node with its outgoing edges.
import { queryCommand } from '../command.js';
import type { FlowArgs } from '../../core/query/cfg.js';
import type { CfgReport } from '../../core/flow/report.js';

export const cfgCommand = queryCommand<FlowArgs, CfgReport>({
  name: 'cfg',
  args: '<file> <fn>',
  summary: 'control-flow graph of a function: statement nodes, edges (next/true/false/loop/jump/exception/fallthrough), complexity',
  toArgs: ([file, fn]) => ({ file, function: fn }),
  text: formatCfg,
});

export function formatCfg(r: CfgReport): string {
  const out = [`${r.file} ${r.function}: ${r.nodes.length} nodes, ${r.edges.length} edges, complexity ${r.complexity}`];
  const outgoing = new Map<number, string[]>();
  for (const e of r.edges) {
    const list = outgoing.get(e.from) ?? [];
    list.push(e.kind === 'next' ? `#${e.to}` : `${e.kind}→#${e.to}`);
    outgoing.set(e.from, list);
  }
  for (const n of r.nodes) {
    const lines = n.end_line > n.line ? `L${n.line}-${n.end_line}` : `L${n.line}`;
    out.push(`  #${n.id} ${lines} ${n.kind}${outgoing.has(n.id) ? ` → ${outgoing.get(n.id)!.join(', ')}` : ''}`);
  }
  return out.join('\n');
}
