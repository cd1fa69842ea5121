// Statement-level slices: the transitive closure of PDG dependences from the nodes on a line.
// A node contributes only its own rows (a compound statement's header, not its body), so a slice
// is exactly the statements that matter.
import type { Cfg, CfgNode } from './cfg.js';
import { baseName, type NodeAccesses } from './accesses.js';
import type { Pdg } from './pdg.js';

export type Direction = 'backward' | 'forward';

/** Rows (0-based) a node stands for: its span minus rows owned by embedded constructs. */
export function ownRows(node: CfgNode): number[] {
  if (node.synthetic) return [];
  const rows: number[] = [];
  for (let row = node.startRow; row <= node.endRow; row++) {
    if (node.holes?.some(([from, to]) => row >= from && row <= to)) continue;
    rows.push(row);
  }
  return rows;
}

/** Nodes standing for `row`. */
export function nodesAtRow(cfg: Cfg, row: number): CfgNode[] {
  return cfg.nodes.filter((node) => !node.synthetic && ownRows(node).includes(row));
}

export interface SliceInput {
  cfg: Cfg;
  pdg: Pdg;
  accesses: NodeAccesses[];
}

/** Variables read or written by the nodes at `row`. */
export function variablesAtRow(input: SliceInput, row: number): string[] {
  const names = new Set<string>();
  for (const node of nodesAtRow(input.cfg, row)) {
    const a = input.accesses[node.id];
    for (const x of [...a.defs, ...a.uses]) if (x.name.charCodeAt(0) !== 0) names.add(baseName(x.name));
  }
  return [...names].sort();
}

/**
 * The slice from the nodes at `row`. With `variable`, the first step follows only what concerns
 * that variable: backward, the definitions of it that reach a node using it (plus that node's
 * control dependences); forward, the uses its definition reaches.
 */
export function sliceNodes(input: SliceInput, row: number, direction: Direction, variable?: string): Set<number> {
  const { pdg, accesses } = input;
  const criteria = nodesAtRow(input.cfg, row).filter((node) => {
    if (variable === undefined) return true;
    const a = accesses[node.id];
    return a.defs.some((d) => baseName(d.name) === variable) || a.uses.some((u) => baseName(u.name) === variable);
  });
  // Data dependences are walked on the reaching-definition bit sets, not as a list of pairs: the
  // pairs can be quadratic in the function's size while a slice visits each node once.
  const inSlice = new Uint8Array(input.cfg.nodes.length);
  const result = new Set<number>();
  const work: number[] = [];
  const has = (id: number): boolean => inSlice[id] === 1;
  const include = (id: number): void => {
    inSlice[id] = 1;
    result.add(id);
  };
  const add = (id: number): void => {
    if (!inSlice[id]) {
      include(id);
      work.push(id);
    }
  };
  for (const node of criteria) {
    include(node.id);
    const a = accesses[node.id];
    const definesVar = variable !== undefined && a.defs.some((d) => baseName(d.name) === variable);
    if (variable === undefined || (direction === 'backward' && definesVar) || (direction === 'forward' && !definesVar)) {
      work.push(node.id);
      continue;
    }
    const ofVar = (other: number, name: string): void => {
      if (baseName(name) === variable) add(other);
    };
    if (direction === 'backward') {
      pdg.forEachDataSource(node.id, ofVar, has);
      for (const from of pdg.controlDependsOn[node.id]) add(from);
    } else {
      pdg.forEachDataTarget(node.id, ofVar, has);
    }
  }
  const control = direction === 'backward' ? pdg.controlDependsOn : pdg.controlDependents;
  const data = direction === 'backward' ? pdg.forEachDataSource : pdg.forEachDataTarget;
  while (work.length > 0) {
    const id = work.pop()!;
    for (const other of control[id]) add(other);
    data(id, add, has);
  }
  return result;
}

/** 1-based, sorted, distinct lines of a set of nodes. */
export function linesOf(cfg: Cfg, nodes: Iterable<number>): number[] {
  const lines = new Set<number>();
  for (const id of nodes) for (const row of ownRows(cfg.nodes[id])) lines.add(row + 1);
  return [...lines].sort((a, b) => a - b);
}
