// The JSON documents of the cfg, dfg, pdg and slice commands (DESIGN §4), built from a function's
// analyses. Lines are 1-based; synthetic temporaries never appear.
import { baseName, isTemp } from './accesses.js';
import type { CfgNode, EdgeKind, NodeKind } from './cfg.js';
import type { FunctionFlow } from './analyze.js';
import { linesOf, nodesAtRow, ownRows, sliceNodes, variablesAtRow, type Direction } from './slice.js';

export interface NodeReport {
  id: number;
  line: number;
  end_line: number;
  kind: NodeKind;
}

export interface CfgReport {
  file: string;
  function: string;
  complexity: number;
  entry: number;
  /** The exit node, and the exception exit (uncaught throw/raise/panic) when the function has one. */
  exits: number[];
  nodes: NodeReport[];
  edges: { from: number; to: number; kind: EdgeKind }[];
}

export interface DfgReport {
  file: string;
  function: string;
  defs: { var: string; line: number }[];
  uses: { var: string; line: number }[];
  edges: { var: string; def_line: number; use_line: number }[];
}

export interface PdgReport {
  file: string;
  function: string;
  nodes: NodeReport[];
  /** `from` decides whether `to` runs; `kind` is the branch outcome that leads to it. */
  control: { from: number; to: number; kind: EdgeKind; from_line: number; to_line: number }[];
  /** `to` reads the value of `var` that `from` wrote; `var` is empty when the value is an intermediate
   *  one (a ternary arm, a short-circuit operand, a match arm) handed to the statement holding it. */
  data: { from: number; to: number; var: string; from_line: number; to_line: number }[];
}

export interface SliceReport {
  file: string;
  function: string;
  line: number;
  direction: Direction;
  var?: string;
  lines: number[];
  code: string;
}

interface Subject {
  file: string;
  function: string;
}

function nodeReport(node: CfgNode): NodeReport {
  return { id: node.id, line: node.startRow + 1, end_line: node.endRow + 1, kind: node.kind };
}

export function cfgReport(subject: Subject, flow: FunctionFlow): CfgReport {
  const { cfg } = flow;
  return {
    ...subject,
    complexity: cfg.complexity,
    entry: cfg.entry,
    exits: cfg.exceptionExit === undefined ? [cfg.exit] : [cfg.exit, cfg.exceptionExit],
    nodes: cfg.nodes.map(nodeReport),
    edges: cfg.edges.map((e) => ({ from: e.from, to: e.to, kind: e.kind })),
  };
}

export function dfgReport(subject: Subject, flow: FunctionFlow): DfgReport {
  const defs = new Map<string, { var: string; line: number }>();
  const uses = new Map<string, { var: string; line: number }>();
  for (const a of flow.accesses) {
    for (const d of a.defs) if (!isTemp(d.name)) defs.set(`${d.name}\u0000${d.row}`, { var: baseName(d.name), line: d.row + 1 });
    for (const u of a.uses) if (!isTemp(u.name)) uses.set(`${u.name}\u0000${u.row}`, { var: baseName(u.name), line: u.row + 1 });
  }
  const edges = new Map<string, { var: string; def_line: number; use_line: number }>();
  for (const du of flow.dataflow.defUses) {
    if (isTemp(du.name)) continue;
    edges.set(`${du.name}\u0000${du.defRow}\u0000${du.useRow}`, { var: baseName(du.name), def_line: du.defRow + 1, use_line: du.useRow + 1 });
  }
  const byLine = <T extends { var: string; line: number }>(a: T, b: T) => a.line - b.line || a.var.localeCompare(b.var);
  return {
    ...subject,
    defs: [...defs.values()].sort(byLine),
    uses: [...uses.values()].sort(byLine),
    edges: [...edges.values()].sort((a, b) => a.def_line - b.def_line || a.use_line - b.use_line || a.var.localeCompare(b.var)),
  };
}

export function pdgReport(subject: Subject, flow: FunctionFlow): PdgReport {
  const { cfg } = flow;
  const pdg = flow.pdg();
  const line = (id: number) => cfg.nodes[id].startRow + 1;
  const shown = (id: number) => !cfg.nodes[id].synthetic;
  const data = new Map<string, PdgReport['data'][number]>();
  for (const d of pdg.data) {
    if (isTemp(d.name)) continue;
    data.set(`${d.from}:${d.to}:${d.name}`, { from: d.from, to: d.to, var: baseName(d.name), from_line: line(d.from), to_line: line(d.to) });
  }
  // Temporaries carry a value from an embedded construct to its statement: show that as the
  // statement depending on the construct's part.
  for (const d of pdg.data) {
    if (!isTemp(d.name)) continue;
    data.set(`${d.from}:${d.to}:`, { from: d.from, to: d.to, var: '', from_line: line(d.from), to_line: line(d.to) });
  }
  return {
    ...subject,
    nodes: cfg.nodes.filter((n) => shown(n.id)).map(nodeReport),
    control: pdg.control
      .filter((c) => shown(c.from) && shown(c.to))
      .map((c) => ({ from: c.from, to: c.to, kind: c.kind, from_line: line(c.from), to_line: line(c.to) })),
    data: [...data.values()],
  };
}

/** Source lines of the function that some statement stands for. */
export function statementLines(flow: FunctionFlow): number[] {
  const lines = new Set<number>();
  for (const node of flow.cfg.nodes) for (const row of ownRows(node)) lines.add(row + 1);
  return [...lines].sort((a, b) => a - b);
}

export interface SliceRequest {
  line: number;
  direction: Direction;
  variable?: string;
}

/** The slice, or undefined when no statement stands for the line; throws nothing. */
export function sliceReport(subject: Subject, flow: FunctionFlow, request: SliceRequest): SliceReport | undefined {
  const row = request.line - 1;
  if (nodesAtRow(flow.cfg, row).length === 0) return undefined;
  const input = { cfg: flow.cfg, pdg: flow.pdg(), accesses: flow.accesses };
  const nodes = sliceNodes(input, row, request.direction, request.variable);
  const lines = linesOf(flow.cfg, nodes);
  const report: SliceReport = { ...subject, line: request.line, direction: request.direction, lines, code: codeOf(flow, lines) };
  if (request.variable !== undefined) report.var = request.variable;
  return report;
}

export function variablesOnLine(flow: FunctionFlow, line: number): string[] {
  return variablesAtRow({ cfg: flow.cfg, pdg: flow.pdg(), accesses: flow.accesses }, line - 1);
}

/** The text of the given lines, one per line, in order. */
function codeOf(flow: FunctionFlow, lines: number[]): string {
  const text = flow.syntax.source;
  const starts = lineStarts(text);
  return lines
    .map((line) => {
      const start = starts[line - 1];
      const end = line < starts.length ? starts[line] - 1 : text.length;
      return start === undefined ? '' : text.slice(start, end).replace(/\r$/, '');
    })
    .join('\n');
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}
