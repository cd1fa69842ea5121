// Call sites from `@call` / `@new` matches. The callee is either one node (`@call.callee`:
// `this.repo.save`, `os.path.join`, `Foo::new`) split at its last `.`, `?.`, `::`, `->` or `:`,
// or given in parts by the query (`@call.receiver` + `@call.name`, as Java/Ruby/Kotlin trees
// hold them). The caller is the innermost enclosing *function* (classes are skipped, so a call
// in a class body inside a function belongs to that function; one at class level belongs to
// `<module>`); anonymous callbacks are not definitions, so their calls go to the named function
// around them. Top-level code — Python's `if __name__ == '__main__':` block included, decorators
// too (they run where the definition is made) — belongs to `<module>`. A call of what a call gives
// (`f(a)(b)`, in the grammars whose calls are `call_expression`s: JS/TS, Go, Rust, C/C++) is kept
// with the inner call as its callee; other calls whose callee has no final identifier (IIFEs) are
// dropped; macro invocations (Rust `write!`) are not calls.
import type { Node } from 'web-tree-sitter';
import type { CallKind, CallSite } from '../types.js';
import type { Match } from './captures.js';
import type { Def } from './definitions.js';
import type { ScopeIndex } from './scope.js';
import { cap, collapse, withoutArgumentLists, withoutTypeArguments } from './text.js';

const CALLEE_MAX = 160;
// A name may be a JavaScript private name (`this.#dispatch`).
const SPLIT = /^([\s\S]*?)\s*(\?\.|\.|::|->|:)\s*(#?[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*[!?]?)$/;
const IDENT = /^#?[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF-]*[!?]?$/;

/** The enclosing function's qualified name, or `<module>`. */
export function callerOf(scopes: ScopeIndex<Def>, pos: number): string {
  let def = scopes.innermost(pos);
  while (def && def.isClass) def = def.parent;
  return def ? def.qualified : '<module>';
}

/**
 * `(0, ns.f)(…)`: how Babel and TypeScript call an imported function in CommonJS output, so that
 * `this` in f is not the module object. It is a call of `ns.f`; the comma only drops the receiver.
 */
const INDIRECT = /^\(\s*0\s*,\s*([\s\S]+?)\s*\)$/;

/** The member expression `ns.f` of an indirect callee `(0, ns.f)`: called there, not read. */
function isIndirectCallee(node: Node): boolean {
  const sequence = node.parent;
  const group = sequence?.parent;
  return sequence?.type === 'sequence_expression' && sequence.namedChildCount === 2 && sequence.firstNamedChild?.text === '0'
    && sequence.lastNamedChild?.equals(node) === true
    && group?.type === 'parenthesized_expression' && group.parent?.childForFieldName('function')?.equals(group) === true;
}

/** How much of a node's source is read for its text: a long callee (an IIFE's body) is cut. */
const WINDOW = CALLEE_MAX * 4;

function text(source: string, node: Node): string {
  return collapse(source.slice(node.startIndex, Math.min(node.endIndex, node.startIndex + WINDOW)));
}

const OPERATOR = /\s(?:\|\||&&|\?\?|\*\*|[-+*/%|&^]|[<>]=?|[!=]==?|instanceof|in)\s/g;
const PREFIX = /^(?:(?:await|typeof|void|delete)\s+|[!~+-]\s*)+/;
const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/**
 * tree-sitter-typescript 0.23 binds a postfix `!` and a call's type arguments looser than
 * operators: `a - b!.m()` reads as `(a - b)!.m()`, `await f<T>()` as `(await f)<T>()`. A callee
 * written so is the operand after its last operator, prefix operators taken off. (Where the grammar
 * reads a callee right, an operand in it is parenthesised: nothing changes.)
 */
function operandOf(callee: string): string {
  // Most callees (`a.b`, `f`) have neither a spaced operator nor a prefix: nothing to take off.
  if (!/\s/.test(callee) && !PREFIX.test(callee)) return callee;
  // The text with bracketed and quoted stretches blanked out, so that only top-level operators show.
  let masked = '';
  const closers: string[] = [];
  for (let i = 0; i < callee.length; i++) {
    const ch = callee[i];
    if (closers.length === 0 && (ch === '"' || ch === "'" || ch === '`')) {
      let j = i + 1;
      while (j < callee.length && callee[j] !== ch) j += callee[j] === '\\' ? 2 : 1;
      masked += '_'.repeat(Math.min(j, callee.length - 1) - i + 1);
      i = j;
      continue;
    }
    if (OPENERS[ch]) closers.push(OPENERS[ch]);
    masked += closers.length > 0 ? '_' : ch;
    if (ch === closers[closers.length - 1]) closers.pop();
  }
  let cut = 0;
  for (const match of masked.matchAll(OPERATOR)) cut = match.index + match[0].length;
  const operand = callee.slice(cut);
  return cut > 0 || PREFIX.test(operand) ? operand.replace(PREFIX, '') : callee;
}

/**
 * A callee's receiver and name (`whole`: `callee` is all of it). The name ends the callee, so a
 * callee longer than the text read of it is split at its end (`(() => { … })()` has none,
 * `a.b(…long…).c` is `c`), never at whatever identifier the cut text happens to end with.
 */
function splitCallee(source: string, node: Node, callee: string, whole: boolean): { receiver?: string; name: string } {
  if (whole || node.endIndex - node.startIndex <= WINDOW) {
    const split = SPLIT.exec(callee);
    return split ? { receiver: split[1] || undefined, name: split[3] } : { name: callee };
  }
  const tail = SPLIT.exec(withoutTypeArguments(collapse(source.slice(node.endIndex - WINDOW, node.endIndex))));
  return tail ? { receiver: callee, name: tail[3] } : { name: callee };
}

/**
 * A call of what a call gives (`o(parser)(ctx)`, `require('./plugin')(options)`): its callee is
 * the inner call as written when short (`written`), else without its arguments (`o()`), named
 * after the function called there; the resolver reads what that call returns (a closure it returns
 * runs its code: the call is its).
 */
function calledResult(source: string, callee: Node, written: string | undefined): { callee: string; name: string } | undefined {
  if (callee.type !== 'call_expression') return undefined;
  const bare = withoutArgumentLists(source, callee);
  const path = bare && withoutTypeArguments(bare.replace(/(\(\))+$/, ''));
  if (!path) return undefined;
  const name = SPLIT.exec(path)?.[3] ?? path;
  return IDENT.test(name) ? { callee: cap(written ?? bare!, CALLEE_MAX), name } : undefined;
}

/** A member named by a computed key, as the extractor names the member (`[kDispatch]`). */
const COMPUTED_NAME = /^\[[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*\]$/;

/**
 * A call of a member under a computed key (undici's `this[kDispatch](opts, handler)`, a Symbol
 * method): its receiver, and the name the member's definition has (`[kDispatch]`). Only a key
 * that is a name or a dotted path (`handlers[type]()` is one too, reaching a member only where one
 * is defined under that key).
 */
function computedMember(callee: Node): { receiver: string; name: string } | undefined {
  if (callee.type !== 'subscript_expression') return undefined;
  const object = callee.childForFieldName('object');
  const index = callee.childForFieldName('index');
  const name = index ? `[${collapse(index.text)}]` : '';
  return object && COMPUTED_NAME.test(name) ? { receiver: collapse(object.text), name } : undefined;
}

function countArgs(args: Node | undefined, source: string, comments: readonly string[]): number {
  if (!args) return 0;
  // A bare argument (Python generator argument, Ruby command argument) is one argument.
  const isList = source.charCodeAt(args.startIndex) === 40 /* ( */ || /argument|call_suffix/.test(args.type);
  if (!isList) return 1;
  const count = args.namedChildCount;
  // Comments are children too; look for them only when the text may hold one.
  const short = args.endIndex - args.startIndex < 4096;
  if (count === 0 || (short && !/#|\/\/|\/\*|--/.test(source.slice(args.startIndex, args.endIndex)))) return count;
  let named = 0;
  for (const child of args.namedChildren) if (!comments.includes(child.type)) named++;
  return named;
}

/**
 * One match per call node: a `@new` reading (Ruby `Foo.new`) wins over a plain call reading;
 * readings of the same role merge (a query spells optional parts as extra patterns).
 */
function preferConstructions(matches: Match[]): Match[] {
  const byNode = new Map<number, Match>();
  for (const match of matches) {
    const previous = byNode.get(match.node.id);
    if (!previous || (previous.role !== 'new' && match.role === 'new')) {
      byNode.set(match.node.id, { ...match, caps: { ...match.caps } });
    } else if (previous.role === match.role) {
      for (const [name, node] of Object.entries(match.caps)) previous.caps[name] ??= node;
    }
  }
  return [...byNode.values()].sort((a, b) => a.node.startIndex - b.node.startIndex);
}

export function buildCalls(
  matches: Match[],
  scopes: ScopeIndex<Def>,
  source: string,
  comments: readonly string[],
  callThis?: (call: Node) => CallSite['this_from'],
): CallSite[] {
  const calls: CallSite[] = [];
  for (const match of preferConstructions(matches)) {
    const { node, caps } = match;
    let name: string;
    let receiver: string | undefined;
    let callee: string;
    let nameNode: Node | undefined;
    if (caps['call.name']) {
      nameNode = caps['call.name'];
      name = collapse(nameNode.text);
      receiver = caps['call.receiver'] ? text(source, caps['call.receiver']) : undefined;
      callee = receiver ? `${receiver}.${name}` : name;
    } else if (caps['call.callee']) {
      const written = text(source, caps['call.callee']);
      // A callee too long to keep (`Effect.gen(function* () { … }).pipe`) is kept without its calls' arguments.
      const elided = written.length > CALLEE_MAX ? withoutArgumentLists(source, caps['call.callee']) : undefined;
      callee = operandOf(withoutTypeArguments(elided ?? written));
      callee = INDIRECT.exec(callee)?.[1] ?? callee;
      ({ receiver, name } = splitCallee(source, caps['call.callee'], callee, elided !== undefined));
      const computed = computedMember(caps['call.callee']);
      if (computed) ({ receiver, name } = computed);
      else if (!IDENT.test(name)) {
        const result = calledResult(source, caps['call.callee'], elided === undefined ? callee : undefined);
        if (!result) continue;
        ({ callee, name } = result);
        receiver = undefined;
      }
    } else {
      continue;
    }
    if (!IDENT.test(name) && !COMPUTED_NAME.test(name)) continue;
    const kind: CallKind = match.role === 'new'
      ? 'new'
      : name === 'super' || receiver === 'super' || caps['call.super'] ? 'super'
        : receiver ? 'method' : 'call';
    const site: CallSite = {
      callee: cap(callee, CALLEE_MAX),
      name,
      line: ((nameNode ?? caps['call.callee'] ?? node).endPosition.row) + 1,
      caller: callerOf(scopes, node.startIndex),
      kind,
      arg_count: caps['call.args'] ? countArgs(caps['call.args'], source, comments) : match.lists['call.arg']?.length ?? 0,
    };
    if (receiver) site.receiver = cap(receiver, CALLEE_MAX);
    if (callThis && (receiver === 'this' || receiver?.startsWith('this.') || receiver?.startsWith('this?.'))) {
      const from = callThis(node);
      if (from) site.this_from = from;
    }
    calls.push(site);
  }
  return calls;
}

/**
 * The fields in which a member expression is not a value read of its own: called or constructed.
 * As the object of a longer access (`a.b` in `a.b.c`) it is read: a getter runs there, and both
 * checkers list such reads among a member's incoming calls.
 */
const NOT_A_REFERENCE = ['function', 'constructor'];
/** Where a member expression names a value's type and reads nothing: TypeScript's `typeof a.b` in a type. */
const TYPE_QUERIES = new Set(['type_query']);
/**
 * Where a member expression names what is called without call syntax, a call rather than a read: a
 * JSX tag (`<Foo.Bar />` calls the component, grammars/queries/jsx.scm; `</Foo.Bar>` only closes it)
 * and a decorator (`@Reflect.metadata`).
 */
const CALLED_BY_PLACE = new Set(['jsx_opening_element', 'jsx_self_closing_element', 'jsx_closing_element', 'decorator']);
/** Assignments whose `left` member is written, not read (`this.ACTION = this.ACTION_RECORD`, `self.x = y`). */
const ASSIGNMENTS = new Set(['assignment_expression', 'assignment']);

/** Whether the member expression `node` is written or deleted there rather than read. */
function isWritten(node: Node, parent: Node): boolean {
  if (ASSIGNMENTS.has(parent.type) && parent.childForFieldName('left')?.equals(node)) return true;
  return (parent.type === 'unary_expression' && parent.childForFieldName('operator')?.text === 'delete') || parent.type === 'delete_statement';
}

/**
 * Member reads from `@ref` matches (`@ref.name` the member): those whose value is used — passed,
 * stored, tested, assigned or read further (`a.b` in `a.b.c`) — not called (calls are call sites);
 * a member written or deleted is marked so (CallSite.write).
 */
export function buildReferences(
  matches: Match[],
  scopes: ScopeIndex<Def>,
  source: string,
  callThis?: (node: Node) => CallSite['this_from'],
): CallSite[] {
  const references: CallSite[] = [];
  for (const { node, caps } of matches) {
    const nameNode = caps['ref.name'];
    const parent = node.parent;
    if (!nameNode || !parent) continue;
    if (TYPE_QUERIES.has(parent.type) || CALLED_BY_PLACE.has(parent.type) || NOT_A_REFERENCE.some((field) => parent.childForFieldName(field)?.equals(node))) continue;
    if (parent.type === 'sequence_expression' && isIndirectCallee(node)) continue;
    const callee = text(source, node);
    const split = SPLIT.exec(callee);
    if (!split || split[3] !== nameNode.text || !split[1]) continue;
    const site: CallSite = {
      callee: cap(callee, CALLEE_MAX),
      name: split[3],
      receiver: cap(split[1], CALLEE_MAX),
      line: nameNode.endPosition.row + 1,
      caller: callerOf(scopes, node.startIndex),
      kind: 'reference',
      arg_count: 0,
    };
    if (isWritten(node, parent)) site.write = true;
    if (callThis && (site.receiver === 'this' || site.receiver!.startsWith('this.') || site.receiver!.startsWith('this?.'))) {
      const from = callThis(node);
      if (from) site.this_from = from;
    }
    references.push(site);
  }
  return references;
}
