// Flow analyses on real code (the shared ≈ 100k-line tree: rxjs's TypeScript + Python stdlib):
// the latency of a slice of a 150–300-line function once its file is parsed (the cold path a
// query takes), a slice of an already analysed function (the daemon's memoised path), and CFG+DFG
// for every function of the tree.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Node, Tree } from 'web-tree-sitter';
import { analyseFunctionNode, type FunctionFlow } from '../../core/flow/analyze.js';
import type { FlowProfile } from '../../core/flow/profile.js';
import { linesOf, ownRows, sliceNodes } from '../../core/flow/slice.js';
import { parseSource } from '../../core/parse/parser.js';
import type { LanguageId } from '../../core/types.js';
import { languageForPath } from '../../grammars/languages.js';
import { buildRealTree, type RealTree } from '../real-code.js';
import type { BenchSuite, Metric, TimedTask } from '../suite.js';

interface Sample {
  fn: Node;
  source: string;
  profile: FlowProfile;
  /** A row in the middle of the function that some statement stands for. */
  row: number;
  flow: FunctionFlow;
}

let tree: RealTree | undefined;
const trees: Tree[] = [];
const samples: Sample[] = [];

function files(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files(path, out);
    else if (languageForPath(entry.name)?.flow) out.push(path);
  }
  return out;
}

function middleRow(flow: FunctionFlow): number {
  const rows = [...new Set(flow.cfg.nodes.flatMap((node) => ownRows(node)))].sort((a, b) => a - b);
  return rows[Math.floor(rows.length / 2)];
}

function slice(sample: Sample, flow: FunctionFlow): number[] {
  return linesOf(flow.cfg, sliceNodes({ cfg: flow.cfg, pdg: flow.pdg(), accesses: flow.accesses }, sample.row, 'backward'));
}

export const suite: BenchSuite = {
  name: 'flow',
  async setup() {
    tree = buildRealTree(100_000);
    // The largest functions of at most 300 lines, two per language, parsed and kept.
    const candidates: { path: string; language: LanguageId; start: number; lines: number }[] = [];
    for (const path of files(tree.root)) {
      const language = languageForPath(path)!.id;
      const profile = await languageForPath(path)!.flow();
      const parsed = await parseSource(language, readFileSync(path, 'utf8'));
      for (const fn of parsed.rootNode.descendantsOfType(Object.keys(profile.functions))) {
        const lines = fn.endPosition.row - fn.startPosition.row + 1;
        if (lines >= 150 && lines <= 300) candidates.push({ path, language, start: fn.startIndex, lines });
      }
      parsed.delete();
    }
    for (const language of new Set(candidates.map((c) => c.language))) {
      const chosen = candidates.filter((c) => c.language === language).sort((a, b) => b.lines - a.lines).slice(0, 2);
      for (const c of chosen) {
        const source = readFileSync(c.path, 'utf8');
        const profile = await languageForPath(c.path)!.flow();
        const parsed = await parseSource(language, source);
        trees.push(parsed);
        const fn = parsed.rootNode.descendantsOfType(Object.keys(profile.functions)).find((node) => node.startIndex === c.start)!;
        const flow = analyseFunctionNode(fn, source, profile);
        samples.push({ fn, source, profile, row: middleRow(flow), flow });
      }
    }
    if (samples.length === 0) throw new Error('no function of 150-300 lines in the real tree');
  },
  tasks(): TimedTask[] {
    let next = 0;
    return [
      {
        name: `slice of a 150–300-line function after parse (${samples.length} real functions, mirror+CFG+DFG+PDG+slice)`,
        fn: () => {
          const sample = samples[next++ % samples.length];
          return slice(sample, analyseFunctionNode(sample.fn, sample.source, sample.profile));
        },
        iterations: 300,
        timeMs: 2000,
        maxMeanMs: 5,
      },
      {
        name: 'slice of an analysed function (memoised in the daemon)',
        fn: () => {
          const sample = samples[next++ % samples.length];
          return slice(sample, sample.flow);
        },
        maxMeanMs: 1,
      },
    ];
  },
  async metrics(): Promise<Metric[]> {
    let functions = 0;
    let parseMs = 0;
    let analyseMs = 0;
    const started = performance.now();
    for (const path of files(tree!.root)) {
      const entry = languageForPath(path)!;
      const profile = await entry.flow();
      const source = readFileSync(path, 'utf8');
      const t0 = performance.now();
      const parsed = await parseSource(entry.id, source);
      const t1 = performance.now();
      for (const fn of parsed.rootNode.descendantsOfType(Object.keys(profile.functions))) {
        analyseFunctionNode(fn, source, profile);
        functions++;
      }
      analyseMs += performance.now() - t1;
      parseMs += t1 - t0;
      parsed.delete();
    }
    const wall = (performance.now() - started) / 1000;
    return [
      { name: `CFG+DFG of every function, ${tree!.lines} lines (${tree!.composition}), parse included, one thread`, value: wall, unit: 's', max: 10 },
      { name: 'functions analysed', value: functions, unit: 'functions' },
      { name: 'analysis per function (CFG+DFG, parse excluded)', value: analyseMs / functions, unit: 'ms' },
      { name: 'parse share of the whole-tree pass', value: parseMs / 1000, unit: 's' },
    ];
  },
  async teardown() {
    for (const t of trees.splice(0)) t.delete();
    samples.length = 0;
    tree?.cleanup();
    tree = undefined;
  },
};
