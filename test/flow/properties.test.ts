// Property tests over thousands of real third-party functions (see corpus.ts):
// - analysing never throws;
// - every reachable CFG node other than the exit has a successor, so every path ends at the exit
//   (normally or through the exception exit) or loops forever; unreachable nodes only follow a jump;
// - every slice holds its criterion line; a backward slice is closed under the control and data
//   dependences of its nodes, a forward slice under their dependents;
// - on small functions, control dependence equals the Ferrante–Ottenstein–Warren definition
//   computed by brute force, and def-use pairs equal reaching definitions found by path search.
import { afterAll, describe, expect, it } from 'vitest';
import { parseSource } from '../../dist/core/parse/parser.js';
import { languageById } from '../../dist/grammars/languages.js';
import { analyseFunctionNode, type FunctionFlow } from '../../dist/core/flow/analyze.js';
import { linesOf, ownRows, sliceNodes } from '../../dist/core/flow/slice.js';
import type { LanguageId } from '../../dist/core/types.js';
import {
  bashCorpus, cCorpus, cppCorpus, goCorpus, javaCorpus, javascriptCorpus, phpCorpus, pythonCorpus, rustCorpus, typescriptCorpus, type CorpusFile,
} from './corpus.js';

interface Tally {
  files: number;
  functions: number;
  nodes: number;
  slices: number;
  bruteControl: number;
  bruteReaching: number;
  deadNodes: number;
  failures: string[];
}

const tallies = new Map<string, Tally>();

afterAll(() => {
  for (const [language, t] of tallies) {
    console.log(`flow properties ${language}: ${t.files} files, ${t.functions} functions, ${t.nodes} nodes, ${t.slices} slices, `
      + `${t.bruteControl} brute-force CD checks, ${t.bruteReaching} brute-force reaching-def checks, ${t.deadNodes} dead nodes, ${t.failures.length} failures`);
  }
});

const JUMPS = new Set(['return', 'break', 'continue', 'throw', 'goto', 'fallthrough']);

function graph(flow: FunctionFlow) {
  const n = flow.cfg.nodes.length;
  const succs: number[][] = Array.from({ length: n }, () => []);
  for (const e of flow.cfg.edges) succs[e.from].push(e.to);
  return { n, succs };
}

function reach(from: number, succs: number[][], blocked = -1): Uint8Array {
  const seen = new Uint8Array(succs.length);
  if (from === blocked) return seen;
  const stack = [from];
  seen[from] = 1;
  while (stack.length > 0) {
    const x = stack.pop()!;
    for (const y of succs[x]) {
      if (y !== blocked && !seen[y]) {
        seen[y] = 1;
        stack.push(y);
      }
    }
  }
  return seen;
}

function checkCfg(flow: FunctionFlow, fail: (m: string) => void, tally: Tally): void {
  const { cfg } = flow;
  const { succs } = graph(flow);
  const live = reach(cfg.entry, succs);
  // Where dead code may start: after the first jump, early return, exit call or endless loop.
  let firstJump = Infinity;
  for (const node of cfg.nodes) {
    const out = cfg.edges.filter((e) => e.from === node.id);
    const diverts = JUMPS.has(node.kind) || out.some((e) => e.kind === 'jump' || e.kind === 'exception')
      || (node.kind === 'loop' && !out.some((e) => e.kind === 'false'));
    if (diverts && !node.synthetic) firstJump = Math.min(firstJump, node.startRow);
  }
  for (const node of cfg.nodes) {
    if (node.id === cfg.exit) continue;
    if (live[node.id] && succs[node.id].length === 0) fail(`node ${node.id} (${node.kind} L${node.startRow + 1}) has no successor`);
    if (!live[node.id] && !node.synthetic) {
      tally.deadNodes++;
      if (node.startRow < firstJump) fail(`node ${node.id} (${node.kind} L${node.startRow + 1}) is unreachable before any jump`);
    }
  }
  if (cfg.exceptionExit !== undefined && !succs[cfg.exceptionExit].includes(cfg.exit)) fail('exception exit does not reach exit');
  if (cfg.complexity !== cfg.edges.length - cfg.nodes.length + 2) fail('complexity is not E - N + 2');
}

function checkSlices(flow: FunctionFlow, fail: (m: string) => void, tally: Tally): void {
  const { cfg } = flow;
  const pdg = flow.pdg();
  const input = { cfg, pdg, accesses: flow.accesses };
  const rows = [...new Set(cfg.nodes.flatMap((n) => ownRows(n)))].sort((a, b) => a - b);
  const step = Math.max(1, Math.floor(rows.length / 12));
  for (let i = 0; i < rows.length; i += step) {
    const row = rows[i];
    tally.slices++;
    const back = sliceNodes(input, row, 'backward');
    const backLines = linesOf(cfg, back);
    if (!backLines.includes(row + 1)) fail(`backward slice of L${row + 1} misses its line`);
    for (const c of pdg.control) if (back.has(c.to) && !back.has(c.from)) fail(`backward slice of L${row + 1} not closed: control ${c.from}->${c.to}`);
    for (const d of flow.dataflow.defUses) {
      if (back.has(d.useNode) && !back.has(d.defNode)) fail(`backward slice of L${row + 1} not closed: ${d.name} ${d.defNode}->${d.useNode}`);
    }
    const expected = [...new Set([...back].flatMap((id) => ownRows(cfg.nodes[id]).map((r) => r + 1)))].sort((a, b) => a - b);
    if (expected.join() !== backLines.join()) fail(`slice lines of L${row + 1} differ from its nodes' lines`);
    const forward = sliceNodes(input, row, 'forward');
    if (!linesOf(cfg, forward).includes(row + 1)) fail(`forward slice of L${row + 1} misses its line`);
    for (const c of pdg.control) if (forward.has(c.from) && !forward.has(c.to)) fail(`forward slice of L${row + 1} not closed: control ${c.from}->${c.to}`);
    for (const d of flow.dataflow.defUses) {
      if (forward.has(d.defNode) && !forward.has(d.useNode)) fail(`forward slice of L${row + 1} not closed: ${d.name}`);
    }
  }
}

/** Ferrante–Ottenstein–Warren by brute force: b depends on a iff b post-dominates some successor of a
 *  (or is one) and does not strictly post-dominate a. Post-dominance: every path to the exit meets it. */
function checkControlByBruteForce(flow: FunctionFlow, fail: (m: string) => void, tally: Tally): void {
  const { cfg } = flow;
  const { n, succs } = graph(flow);
  succs[cfg.entry].push(cfg.exit);
  const live = reach(cfg.entry, succs);
  for (let x = 0; x < n; x++) if (!live[x] || !reach(x, succs)[cfg.exit]) return;
  const pdom = (y: number, x: number): boolean => x === y || !reach(x, succs, y)[cfg.exit];
  const actual = new Set(flow.pdg().control.map((c) => `${c.from}:${c.to}`));
  for (let a = 0; a < n; a++) {
    if (new Set(succs[a]).size < 2) continue;
    for (let b = 0; b < n; b++) {
      if (b === cfg.exit || b === cfg.entry) continue;
      const expected = succs[a].some((s) => pdom(b, s)) && !(b !== a && pdom(b, a));
      tally.bruteControl++;
      if (expected !== actual.has(`${a}:${b}`)) fail(`control dependence ${a}->${b}: expected ${expected}`);
    }
  }
}

/** Reaching definitions by path search from each definition, stopping at strong redefinitions. */
function checkReachingByBruteForce(flow: FunctionFlow, fail: (m: string) => void, tally: Tally): void {
  const { cfg, accesses } = flow;
  const { n, succs } = graph(flow);
  const live = reach(cfg.entry, succs);
  const expected = new Set<string>();
  for (let p = 0; p < n; p++) {
    for (const d of accesses[p].defs) {
      const seen = new Uint8Array(n);
      const stack = [...succs[p]];
      while (stack.length > 0) {
        const q = stack.pop()!;
        if (seen[q] || (live[p] && !live[q]) || (!live[p] && live[q])) continue;
        seen[q] = 1;
        if (accesses[q].uses.some((u) => u.name === d.name)) expected.add(`${p}:${q}:${d.name}`);
        if (accesses[q].defs.some((o) => o.name === d.name && !o.weak)) continue;
        stack.push(...succs[q]);
      }
    }
  }
  const actual = new Set(flow.dataflow.defUses.map((du) => `${du.defNode}:${du.useNode}:${du.name}`));
  tally.bruteReaching++;
  for (const key of expected) if (!actual.has(key)) fail(`missing def-use ${key}`);
  for (const key of actual) if (!expected.has(key)) fail(`spurious def-use ${key}`);
}

async function runCorpus(label: string, files: CorpusFile[]): Promise<Tally> {
  const tally: Tally = { files: files.length, functions: 0, nodes: 0, slices: 0, bruteControl: 0, bruteReaching: 0, deadNodes: 0, failures: [] };
  tallies.set(label, tally);
  for (const file of files) {
    const language = file.language as LanguageId;
    const profile = await languageById(language).flow();
    const tree = await parseSource(language, file.source);
    try {
      for (const fn of tree.rootNode.descendantsOfType(Object.keys(profile.functions))) {
        const where = `${file.path}:${fn.startPosition.row + 1}`;
        const fail = (message: string) => {
          if (tally.failures.length < 20) tally.failures.push(`${where}: ${message}`);
          else tally.failures.length++;
        };
        let flow: FunctionFlow;
        try {
          flow = analyseFunctionNode(fn, file.source, profile);
        } catch (error) {
          fail(`threw ${(error as Error).stack}`);
          continue;
        }
        tally.functions++;
        tally.nodes += flow.cfg.nodes.length;
        checkCfg(flow, fail, tally);
        checkSlices(flow, fail, tally);
        if (flow.cfg.nodes.length <= 60) checkControlByBruteForce(flow, fail, tally);
        if (flow.cfg.nodes.length <= 120) checkReachingByBruteForce(flow, fail, tally);
      }
    } finally {
      tree.delete();
    }
  }
  return tally;
}

const corpora: [string, () => CorpusFile[], number][] = [
  ['typescript', () => typescriptCorpus(1_500_000), 1500],
  ['javascript', () => javascriptCorpus(3_000_000), 3000],
  ['python', () => pythonCorpus(3_000_000), 3000],
  ['java', () => javaCorpus(2_000_000), 1000],
  ['go', () => goCorpus(1_500_000), 1000],
  ['rust', () => rustCorpus(1_500_000), 1000],
  ['c++', () => cppCorpus(1_500_000), 1000],
  ['c', () => cCorpus(600_000), 100],
  ['php', () => phpCorpus(1_000_000), 1000],
  ['bash', () => bashCorpus(600_000), 200],
];

describe('flow properties over real code', () => {
  for (const [label, load, minimum] of corpora) {
    const files = load();
    it.skipIf(files.length === 0)(`${label}: ${files.length} files`, async () => {
      const tally = await runCorpus(label, files);
      expect(tally.failures).toEqual([]);
      expect(tally.functions).toBeGreaterThanOrEqual(minimum);
    }, 600_000);
  }
});

describe('flow on broken code', () => {
  it('analyses functions of syntactically broken files without throwing', async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const files = [...typescriptCorpus(150_000), ...javascriptCorpus(150_000), ...pythonCorpus(150_000), ...goCorpus(100_000), ...rustCorpus(100_000)];
    let functions = 0;
    const failures: string[] = [];
    for (const file of files) {
      let source = file.source;
      for (let edit = 0; edit < 15; edit++) {
        const at = Math.floor(random() * source.length);
        const choice = random();
        if (choice < 0.4) source = source.slice(0, at) + source.slice(at + 1 + Math.floor(random() * 6));
        else if (choice < 0.8) source = source.slice(0, at) + '{}()[];:\n'[Math.floor(random() * 9)] + source.slice(at);
        else source = source.slice(0, at) + source.slice(at).replace('\n', '');
      }
      const profile = await languageById(file.language).flow();
      const tree = await parseSource(file.language, source);
      try {
        for (const fn of tree.rootNode.descendantsOfType(Object.keys(profile.functions))) {
          try {
            const flow = analyseFunctionNode(fn, source, profile);
            const row = flow.cfg.nodes.find((n) => !n.synthetic)?.startRow;
            if (row !== undefined) sliceNodes({ cfg: flow.cfg, pdg: flow.pdg(), accesses: flow.accesses }, row, 'backward');
            functions++;
          } catch (error) {
            failures.push(`${file.path}:${fn.startPosition.row + 1}: ${(error as Error).message}`);
          }
        }
      } finally {
        tree.delete();
      }
    }
    expect(failures).toEqual([]);
    expect(functions).toBeGreaterThan(200);
  }, 300_000);
});
