// Test helpers: analyse one function of a snippet with the compiled flow builders and render the
// results as short strings that expectations can be written against by hand.
//   CFG node label:  `entry`, `exit`, `raise` (exception exit), else `<line>:<kind>`, with `#n`
//                    appended when several nodes share line and kind (n in creation order).
//   CFG edge:        `<from> -<kind>-> <to>`
//   def-use edge:    `<var>@<def line>-><use line>`
import { parseSource } from '../../dist/core/parse/parser.js';
import { languageById } from '../../dist/grammars/languages.js';
import { analyseFunctionNode, type FunctionFlow } from '../../dist/core/flow/analyze.js';
import { linesOf, sliceNodes, type Direction } from '../../dist/core/flow/slice.js';
import { baseName } from '../../dist/core/flow/accesses.js';
import type { LanguageId } from '../../dist/core/types.js';

export interface Analysed {
  flow: FunctionFlow;
  edges: string[];
  defUses: string[];
  /** Control dependences, `<branch> -<outcome>-> <dependent>` in node labels, sorted. */
  control: string[];
  slice(line: number, direction?: Direction, variable?: string): number[];
  complexity: number;
}

/** Analyses the first function in `code` (or the one starting on `fnLine`). Lines are 1-based. */
export async function analyse(language: LanguageId, code: string, fnLine?: number): Promise<Analysed> {
  const profile = await languageById(language).flow();
  const tree = await parseSource(language, code);
  try {
    const fns = tree.rootNode.descendantsOfType(Object.keys(profile.functions));
    const fn = fnLine === undefined ? fns[0] : fns.find((f) => f.startPosition.row + 1 === fnLine);
    if (!fn) throw new Error(`no function${fnLine ? ` at line ${fnLine}` : ''}`);
    const flow = analyseFunctionNode(fn, code, profile);
    return {
      flow,
      edges: renderEdges(flow),
      // Rendered on access: listing the pairs of a huge function is refused (reaching.ts).
      get defUses() {
        return renderDefUses(flow);
      },
      get control() {
        return renderControl(flow);
      },
      complexity: flow.cfg.complexity,
      slice: (line, direction = 'backward', variable) =>
        linesOf(flow.cfg, sliceNodes({ cfg: flow.cfg, pdg: flow.pdg(), accesses: flow.accesses }, line - 1, direction, variable)),
    };
  } finally {
    tree.delete();
  }
}

export function nodeLabels(flow: FunctionFlow): string[] {
  const base = flow.cfg.nodes.map((n) => {
    if (n.kind === 'entry') return 'entry';
    if (n.kind === 'exit') return 'exit';
    if (n.kind === 'exception_exit') return 'raise';
    return `${n.startRow + 1}:${n.kind}`;
  });
  const counts = new Map<string, number>();
  for (const label of base) counts.set(label, (counts.get(label) ?? 0) + 1);
  const seen = new Map<string, number>();
  return base.map((label) => {
    if (counts.get(label) === 1) return label;
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return `${label}#${n}`;
  });
}

export function renderEdges(flow: FunctionFlow): string[] {
  const labels = nodeLabels(flow);
  return flow.cfg.edges.map((e) => `${labels[e.from]} -${e.kind}-> ${labels[e.to]}`).sort();
}

export function renderControl(flow: FunctionFlow): string[] {
  const labels = nodeLabels(flow);
  return flow.pdg().control.map((c) => `${labels[c.from]} -${c.kind}-> ${labels[c.to]}`).sort();
}

export function renderDefUses(flow: FunctionFlow): string[] {
  const set = new Set<string>();
  for (const du of flow.dataflow.defUses) {
    if (du.name.charCodeAt(0) === 0) continue;
    set.add(`${baseName(du.name)}@${du.defRow + 1}->${du.useRow + 1}`);
  }
  return [...set].sort();
}

/** Numbered source, for writing expectations. */
export function numbered(code: string): string {
  return code.split('\n').map((line, i) => `${String(i + 1).padStart(3)} ${line}`).join('\n');
}
