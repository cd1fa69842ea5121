// Compares our direct callers (what `impact <name> --depth 1` reports) with a type checker's call
// hierarchy on the same definitions: a call site is a `file:line`; precision = our sites the
// checker confirms / our sites, recall = checker sites we report / checker sites, micro-averaged
// over a deterministic sample of definitions.
import type { CallGraph, Definition } from '../../core/graph/call-graph.js';
import { directCallers, type DispatchMode } from '../../core/graph/callers.js';
import type { CallSiteKey, CallerOracle, OracleTarget } from './types.js';

export interface TargetOutcome {
  target: OracleTarget;
  ours: CallSiteKey[];
  reference: CallSiteKey[];
}

export interface OracleReport {
  oracle: string;
  /** Which dispatch edges counted as callers. */
  mode: DispatchMode;
  /** Definitions sampled / answered by the checker (the others have no call hierarchy there). */
  sampled: number;
  answered: number;
  /** Call sites: ours, the checker's, and both. */
  ours: number;
  reference: number;
  agreed: number;
  precision: number;
  recall: number;
  f1: number;
  outcomes: TargetOutcome[];
}

const CALLABLE_KINDS = new Set(['function', 'method', 'arrow']);

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The 1-based line and 0-based column of a definition's name, searched from its first line. */
export function locateName(lines: readonly string[], def: Definition): { line: number; column: number } | undefined {
  const escaped = def.name.replace(/[$]/g, '\\$');
  const pattern = def.is_class
    ? new RegExp(`\\b(class|interface)\\s+(${escaped})\\b`)
    : new RegExp(`(^|[^.\\w$])(${escaped})\\s*(<[^>]*>\\s*)?[(=:]`);
  for (let line = def.line; line <= Math.min(def.end_line, def.line + 8); line++) {
    const text = lines[line - 1] ?? '';
    const match = pattern.exec(text);
    if (match) return { line, column: match.index + match[0].indexOf(match[2], match[1].length) };
  }
  return undefined;
}

export function isSampleable(def: Definition): boolean {
  if (def.is_class) return def.kind === 'class';
  const fn = def.record as { is_declaration?: boolean };
  return CALLABLE_KINDS.has(def.kind) && !fn.is_declaration && !def.name.startsWith('<');
}

/** A deterministic sample of definitions in files accepted by `include`, with their name positions. */
export function sampleTargets(
  graph: CallGraph,
  include: (file: string) => boolean,
  size: number,
  seed: number,
  sourceOf: (file: string) => string,
): OracleTarget[] {
  const candidates: Array<{ def: Definition; key: string }> = [];
  for (const path of graph.paths()) {
    if (!include(path)) continue;
    const record = graph.record(path)!;
    const seen = new Set<string>();
    for (const fn of record.functions) seen.add(fn.qualified_name);
    for (const name of new Set([...seen, ...record.classes.flatMap((c) => [c.qualified_name, ...c.methods.map((m) => m.qualified_name)])])) {
      for (const def of graph.definitions(name)) {
        if (def.file !== path || def.qualified_name !== name || !isSampleable(def)) continue;
        candidates.push({ def, key: `${path}#${name}#${def.line}` });
      }
    }
  }
  const unique = [...new Map(candidates.map((c) => [c.key, c])).values()].sort((a, b) => a.key.localeCompare(b.key));
  const random = mulberry32(seed);
  for (let i = unique.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [unique[i], unique[j]] = [unique[j], unique[i]];
  }
  const targets: OracleTarget[] = [];
  const lines = new Map<string, string[]>();
  for (const { def } of unique) {
    if (targets.length >= size) break;
    if (!lines.has(def.file)) lines.set(def.file, sourceOf(def.file).split('\n'));
    const at = locateName(lines.get(def.file)!, def);
    if (!at) continue;
    targets.push({ file: def.file, qualifiedName: def.qualified_name, isClass: def.is_class, nameLine: at.line, nameColumn: at.column });
  }
  return targets;
}

export function ourCallSites(graph: CallGraph, target: OracleTarget, mode: DispatchMode): CallSiteKey[] {
  const sites = directCallers(graph, { file: target.file, name: target.qualifiedName }, target.isClass, mode)
    .map(({ edge }) => `${edge.from.file}:${edge.line}`);
  return [...new Set(sites)].sort();
}

/** Asks the checker about every target once; the answers can then be scored under several modes. */
export async function askOracle(oracle: CallerOracle, targets: OracleTarget[]): Promise<Array<{ target: OracleTarget; reference: CallSiteKey[] }>> {
  const answers: Array<{ target: OracleTarget; reference: CallSiteKey[] }> = [];
  for (const target of targets) {
    const answer = await oracle.incomingCalls(target);
    if (answer !== undefined) answers.push({ target, reference: [...new Set(answer)].sort() });
  }
  return answers;
}

export function score(
  graph: CallGraph,
  oracleName: string,
  sampled: number,
  answers: Array<{ target: OracleTarget; reference: CallSiteKey[] }>,
  mode: DispatchMode,
): OracleReport {
  const outcomes: TargetOutcome[] = [];
  let ours = 0;
  let reference = 0;
  let agreed = 0;
  for (const { target, reference: theirs } of answers) {
    const mine = ourCallSites(graph, target, mode);
    const theirSet = new Set(theirs);
    ours += mine.length;
    reference += theirs.length;
    agreed += mine.filter((site) => theirSet.has(site)).length;
    outcomes.push({ target, ours: mine, reference: theirs });
  }
  const precision = ours === 0 ? 1 : agreed / ours;
  const recall = reference === 0 ? 1 : agreed / reference;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { oracle: oracleName, mode, sampled, answered: outcomes.length, ours, reference, agreed, precision, recall, f1, outcomes };
}
