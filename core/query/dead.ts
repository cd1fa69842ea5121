// `dead`: functions and methods nothing calls. Excluded by rule, never by name patterns: anything
// with a resolved or dispatched caller, or an unresolved call by its name; anything whose name
// appears in the project's source other than at its definitions (passed as a callback, registered,
// looked up by string); exported/public API; entry points (`main`); tests (test files); framework
// hooks (decorated or annotated definitions, functions assigned to another object's property,
// overrides of base methods, methods of classes with a base outside the project); constructors,
// accessors and dunder methods.
import type { CallGraph, Definition } from '../graph/call-graph.js';
import { otherOverloads } from '../extract/overloads.js';
import { directCallers } from '../graph/callers.js';
import { callGraphFor } from '../graph/for-index.js';
import { resolveInsideRoot } from '../project/root.js';
import type { ClassRecord, FunctionRecord } from '../types.js';
import type { QueryHandler } from './context.js';

export interface DeadArgs {
  path?: string;
}

export interface DeadResult {
  path: string;
  dead: Array<{ file: string; line: number; end_line: number; qualified_name: string; kind: string }>;
  /** Functions considered (after the rule-based exclusions). */
  candidates: number;
}

const TEST_PATH = /(^|\/)(tests?|__tests__|spec|specs|testing)\/|(^|\/)test_[^/]*\.py$|_test\.(py|go)$|\.(test|spec)\.[cm]?[jt]sx?$|Tests?\.(java|kt|cs)$|(^|\/)conftest\.py$/;
const NO_CALL_KINDS = new Set(['constructor', 'getter', 'setter']);
const IDENT = /[A-Za-z_$][\w$]*/g;

export function isTestPath(path: string): boolean {
  return TEST_PATH.test(path);
}

function ownerClass(graph: CallGraph, def: Definition): ClassRecord | undefined {
  const fn = def.record as FunctionRecord;
  if (!fn.class_name) return undefined;
  return graph.record(def.file)?.classes.find((c) => c.qualified_name === fn.class_name);
}

/** True when a rule says the definition may be used from outside what the graph sees. */
function excludedByRule(graph: CallGraph, def: Definition): boolean {
  if (def.is_class || isTestPath(def.file)) return true;
  const fn = def.record as FunctionRecord;
  if (fn.is_declaration || NO_CALL_KINDS.has(fn.kind) || fn.kind === 'anonymous') return true;
  if (/^__\w+__$/.test(fn.name) || fn.name === 'main') return true;
  if (fn.exported || (fn.decorators?.length ?? 0) > 0) return true;
  // Assigned to a property of some object (`socket.onopen = …`, `exports.x = …`): registered, called from outside.
  const owner = fn.class_name ?? fn.parent_function;
  if (def.qualified_name.includes('.') && owner === undefined) return true;
  if (/^(public|export|pub)\b/.test(fn.signature) && fn.class_name === undefined) return true;
  const cls = ownerClass(graph, def);
  if (cls) {
    if (cls.kind === 'interface' || cls.kind === 'trait' || cls.kind === 'protocol') return true;
    if (cls.exported && !fn.name.startsWith('_') && !(fn.modifiers ?? []).some((m) => m === 'private' || m === 'protected')) return true;
    if (graph.overriddenBy({ file: def.file, name: def.qualified_name }).length > 0) return true;
    // A base the project does not define may call this method (framework hooks, visitor methods).
    if (cls.bases.length > 0 && !graph.classBasesResolved(def.file, cls.qualified_name)) return true;
  }
  return false;
}

export const dead: QueryHandler<DeadArgs, DeadResult> = async (ctx, args) => {
  const graph = await callGraphFor(ctx.index);
  const path = args.path === undefined ? '' : resolveInsideRoot(ctx.index.root, args.path, ctx.cwd);
  const inside = (file: string) => path === '' || file === path || file.startsWith(`${path}/`);
  const candidates: Definition[] = [];
  for (const file of graph.paths()) {
    if (!inside(file)) continue;
    for (const def of graph.definitionsIn(file)) {
      if (excludedByRule(graph, def)) continue;
      if (directCallers(graph, { file: def.file, name: def.qualified_name }, false, 'family').length > 0) continue;
      if (graph.possibleCalls(def.name, [{ file: def.file, name: def.qualified_name }]).length > 0) continue;
      candidates.push(def);
    }
  }
  // Names mentioned anywhere besides their definitions are referenced (callbacks, registries, getattr).
  const wanted = new Set(candidates.map((d) => d.name));
  const mentions = new Map<string, number>();
  if (wanted.size > 0) {
    for (const file of graph.paths()) {
      let text: string;
      try {
        text = await ctx.index.source(file);
      } catch {
        continue;
      }
      for (const match of text.matchAll(IDENT)) if (wanted.has(match[0])) mentions.set(match[0], (mentions.get(match[0]) ?? 0) + 1);
    }
  }
  const definitionsNamed = new Map<string, number>();
  // Each overload signature of a definition names it once more.
  const declarations = (d: Definition) => 1 + otherOverloads(d).length;
  for (const name of wanted) definitionsNamed.set(name, graph.definitions(name).filter((d) => d.name === name).reduce((n, d) => n + declarations(d), 0));
  const deadDefs = candidates.filter((d) => (mentions.get(d.name) ?? 0) <= (definitionsNamed.get(d.name) ?? 1));
  return {
    path,
    dead: deadDefs.map((d) => ({ file: d.file, line: d.line, end_line: d.end_line, qualified_name: d.qualified_name, kind: d.kind })),
    candidates: candidates.length,
  };
};
