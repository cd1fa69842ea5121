// What unannotated functions return, from `@returned` matches (the value of a `return`): call
// resolution infers a call's result from them where no return type is declared, as a type
// checker does (`def open(cls, …): … return cls.taropen(…)` makes `tarfile.open(…)` a TarFile).
// Only values call resolution can evaluate are captured (names, attribute paths, calls, Python
// tuples of them); others (literals, arithmetic) add nothing a method could be looked up on. A
// generator's `return` is not what a call of it gives: a generator keeps the values it yields
// (`@yielded`) instead. A returned list is kept as its items (`[A(), b]`, a comprehension as its
// body: `[make()]`); a returned copy or iterator of an iterable (`iter(xs)`, `list(xs)`,
// `@returned.each`) as that iterable, marked `elements`; a returned function literal's value
// (`return () => editor`, `@returned.called`) marked `called`, and any anonymous function literal
// returned marked `closure` (its code is this function's); a returned object literal as the
// properties of it that hold names, paths or calls (`{editor, doc: make()}`), marked `object`.
import type { Node } from 'web-tree-sitter';
import type { ReturnedValue } from '../types.js';
import type { Match } from './captures.js';
import type { Def } from './definitions.js';
import type { ScopeIndex } from './scope.js';
import { cap, collapse, elideArguments, startLine, TYPE_MAX } from './text.js';

/** Nodes of functions: a `return` belongs to the nearest one around it. */
const FUNCTION_NODES = new Set([
  'function_definition', 'arrow_function', 'function_expression', 'function_declaration', 'generator_function',
  'generator_function_declaration', 'method_definition',
]);

/** Function literals: one returned without a name of its own is a closure of the function returning it. */
const FUNCTION_LITERALS = new Set(['function_expression', 'arrow_function']);

/** Distinct returned values kept per function; more alternatives than this are rarely one type. */
const MAX_RETURNS = 8;
const VALUE_MAX = 120;
const YIELD = /\byield\b/;

export function attachReturns(matches: Match[], scopes: ScopeIndex<Def>): void {
  const generators = new Map<Def, boolean>();
  const closures = new Set<number>();
  for (const { node, role, caps } of matches) {
    const def = scopes.innermost(node.startIndex);
    const fn = def?.fn;
    if (!def || !fn || fn.return_type !== undefined) continue;
    // A callback's `return` inside the definition (`items.map((x) => { return x.y })`) is not its own.
    if (!ownFunction(node)?.equals(def.node)) continue;
    let generator = generators.get(def);
    if (generator === undefined) generators.set(def, (generator = YIELD.test(def.body?.text ?? def.node.text)));
    const yielded = role === 'yielded';
    // `yield from xs` gives xs's items, not xs.
    if (generator !== yielded || (yielded && node.parent?.child(1)?.type === 'from')) continue;
    const each = caps['returned.each'];
    const called = caps['returned.called'];
    const closure = FUNCTION_LITERALS.has(node.type);
    // A named function expression is a function of its own, not part of this one.
    if (closure && node.childForFieldName('name')) continue;
    // A literal whose call's value is followed (`return () => editor`) is matched again as a bare
    // literal: the record that follows the value is the one kept.
    if (closure && closures.has(node.startIndex)) {
      if (!called) continue;
      fn.returns = fn.returns?.filter((r) => !r.closure || r.called);
    }
    const object = node.type === 'object' ? objectText(node) : undefined;
    if (node.type === 'object' && object === undefined) continue;
    const value = closure && !called ? '' : object ?? cap(valueText(each ?? called ?? node), VALUE_MAX);
    const returns = (fn.returns ??= []);
    if (returns.length >= MAX_RETURNS || returns.some((r) => r.value === value && r.elements === (each ? true : undefined) && r.called === (called ? true : undefined))) continue;
    if (closure) closures.add(node.startIndex);
    const line = startLine(called ?? node);
    const record: ReturnedValue = yielded ? { value, line, yielded } : each ? { value, line, elements: true } : called ? { value, line, called: true } : object ? { value, line, object: true } : { value, line };
    if (closure) record.closure = true;
    returns.push(record);
  }
}

/** Values an object literal's property may hold for call resolution to read: names, paths, calls, constructions. */
const PROPERTY_VALUES = new Set(['identifier', 'member_expression', 'call_expression', 'new_expression', 'subscript_expression']);

/**
 * An object literal returned, as `{a, b: c.d()}`: its shorthand properties and those holding a name,
 * path or call (arguments elided); undefined when it has none.
 */
function objectText(node: Node): string | undefined {
  const parts: string[] = [];
  for (const child of node.namedChildren) {
    if (child?.type === 'shorthand_property_identifier') parts.push(child.text);
    const key = child?.type === 'pair' ? child.childForFieldName('key') : null;
    const value = child?.type === 'pair' ? child.childForFieldName('value') : null;
    if (key?.type === 'property_identifier' && value && PROPERTY_VALUES.has(value.type)) parts.push(`${key.text}: ${elideArguments(collapse(value.text))}`);
  }
  const text = `{${parts.join(', ')}}`;
  return parts.length > 0 && text.length <= TYPE_MAX ? text : undefined;
}

function ownFunction(node: Node): Node | undefined {
  for (let at = node.parent; at; at = at.parent) if (FUNCTION_NODES.has(at.type)) return at;
  return undefined;
}

/** The module of a JS `require("m")` call with a literal name. */
export function requiredModule(node: Node): string | undefined {
  if (node.type !== 'call_expression' || node.childForFieldName('function')?.text !== 'require') return undefined;
  const args = node.childForFieldName('arguments')?.namedChildren.filter((arg) => arg.type !== 'comment') ?? [];
  const literal = args.length === 1 && args[0].type === 'string' ? /^(['"])(.*)\1$/.exec(args[0].text) : null;
  return literal ? literal[2] : undefined;
}

/** A returned value as call resolution reads it: arguments elided, a tuple or list as its items. */
function valueText(node: Node): string {
  // `return require("./Plugin")` keeps the module it loads (webpack's memoize(() => require(…))).
  const required = requiredModule(node);
  if (required !== undefined) return `require(${JSON.stringify(required)})`;
  // A parenthesised tuple is kept as its items (`return (a, b)` as `a, b`).
  if (node.type === 'tuple') return elideArguments(collapse(node.text.slice(1, -1)));
  const items = node.type === 'list_comprehension' ? [node.childForFieldName('body')] : node.type === 'list' ? node.namedChildren : undefined;
  if (!items) return elideArguments(collapse(node.text));
  const written = items.filter((item): item is Node => item !== null && item.type !== 'comment');
  return `[${written.map((item) => elideArguments(collapse(item.text))).join(', ')}]`;
}
