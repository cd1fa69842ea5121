// Program dependence graph: control dependence from the post-dominator tree
// (Ferrante–Ottenstein–Warren) plus the def-use edges of reaching definitions.
//
// The CFG is augmented with an edge entry → exit, so that statements run unconditionally depend
// on the entry, and with virtual edges to the exit from loops that never terminate (post-dominance
// needs every node to reach the exit). Post-dominators use Cooper–Harvey–Kennedy's iterative
// algorithm on the reversed graph.
import type { Cfg, EdgeKind } from './cfg.js';
import type { Dataflow } from './reaching.js';

export interface ControlDep {
  /** The branching node. */
  from: number;
  /** The node whose execution it decides. */
  to: number;
  kind: EdgeKind;
}

export interface DataDep {
  from: number;
  to: number;
  name: string;
}

export interface Pdg {
  control: ControlDep[];
  data: DataDep[];
  /** Immediate post-dominator per node (the exit's is itself). */
  ipdom: Int32Array;
  /** Per node: the nodes it depends on (control and data). */
  dependsOn: number[][];
  /** Per node: the nodes depending on it. */
  dependents: number[][];
}

export function buildPdg(cfg: Cfg, flow: Dataflow): Pdg {
  const n = cfg.nodes.length;
  const succs: number[][] = Array.from({ length: n }, () => []);
  const kinds: EdgeKind[][] = Array.from({ length: n }, () => []);
  const addEdge = (from: number, to: number, kind: EdgeKind): void => {
    succs[from].push(to);
    kinds[from].push(kind);
  };
  for (const e of cfg.edges) addEdge(e.from, e.to, e.kind);
  addEdge(cfg.entry, cfg.exit, 'false');
  connectToExit(cfg, succs, addEdge);
  const ipdom = postDominators(n, cfg.exit, succs);
  const control: ControlDep[] = [];
  const seen = new Set<number>();
  for (let a = 0; a < n; a++) {
    const stop = ipdom[a];
    for (let i = 0; i < succs[a].length; i++) {
      let runner = succs[a][i];
      for (let guard = 0; runner !== stop && runner >= 0 && guard <= n; guard++) {
        const key = a * n + runner;
        if (!seen.has(key)) {
          seen.add(key);
          control.push({ from: a, to: runner, kind: kinds[a][i] });
        }
        if (runner === cfg.exit) break;
        runner = ipdom[runner];
      }
    }
  }
  const data: DataDep[] = [];
  const dataSeen = new Map<number, string[]>();
  for (const du of flow.defUses) {
    const key = du.defNode * n + du.useNode;
    const names = dataSeen.get(key);
    if (names?.includes(du.name)) continue;
    if (names) names.push(du.name);
    else dataSeen.set(key, [du.name]);
    data.push({ from: du.defNode, to: du.useNode, name: du.name });
  }
  const dependsOn: number[][] = Array.from({ length: n }, () => []);
  const dependents: number[][] = Array.from({ length: n }, () => []);
  for (const d of [...control, ...data]) {
    dependsOn[d.to].push(d.from);
    dependents[d.from].push(d.to);
  }
  return { control, data, ipdom, dependsOn, dependents };
}

/** Adds virtual edges to the exit from nodes that cannot reach it (infinite loops). */
function connectToExit(cfg: Cfg, succs: number[][], addEdge: (from: number, to: number, kind: EdgeKind) => void): void {
  const n = cfg.nodes.length;
  const preds: number[][] = Array.from({ length: n }, () => []);
  for (let from = 0; from < n; from++) for (const to of succs[from]) preds[to].push(from);
  const reaches = new Uint8Array(n);
  const mark = (start: number): void => {
    const stack = [start];
    reaches[start] = 1;
    while (stack.length > 0) {
      const node = stack.pop()!;
      for (const p of preds[node]) {
        if (!reaches[p]) {
          reaches[p] = 1;
          stack.push(p);
        }
      }
    }
  };
  mark(cfg.exit);
  // Lowest ids first: a loop's header is created before its body, so the virtual edge leaves the header.
  for (let id = 0; id < n; id++) {
    if (reaches[id]) continue;
    addEdge(id, cfg.exit, 'false');
    preds[cfg.exit].push(id);
    mark(id);
  }
}

function postDominators(n: number, exit: number, succs: number[][]): Int32Array {
  // Reverse graph: walk predecessors of the reversed graph = successors of the CFG.
  const rpreds = succs;
  const rsuccs: number[][] = Array.from({ length: n }, () => []);
  for (let from = 0; from < n; from++) for (const to of succs[from]) rsuccs[to].push(from);
  const order: number[] = [];
  const visited = new Uint8Array(n);
  const stack: [number, number][] = [[exit, 0]];
  visited[exit] = 1;
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top[1] < rsuccs[top[0]].length) {
      const next = rsuccs[top[0]][top[1]++];
      if (!visited[next]) {
        visited[next] = 1;
        stack.push([next, 0]);
      }
    } else {
      order.push(top[0]);
      stack.pop();
    }
  }
  const postIndex = new Int32Array(n).fill(-1);
  order.forEach((node, i) => (postIndex[node] = i));
  const rpo = order.slice().reverse();
  const idom = new Int32Array(n).fill(-1);
  idom[exit] = exit;
  const intersect = (a: number, b: number): number => {
    let x = a;
    let y = b;
    while (x !== y) {
      while (postIndex[x] < postIndex[y]) x = idom[x];
      while (postIndex[y] < postIndex[x]) y = idom[y];
    }
    return x;
  };
  let changed = true;
  while (changed) {
    changed = false;
    for (const node of rpo) {
      if (node === exit) continue;
      let candidate = -1;
      for (const p of rpreds[node]) {
        if (idom[p] < 0) continue;
        candidate = candidate < 0 ? p : intersect(p, candidate);
      }
      if (candidate >= 0 && idom[node] !== candidate) {
        idom[node] = candidate;
        changed = true;
      }
    }
  }
  return idom;
}
