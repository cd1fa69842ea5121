// tldr's analyses of one function as the few lines a sub-agent reads first: where it is and what
// it calls and is called by (call graph), its branches and exits (CFG), where its variables are
// set and used (DFG), what decides and feeds each statement (PDG), a file's outline (structure).
import type { CallGraph, Definition } from '../../graph/call-graph.js';
import { directCallers } from '../../graph/callers.js';
import type { SymbolRef } from '../../graph/model.js';
import type { CfgReport, DfgReport, PdgReport } from '../../flow/report.js';
import { otherOverloads } from '../../extract/overloads.js';
import { renderSummary } from '../../query/summary.js';
import type { FileRecord } from '../../types.js';
import { oneLine } from './answer.js';

const LISTED = 8;

function listed(items: string[], max = LISTED): string {
  const shown = [...new Set(items)];
  return shown.length <= max ? shown.join(', ') : `${shown.slice(0, max).join(', ')} (+${shown.length - max})`;
}

function place(graph: CallGraph, ref: SymbolRef): string {
  const def = graph.definitions(ref.name).find((d) => d.file === ref.file && d.qualified_name === ref.name);
  return `${ref.name} (${ref.file}:${def?.line ?? '?'})`;
}

export function definitionLine(def: Definition): string {
  const range = def.end_line > def.line ? `${def.line}-${def.end_line}` : `${def.line}`;
  const others = otherOverloads(def).length;
  const overloads = others > 0 ? ` (+${others} overloads)` : '';
  return `${def.qualified_name}  ${def.file}:${range}  ${oneLine(def.signature, 140)}${overloads}${def.doc ? `  # ${oneLine(def.doc, 80)}` : ''}`;
}

/** The definition, what it calls (resolved in the project) and what calls it. */
export function callGraphLines(graph: CallGraph, def: Definition): string[] {
  const ref = { file: def.file, name: def.qualified_name };
  const callees = graph.calleesOf(ref).filter((edge) => edge.to).map((edge) => place(graph, edge.to!));
  const callers = directCallers(graph, ref, def.is_class).map(({ edge }) => `${edge.from.name} (${edge.from.file}:${edge.line})`);
  const lines = [definitionLine(def)];
  if (callees.length > 0) lines.push(`  calls: ${listed(callees)}`);
  lines.push(`  ${def.is_class ? 'created by' : 'called by'}: ${callers.length > 0 ? listed(callers) : 'nothing in the project'}`);
  return lines;
}

const BRANCHES = new Set(['if', 'loop', 'switch', 'condition', 'case', 'catch']);
const EXITS = new Set(['return', 'throw']);

export function cfgLines(report: CfgReport): string[] {
  const branches = report.nodes.filter((n) => BRANCHES.has(n.kind)).map((n) => `L${n.line} ${n.kind}`);
  const exits = report.nodes.filter((n) => EXITS.has(n.kind)).map((n) => `L${n.line} ${n.kind}`);
  const raises = report.edges.some((e) => e.kind === 'exception');
  return [
    `  control flow: cyclomatic complexity ${report.complexity}${raises ? ', can raise' : ''}`,
    ...(branches.length > 0 ? [`    branches: ${listed(branches, 12)}`] : []),
    ...(exits.length > 0 ? [`    exits: ${listed(exits, 10)}`] : []),
  ];
}

function lineList(lines: Set<number>, max = 8): string {
  const sorted = [...lines].sort((a, b) => a - b).map((l) => `L${l}`);
  return sorted.length <= max ? sorted.join(' ') : `${sorted.slice(0, max).join(' ')} …(+${sorted.length - max})`;
}

/** Variables with their definition and use lines; those named in `focus` (words of the task) first. */
export function dfgLines(report: DfgReport, focus: ReadonlySet<string> = new Set()): string[] {
  const byVar = new Map<string, { defs: Set<number>; uses: Set<number> }>();
  const entry = (name: string) => {
    let found = byVar.get(name);
    if (!found) byVar.set(name, (found = { defs: new Set(), uses: new Set() }));
    return found;
  };
  for (const def of report.defs) entry(def.var).defs.add(def.line);
  for (const use of report.uses) entry(use.var).uses.add(use.line);
  const lines = ['  data flow (variable: set at → used at):'];
  const vars = [...byVar].filter(([, v]) => v.defs.size > 0)
    .sort((a, b) => Number(focus.has(b[0])) - Number(focus.has(a[0])))
    .slice(0, 12);
  for (const [name, v] of vars) lines.push(`    ${name}: ${lineList(v.defs)} → ${v.uses.size > 0 ? lineList(v.uses) : 'unused'}`);
  if (byVar.size > vars.length) lines.push(`    (+${byVar.size - vars.length} more variables: \`tldr dfg ${report.file} ${report.function}\`)`);
  return lines;
}

export function pdgLines(report: PdgReport): string[] {
  const controls = new Map<number, Set<number>>();
  for (const c of report.control) {
    if (c.from_line === c.to_line) continue;
    let set = controls.get(c.from_line);
    if (!set) controls.set(c.from_line, (set = new Set()));
    set.add(c.to_line);
  }
  const feeds = new Map<number, Set<string>>();
  for (const d of report.data) {
    if (d.from_line === d.to_line || d.var === '') continue;
    let set = feeds.get(d.to_line);
    if (!set) feeds.set(d.to_line, (set = new Set()));
    set.add(`${d.var}@L${d.from_line}`);
  }
  const lines = ['  dependences (what decides and what feeds each statement):'];
  for (const [from, to] of [...controls].slice(0, 8)) lines.push(`    L${from} decides ${listed([...to].sort((a, b) => a - b).map((l) => `L${l}`), 10)}`);
  for (const [to, from] of [...feeds].sort((a, b) => a[0] - b[0]).slice(0, 10)) lines.push(`    L${to} reads ${listed([...from], 6)}`);
  lines.push(`    a statement's full slice: \`tldr slice ${report.file} ${report.function} <line>\``);
  return lines;
}

/** A file's outline: the summary, kept short. */
export function outlineLines(record: FileRecord, maxTokens = 400): string[] {
  return renderSummary(record, maxTokens).text.trimEnd().split('\n').map((line) => `  ${line}`);
}
