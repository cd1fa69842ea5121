// Local bindings whose type can be read off the code, for call resolution: `x = Foo()`,
// `const x = new Foo()`, `x: Foo = …`, `x := NewFoo()`, `var x Foo`, typed parameters,
// `self.x = Foo()` / `this.x = new Foo()`, `self.repo = repo` (takes `repo`'s type) and untyped
// parameters of a function literal passed as an argument (typed from the callee's parameter).
// The query captures `@binding.name` and one or more of `@binding.type` (declared type),
// `@binding.call` (callee of the initialising call), `@binding.new` (class of a `new` / composite
// literal), `@binding.from` (a plain name or attribute path initialiser; with `@binding.key` the
// name is destructured from that property of it: `const { a } = this`; with `@binding.type` instead, from a value of that
// type: the parameter `{ a }: T` makes a `T['a']`), `@binding.each` (a name or
// path whose element the binding is: `for (const x of xs)`; `@binding.zipped`: the arguments of a `zip(…)` whose argument at the
// loop target's position it is an element of; with `@binding.unpacked`, the item at the
// name's position of such an element: `for a, b in pairs`; `@binding.values`: a mapping whose value it is:
// `for k, v in m.items()`), `@binding.list` (a list of what `@binding.call` returns: `[f(y) for y in ys]`, of what `@binding.from` holds: `[b for a, b in pairs]`, or of the elements of `@binding.each`: `list(xs)`), `@binding.narrow` (a type the name has
// up to the end of `@binding.until`: `if (x instanceof Foo) {…}`; with `@binding.after`, from the end of
// that statement on: `if not isinstance(x, Foo): raise …`; with `@binding.keeps`, the name may also hold
// what it held before: `if isinstance(x, Foo) or …:`, after `if not isinstance(x, Foo): …` falling through; `@binding.guard` instead names a type guard
// whose declared `x is Foo` gives the type: `if (isFoo(x)) {…}`), `@binding.managed` (a context manager
// whose entry gives the value: `with Foo() as x`, `@binding.async` for `async with`), `@binding.items` (the
// values of a tuple assignment, one per target: `a, b = x, f()`), `@binding.global` (the name is
// declared `global` in its function: that function's bindings of it are module-level ones too), `@binding.owner` (the binding is
// that name's property: `const h = { onFoo }` binds `h.onFoo` from `onFoo`), `@binding.either` (an initialiser
// whose alternatives the binding takes: `a || b`, `c ? f() : new B()`), `@binding.assigned` (an assignment
// to a plain name, not a declaration: `x = f()`), `@binding.typevar` (a Python
// `TypeVar(…)` call: the name stands for its bound or constraints as a type), or `@binding.callback` (the function literal) with `@binding.callee` / `@binding.ctor` (what it is passed to;
// with `@binding.object` and `@binding.prop`, the literal is that property of an object passed).
// Bindings directly in a class body are fields (FieldRecords), and bindings of the class's own
// scope only where the language makes the class body a scope (LanguageHooks.classBodyScope).
import type { Node, Tree } from 'web-tree-sitter';
import type { LocalBinding } from '../types.js';
import type { Match } from './captures.js';
import type { Def } from './definitions.js';
import type { ScopeIndex } from './scope.js';
import { callerOf } from './calls.js';
import { cap, capType, collapse, elideArguments, textWithout, TYPE_MAX, withoutArguments, withoutTypeArguments } from './text.js';
import { requiredModule } from './returns.js';

/** JS/TS functions, whose parameters an assignment in their body may name. */
const PARAMETER_OWNERS = new Set([
  'function_expression', 'arrow_function', 'function_declaration', 'generator_function', 'generator_function_declaration', 'method_definition',
]);

/**
 * Whether `name` is a parameter of the function around `node`. Call resolution also knows a named
 * definition's parameters; this finds those of a function literal (`return function (array, predicate) {…}`).
 */
function isOwnParameter(node: Node, name: string): boolean {
  for (let at = node.parent; at; at = at.parent) {
    if (!PARAMETER_OWNERS.has(at.type)) continue;
    const params = at.childForFieldName('parameters') ?? at.childForFieldName('parameter');
    return params !== null && declaresName(params, name);
  }
  return false;
}

/** Where a parameter's default value sits: what it reads binds no parameter name. */
const DEFAULT_VALUE_FIELD: Record<string, string> = {
  assignment_pattern: 'right', object_assignment_pattern: 'right', required_parameter: 'value', optional_parameter: 'value',
};

/** Whether a parameter list (or one parameter) binds `name`, default values and types aside. */
function declaresName(node: Node, name: string): boolean {
  if (node.type === 'identifier' || node.type === 'shorthand_property_identifier_pattern') return node.text === name;
  if (node.type === 'type_annotation') return false;
  const field = DEFAULT_VALUE_FIELD[node.type];
  const skipped = field === undefined ? null : node.childForFieldName(field);
  return node.namedChildren.some((child) => child !== null && !(skipped && child.equals(skipped)) && declaresName(child, name));
}

/** Statements and clauses whose body may not run (or may run instead of another). */
const CONDITIONAL = new Set([
  'if_statement', 'elif_clause', 'else_clause', 'if_expression', 'for_statement', 'for_in_statement', 'for_of_statement',
  'enhanced_for_statement', 'while_statement', 'try_statement', 'except_clause', 'catch_clause', 'case_clause',
  'switch_case', 'switch_default', 'expression_case', 'type_case', 'default_case', 'match_statement', 'match_arm',
]);

/** `this[kAgent]` as the member under that computed key is named: `this.[kAgent]`. */
function memberName(text: string): string {
  const computed = /^this\[([\w$]+)\]$/.exec(text);
  return computed ? `this.[${computed[1]}]` : text;
}

/**
 * Whether the statement `node` making a binding sits in a branch, loop or try of its scope (whose
 * node is `scope`); a loop's own variable does not. `known`: the answer for each ancestor walked
 * through so far (by where the walk stops, then node id), where a later walk stops — bindings share
 * ancestors (a function's parameters, a block's statements), and each step up is a call into tree-sitter.
 */
function isConditional(node: Node, scope: Node | undefined, known: Map<Node | Tree, Map<number, boolean>>): boolean {
  // A scope in another tree (a recovered part's) is never reached: the walk goes to the root.
  const stop = scope?.tree === node.tree ? scope : undefined;
  let answers = known.get(stop ?? node.tree);
  if (!answers) known.set(stop ?? node.tree, (answers = new Map()));
  const walked: number[] = [];
  let found = false;
  for (let at = node.parent; at && !(stop && at.equals(stop)); at = at.parent) {
    const answer = answers.get(at.id);
    if (answer !== undefined) {
      found = answer;
      break;
    }
    walked.push(at.id);
    if (CONDITIONAL.has(at.type)) {
      found = true;
      break;
    }
  }
  for (const id of walked) answers.set(id, found);
  return found;
}

/** Declared "types" that only ask the compiler to infer one. */
const INFERRED = new Set(['var', 'auto', 'let', 'val', 'dynamic']);

/** Expressions an alternative may be: what call resolution can evaluate. */
const CHAIN_NODES = new Set(['identifier', 'member_expression', 'subscript_expression', 'call_expression', 'new_expression', 'this', 'non_null_expression', 'attribute', 'subscript', 'call']);
const MAX_ALTERNATIVES = 4;
/**
 * Literal collections (`out = []`, `seen = {}`, `xs = opts || []`), written as the resolver reads
 * them: `[]` a list, `{}` a mapping, whatever they hold. Their methods are the runtime's.
 */
const LITERAL_COLLECTIONS: Readonly<Record<string, string>> = { list: '[]', set: '[]', array: '[]', dictionary: '{}' };
const LITERAL_TEXTS = new Set(Object.values(LITERAL_COLLECTIONS));
/** The keys of a LocalBinding that say where it is, not what it holds. */
const WHERE_KEYS = new Set(['scope', 'name', 'line', 'end_line', 'conditional']);

/** The alternatives of `a || b`, `a ?? b`, `c ? a : b`, `(x = a)`, `await a`: leaves that are names, paths, elements (`xs[0]`), calls, constructions or literal collections. */
function alternatives(node: Node, out: Node[], depth = 0): Node[] {
  if (depth > 8 || out.length >= MAX_ALTERNATIVES) return out;
  switch (node.type) {
    case 'parenthesized_expression':
    case 'await_expression':
    case 'await': {
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
    case 'conditional_expression': {
      // Python `a if c else b`: the first and last operands.
      const [first, , last] = node.namedChildren;
      for (const branch of [first, last]) if (branch) alternatives(branch, out, depth + 1);
      break;
    }
    case 'boolean_operator': {
      if (node.childForFieldName('operator')?.type !== 'or') break;
      for (const field of ['left', 'right']) {
        const side = node.childForFieldName(field);
        if (side) alternatives(side, out, depth + 1);
      }
      break;
    }
    case 'binary_expression': {
      const operator = node.childForFieldName('operator')?.type;
      if (operator !== '||' && operator !== '??') break;
      for (const field of ['left', 'right']) {
        const side = node.childForFieldName(field);
        if (side) alternatives(side, out, depth + 1);
      }
      break;
    }
    case 'binary_operator':
      // Python arithmetic (`a | b`, `"u" + s`): its operator method gives the value.
      out.push(node);
      break;
    default:
      if (CHAIN_NODES.has(node.type) || LITERAL_COLLECTIONS[node.type]) out.push(node);
  }
  return out;
}

/** What a copied value is read from: a slice (`xs[:]`) is a list like the sliced one. */
function copiedFrom(node: Node): string {
  const subscript = node.type === 'subscript' ? node.childForFieldName('subscript') : null;
  const value = subscript?.type === 'slice' ? node.childForFieldName('value') : null;
  return collapse((value ?? node).text);
}

/** A narrowing's type: one class, or a tuple of them (`isinstance(x, (A, B))`) as their union. */
function narrowedType(node: Node): string {
  if (node.type !== 'tuple') return collapse(node.text);
  return node.namedChildren.map((item) => collapse(item.text)).join(' | ');
}

/**
 * What a Python TypeVar stands for as a type: its bound (`TypeVar("T", bound="Foo")`), else one of
 * its constraints (`TypeVar("X", A, B)` → `A | B`); undefined for an unconstrained one.
 */
function typeVarType(call: Node, comments: readonly string[]): string | undefined {
  const args = (call.childForFieldName('arguments')?.namedChildren ?? []).filter((arg) => !comments.includes(arg.type));
  const bound = args.find((arg) => arg.type === 'keyword_argument' && arg.childForFieldName('name')?.text === 'bound')?.childForFieldName('value');
  if (bound) return collapse(bound.text).replace(/^['"]|['"]$/g, '');
  const constraints = args.slice(1).filter((arg) => arg.type !== 'keyword_argument');
  return constraints.length > 0 ? constraints.map((arg) => collapse(arg.text).replace(/^['"]|['"]$/g, '')).join(' | ') : undefined;
}

/** Assignment targets that unpack the value: Python's `a, b = f()`, `(a, b) = f()`; JavaScript's `const [a, b] = f()`. */
const UNPACKING = new Set(['pattern_list', 'tuple_pattern', 'array_pattern']);

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
  // A property of an object passed as the argument (`@binding.object`, `@binding.prop`), or the argument itself.
  const argument = caps['binding.object'] ?? literal;
  const args = argument?.parent;
  if (!literal || !callee || !argument || !args) return undefined;
  const params = literal.childForFieldName('parameters');
  const arg = positionIn(args, argument, comments);
  const param = params ? positionIn(params, nameNode, comments) : 0;
  if (arg < 0 || param < 0) return undefined;
  const out: NonNullable<LocalBinding['callback_param']> = { callee: cap(withoutTypeArguments(collapse(callee.text)), 120), arg, param };
  const prop = caps['binding.prop'];
  if (prop) out.prop = prop.text;
  if (caps['binding.ctor']) out.new = true;
  return out;
}

/** The argument of `zip(…)` (`@binding.zipped`, its argument list) at a loop target's position: the iterable the name is an element of. */
function zippedIterable(args: Node, target: Node, comments: readonly string[]): Node | undefined {
  const targets = target.parent;
  const at = targets ? positionIn(targets, target, comments) : -1;
  const arg = at < 0 ? undefined : args.namedChildren.filter((child) => !comments.includes(child.type))[at];
  return arg && arg.type !== 'keyword_argument' && arg.type !== 'list_splat' ? arg : undefined;
}

/** Items of a Python tuple (JS array) a name or path copies: `a, b = x, self.y`, `[a, b] = await Promise.all([x, this.y])`. */
const ITEM_PATHS = new Set(['identifier', 'attribute', 'subscript', 'member_expression', 'subscript_expression']);

/** The item of a tuple assignment's values at a target's position: a name or path it copies, or a call it is the result of. */
function tupleItem(items: Node, target: Node, comments: readonly string[]): Pick<LocalBinding, 'init_name' | 'init_call'> | undefined {
  const targets = target.parent;
  const at = targets ? positionIn(targets, target, comments) : -1;
  const item = at < 0 ? undefined : items.namedChildren.filter((child) => !comments.includes(child.type))[at];
  if (item && ITEM_PATHS.has(item.type)) return { init_name: cap(copiedFrom(item), 120) };
  const callee = item?.type === 'call' || item?.type === 'call_expression' ? item.childForFieldName('function') : undefined;
  return callee ? { init_call: cap(withoutArguments(collapse(callee.text)), 120) } : undefined;
}

/** Whether an initialiser is awaited where it stands (`await f()`, `await pending`). */
function isAwaited(node: Node): boolean {
  const parent = node.parent?.type;
  return parent === 'await_expression' || parent === 'await';
}

export function buildBindings(matches: Match[], scopes: ScopeIndex<Def>, comments: readonly string[], classBodyScope = false): LocalBinding[] {
  const globals = new Set<string>();
  for (const { node, caps } of matches) {
    if (caps['binding.global'] && caps['binding.name']) globals.add(`${callerOf(scopes, node.startIndex)}\u0000${caps['binding.name'].text}`);
  }
  // Several patterns may describe one declaration (its type, its initialiser): merge them.
  const byName = new Map<number, LocalBinding>();
  const locals = new Set<LocalBinding>();
  const conditionals = new Map<Node | Tree, Map<number, boolean>>();
  for (const { node, caps } of matches) {
    const nameNode = caps['binding.name'];
    if (!nameNode || caps['binding.global']) continue;
    const typeNode = caps['binding.type'];
    const typeVar = caps['binding.typevar'] ? typeVarType(caps['binding.typevar'], comments) : undefined;
    const newNode = caps['binding.new'];
    const callNode = newNode ?? caps['binding.call'];
    const fromNode = caps['binding.from'];
    const keyNode = caps['binding.key'];
    // `const { a } = require('m')` in a function is an import (the file's import records name it),
    // not a property of an unknown value shadowing it.
    if (keyNode && fromNode && /^require\s*\(/.test(fromNode.text)) continue;
    const eachNode = caps['binding.each'];
    const narrowNode = caps['binding.narrow'] ?? caps['binding.guard'];
    const managed = caps['binding.managed'];
    const item = caps['binding.items'] ? tupleItem(caps['binding.items'], nameNode, comments) : undefined;
    const either = caps['binding.either'] ? alternatives(caps['binding.either'], []) : undefined;
    const callback = caps['binding.callback'] ? callbackParam(caps, nameNode, comments) : undefined;
    const zipped = caps['binding.zipped'] ? zippedIterable(caps['binding.zipped'], nameNode, comments) : undefined;
    // `@binding.local`: a name declared here whose value tldr does not read (Go's `ctx, cancel := …`
    // second name): it hides what the name means outside.
    if (!typeNode && !typeVar && !callNode && !fromNode && !eachNode && !caps['binding.values'] && !narrowNode && !managed && !item && !either?.length && !callback && !zipped && !caps['binding.local']) continue;
    // JS `function (array, predicate) { predicate = cb(predicate) }`: a parameter keeps its declared type (any).
    if (caps['binding.assigned'] && isOwnParameter(node, nameNode.text)) continue;
    let binding = byName.get(nameNode.startIndex);
    if (!binding) {
      const innermost = scopes.innermost(node.startIndex);
      // In a class body it is a field; a Swift computed property is its own definition, not a binding.
      if ((innermost?.isClass && !classBodyScope) || innermost?.node.equals(node)) continue;
      const owner = caps['binding.owner'];
      const name = owner ? `${collapse(owner.text)}.${collapse(nameNode.text)}` : memberName(collapse(nameNode.text));
      // A narrowing that holds after its statement starts where the statement ends (an initialiser
      // on the next line reads it there); one whose statement's block falls through (`keeps`) on
      // the line after, as a call on the block's last line still sees the name as the block has it.
      const after = caps['binding.after'];
      const scope = innermost?.isClass ? innermost.qualified : callerOf(scopes, node.startIndex);
      const line = after ? after.endPosition.row + (caps['binding.keeps'] ? 2 : 1) : nameNode.startPosition.row + 1;
      binding = { scope, name, line };
      if (globals.has(`${binding.scope}\u0000${name}`)) binding.global = true;
      if (caps['binding.assigned']) binding.assigned = true;
      if (!narrowNode && !callback && !after && isConditional(node, innermost?.node, conditionals)) binding.conditional = true;
      byName.set(nameNode.startIndex, binding);
    }
    // A declared type wins over one another pattern read off the construction.
    if (typeNode && (binding.type === undefined || binding.type_at_new) && !INFERRED.has(typeNode.text)) {
      const declared = collapse(textWithout(typeNode, comments)).replace(/^:\s*/, '');
      // A name destructured from a typed value (no initialiser: a parameter) is that member of its type.
      binding.type = capType(keyNode && !fromNode ? `${/^[\w$.]+(<.*>)?$/.test(declared) ? declared : `(${declared})`}['${keyNode.text}']` : declared, TYPE_MAX);
      delete binding.type_at_new;
    }
    if (typeVar && binding.type === undefined) binding.type = cap(typeVar, TYPE_MAX);
    // `new Map<K, V>()`: the type arguments written at the construction make its type (an item's,
    // `[new Subject<T>()]`, its elements').
    const typeArgs = newNode && !typeNode ? newNode.parent?.childForFieldName('type_arguments') : undefined;
    if (typeArgs && binding.type === undefined) {
      binding.type = cap(collapse(newNode!.text + typeArgs.text) + (caps['binding.list'] ? '[]' : ''), TYPE_MAX);
      binding.type_at_new = true;
    }
    if (callNode && binding.init_call === undefined) {
      // `require("./debuggability")(Promise, …)` (bluebird): a call of what that module exports, kept as returns.ts keeps a require.
      const required = requiredModule(callNode);
      binding.init_call = required !== undefined ? `require(${JSON.stringify(required)})` : cap(withoutTypeArguments(withoutArguments(elideArguments(collapse(callNode.text)))), 120);
      if (newNode) binding.init_new = true;
      if (callNode.parent && isAwaited(callNode.parent)) binding.awaited = true;
      const targets = nameNode.parent;
      const results = caps['binding.results'];
      if (results) binding.init_item = positionIn(results, nameNode, comments);
      else if (targets && UNPACKING.has(targets.type)) binding.init_item = positionIn(targets, nameNode, comments);
    }
    if (managed && (binding.init_call === undefined || caps['binding.async'])) {
      // What `__enter__` (`__aenter__`, awaited by `async with`) returns on the managed value; the
      // `async with` pattern also matches as a plain `with` item and overrides it.
      binding.init_call = cap(`${elideArguments(collapse(managed.text))}.${caps['binding.async'] ? '__aenter__' : '__enter__'}`, 120);
    }
    if (item && binding.init_name === undefined && binding.init_call === undefined) {
      Object.assign(binding, item);
      // `await Promise.all([…])`: each item is awaited.
      const call = caps['binding.items']!.parent?.parent;
      if (call && isAwaited(call)) binding.awaited = true;
    }
    if (fromNode && binding.init_name === undefined) {
      const awaited = isAwaited(fromNode);
      const source = elideArguments(collapse(fromNode.text));
      // A property of what a promise resolves to is read off the awaited value: `(await f()).data`.
      binding.init_name = cap(keyNode ? `${awaited ? `(await ${source})` : source}.${keyNode.text}` : copiedFrom(fromNode), 120);
      if (!keyNode && awaited) binding.awaited = true;
      const targets = nameNode.parent;
      if (!keyNode && targets && UNPACKING.has(targets.type)) {
        binding.init_item = positionIn(targets, nameNode, comments);
        // `(k1, v1), (k2, v2) = pairs`: the targets are themselves an item of the value.
        const outer = targets.parent;
        if (outer && UNPACKING.has(outer.type)) binding.init_outer = positionIn(outer, targets, comments);
      }
    }
    if (zipped && binding.element_of === undefined) binding.element_of = cap(collapse(zipped.text), 120);
    if (eachNode && binding.element_of === undefined) {
      binding.element_of = cap(collapse(eachNode.text), 120);
      const unpacked = caps['binding.unpacked'];
      if (unpacked) binding.init_item = positionIn(unpacked, nameNode, comments);
    }
    const values = caps['binding.values'];
    if (values && binding.value_of === undefined) binding.value_of = cap(collapse(values.text), 120);
    if (caps['binding.list'] && (binding.init_call !== undefined || binding.element_of !== undefined || binding.init_name !== undefined)) binding.init_list = true;
    if (either?.length && binding.init_any === undefined) binding.init_any = either.map((alt) => LITERAL_COLLECTIONS[alt.type] ?? cap(collapse(alt.text), 120));
    const until = caps['binding.until'];
    if (narrowNode && until && binding.end_line !== undefined && (binding.type !== undefined || binding.guard !== undefined)) {
      // Two patterns narrowing one name the same way (`isFoo(x) && …` inside `if (isFoo(x) && …) {…}`,
      // whose match completes later): it holds as far as either says.
      binding.end_line = Math.max(binding.end_line, until.endPosition.row + 1);
    } else if (narrowNode && until && binding.type === undefined && binding.guard === undefined) {
      if (caps['binding.guard']) {
        binding.guard = cap(withoutTypeArguments(collapse(narrowNode.text)), 120);
        const orGuard = caps['binding.or_guard'];
        if (orGuard) binding.or_guard = cap(withoutTypeArguments(collapse(orGuard.text)), 120);
      } else binding.type = cap(narrowedType(narrowNode), TYPE_MAX);
      binding.end_line = until.endPosition.row + 1;
      if (caps['binding.keeps']) binding.keeps = true;
    }
    if (caps['binding.local']) locals.add(binding);
    if (callback && binding.callback_param === undefined) {
      binding.callback_param = callback;
      // The parameter is a name inside the literal only.
      binding.end_line = caps['binding.callback']!.endPosition.row + 1;
    }
  }
  const bindings = [...byName.values()];
  // A name only declared (`@binding.local`) that no other pattern says more of.
  for (const binding of locals) if (Object.keys(binding).every((key) => WHERE_KEYS.has(key))) binding.declared_only = true;
  // A literal collection says less than what its items give (`[new Plane(), …]`: a list of Planes).
  for (const binding of bindings) {
    const literal = binding.init_any?.every((text) => LITERAL_TEXTS.has(text));
    if (literal && (binding.init_call !== undefined || binding.init_name !== undefined || binding.element_of !== undefined)) delete binding.init_any;
  }
  return bindings.sort((a, b) => a.line - b.line);
}
