// Compares our direct callers (what `impact <name> --depth 1` reports) with a type checker's call
// hierarchy on the same definitions: a call site is a `file:line`; precision = our sites the
// checker confirms / our sites, recall = checker sites we report / checker sites, micro-averaged
// over a deterministic sample of definitions.
//
// Each sampled definition is asked about three ways (QueryScope): the definition alone; its simple
// name within its file (`impact <name> --file F`); its simple name across the project (`impact
// <name>`). For the last two, both sides answer for every definition the name denotes: ours the
// union of their callers, the checker's the union of its answers for each.
//
// The reference is the checker's sites less those a receiver rules out (OracleAnswer.ruledOut):
// issue 11 defines a call on an exactly-known receiver — `super`, `this` in a sibling class of one
// interface, a construction — to reach that class's method only, where the TypeScript service's
// findReferences credits it to every method of the override family. The figures against every
// site the checker lists are reported beside them (`checker`).
import type { CallGraph, Definition } from '../../core/graph/call-graph.js';
import type { CallEdge, SymbolRef } from '../../core/graph/model.js';
import type { FunctionRecord } from '../../core/types.js';
import { directCallers, type DispatchMode } from '../../core/graph/callers.js';
import type { CallSiteKey, CallerOracle, OracleAnswer, OracleListing, OracleTarget } from './types.js';

export type QueryScope = 'definition' | 'file' | 'name';

export const QUERY_SCOPES: readonly QueryScope[] = ['definition', 'file', 'name'];

export interface TargetOutcome {
  target: OracleTarget;
  /** The definitions the query named that the checker answered for. */
  members: number;
  ours: CallSiteKey[];
  /** The reference sites, and the checker's other sites (ruled out by their receivers). */
  reference: CallSiteKey[];
  ruledOut: CallSiteKey[];
}

/** Call sites and scores against one reference. */
export interface Figures {
  reference: number;
  agreed: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface OracleReport extends Figures {
  oracle: string;
  /** Which dispatch edges counted as callers. */
  mode: DispatchMode;
  scope: QueryScope;
  /** Definitions sampled / answered by the checker (the others have no call hierarchy there). */
  sampled: number;
  answered: number;
  /** Our call sites; the reference's and the agreed ones are in Figures. */
  ours: number;
  /** Against every site the checker lists, those its receivers rule out included. */
  checker: Figures;
  /**
   * Without our sites the checker has no judgement on (`judge`): where it resolves the target's
   * name to no declaration at all, a receiver it types `any` or Unknown. Set by `judge`.
   */
  judged?: Figures;
  /**
   * Checker sites we leave out because the call's receiver bound rules the target out: `this.m()`
   * in a sibling class of the same interface, `super.m()`, an exactly-known receiver (model.ts
   * ReceiverBound). The TypeScript service counts those for every method of the family.
   */
  boundOut: number;
  outcomes: TargetOutcome[];
}

/** A sampled definition and, per scope, the definitions its query names. */
export interface OracleQuery {
  target: OracleTarget;
  members: Record<QueryScope, OracleTarget[]>;
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
export function locateName(lines: readonly string[], def: Pick<Definition, 'name' | 'is_class' | 'line' | 'end_line'>): { line: number; column: number } | undefined {
  const escaped = def.name.replace(/[$]/g, '\\$');
  const pattern = def.is_class
    ? new RegExp(`\\b(class|interface)\\s+(${escaped})\\b`)
    : new RegExp(`(^|[^.\\w$])(${escaped})\\s*(<[^>]*>\\s*)?[(=:]`);
  // A function assigned to a member (`RequestBase.prototype.clearTimeout = function`): its name follows a dot.
  const assigned = def.is_class ? undefined : new RegExp(`(\\.)(${escaped})\\s*=(?![=>])`);
  for (let line = def.line; line <= Math.min(def.end_line, def.line + 8); line++) {
    const text = lines[line - 1] ?? '';
    const match = pattern.exec(text) ?? assigned?.exec(text);
    if (match) return { line, column: match.index + match[0].indexOf(match[2], match[1].length) };
  }
  return undefined;
}

export function isSampleable(def: Definition): boolean {
  if (def.is_class) return def.kind === 'class';
  const fn = def.record as { is_declaration?: boolean };
  return CALLABLE_KINDS.has(def.kind) && !fn.is_declaration && !def.name.startsWith('<');
}

/** Reads a file's lines once. */
export function lineReader(sourceOf: (file: string) => string): (file: string) => string[] {
  const lines = new Map<string, string[]>();
  return (file) => {
    let list = lines.get(file);
    if (!list) lines.set(file, (list = sourceOf(file).split('\n')));
    return list;
  };
}

function targetOf(def: Definition, lines: (file: string) => string[]): OracleTarget | undefined {
  const at = locateName(lines(def.file), def);
  if (!at) return undefined;
  return { file: def.file, qualifiedName: def.qualified_name, name: def.name, isClass: def.is_class, nameLine: at.line, nameColumn: at.column };
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
        // Keyed by the simple name: renaming a definition (`X.prototype.m`) does not change the sample.
        candidates.push({ def, key: `${path}#${def.name}#${def.line}` });
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
  const lines = lineReader(sourceOf);
  for (const { def } of unique) {
    if (targets.length >= size) break;
    const target = targetOf(def, lines);
    if (target) targets.push(target);
  }
  return targets;
}

/**
 * The queries of sampled targets: per scope, the definitions `impact` finds for it (the same kind
 * of definition: a class name asks about classes, a function name about functions).
 */
export function queriesFor(graph: CallGraph, targets: OracleTarget[], include: (file: string) => boolean, sourceOf: (file: string) => string): OracleQuery[] {
  const lines = lineReader(sourceOf);
  return targets.map((target) => {
    const named = new Map<string, OracleTarget>();
    for (const def of graph.definitions(target.name)) {
      if (def.name !== target.name || def.is_class !== target.isClass || !include(def.file)) continue;
      const member = def.file === target.file && def.qualified_name === target.qualifiedName ? target : targetOf(def, lines);
      if (member) named.set(targetKey(member), member);
    }
    const all = [...named.values()];
    return { target, members: { definition: [target], file: all.filter((m) => m.file === target.file), name: all } };
  });
}

function targetKey(target: OracleTarget): string {
  return `${target.file}#${target.qualifiedName}#${target.nameLine}`;
}

/**
 * Our call sites of the targets. `impact` also lists reads of a function as a value (marked
 * `reference`); both checkers list a method read through an instance (`cb(this.run)`,
 * `{ run: lock.run }`) among the method's incoming calls; the TypeScript service lists a method
 * read through its class (`const stringType = ZodString.create`), any other member read of a
 * function or class (`export const make = internal.make`, `[internal.make]`, `postcss.parse`,
 * `utils.isPlain`: every property access it resolves to the definition, ts-property-calls.ts) and
 * calls through an import alias, pyright none of them (`get = Measurement.get`, `cls.adjust`; `[util.path_bytes]`;
 * `_path_bytes(x)` after `import path_bytes as _path_bytes`). The TypeScript service leaves out
 * `f.call(…)`, `f.apply(…)` and `f.bind(…)`. Only what the checker lists is compared.
 */
export function ourCallSites(graph: CallGraph, targets: OracleTarget[], mode: DispatchMode, lists: OracleListing): CallSiteKey[] {
  const sites = targets.flatMap((target) => directCallers(graph, { file: target.file, name: target.qualifiedName }, target.isClass, mode)
    .filter(({ edge }) => !edge.reference || isAccessor(graph, edge.to) || (isMethod(graph, edge.to) && (lists.classReads || !readThroughClass(edge))) || (lists.memberReads && !isMethod(graph, edge.to)))
    .filter(({ edge }) => lists.aliasedCalls || !throughAlias(edge, target))
    .filter(({ edge }) => lists.functionMethodCalls || !throughFunctionMethod(edge, target))
    .map(({ edge }) => `${edge.from.file}:${edge.line}`));
  return [...new Set(sites)].sort();
}

/** A call by a bare name other than the target's: resolution claims those only through an import alias. */
function throughAlias(edge: CallEdge, target: OracleTarget): boolean {
  return !edge.reference && /^[\w$]+$/.test(edge.callee) && edge.callee !== target.name;
}

/**
 * `f.call(…)`, `f.apply(…)`, `f.bind(…)` of a function named by itself: resolution claims them for
 * `f`. (Through a member, `this.run.bind(this)`, the checker lists the read of `run`.)
 */
function throughFunctionMethod(edge: CallEdge, target: OracleTarget): boolean {
  return !edge.reference && /^[\w$]+\.(?:call|apply|bind)$/.test(edge.callee) && !['call', 'apply', 'bind'].includes(target.name);
}

/** A method read through its class rather than an instance: `Class.m`, or Python's `cls.m` in a classmethod. */
function readThroughClass(edge: CallEdge): boolean {
  return edge.via === 'static' || (edge.via === 'self' && edge.callee.startsWith('cls.'));
}

/** Whether a function definition `ref` names satisfies `test` (false for none, or a class). */
function isFunction(graph: CallGraph, ref: SymbolRef | undefined, test: (fn: FunctionRecord) => boolean): boolean {
  if (!ref) return false;
  const name = ref.name.slice(ref.name.lastIndexOf('.') + 1);
  return graph.definitions(name).some((def) => def.file === ref.file && def.qualified_name === ref.name && !def.is_class && test(def.record as FunctionRecord));
}

/** A getter or setter, of a class or of an object literal: reading or writing the property runs it, as both checkers list. */
function isAccessor(graph: CallGraph, ref: SymbolRef | undefined): boolean {
  return isFunction(graph, ref, (fn) => fn.kind === 'getter' || fn.kind === 'setter');
}

function isMethod(graph: CallGraph, ref: SymbolRef | undefined): boolean {
  return isFunction(graph, ref, (fn) => fn.class_name !== undefined);
}

/** Asks the checker about every definition the queries name, once each; undefined where it has no call hierarchy. */
export async function askOracle(oracle: CallerOracle, queries: OracleQuery[]): Promise<Map<string, OracleAnswer | undefined>> {
  const answers = new Map<string, OracleAnswer | undefined>();
  for (const query of queries) {
    for (const member of new Set(Object.values(query.members).flat())) {
      const key = targetKey(member);
      if (answers.has(key)) continue;
      const answer = await oracle.incomingCalls(member);
      answers.set(key, answer && {
        sites: [...new Set(answer.sites)].sort(),
        ruledOut: [...new Set(answer.ruledOut)].sort(),
        ...(answer.dispatched ? { dispatched: [...new Set(answer.dispatched)].sort() } : {}),
      });
    }
  }
  return answers;
}

function figures(reference: number, agreed: number, ours: number): Figures {
  const precision = ours === 0 ? 1 : agreed / ours;
  const recall = reference === 0 ? 1 : agreed / reference;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { reference, agreed, precision, recall, f1 };
}

export function score(
  graph: CallGraph,
  oracle: Pick<CallerOracle, 'name' | 'lists'>,
  queries: OracleQuery[],
  answers: Map<string, OracleAnswer | undefined>,
  mode: DispatchMode,
  scope: QueryScope,
): OracleReport {
  const outcomes: TargetOutcome[] = [];
  let ours = 0;
  const count = { reference: 0, agreed: 0, listed: 0, listedAgreed: 0, boundOut: 0 };
  for (const query of queries) {
    // Only definitions the checker answered for: the sampled one must be among them.
    if (answers.get(targetKey(query.target)) === undefined) continue;
    const members = query.members[scope].filter((member) => answers.get(targetKey(member)) !== undefined);
    const memberAnswers = members.map((member) => answers.get(targetKey(member))!);
    const sitesOf = (answer: OracleAnswer) => (mode === 'none' ? answer.sites : [...answer.sites, ...(answer.dispatched ?? [])]);
    const listed = [...new Set(memberAnswers.flatMap(sitesOf))].sort();
    // A site ruled out for one member may be a call of another the query names.
    const reaching = new Set(memberAnswers.flatMap((answer) => sitesOf(answer).filter((site) => !answer.ruledOut.includes(site))));
    const theirs = listed.filter((site) => reaching.has(site));
    const mine = ourCallSites(graph, members, mode, oracle.lists);
    const mineSet = new Set(mine);
    ours += mine.length;
    count.reference += theirs.length;
    count.agreed += theirs.filter((site) => mineSet.has(site)).length;
    count.listed += listed.length;
    count.listedAgreed += listed.filter((site) => mineSet.has(site)).length;
    const names = new Set(members.map((member) => member.name));
    count.boundOut += listed.filter((site) => !mineSet.has(site) && boundCallAt(graph, site, names)).length;
    outcomes.push({ target: query.target, members: members.length, ours: mine, reference: theirs, ruledOut: listed.filter((site) => !reaching.has(site)) });
  }
  return {
    oracle: oracle.name, mode, scope, sampled: queries.length, answered: outcomes.length, ours,
    ...figures(count.reference, count.agreed, ours),
    checker: figures(count.listed, count.listedAgreed, ours),
    boundOut: count.boundOut, outcomes,
  };
}

/** `site#name`: one of our sites not in the reference, with the name the query asked about. */
function unconfirmedSites(report: OracleReport): string[] {
  return report.outcomes.flatMap((outcome) => {
    const reference = new Set([...outcome.reference, ...outcome.ruledOut]);
    return outcome.ours.filter((site) => !reference.has(site)).map((site) => `${site}#${outcome.target.name}`);
  });
}

/**
 * Sets each report's `judged` figures: our sites the checker neither lists nor resolves the
 * target's name at (it has no type there) are left out of precision; recall is unchanged.
 */
export async function judge(oracle: Pick<CallerOracle, 'resolvesNameAt'>, reports: OracleReport[]): Promise<void> {
  const unjudged = new Set<string>();
  for (const key of new Set(reports.flatMap(unconfirmedSites))) {
    const hash = key.lastIndexOf('#');
    if (!(await oracle.resolvesNameAt(key.slice(0, hash), key.slice(hash + 1)))) unjudged.add(key);
  }
  for (const report of reports) {
    const left = unconfirmedSites(report).filter((key) => unjudged.has(key)).length;
    report.judged = figures(report.reference, report.agreed, report.ours - left);
  }
}

/**
 * The 0-based columns where `name` occurs as a word in `text`: as a member (`.name`) when it occurs
 * so, a local of that name beside it (`this.status(status)`) being another thing.
 */
export function nameColumns(text: string, name: string): number[] {
  const escaped = name.replace(/[$]/g, '\\$');
  const all = [...text.matchAll(new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`, 'g'))].map((match) => match.index);
  const members = all.filter((column) => /\.\s*$/.test(text.slice(0, column)));
  return members.length > 0 ? members : all;
}

/** A site's file and 1-based line. */
export function siteParts(site: CallSiteKey): { file: string; line: number } {
  const colon = site.lastIndexOf(':');
  return { file: site.slice(0, colon), line: Number(site.slice(colon + 1)) };
}

/** Whether a `file:line` holds a receiver-bound call of a method with one of `names`. */
function boundCallAt(graph: CallGraph, site: CallSiteKey, names: Set<string>): boolean {
  const { file, line } = siteParts(site);
  return (graph.fileGraph(file)?.edges ?? []).some((edge) =>
    edge.line === line && edge.bound !== undefined && edge.to !== undefined && names.has(edge.to.name.slice(edge.to.name.lastIndexOf('.') + 1)));
}
