// Program dependence graph: control dependence from the post-dominator tree
// (Ferrante–Ottenstein–Warren) plus the def-use edges of reaching definitions.
//
// The CFG is augmented with an edge entry → exit, so that statements run unconditionally depend
// on the entry, and with virtual edges to the exit from loops that never terminate (post-dominance
// needs every node to reach the exit). Post-dominators use Cooper–Harvey–Kennedy's iterative
// algorithm on the reversed graph.
//
// Control dependences are linear in practice; data dependences can be quadratic (see reaching.ts),
// so they and the adjacency lists mixing both are built on first access. Slices read the
// control adjacency and the reaching-definition bit sets instead.
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
  /** Built on first access; a TldrError when the def-use pairs are too many (reaching.ts). */
  readonly data: DataDep[];
  /** Immediate post-dominator per node (the exit's is itself). */
  ipdom: Int32Array;
  /** Per node: the nodes it is control dependent on. */
  controlDependsOn: number[][];
  /** Per node: the nodes control dependent on it. */
  controlDependents: number[][];
  /** Calls `visit` for each data dependence of `node` (name, definition node), skipping definition nodes `skip` accepts;
   *  a pair may come once per definition of the node. */
  forEachDataSource(node: number, visit: (from: number, name: string) => void, skip: (from: number) => boolean): void;
  /** Calls `visit` for each node data dependent on `node`, skipping the nodes `skip` accepts (may repeat a node). */
  forEachDataTarget(node: number, visit: (to: number, name: string) => void, skip: (to: number) => boolean): void;
  /** Per node: the nodes it depends on (control and data); built on first access, like `data`. */
  readonly dependsOn: number[][];
  /** Per node: the nodes depending on it; built on first access, like `data`. */
  readonly dependents: number[][];
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
  for (let a = 0; a < n; a++) {
    const stop = ipdom[a];
    const seen = new Set<number>();
    for (let i = 0; i < succs[a].length; i++) {
      let runner = succs[a][i];
      for (let guard = 0; runner !== stop && runner >= 0 && guard <= n; guard++) {
        if (!seen.has(runner)) {
          seen.add(runner);
          control.push({ from: a, to: runner, kind: kinds[a][i] });
        }
        if (runner === cfg.exit) break;
        runner = ipdom[runner];
      }
    }
  }
  const controlDependsOn: number[][] = Array.from({ length: n }, () => []);
  const controlDependents: number[][] = Array.from({ length: n }, () => []);
  for (const c of control) {
    controlDependsOn[c.to].push(c.from);
    controlDependents[c.from].push(c.to);
  }
  let data: DataDep[] | undefined;
  let usersByName: Map<string, number[]> | undefined;
  let defStarts: Int32Array | undefined;
  let adjacency: { dependsOn: number[][]; dependents: number[][] } | undefined;
  const allDeps = () => (adjacency ??= dependenceLists(n, control, (data ??= dataDeps(flow))));
  return {
    control,
    get data() {
      return (data ??= dataDeps(flow));
    },
    ipdom,
    controlDependsOn,
    controlDependents,
    forEachDataSource(node, visit, skip) {
      for (const use of new Set(flow.accesses[node].uses.map((u) => u.name))) {
        for (const index of flow.defsByName.get(use) ?? []) {
          const from = flow.defs[index].node;
          if (!skip(from) && flow.reaches(index, node)) visit(from, use);
        }
      }
    },
    forEachDataTarget(node, visit, skip) {
      const users = (usersByName ??= nodesByUsedName(flow));
      const starts = (defStarts ??= firstDefs(n, flow));
      for (let index = starts[node]; index < starts[node + 1]; index++) {
        const name = flow.defs[index].name;
        for (const to of users.get(name) ?? []) if (!skip(to) && flow.reaches(index, to)) visit(to, name);
      }
    },
    get dependsOn() {
      return allDeps().dependsOn;
    },
    get dependents() {
      return allDeps().dependents;
    },
  };
}

/** Per node, the index of its first definition (definitions are numbered in node order); one more entry ends the last. */
function firstDefs(n: number, flow: Dataflow): Int32Array {
  const starts = new Int32Array(n + 1);
  for (const d of flow.defs) starts[d.node + 1]++;
  for (let node = 0; node < n; node++) starts[node + 1] += starts[node];
  return starts;
}

/** Per variable name, the nodes that use it, in id order. */
function nodesByUsedName(flow: Dataflow): Map<string, number[]> {
  const users = new Map<string, number[]>();
  flow.accesses.forEach((a, node) => {
    for (const use of a.uses) {
      const list = users.get(use.name);
      if (!list) users.set(use.name, [node]);
      else if (list[list.length - 1] !== node) list.push(node);
    }
  });
  return users;
}

function dataDeps(flow: Dataflow): DataDep[] {
  const data: DataDep[] = [];
  // Per use node, the (definition node, name) pairs already listed: a node's pairs are few.
  let node = -1;
  let seen = new Map<number, string[]>();
  for (const du of flow.defUses) {
    if (du.useNode !== node) {
      node = du.useNode;
      seen = new Map();
    }
    const names = seen.get(du.defNode);
    if (names?.includes(du.name)) continue;
    if (names) names.push(du.name);
    else seen.set(du.defNode, [du.name]);
    data.push({ from: du.defNode, to: du.useNode, name: du.name });
  }
  return data;
}

function dependenceLists(n: number, control: ControlDep[], data: DataDep[]): { dependsOn: number[][]; dependents: number[][] } {
  const dependsOn: number[][] = Array.from({ length: n }, () => []);
  const dependents: number[][] = Array.from({ length: n }, () => []);
  for (const d of [...control, ...data]) {
    dependsOn[d.to].push(d.from);
    dependents[d.from].push(d.to);
  }
  return { dependsOn, dependents };
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
