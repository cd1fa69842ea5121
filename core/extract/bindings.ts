// Local bindings whose type can be read off the code, for call resolution: `x = Foo()`,
// `const x = new Foo()`, `x: Foo = …`, `x := NewFoo()`, `var x Foo`, typed parameters,
// `self.x = Foo()` / `this.x = new Foo()`, `self.repo = repo` (takes `repo`'s type) and untyped
// parameters of a function literal passed as an argument (typed from the callee's parameter).
// The query captures `@binding.name` and one or more of `@binding.type` (declared type),
// `@binding.call` (callee of the initialising call), `@binding.new` (class of a `new` / composite
// literal), `@binding.from` (a plain name or attribute path initialiser; with `@binding.key` the
// name is destructured from that property of it: `const { a } = this`), `@binding.each` (a name or
// path whose element the binding is: `for (const x of xs)`), `@binding.narrow` (a type the name has
// up to the end of `@binding.until`: `if (x instanceof Foo) {…}`), `@binding.owner` (the binding is
// that name's property: `const h = { onFoo }` binds `h.onFoo` from `onFoo`), `@binding.either` (an initialiser
// whose alternatives the binding takes: `a || b`, `c ? f() : new B()`), or `@binding.callback` (the function literal) with `@binding.callee` / `@binding.ctor` (what it is passed to).
// Bindings directly in a class body are fields, not bindings (they are FieldRecords).
import type { Node } from 'web-tree-sitter';
import type { LocalBinding } from '../types.js';
import type { Match } from './captures.js';
import type { Def } from './definitions.js';
import type { ScopeIndex } from './scope.js';
import { callerOf } from './calls.js';
import { cap, capType, collapse, withoutArguments, withoutTypeArguments } from './text.js';

/** Types are kept whole up to this length (inline object types, generic containers); longer ones are cut. */
const TYPE_MAX = 300;

/** Declared "types" that only ask the compiler to infer one. */
const INFERRED = new Set(['var', 'auto', 'let', 'val', 'dynamic']);

/** Expressions an alternative may be: what call resolution can evaluate. */
const CHAIN_NODES = new Set(['identifier', 'member_expression', 'call_expression', 'new_expression', 'this', 'non_null_expression']);
const MAX_ALTERNATIVES = 4;

/** The alternatives of `a || b`, `a ?? b`, `c ? a : b`, `(x = a)`, `await a`: leaves that are names, paths, calls or constructions. */
function alternatives(node: Node, out: Node[], depth = 0): Node[] {
  if (depth > 8 || out.length >= MAX_ALTERNATIVES) return out;
  switch (node.type) {
    case 'parenthesized_expression':
    case 'await_expression': {
      const inner = node.firstNamedChild;
      if (inner) alternatives(inner, out, depth + 1);
      break;
    }
    case 'assignment_expression': {
      const right = node.childForFieldName('right');
      if (right) alternatives(right, out, depth + 1);
      break;
    }
    case 'ternary_expression':
      for (const field of ['consequence', 'alternative']) {
        const branch = node.childForFieldName(field);
        if (branch) alternatives(branch, out, depth + 1);
      }
      break;
    case 'binary_expression': {
      const operator = node.childForFieldName('operator')?.type;
      if (operator !== '||' && operator !== '??') break;
      for (const field of ['left', 'right']) {
        const side = node.childForFieldName(field);
        if (side) alternatives(side, out, depth + 1);
      }
      break;
    }
    default:
      if (CHAIN_NODES.has(node.type)) out.push(node);
  }
  return out;
}

/** Python assignment targets that unpack the value: `a, b = f()`, `(a, b) = f()`. */
const UNPACKING = new Set(['pattern_list', 'tuple_pattern']);

/** Index of `node` among the named, non-comment children of its parent list. */
function positionIn(list: Node, node: Node, comments: readonly string[]): number {
  let index = 0;
  for (const child of list.namedChildren) {
    if (child.startIndex <= node.startIndex && node.endIndex <= child.endIndex) return index;
    if (!comments.includes(child.type)) index++;
  }
  return -1;
}

/** Where a callback parameter sits: which argument of which call, which parameter of the literal. */
function callbackParam(caps: Match['caps'], nameNode: Node, comments: readonly string[]): LocalBinding['callback_param'] {
  const literal = caps['binding.callback'];
  const callee = caps['binding.ctor'] ?? caps['binding.callee'];
  const args = literal?.parent;
  if (!literal || !callee || !args) return undefined;
  const params = literal.childForFieldName('parameters');
  const arg = positionIn(args, literal, comments);
  const param = params ? positionIn(params, nameNode, comments) : 0;
  if (arg < 0 || param < 0) return undefined;
  const out: NonNullable<LocalBinding['callback_param']> = { callee: cap(withoutTypeArguments(collapse(callee.text)), 120), arg, param };
  if (caps['binding.ctor']) out.new = true;
  return out;
}

export function buildBindings(matches: Match[], scopes: ScopeIndex<Def>, comments: readonly string[]): LocalBinding[] {
  // Several patterns may describe one declaration (its type, its initialiser): merge them.
  const byName = new Map<number, LocalBinding>();
  for (const { node, caps } of matches) {
    const nameNode = caps['binding.name'];
    if (!nameNode) continue;
    const typeNode = caps['binding.type'];
    const newNode = caps['binding.new'];
    const callNode = newNode ?? caps['binding.call'];
    const fromNode = caps['binding.from'];
    const keyNode = caps['binding.key'];
    const eachNode = caps['binding.each'];
    const narrowNode = caps['binding.narrow'];
    const either = caps['binding.either'] ? alternatives(caps['binding.either'], []) : undefined;
    const callback = caps['binding.callback'] ? callbackParam(caps, nameNode, comments) : undefined;
    if (!typeNode && !callNode && !fromNode && !eachNode && !narrowNode && !either?.length && !callback) continue;
    let binding = byName.get(nameNode.startIndex);
    if (!binding) {
      const innermost = scopes.innermost(node.startIndex);
      // In a class body it is a field; a Swift computed property is its own definition, not a binding.
      if (innermost?.isClass || innermost?.node.equals(node)) continue;
      const owner = caps['binding.owner'];
      const name = owner ? `${collapse(owner.text)}.${collapse(nameNode.text)}` : collapse(nameNode.text);
      binding = { scope: callerOf(scopes, node.startIndex), name, line: nameNode.startPosition.row + 1 };
      byName.set(nameNode.startIndex, binding);
    }
    // A declared type wins over one another pattern read off the construction.
    if (typeNode && (binding.type === undefined || binding.type_at_new) && !INFERRED.has(typeNode.text)) {
      binding.type = capType(collapse(typeNode.text).replace(/^:\s*/, ''), TYPE_MAX);
      delete binding.type_at_new;
    }
    // `new Map<K, V>()`: the type arguments written at the construction make its type.
    const typeArgs = newNode && !typeNode ? newNode.parent?.childForFieldName('type_arguments') : undefined;
    if (typeArgs && binding.type === undefined) {
      binding.type = cap(collapse(newNode!.text + typeArgs.text), TYPE_MAX);
      binding.type_at_new = true;
    }
    if (callNode && binding.init_call === undefined) {
      binding.init_call = cap(withoutTypeArguments(withoutArguments(collapse(callNode.text))), 120);
      if (newNode) binding.init_new = true;
      const targets = nameNode.parent;
      if (targets && UNPACKING.has(targets.type)) binding.init_item = positionIn(targets, nameNode, comments);
    }
    if (fromNode && binding.init_name === undefined) {
      binding.init_name = cap(keyNode ? `${collapse(fromNode.text)}.${keyNode.text}` : collapse(fromNode.text), 120);
    }
    if (eachNode && binding.element_of === undefined) binding.element_of = cap(collapse(eachNode.text), 120);
    if (either?.length && binding.init_any === undefined) binding.init_any = either.map((alt) => cap(collapse(alt.text), 120));
    const until = caps['binding.until'];
    if (narrowNode && until && binding.type === undefined) {
      binding.type = cap(collapse(narrowNode.text), TYPE_MAX);
      binding.end_line = until.endPosition.row + 1;
    }
    if (callback && binding.callback_param === undefined) {
      binding.callback_param = callback;
      // The parameter is a name inside the literal only.
      binding.end_line = caps['binding.callback']!.endPosition.row + 1;
    }
  }
  return [...byName.values()].sort((a, b) => a.line - b.line);
}
