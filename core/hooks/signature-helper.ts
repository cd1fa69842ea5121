// signature-helper (PreToolUse · Edit/Write): the real signatures of the project functions the new
// code calls (calls the old text already made are not repeated), and a warning for a call whose
// argument count no definition of its target accepts — before the edit lands.
//
// A call's target is certain when the file can see it: a function or class of the edited file, a
// name it imports from a project module, `this.m()`/`self.m()` on the file's own classes,
// `Class.m()` and `module.f()` through those names. Only certain targets are checked; a method
// called on some other object (`items.get(k, d)` may be a dict) is shown when its name is
// defined once in the project, never flagged.
import type { CallGraph, Definition } from '../graph/call-graph.js';
import { otherOverloads } from '../extract/overloads.js';
import type { SymbolRef } from '../graph/model.js';
import type { ClassRecord, FunctionRecord, LanguageId } from '../types.js';
import { languageForPath } from '../../grammars/languages.js';
import { NO_ANSWER, withContext, type HookRun } from './contract.js';
import { fitLines, oneLine } from './shared/answer.js';
import { readyGraph } from './shared/graph.js';
import { editTexts } from './shared/edit-texts.js';
import { toolFile } from './shared/project-file.js';
import { accepts, arityOf } from './text/arity.js';
import { callsInCode, type SnippetCall } from './text/calls-in-code.js';

const MAX_SIGNATURES = 8;
const MAX_OVERLOADS = 4;
/** Method names too common to pin on one project definition when the receiver is unknown. */
const COMMON_METHODS = new Set([
  'get', 'set', 'add', 'has', 'put', 'push', 'pop', 'shift', 'map', 'filter', 'reduce', 'find', 'forEach', 'keys', 'values', 'items',
  'entries', 'append', 'extend', 'insert', 'remove', 'delete', 'clear', 'update', 'copy', 'join', 'split', 'format', 'replace',
  'read', 'write', 'open', 'close', 'send', 'next', 'then', 'catch', 'finally', 'emit', 'on', 'off', 'call', 'apply', 'bind',
  'toString', 'equals', 'hashCode', 'length', 'size', 'slice', 'splice', 'includes', 'indexOf', 'sort', 'trim', 'lower', 'upper',
  'startswith', 'endswith', 'startsWith', 'endsWith', 'subscribe', 'unsubscribe', 'pipe', 'run', 'start', 'stop', 'log', 'error',
]);

interface Target {
  defs: Definition[];
  /** The file certainly sees these definitions: the argument count is checked. */
  certain: boolean;
  /** Called as `x.m()`: a declared receiver parameter is bound, not passed. */
  member: boolean;
}

/** Local names the file imports from project files → those files. */
function importedNames(graph: CallGraph, path: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const imp of graph.fileGraph(path)?.imports ?? []) {
    if (imp.targets.length === 0) continue;
    for (const name of imp.names) out.set(name, [...(out.get(name) ?? []), ...imp.targets]);
    // `import pkg.mod` binds the first segment; `import x.y as z` is in names already.
    const last = imp.module.split(/[./:]+/).filter(Boolean).pop();
    if (last && imp.names.length === 0) out.set(last, [...(out.get(last) ?? []), ...imp.targets]);
  }
  return out;
}

function topLevel(defs: Definition[], name: string): Definition[] {
  return defs.filter((d) => d.name === name && d.qualified_name === name);
}

/** Languages where a plain `m()` inside a class calls the class's own method (an implicit `this`). */
const IMPLICIT_THIS: ReadonlySet<LanguageId> = new Set(['java', 'csharp', 'kotlin', 'scala', 'swift', 'cpp', 'ruby']);

function dirOf(path: string): string {
  return path.slice(0, Math.max(0, path.lastIndexOf('/')));
}

function definitionOf(graph: CallGraph, ref: SymbolRef): Definition | undefined {
  return graph.definitions(ref.name).find((d) => d.file === ref.file && d.qualified_name === ref.name);
}

/** What the file's own calls of the same callee text already resolve to (the resolver's answer). */
function knownTargets(graph: CallGraph, path: string): Map<string, Definition[]> {
  const out = new Map<string, Definition[]>();
  for (const edge of graph.fileGraph(path)?.edges ?? []) {
    const ref = edge.instantiates ?? edge.to;
    const def = ref && definitionOf(graph, ref);
    if (!def) continue;
    const list = out.get(edge.callee) ?? [];
    if (!list.includes(def)) list.push(def);
    out.set(edge.callee, list);
  }
  return out;
}

/** The definitions a plain `name(…)` reaches from the file, by the language's scoping. */
function plainTarget(graph: CallGraph, path: string, language: LanguageId, name: string, own: Definition[], imports: Map<string, string[]>): Target | undefined {
  const local = topLevel(own, name);
  if (local.length > 0) return { defs: local, certain: true, member: false };
  const everywhere = graph.definitions(name).filter((d) => d.qualified_name === d.name);
  const files = imports.get(name);
  if (files) {
    // Imported from a project module: defined there, or re-exported from its one definition.
    const there = graph.definitions(name).filter((d) => files.includes(d.file));
    if (there.length > 0) return { defs: there, certain: true, member: false };
    if (everywhere.length > 0) return { defs: everywhere, certain: everywhere.length === 1, member: false };
  }
  // A new file has no imports on record yet: a name defined once in the project is shown, not checked.
  if (!graph.fileGraph(path)) return everywhere.length === 1 ? { defs: everywhere, certain: false, member: false } : undefined;
  // Go: a package is its directory; C and C++ link one namespace of functions (a header's declaration and its definition).
  if (language === 'go') {
    const samePackage = everywhere.filter((d) => dirOf(d.file) === dirOf(path) && d.file.endsWith('.go'));
    if (samePackage.length > 0) return { defs: samePackage, certain: true, member: false };
  }
  if ((language === 'c' || language === 'cpp') && everywhere.length > 0 && everywhere.length <= 2) return { defs: everywhere, certain: true, member: false };
  if (IMPLICIT_THIS.has(language)) {
    const methods = own.filter((d) => d.name === name && d.qualified_name !== d.name && !d.is_class);
    if (methods.length > 0) return { defs: methods, certain: true, member: true };
  }
  return undefined;
}

/** A member call (`x.m()`) binds a receiver; `Class.m()`, `module.f()` and `Type::f()` do not. */
function isMemberCall(graph: CallGraph, call: SnippetCall, imports: Map<string, string[]>): boolean {
  if (call.receiver === undefined) return false;
  const last = call.receiver.slice(call.receiver.lastIndexOf('.') + 1);
  return !imports.has(last) && !graph.definitions(last).some((d) => d.is_class);
}

function resolve(graph: CallGraph, path: string, language: LanguageId, call: SnippetCall, imports: Map<string, string[]>, known: Map<string, Definition[]>): Target | undefined {
  const resolved = known.get(call.callee);
  if (resolved) return { defs: resolved, certain: true, member: isMemberCall(graph, call, imports) };
  const own = graph.definitionsIn(path);
  if (call.receiver === undefined) return plainTarget(graph, path, language, call.name, own, imports);
  if (call.receiver === 'this' || call.receiver === 'self' || call.receiver === '$this') {
    const methods = own.filter((d) => d.name === call.name && d.qualified_name !== d.name && !d.is_class);
    return methods.length > 0 ? { defs: methods, certain: true, member: true } : undefined;
  }
  if (/^[A-Za-z_$][\w$]*$/.test(call.receiver)) {
    const receiver = call.receiver;
    const classes = [...topLevel(own, receiver), ...(imports.has(receiver) ? graph.definitions(receiver).filter((d) => imports.get(receiver)!.includes(d.file)) : [])].filter((d) => d.is_class);
    if (classes.length > 0) {
      const methods = classes.flatMap((cls) => graph.definitions(`${cls.qualified_name}.${call.name}`).filter((d) => d.file === cls.file));
      return methods.length > 0 ? { defs: methods, certain: true, member: false } : undefined;
    }
    const moduleFiles = imports.get(receiver);
    if (moduleFiles) {
      const functions = graph.definitions(call.name).filter((d) => moduleFiles.includes(d.file) && d.qualified_name === d.name);
      if (functions.length > 0) return { defs: functions, certain: true, member: false };
    }
  }
  if (COMMON_METHODS.has(call.name)) return undefined;
  const methods = graph.definitions(call.name).filter((d) => !d.is_class && d.qualified_name !== d.name);
  return methods.length === 1 ? { defs: methods, certain: false, member: true } : undefined;
}

/** What a call of `def` runs: the function itself, or for a class its constructors (none: undefined). */
function callables(def: Definition): FunctionRecord[] | undefined {
  if (!def.is_class) return overloadsOf(def.record as FunctionRecord);
  const cls = def.record as ClassRecord;
  const constructors = cls.methods.filter((m) => m.kind === 'constructor' || m.name === '__init__' || m.name === cls.name).flatMap(overloadsOf);
  if (constructors.length > 0) return constructors;
  // No constructor of its own: one inherited from a base is unknown here.
  return cls.bases.length > 0 ? undefined : [];
}

/** The signatures a call may pick: each overload of an overloaded function (as a function of its own), else the function. */
function overloadsOf(fn: FunctionRecord): FunctionRecord[] {
  return fn.overloads?.map((o) => ({ ...fn, line: o.line, end_line: o.end_line, signature: o.signature, params: o.params })) ?? [fn];
}

/** A warning when no definition accepts the call's argument count; undefined when one does or it cannot be told. */
function mismatch(call: SnippetCall, target: Target, language: LanguageId): string | undefined {
  if (!target.certain || call.args === undefined || target.defs.length === 0) return undefined;
  const counts: string[] = [];
  for (const def of target.defs) {
    const fns = callables(def);
    if (fns === undefined) return undefined;
    if (fns.length === 0) {
      if (call.args === 0) return undefined;
      counts.push('0');
      continue;
    }
    for (const fn of fns) {
      const member = target.member || (def.is_class && fn.kind !== 'function');
      const arity = arityOf(fn, language, member);
      if (!arity) return undefined;
      // Python's `Class.method(obj, …)` passes the receiver explicitly.
      if (accepts(arity, call.args) || (language === 'python' && !target.member && accepts(arity, call.args - 1) && fn.params[0] === 'self')) return undefined;
      counts.push(arity.max === Infinity ? `${arity.min}+` : arity.min === arity.max ? `${arity.min}` : `${arity.min}-${arity.max}`);
    }
  }
  const first = target.defs[0];
  const shown = callables(first)?.[0] ?? first;
  return `⚠ line ${call.line} of the new code: ${call.isNew ? 'new ' : ''}${call.callee}(…) passes ${call.args} argument${call.args === 1 ? '' : 's'}, but ${first.qualified_name} takes ${[...new Set(counts)].join(' or ')} (${first.file}:${shown.line} ${oneLine(shown.signature, 100)})`;
}

/** Calls of the new text that the replaced text did not already make (same callee, same count). */
function newCalls(texts: Array<{ next: string; previous: string }>, language: LanguageId): SnippetCall[] {
  const out: SnippetCall[] = [];
  for (const { next, previous } of texts) {
    const before = new Set(callsInCode(previous, language).map((c) => `${c.callee}/${c.args}`));
    for (const call of callsInCode(next, language)) if (!before.has(`${call.callee}/${call.args}`)) out.push(call);
  }
  return out;
}

export const signatureHelper: HookRun = async (input, services) => {
  if (input.hook_event_name !== 'PreToolUse') return NO_ANSWER;
  const texts = editTexts(input);
  const path = texts.length > 0 ? toolFile(services, input) : undefined;
  const language = path ? languageForPath(path)?.id : undefined;
  if (!path || !language) return NO_ANSWER;
  const calls = newCalls(texts, language);
  if (calls.length === 0) return NO_ANSWER;
  const graph = await readyGraph(services);
  if (!graph) return NO_ANSWER;
  const imports = importedNames(graph, path);
  const known = knownTargets(graph, path);
  const warnings: string[] = [];
  const shown = new Map<string, Definition>();
  for (const call of calls) {
    const target = resolve(graph, path, language, call, imports, known);
    if (!target) continue;
    const warning = mismatch(call, target, language);
    if (warning) warnings.push(warning);
    for (const def of target.defs) shown.set(`${def.file}#${def.qualified_name}`, def);
  }
  if (shown.size === 0) return NO_ANSWER;
  const lines = ['tldr: signatures of the project code this edit calls:', ...warnings];
  for (const def of [...shown.values()].slice(0, MAX_SIGNATURES)) {
    lines.push(`${def.qualified_name}  ${def.file}:${def.line}  ${oneLine(def.signature, 160)}`);
    // A call picks one of the overloads: they are the signatures to read.
    const overloads = otherOverloads(def);
    for (const o of overloads.slice(0, MAX_OVERLOADS)) lines.push(`  overload ${def.file}:${o.line}  ${oneLine(o.signature, 160)}`);
    if (overloads.length > MAX_OVERLOADS) lines.push(`  (+${overloads.length - MAX_OVERLOADS} more overloads)`);
  }
  if (shown.size > MAX_SIGNATURES) lines.push(`(+${shown.size - MAX_SIGNATURES} more)`);
  return withContext('PreToolUse', fitLines(lines));
};
