// Who calls a symbol, directly and transitively. Besides the calls resolved to a method, calls
// can reach it by dynamic dispatch through the methods it overrides or implements; those edges are
// marked `dispatch`, confidence medium.
import type { CallGraph, Definition } from './call-graph.js';
import type { FunctionRecord, LanguageId } from '../types.js';
import { isAbstract, MODULE_SCOPE, symbolKey, type CallEdge, type Confidence, type SymbolRef, type Via } from './model.js';

export interface Caller {
  file: string;
  /** Qualified name of the calling function, or `<module>`. */
  function: string;
  /** Line of the call. */
  line: number;
  depth: number;
  via: Via;
  confidence: Confidence;
  /** What was called (the definition the edge resolved to). */
  callee: SymbolRef;
  /** The function is read as a value there, not called (model.ts). */
  reference?: true;
}

/**
 * Which calls through the override family count as calls of a method:
 * `abstract` — calls resolved to an abstract or interface method it implements (they can only run
 * an implementation); `family` — also calls resolved to concrete methods it overrides and to
 * methods overriding it (the TypeScript language service's notion); `none` — static resolution only.
 */
export type DispatchMode = 'none' | 'abstract' | 'family';

/**
 * Where overrides must stay compatible with what they override (checked by the compiler), a call
 * written against any method of the override family breaks with it: those languages count the
 * whole family. Elsewhere only calls through abstract or interface methods reach an implementation.
 */
const FAMILY_LANGUAGES: ReadonlySet<LanguageId> = new Set([
  'typescript', 'tsx', 'javascript', 'java', 'csharp', 'kotlin', 'scala', 'swift', 'cpp', 'rust',
]);

export function defaultDispatch(language: LanguageId | undefined): DispatchMode {
  return language !== undefined && FAMILY_LANGUAGES.has(language) ? 'family' : 'abstract';
}

/** The function or method `ref` names, from the graph's index of definitions by qualified name. */
function functionAt(graph: CallGraph, ref: SymbolRef): FunctionRecord | undefined {
  const def = graph.definitions(ref.name).find((d) => d.file === ref.file && !d.is_class);
  return def?.record as FunctionRecord | undefined;
}

/** The methods whose resolved calls may reach `ref` by dispatch, under `mode`. */
export function dispatchSources(graph: CallGraph, ref: SymbolRef, mode: DispatchMode): SymbolRef[] {
  if (mode === 'none') return [];
  const ancestors = graph.overriddenBy(ref);
  if (mode === 'abstract') {
    return ancestors.filter((method) => {
      const fn = functionAt(graph, method);
      return fn !== undefined && isAbstract(fn);
    });
  }
  // The family is every method sharing an ancestor with `ref`: its ancestors and, for each of them
  // and for `ref` itself, every method overriding it — siblings implementing the same interface
  // method included (a call through one of them is written against that ancestor's contract).
  const key = symbolKey(ref);
  const family = new Map<string, SymbolRef>();
  for (const method of ancestors) family.set(symbolKey(method), method);
  for (const root of [ref, ...ancestors]) {
    for (const method of graph.overridersOf(root)) if (symbolKey(method) !== key) family.set(symbolKey(method), method);
  }
  return [...family.values()];
}

/**
 * Call edges into a definition. For a class: its instantiations (`new Foo()`, `Foo()`), not calls of
 * base constructors through `super`. For a function or method: edges resolved to it, plus dispatch
 * edges per `mode`, as far as each edge's receiver bound lets dispatch carry it (model.ts).
 */
export function directCallers(
  graph: CallGraph,
  ref: SymbolRef,
  isClass: boolean,
  mode: DispatchMode = defaultDispatch(graph.record(ref.file)?.language),
): Array<{ edge: CallEdge; dispatch: boolean }> {
  // A class's callers: where it is instantiated, and where it is read as a value (`ns.Foo`). (The
  // calls that lead to a class without a constructor are its instantiations and `super()`.)
  if (isClass) return [...graph.instantiationsOf(ref), ...graph.callersOf(ref).filter((edge) => edge.reference)].map((edge) => ({ edge, dispatch: false }));
  const seen = new Set<string>();
  const out: Array<{ edge: CallEdge; dispatch: boolean }> = [];
  const add = (edges: readonly CallEdge[], dispatch: boolean) => {
    for (const edge of edges) {
      const key = `${edge.from.file}:${edge.line}:${edge.callee}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ edge, dispatch });
    }
  };
  add(graph.callersOf(ref), false);
  const sources = dispatchSources(graph, ref, mode);
  const ancestors = graph.overriddenBy(ref);
  // A call bound to its receiver's exact class reaches only the method it resolved to; one through
  // `this` reaches overrides below that method in classes deriving from the caller's, so only a
  // method `ref` overrides leads to `ref`, and only from a class `ref`'s derives from.
  const overridden = new Set(ancestors.map(symbolKey));
  const dispatchable = (edge: CallEdge, below: boolean) => edge.bound === undefined || (edge.bound === 'subclass' && below && graph.inCallerHierarchy(ref, edge.from));
  for (const source of sources) {
    const below = overridden.has(symbolKey(source));
    add(graph.callersOf(source).filter((edge) => dispatchable(edge, below)), true);
  }
  if (mode !== 'family') return out;
  // Types outside the project that the family implements (`Map`, a library's interface): calls
  // made through them, and through the project's other implementations of them.
  const key = symbolKey(ref);
  for (const lib of new Set([ref, ...ancestors].flatMap((method) => graph.libMethodsOf(method)))) {
    // (A call on a value constructed as the runtime type itself, `new Set().has(x)`, runs its method only.)
    add(graph.libCallsOf(lib).filter((edge) => edge.bound !== 'exact'), true);
    for (const sibling of graph.libImplementersOf(lib)) {
      if (symbolKey(sibling) !== key) add(graph.callersOf(sibling).filter((edge) => dispatchable(edge, false)), true);
    }
  }
  return out;
}

/**
 * Callers of the definitions, breadth first up to `depth` levels (1 = direct callers). Each
 * (file, function, line) appears once, at its smallest depth.
 */
export function transitiveCallers(graph: CallGraph, definitions: Definition[], depth: number, mode?: DispatchMode): Caller[] {
  const out: Caller[] = [];
  // file → calling function → lines listed. Nested rather than one string key per call: a name
  // called from thousands of places walks as many edges per query.
  const sites = new Map<string, Map<string, Set<number>>>();
  const expanded = new Set<string>();
  let frontier: Array<{ ref: SymbolRef; isClass: boolean }> = definitions.map((d) => ({ ref: { file: d.file, name: d.qualified_name }, isClass: d.is_class }));
  for (const item of frontier) expanded.add(symbolKey(item.ref));
  for (let level = 1; level <= depth && frontier.length; level++) {
    const next: typeof frontier = [];
    for (const { ref, isClass } of frontier) {
      for (const { edge, dispatch } of directCallers(graph, ref, isClass, mode)) {
        const { file, name } = edge.from;
        let functions = sites.get(file);
        if (!functions) sites.set(file, (functions = new Map()));
        let lines = functions.get(name);
        // A caller's first call site is where the walk decides whether to go on from it.
        const firstSite = lines === undefined;
        if (!lines) functions.set(name, (lines = new Set()));
        if (lines.has(edge.line)) continue;
        lines.add(edge.line);
        const caller: Caller = {
          file,
          function: name,
          line: edge.line,
          depth: level,
          via: dispatch ? 'dispatch' : edge.via,
          confidence: dispatch ? 'medium' : edge.confidence,
          callee: edge.to ?? ref,
        };
        if (edge.reference) caller.reference = true;
        out.push(caller);
        if (!firstSite || name === MODULE_SCOPE) continue;
        const key = symbolKey(edge.from);
        if (expanded.has(key)) continue;
        expanded.add(key);
        next.push({ ref: { file, name }, isClass: false });
      }
    }
    frontier = next;
  }
  const rank = localeRanks(sites.keys());
  return out.sort((a, b) => a.depth - b.depth || rank.get(a.file)! - rank.get(b.file)! || a.line - b.line || a.function.localeCompare(b.function));
}

/**
 * Each string's place in localeCompare order (equal strings share one). Sorting thousands of
 * callers by comparing their files' ranks instead of the paths costs a few ms where localeCompare
 * per comparison cost 50-100 ms for a name called from every test of Go's sources.
 */
function localeRanks(values: Iterable<string>): Map<string, number> {
  const sorted = [...values].sort((a, b) => a.localeCompare(b));
  const ranks = new Map<string, number>();
  sorted.forEach((value, i) => ranks.set(value, i > 0 && sorted[i - 1].localeCompare(value) === 0 ? ranks.get(sorted[i - 1])! : i));
  return ranks;
}
