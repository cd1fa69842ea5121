// Reaching definitions over the CFG (iterative GEN/KILL with bit sets) and the def-use pairs
// they imply. A strong definition kills every other definition of its variable; a weak one
// (write through a member, index or mutating call) only adds itself.
//
// Def-use pairs can be quadratic in the function's size (6,000 `if (…) y = y + 1` give 18 million),
// so they are only listed on demand, up to a limit; slicing reads the bit sets instead.
import { TldrError } from '../errors.js';
import type { Cfg } from './cfg.js';
import type { NodeAccesses } from './accesses.js';

export interface DefSite {
  node: number;
  name: string;
  row: number;
  weak: boolean;
}

export interface DefUse {
  name: string;
  defNode: number;
  defRow: number;
  useNode: number;
  useRow: number;
}

export interface Dataflow {
  accesses: NodeAccesses[];
  /** Every definition, numbered in node order. */
  defs: DefSite[];
  /** Definition indices per variable name. */
  defsByName: ReadonlyMap<string, readonly number[]>;
  /** Whether definition `index` reaches the start of `node`. */
  reaches(index: number, node: number): boolean;
  /** Every def-use pair, listed on first access; a TldrError beyond MAX_DEF_USES. */
  readonly defUses: DefUse[];
}

/** More pairs than this make reports of hundreds of megabytes: ask for a slice instead. */
export const MAX_DEF_USES = 2_000_000;

export function reachingDefinitions(cfg: Cfg, accesses: NodeAccesses[]): Dataflow {
  const n = cfg.nodes.length;
  const defs: DefSite[] = [];
  const byName = new Map<string, number[]>();
  const nodeDefs: number[][] = Array.from({ length: n }, () => []);
  for (let id = 0; id < n; id++) {
    for (const d of accesses[id].defs) {
      const index = defs.length;
      defs.push({ node: id, name: d.name, row: d.row, weak: d.weak });
      nodeDefs[id].push(index);
      const list = byName.get(d.name);
      if (list) list.push(index);
      else byName.set(d.name, [index]);
    }
  }
  const words = Math.max(1, Math.ceil(defs.length / 32));
  const gen = new Uint32Array(n * words);
  const keep = new Uint32Array(n * words).fill(0xffffffff);
  for (let id = 0; id < n; id++) {
    const base = id * words;
    for (const index of nodeDefs[id]) {
      const d = defs[index];
      if (!d.weak) {
        for (const other of byName.get(d.name)!) keep[base + (other >>> 5)] &= ~(1 << (other & 31));
      }
    }
    for (const index of nodeDefs[id]) gen[base + (index >>> 5)] |= 1 << (index & 31);
  }
  const preds: number[][] = Array.from({ length: n }, () => []);
  const succs: number[][] = Array.from({ length: n }, () => []);
  for (const e of cfg.edges) {
    preds[e.to].push(e.from);
    succs[e.from].push(e.to);
  }
  const input = new Uint32Array(n * words);
  const output = new Uint32Array(n * words);
  const order = reversePostorder(cfg.entry, succs, n);
  // Definitions in dead code (after a return, a goto) reach only other dead code.
  const live = new Uint8Array(n);
  markReachable(cfg.entry, succs, live);
  const queued = new Uint8Array(n);
  const queue: number[] = [...order];
  for (const id of order) queued[id] = 1;
  for (let head = 0; head < queue.length; head++) {
    const id = queue[head];
    queued[id] = 0;
    const base = id * words;
    for (let w = 0; w < words; w++) input[base + w] = 0;
    for (const p of preds[id]) {
      if (live[id] && !live[p]) continue;
      const pb = p * words;
      for (let w = 0; w < words; w++) input[base + w] |= output[pb + w];
    }
    let changed = false;
    for (let w = 0; w < words; w++) {
      const next = (gen[base + w] | (input[base + w] & keep[base + w])) >>> 0;
      if (next !== output[base + w]) {
        output[base + w] = next;
        changed = true;
      }
    }
    if (changed) {
      for (const s of succs[id]) {
        if (!queued[s]) {
          queued[s] = 1;
          queue.push(s);
        }
      }
    }
  }
  const reaches = (index: number, node: number): boolean => (input[node * words + (index >>> 5)] & (1 << (index & 31))) !== 0;
  let defUses: DefUse[] | undefined;
  return {
    accesses,
    defs,
    defsByName: byName,
    reaches,
    get defUses() {
      return (defUses ??= listDefUses(accesses, defs, byName, reaches));
    },
  };
}

function listDefUses(
  accesses: NodeAccesses[],
  defs: DefSite[],
  byName: ReadonlyMap<string, readonly number[]>,
  reaches: (index: number, node: number) => boolean,
): DefUse[] {
  const defUses: DefUse[] = [];
  for (let id = 0; id < accesses.length; id++) {
    // One pair per (definition site, use row) of this node; a definition index names its node, row and variable.
    const seen = new Set<number>();
    for (const use of accesses[id].uses) {
      const candidates = byName.get(use.name);
      if (!candidates) continue;
      for (const index of candidates) {
        if (!reaches(index, id)) continue;
        const d = defs[index];
        const key = index * 1_000_003 + use.row;
        if (seen.has(key)) continue;
        seen.add(key);
        if (defUses.length >= MAX_DEF_USES) {
          throw new TldrError(`the function has more than ${MAX_DEF_USES} def-use pairs, too many to list`, 'slice one of its lines instead: tldr slice <file> <function> <line>');
        }
        defUses.push({ name: use.name, defNode: d.node, defRow: d.row, useNode: id, useRow: use.row });
      }
    }
  }
  return defUses;
}

/** Nodes in reverse postorder from `entry`, then any unreachable nodes (dead code) in id order. */
function reversePostorder(entry: number, succs: number[][], n: number): number[] {
  const visited = new Uint8Array(n);
  const post: number[] = [];
  const stack: [number, number][] = [[entry, 0]];
  visited[entry] = 1;
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const [node, i] = top;
    if (i < succs[node].length) {
      top[1]++;
      const next = succs[node][i];
      if (!visited[next]) {
        visited[next] = 1;
        stack.push([next, 0]);
      }
    } else {
      post.push(node);
      stack.pop();
    }
  }
  const order = post.reverse();
  for (let id = 0; id < n; id++) if (!visited[id]) order.push(id);
  return order;
}

function markReachable(entry: number, succs: number[][], live: Uint8Array): void {
  const stack = [entry];
  live[entry] = 1;
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const next of succs[node]) {
      if (!live[next]) {
        live[next] = 1;
        stack.push(next);
      }
    }
  }
}
