// An overloaded function or method is one definition (DESIGN §4): the record of its
// implementation — the last declaration when there is none — carrying every overload signature.
// Which same-named functions of one scope are overloads depends on the language (ExtractSyntax
// `overloads`):
// - `declarations` (TypeScript, C, Python): bodiless declarations — TS overload signatures
//   (top-level, `declare`, class, abstract and interface members), C prototypes, Python
//   `@overload` stubs — join the function with a body they declare. The implementation's own
//   signature is not callable from outside (TS), so `overloads` lists the declarations only. Two
//   same-named functions with bodies are not overloads there (a redefinition replaces the first).
// - `all` (Java, C#, C++, Kotlin, Swift, Scala): every same-named function or method of a scope is
//   an overload, each with its own body; `overloads` lists them all, the record is the last one with
//   a body. Calls inside every overload are already attributed to the one qualified name.
// Getters and setters sharing a name are a property, not overloads, and bound arrow functions are
// values: neither is grouped.
import type { FunctionRecord, OverloadRecord } from '../types.js';
import type { ExtractSyntax } from '../../grammars/languages.js';

const OVERLOADABLE = new Set<FunctionRecord['kind']>(['function', 'method', 'constructor']);

function overloadOf(fn: FunctionRecord): OverloadRecord {
  const out: OverloadRecord = { line: fn.line, end_line: fn.end_line, signature: fn.signature, params: fn.params };
  if (fn.return_type) out.return_type = fn.return_type;
  if (fn.doc) out.doc = fn.doc;
  if (fn.is_declaration) out.is_declaration = true;
  return out;
}

/** A definition's overloads other than the one it is (where every overload has a body, its own is among them). */
export function otherOverloads<T extends { line: number }>(def: { line: number; overloads?: T[] }): T[] {
  return (def.overloads ?? []).filter((o) => o.line !== def.line);
}

/** Merges each overload group of one scope's list into its implementation's record; order kept. */
export function mergeOverloads(list: FunctionRecord[], mode: ExtractSyntax['overloads']): FunctionRecord[] {
  if (!mode || list.length < 2) return list;
  const groups = new Map<string, FunctionRecord[]>();
  for (const fn of list) {
    if (!OVERLOADABLE.has(fn.kind)) continue;
    const group = groups.get(fn.qualified_name);
    if (group) group.push(fn);
    else groups.set(fn.qualified_name, [fn]);
  }
  const dropped = new Set<FunctionRecord>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const members of mode === 'all' ? [group] : declarationRuns(group)) {
      if (members.length < 2) continue;
      const entry = implementationOf(members);
      const overloads = mode === 'all' ? distinctOverloads(members) : members.filter((fn) => fn.is_declaration);
      if (overloads.length > 1 || mode === 'declarations') entry.overloads = overloads.map(overloadOf);
      entry.doc ??= members.find((fn) => fn.doc)?.doc;
      if (members.some((fn) => fn.exported)) entry.exported = true;
      for (const fn of members) if (fn !== entry) dropped.add(fn);
    }
  }
  return dropped.size === 0 ? list : list.filter((fn) => !dropped.has(fn));
}

/**
 * Every member but the declarations of a member with a body (a C prototype, a C++ in-class
 * declaration defined out of line): those are one overload, listed once, where its body is.
 */
function distinctOverloads(members: FunctionRecord[]): FunctionRecord[] {
  const defined = new Set(members.filter((fn) => !fn.is_declaration).map(parameterTypes));
  return members.filter((fn) => !fn.is_declaration || !defined.has(parameterTypes(fn)));
}

/** The parameter list without names or defaults (`const std::string &value` → `const std::string &`), comparable across declaration and definition. */
function parameterTypes(fn: FunctionRecord): string {
  return fn.params.map((param) => {
    const text = param.replace(/=.*$/s, '').trim();
    const typed = /^[\w$]+\s*\??\s*:(?!:)\s*(.*)$/s.exec(text);
    if (typed) return typed[1].replace(/\s+/g, '');
    return text.replace(/(?<=[\w\]>*&)\s])\s*[A-Za-z_$][\w$]*$/, '').replace(/\s+/g, '');
  }).join(',');
}

/** The last member with a body, else the last declaration. */
function implementationOf(members: FunctionRecord[]): FunctionRecord {
  for (let i = members.length - 1; i >= 0; i--) if (!members[i].is_declaration) return members[i];
  return members[members.length - 1];
}

/**
 * Same-named functions split into overload sets: with one body (or none) the whole group is one;
 * with several bodies (a redefinition), each body takes the declarations written before it, and
 * declarations after the last body form a set of their own.
 */
function declarationRuns(group: FunctionRecord[]): FunctionRecord[][] {
  if (!group.some((fn) => fn.is_declaration)) return [];
  if (group.filter((fn) => !fn.is_declaration).length <= 1) return [group];
  const runs: FunctionRecord[][] = [];
  let run: FunctionRecord[] = [];
  for (const fn of group) {
    run.push(fn);
    if (!fn.is_declaration) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
