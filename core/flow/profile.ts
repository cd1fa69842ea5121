// A flow profile names, for one grammar, the node kinds the shared CFG and DFG builders interpret:
// statement containers, branches, loops, jumps, exception handling, assignments, parameters.
// Profiles are data (one table entry per language, grammars/flow/<id>.ts) plus, for the few
// grammars whose trees lack field names, small selector functions.
import type { SNode } from './syntax.js';

/**
 * Picks children of a node. String forms (alternatives separated by ` ` are not allowed; use an
 * array for fallbacks):
 * - `name`      the first child in field `name`;            `name*` every child in that field
 * - `#0`, `#-1` the n-th named child (negative from the end)
 * - `@a|b`      the first named child of type a or b;       `@a|b*` all of them
 * - `~a|b`      the first named child without a field whose type is not a or b (`~` alone: any);
 *               `~a|b*` all of them
 * - `x/y`       apply y to the first result of x
 * A function selector receives the node and returns the chosen node(s).
 * An array of selectors tries each in turn and returns the first non-empty result.
 */
export type Selector = string | ((node: SNode) => SNode | SNode[] | undefined) | Selector[];

export interface FunctionSpec {
  body: Selector;
  /** Parameter containers: each named child of one is a parameter. */
  params?: Selector;
  /** Parameters that stand directly on the function node (`x => x`, Swift). */
  param?: Selector;
  /** The name a nested function declaration binds in the enclosing scope. */
  name?: Selector;
  /** Named results (Go): a bare `return` reads them. */
  results?: Selector;
}

export interface IfSpec {
  /** One or more condition expressions; several are a conjunction (Swift `if a, b`). */
  cond: Selector;
  /** Pattern bound when the condition matches (`if let`), defined by the condition node. */
  bind?: Selector;
  /** Statement run first, before the condition (Go `if x := f(); x > 0`). */
  init?: Selector;
  then?: Selector;
  /** Alternatives: an else wrapper, another if, a block, or a list (Python elif…else). */
  else?: Selector;
  /** `unless`: the branch runs when the condition is false. */
  negate?: boolean;
}

export interface LoopSpec {
  body: Selector;
  cond?: Selector;
  /** Pattern bound by the condition (`while let`). */
  bind?: Selector;
  init?: Selector;
  update?: Selector;
  /** For-each loops: the iteration target (defined every iteration) and the iterated value. */
  target?: Selector;
  iter?: Selector;
  /** For-each loops whose header is one node holding targets and values (Scala enumerators). */
  header?: Selector;
  /** The condition is tested after the body (do-while, repeat-until). */
  post?: boolean;
  /** The loop runs while the condition is false (until). */
  negate?: boolean;
  /** Runs when the loop ends without break (Python). */
  else?: Selector;
  /** A label written inside the loop node (Rust `'outer: loop`). */
  label?: Selector;
}

export interface CaseSpec {
  /** Test expressions or patterns; empty means default. */
  tests?: Selector;
  guard?: Selector;
  /** Statements, a block or an expression. */
  body: Selector;
  /** Tests are patterns whose identifiers are bindings (Rust, Python match, Scala, Swift). */
  bind?: boolean;
  /** Child types or tokens that mark the default case (`default`, `else`, `_`). */
  default?: string[];
  /** Overrides the switch's fall-through rule for this kind of case (Java `case ->`). */
  fallthrough?: boolean;
}

export interface SwitchSpec {
  value?: Selector;
  init?: Selector;
  /** Names the header binds (Go `switch t := x.(type)`). */
  bind?: Selector;
  cases: Selector;
  case: Record<string, CaseSpec>;
  /** Control falls from the end of one case body into the next (C, Java, JS, C#, PHP). */
  fallthrough?: boolean;
  label?: Selector;
}

export interface HandlerSpec {
  /** Exception variable(s) bound by the handler. */
  param?: Selector;
  /** Exception types; when present the handler may not match and the exception travels on. */
  types?: Selector;
  /** Extra condition (C# `when`). */
  guard?: Selector;
  body: Selector;
}

export interface TrySpec {
  body: Selector;
  handlers?: Selector;
  handler?: Record<string, HandlerSpec>;
  else?: Selector;
  finally?: Selector;
  /** Resources acquired before the body (try-with-resources). */
  resources?: Selector;
}

export interface WithSpec {
  /** Header: managed values (uses) and their `as` targets (defined through `binds`). */
  items: Selector;
  body: Selector;
}

export type JumpKind = 'return' | 'break' | 'continue' | 'throw' | 'goto' | 'fallthrough';

export interface JumpSpec {
  kind: JumpKind | ((node: SNode, text: (node: SNode) => string) => JumpKind | undefined);
  label?: Selector;
  /** Numeric break/continue level (PHP `break 2`, Bash `break 2`). */
  levels?: Selector;
}

export interface LabelSpec {
  label: Selector;
  body: Selector;
}

export interface AssignSpec {
  /** Targets: defined (and used too when the operator is compound). */
  left: Selector;
  /** Always a compound assignment (`+=` node types); otherwise decided by the operator token. */
  augmented?: boolean;
  /** Declares its targets in the current scope (`let`, `:=`, Python assignment), as opposed to
   *  assigning an existing variable: a closure that assigns without declaring writes the captured variable. */
  declares?: boolean;
  /** Only nodes passing this test are assignments (Scala `x += 1` is an infix expression). */
  when?: (node: SNode, text: (node: SNode) => string) => boolean;
}

export interface MemberSpec {
  /** The object whose state a write through this node changes. */
  object: Selector;
  /** Only nodes passing this test are member accesses (Kotlin `a.b` vs plain `a`). */
  when?: (node: SNode) => boolean;
}

export interface CallSpec {
  callee: Selector;
  /** Receiver held by the call node itself (Java `a.m()`); the callee is then a method name. */
  receiver?: Selector;
}

export interface DataProfile {
  /** Variable references. */
  identifiers: string[];
  /** `this`/`self` nodes, treated as a variable named by their text. */
  selfTypes?: string[];
  /** Subtrees that hold no variable references (types, literals, labels). */
  skip: string[];
  /** Per parent type, or `*` for every type: fields that hold no variable references. */
  skipFields: Record<string, string[]>;
  assign: Record<string, AssignSpec>;
  /** Increment/decrement nodes (recognised by a `++`/`--` token): their operand is used and defined. */
  update: string[];
  /** Per node type: children in binding position (defined), the other children are visited as usual. */
  binds: Record<string, Selector>;
  /** Member, subscript and dereference nodes: a write through them is a weak definition of the base. */
  members: Record<string, MemberSpec>;
  calls: Record<string, CallSpec>;
  /** Address-of / mutable-borrow nodes whose operand may be written through (`&x`, `&mut x`). */
  addressOf?: Record<string, { operand: Selector; when?: (node: SNode, text: (node: SNode) => string) => boolean }>;
  /** Scopes inside a function that are not functions (comprehensions): analysed like closures. */
  scopes?: string[];
  /** Statements naming variables of an enclosing scope that a closure assigns (Python `nonlocal`). */
  nonlocals?: string[];
  /** Block scoping: node types that open a scope (a declaration inside one is a distinct variable
   *  there), and declaration types that stay function-scoped (JavaScript `var`). */
  blockScopes?: { scopes: string[]; functionScoped?: string[] };
  /** Variables that stand for the receiving object (`self`, `$this`): calls on them are not mutations. */
  selfNames?: string[];
  /** Names declared mutable in the function (Rust `let mut`, `mut` parameters, `&mut self`): when given,
   *  only these can be changed by a method call or a `&mut` borrow. */
  mutableNames?: (fn: SNode, text: (node: SNode) => string) => Set<string>;
  /** Pattern identifiers that name constants rather than bind (Rust/Scala/Swift `None`, `Foo`). */
  constantPattern?: (name: string) => boolean;
}

export interface FlowProfile {
  functions: Record<string, FunctionSpec>;
  /** Statement containers: every named child is a statement (or a label, see `labelSiblings`). */
  blocks: string[];
  /** Named nodes that are never statements (empty statements, stray keywords). */
  ignore?: string[];
  /** Statement wrappers whose one child may be a construct (`expression_statement` around `if`). */
  wrappers?: string[];
  /** Else wrappers and what they wrap. */
  elses?: Record<string, Selector>;
  ifs: Record<string, IfSpec>;
  loops: Record<string, LoopSpec>;
  switches: Record<string, SwitchSpec>;
  tries: Record<string, TrySpec>;
  withs?: Record<string, WithSpec>;
  labels?: Record<string, LabelSpec>;
  /** Label nodes that stand before the statement they label (Kotlin `outer@`, Swift `outer:`). */
  labelSiblings?: string[];
  jumps: Record<string, JumpSpec>;
  /** Binary nodes that short-circuit when their operator is one of `shortCircuit`. */
  logical: Record<string, { left: Selector; right: Selector }>;
  /** Operators: `and` style continue on true, `or` style on false, `??`/`?:` on non-null. */
  shortCircuit: { and: string[]; or: string[]; nullish?: string[] };
  negations?: Record<string, { operand: Selector; ops: string[] }>;
  ternaries: Record<string, { cond: Selector; then: Selector; else: Selector }>;
  /** Transparent expression wrappers (parentheses). */
  parens: string[];
  /** Nodes whose evaluation can raise: calls, `new`, `await`, subscripts in some languages. */
  throwing: string[];
  /** Callees that never return normally (Go `panic`, Rust `panic!`), written as called: a method
   *  call whose node holds its receiver (Java) is named `receiver.method`. */
  exitCalls?: string[];
  /** Statements that raise unless their condition holds (Python/Java `assert`): a branch whose
   *  false outcome throws, so what follows is control dependent on it. */
  assertStatements?: string[];
  /** Callees that raise unless their arguments pass a check (`assert!`, Kotlin `require`, C
   *  `assert`), named as in `exitCalls`: a statement holding such a call is an assert. */
  assertCalls?: string[];
  /** `continue` counts a switch as a loop level and leaves it like `break` (PHP). */
  switchIsLoop?: boolean;
  /** Operators that may return from the function in the middle of a statement (Rust `?`). */
  earlyReturns?: string[];
  yields?: string[];
  awaits?: string[];
  /** Deferred statements (Go `defer`), shown with their own kind. */
  defers?: string[];
  data: DataProfile;
}

/** The parameter nodes of a function node, in order. */
export function functionParams(fn: SNode, spec: FunctionSpec): SNode[] {
  const params = [
    ...select(fn, spec.params).flatMap((container) => {
      const inner = container.children.filter((c) => c.named);
      return inner.length > 0 || container.children.length > 0 ? inner : [container];
    }),
    ...select(fn, spec.param),
  ];
  return params.sort((a, b) => a.from - b.from);
}

/** Evaluates a selector on `node`. */
export function select(node: SNode, selector: Selector | undefined): SNode[] {
  if (selector === undefined) return [];
  if (Array.isArray(selector)) {
    for (const alternative of selector) {
      const found = select(node, alternative);
      if (found.length > 0) return found;
    }
    return [];
  }
  if (typeof selector === 'function') {
    const result = selector(node);
    return result === undefined ? [] : Array.isArray(result) ? result : [result];
  }
  const slash = selector.indexOf('/');
  if (slash >= 0) {
    const first = select(node, selector.slice(0, slash))[0];
    return first ? select(first, selector.slice(slash + 1)) : [];
  }
  return compiled(selector)(node);
}

export function selectOne(node: SNode, selector: Selector | undefined): SNode | undefined {
  return select(node, selector)[0];
}

/** A selector returning the results of every given selector, in order. */
export function all(...selectors: Selector[]): Selector {
  return (node) => selectors.flatMap((selector) => select(node, selector));
}

/** The named children that follow the first child of type `marker` (Swift `else`). */
export function after(marker: string): Selector {
  return (node) => {
    const index = node.children.findIndex((child) => child.type === marker);
    return index < 0 ? [] : node.children.slice(index + 1).filter((child) => child.named);
  };
}

/** True when `node` has a direct child token (or operator field) with this text. */
export function hasToken(node: SNode, token: string, text: (node: SNode) => string): boolean {
  return node.children.some((c) => (c.named ? c.field === 'operator' && text(c) === token : c.type === token));
}

const cache = new Map<string, (node: SNode) => SNode[]>();

function compiled(selector: string): (node: SNode) => SNode[] {
  let fn = cache.get(selector);
  if (!fn) {
    fn = compile(selector);
    cache.set(selector, fn);
  }
  return fn;
}

function compile(selector: string): (node: SNode) => SNode[] {
  const all = selector.endsWith('*');
  const body = all ? selector.slice(0, -1) : selector;
  const pick = (matches: SNode[]): SNode[] => (all ? matches : matches.slice(0, 1));
  if (body.startsWith('#')) {
    const index = Number(body.slice(1));
    return (node) => {
      const named = node.children.filter((child) => child.named);
      const chosen = named[index < 0 ? named.length + index : index];
      return chosen ? [chosen] : [];
    };
  }
  if (body.startsWith('@')) {
    const types = new Set(body.slice(1).split('|'));
    return (node) => pick(node.children.filter((child) => child.named && types.has(child.type)));
  }
  if (body.startsWith('~')) {
    const excluded = new Set(body.slice(1).split('|').filter(Boolean));
    return (node) => pick(node.children.filter((child) => child.named && child.field === null && !excluded.has(child.type)));
  }
  return (node) => pick(node.children.filter((child) => child.named && child.field === body));
}
