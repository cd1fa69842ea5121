// Functions and classes from `@def.*` matches. The rules, deliberately:
// - Qualified names follow syntactic nesting: `Class.method`, `outer.inner`, `Outer.Inner`,
//   `f.LocalClass.m`. Namespace-like containers (C++/C#/PHP namespaces, TS `namespace`, Rust
//   `mod`) are not captured by the queries, so they neither appear nor prefix names.
// - A function whose nearest enclosing definition is a class is a method (kind `method` unless the
//   query said constructor/getter/setter/arrow); one nested in a function keeps its kind and gets
//   `parent_function`. Object-literal methods outside classes are functions.
// - Out-of-line methods (`func (s *T) M()`, `void T::m() {}`, `T.prototype.m = function…`) carry a
//   `@receiver`: they are named `T.m`, attached to class `T` when it is defined in the same file,
//   else listed in `functions` with kind `method` and `class_name` `T`. Inside a function body the
//   receiver is a local object (`socket.onopen = () => …`): such a function is nested like any
//   local one (`fn.socket.onopen`, `parent_function` fn).
// - JS/TS: a class's static side and its instances' are apart, and a member of each may share a
//   name (`static getType()` and `getType()`; `X.cast = function…` and `X.prototype.cast =
//   function…`). Then the instances' is named `X.prototype.m` (as MDN writes it) and the static
//   one `X.m`, with modifier `static`: two definitions, each with its own callers.
// - JS/TS: definitions in different unnamed functions (a test's `it('…', () => { class Frame … })`
//   callbacks, each with its own `Frame`) that would share a qualified name are named after their
//   line, `Frame@69`, with the lines of that function (`local_to`): each is its own definition,
//   and a bare name read inside that function is it (Resolver.callbackLocal).
// - Arrow functions and function expressions bound to a variable, field or `exports.x` are
//   definitions of kind `arrow` named after the binding; unbound (callback) functions are not
//   definitions at all, so their calls belong to the enclosing named function.
// - Bodiless declarations — TS overload signatures, abstract/interface members, C prototypes
//   (`@def.*.decl` in the queries), Python `@overload` stubs — get `is_declaration: true`. An
//   overloaded function is then one record, its implementation's, with `overloads`
//   (core/extract/overloads.ts).
// - When several patterns capture the same node, the most specific kind wins
//   (constructor/getter/setter over method over arrow over function).
// - A class field's initializer that is not itself a function (`observer = (() => { … })()`,
//   `handlers = wrap(() => …)`) is a `scope` (`@def.scope`): not a definition, but what the
//   definitions and code inside it are named after. Such a function is nested in the field like a
//   local function in a method (`Class.observer.get`, `parent_function` `Class.observer`), not a
//   method of the class; calls there are made by `Class.observer`, as those in a function-valued
//   field are made by that method.
import type { Node } from 'web-tree-sitter';
import { CALL_MEMBER, INDEX_MEMBER, type ClassKind, type ClassRecord, type FieldRecord, type FunctionKind, type FunctionRecord, type LineSpan } from '../types.js';
import type { ExtractSyntax } from '../../grammars/languages.js';
import type { Match } from './captures.js';
import { callSignature } from '../graph/type-text.js';
import { CommentFinder, docstringOf } from './doc.js';
import { mergeOverloads } from './overloads.js';
import { ScopeIndex, nest, type Scoped } from './scope.js';
import { modifiersIn, paramTexts, returnTypeText, signatureEnd, signatureText, type SignatureEnd } from './signature.js';
import { cap, capType, collapse, elideArguments, endLine, firstDocLine, nodeText, startLine, withoutArgumentLists, withoutArguments, withoutTypeArguments } from './text.js';

const FUNCTION_KINDS = new Set<string>(['function', 'method', 'constructor', 'getter', 'setter', 'arrow']);
const CLASS_KINDS = new Set<string>([
  'class', 'interface', 'struct', 'enum', 'trait', 'impl', 'module', 'object', 'protocol', 'namespace', 'type',
]);
/** Not a definition: names what is nested in it (a class field's initializer). */
const SCOPE_KIND = 'scope';

/** What names a function's locals in a qualified name that would otherwise take a member's (qualify). */
export const LOCALS = '<locals>';
const PRIORITY: Record<string, number> = {
  scope: 0, constructor: 4, getter: 4, setter: 4, method: 3, arrow: 2, function: 1,
  class: 1, interface: 2, struct: 2, enum: 2, trait: 2, impl: 2, module: 2, object: 2, protocol: 2, namespace: 2, type: 2,
};

export interface Def extends Scoped {
  node: Node;
  isClass: boolean;
  kind: string;
  declaration: boolean;
  name: string;
  nameNode?: Node;
  /** The definition's outermost node (wrappers such as `export`/`decorated_definition` included). */
  outer: Node;
  /** First line of a comment found inside the declaration (a doc after its attributes). */
  innerDoc?: string;
  /** First node, character and 0-based row of the definition, decorators included. */
  first: Node;
  from: number;
  fromRow: number;
  decorators: Node[];
  body?: Node;
  receiver?: string;
  /** Set on the receiver's prototype (`X.prototype.m = …`, or through an alias of it). */
  onPrototype?: true;
  /** The unnamed function it is local to, when it is named after its line (callbackLocalsSharingNames). */
  localTo?: LineSpan;
  modifiers: string[];
  match: Match;
  qualified: string;
  parent?: Def;
  fn?: FunctionRecord;
  cls?: ClassRecord;
}

export interface Definitions {
  functions: FunctionRecord[];
  classes: ClassRecord[];
  /** Every definition, nested and sorted; the scope structure for calls and bindings. */
  scopes: ScopeIndex<Def>;
  /** Top-level definitions by name (for export marking). */
  topLevel: Def[];
}

export interface DefinitionContext {
  source: string;
  syntax: ExtractSyntax;
  comments: CommentFinder;
}

/** Class and receiver names without generic arguments, pointers or references: `*Server[T]` → `Server`. */
export function bareTypeName(text: string): string {
  return collapse(text)
    .replace(/\.prototype$/, '')
    .replace(/^[*&\s]+|^mut\s+/g, '')
    .replace(/\s*[<[].*$/s, '')
    .trim();
}

function parseRole(role: string): { kind: string; declaration: boolean } {
  const parts = role.split('.');
  return { kind: parts[1], declaration: parts[2] === 'decl' };
}

/**
 * Drafts one Def per captured node. The most specific kind wins; the detail captures of all
 * matches of the node are merged, so a query can spell an optional part (a return type, a body)
 * as a second pattern.
 */
function draftDefs(matches: Match[], ctx: DefinitionContext): Def[] {
  const best = new Map<number, { match: Match; kind: string; isClass: boolean; declaration: boolean }>();
  for (const match of matches) {
    const { kind, declaration } = parseRole(match.role);
    const isClass = CLASS_KINDS.has(kind);
    if (!isClass && !FUNCTION_KINDS.has(kind) && kind !== SCOPE_KIND) continue;
    const previous = best.get(match.node.id);
    const rank = PRIORITY[kind] ?? 0;
    const previousRank = previous ? PRIORITY[previous.kind] ?? 0 : -1;
    if (!previous || rank > previousRank) {
      // Detail captures describe the node whatever its kind: keep those the outranked match found.
      const caps = { ...previous?.match.caps, ...match.caps };
      const lists = mergeLists(previous?.match.lists ?? {}, match.lists);
      best.set(match.node.id, { match: { ...match, caps, lists }, kind, isClass, declaration: declaration || previous?.declaration === true });
    } else {
      for (const [name, node] of Object.entries(match.caps)) previous.match.caps[name] ??= node;
      previous.match.lists = mergeLists(previous.match.lists, match.lists);
      if (rank === previousRank) previous.declaration ||= declaration;
    }
  }
  const defs: Def[] = [];
  const declared: BlockDeclarations = new Map();
  for (const { match, kind, isClass, declaration } of best.values()) {
    const def = draftDef(match, kind, isClass, declaration, ctx, declared);
    if (def) defs.push(def);
  }
  return defs;
}

/** Union of repeated captures (one `@param` per match adds up to the parameter list), in document order. */
function mergeLists(a: Match['lists'], b: Match['lists']): Match['lists'] {
  const out: Match['lists'] = { ...a };
  for (const [name, nodes] of Object.entries(b)) {
    const merged = [...(out[name] ?? [])];
    for (const node of nodes ?? []) if (!merged.some((n) => n.equals(node))) merged.push(node);
    merged.sort((x, y) => x.startIndex - y.startIndex);
    out[name] = merged;
  }
  return out;
}

/**
 * A computed member name whose key is a comma sequence, as tsc writes the first member after
 * private fields (`[(_Yargs_command = new WeakMap(), …, kCopyDoubleDash)](…)`): the key is its
 * last expression, `[kCopyDoubleDash]`.
 */
function computedKey(node: Node): string | undefined {
  if (node.type !== 'computed_property_name') return undefined;
  let key = node.firstNamedChild;
  while (key?.type === 'parenthesized_expression') key = key.firstNamedChild;
  if (key?.type !== 'sequence_expression') return undefined;
  while (key?.type === 'sequence_expression') key = key.lastNamedChild;
  return key ? `[${collapse(key.text)}]` : undefined;
}

function draftDef(match: Match, kind: string, isClass: boolean, declaration: boolean, ctx: DefinitionContext, declared: BlockDeclarations): Def | undefined {
  const { node, caps } = match;
  const nameNode = caps.name ?? node.childForFieldName('name') ?? undefined;
  let name = nameNode ? computedKey(nameNode) ?? collapse(nameNode.text) : caps['name.default'] ? 'default' : kind === 'constructor' ? 'constructor' : '';
  if (isClass) name = bareTypeName(name);
  if (!name) return undefined;
  const outer = widen(caps.start ?? node, ctx.syntax);
  const decorators = decoratorsOf(node, outer, ctx.syntax, ctx.source);
  const first = decorators.length > 0 && decorators[0].startIndex < outer.startIndex ? decorators[0] : outer;
  const receiverText = caps.receiver ? (ctx.syntax.prototypeAliases && prototypeAlias(caps.receiver, declared)) || caps.receiver.text : undefined;
  const receiver = receiverText === undefined ? undefined : bareTypeName(receiverText);
  return {
    node, isClass, kind, declaration, name, nameNode, outer, decorators,
    first,
    from: first.startIndex,
    fromRow: first.startPosition.row,
    body: caps.body ?? node.childForFieldName('body') ?? undefined,
    receiver: receiver || undefined,
    ...(receiverText !== undefined && /\.prototype\s*$/.test(receiverText) ? { onPrototype: true as const } : {}),
    modifiers: [],
    match,
    start: node.startIndex,
    end: node.endIndex,
    qualified: name,
  };
}

/** Per block (by node id): what each variable its declarations bind holds if it is a prototype (`Parser.prototype`), else null. */
type BlockDeclarations = Map<number, Map<string, string | null>>;

/**
 * What a receiver variable holds when the nearest block declaring it binds it to a prototype
 * (`var _proto = Parser.prototype`): `Parser.prototype`. Each block's declarations are read once.
 */
function prototypeAlias(receiver: Node, declared: BlockDeclarations): string | undefined {
  if (receiver.type !== 'identifier') return undefined;
  for (let scope = receiver.parent; scope; scope = scope.parent) {
    if (scope.type !== 'statement_block' && scope.type !== 'program') continue;
    let names = declared.get(scope.id);
    if (!names) declared.set(scope.id, (names = declarationsIn(scope)));
    const held = names.get(receiver.text);
    if (held !== undefined) return held ?? undefined;
  }
  return undefined;
}

function declarationsIn(block: Node): Map<string, string | null> {
  const names = new Map<string, string | null>();
  for (const statement of block.namedChildren) {
    if (statement?.type !== 'variable_declaration' && statement?.type !== 'lexical_declaration') continue;
    for (const declarator of statement.namedChildren) {
      const name = declarator?.childForFieldName('name');
      if (name?.type !== 'identifier' || names.has(name.text)) continue;
      const value = declarator!.childForFieldName('value');
      const prototype = value?.type === 'member_expression' && value.childForFieldName('property')?.text === 'prototype'
        && value.childForFieldName('object')?.type === 'identifier';
      names.set(name.text, prototype ? value.text : null);
    }
  }
  return names;
}

/** Extends a definition to wrappers that hold nothing else (`export`, `decorated_definition`, a one-spec `type (…)`). */
function widen(node: Node, syntax: ExtractSyntax): Node {
  const wrappers = syntax.wrappers;
  if (!wrappers) return node;
  let outer = node;
  for (let parent = outer.parent; parent && wrappers.includes(parent.type); parent = outer.parent) {
    let others = 0;
    for (const child of parent.namedChildren) {
      if (child.equals(outer)) continue;
      // A wrapper may also hold what belongs to the definition: decorators, `template <…>` parameters.
      const type = child.type;
      if (syntax.comments.includes(type) || syntax.decorators?.includes(type)) continue;
      if (!type.endsWith('parameter_list')) others++;
    }
    if (others > 0) break;
    outer = parent;
  }
  return outer;
}

/**
 * Decorators of a definition: those directly inside it or its wrappers (TS `export @x class`,
 * Python `decorated_definition`, Java/Kotlin/Swift `modifiers`) and those immediately preceding
 * it as siblings (TS method decorators in a class body, Rust `#[attr]` items).
 */
function decoratorsOf(node: Node, outer: Node, syntax: ExtractSyntax, source: string): Node[] {
  const types = syntax.decorators;
  if (!types) return [];
  const found: Node[] = [];
  // Decorators precede the name: children from the name on (parameters, body) are not looked at.
  const limit = node.childForFieldName('name')?.startIndex ?? node.endIndex;
  const scan = (holder: Node): void => {
    for (let child = holder.firstNamedChild; child && child.startIndex < limit; child = child.nextNamedSibling) {
      const type = child.type;
      if (types.includes(type)) found.push(child);
      else if (type === 'modifiers' || type === 'attributes') scan(child);
    }
  };
  if (outer.startIndex <= node.startIndex && node.endIndex <= outer.endIndex) {
    // What the walk finds starts between the outer node's start and the name.
    const mark = syntax.decoratorMark;
    const searched = mark === undefined || source.slice(outer.startIndex, limit).includes(mark);
    for (let at: Node | null = searched ? node : null; at; at = at.parent) {
      scan(at);
      if (at.equals(outer)) break;
    }
  } else {
    // `@start` is a sibling, not an ancestor (a Kotlin accessor on its own line).
    scan(outer);
    scan(node);
  }
  for (let sibling = outer.previousNamedSibling; sibling; sibling = sibling.previousNamedSibling) {
    const type = sibling.type;
    if (types.includes(type)) found.push(sibling);
    else if (!syntax.comments.includes(type)) break;
  }
  found.sort((a, b) => a.startIndex - b.startIndex);
  return found;
}

/**
 * A receiver-assigned function inside a function body (`socket.onopen = () => …` in a method,
 * `const api = { get() {} }` in a function) belongs to a local object, not to a type: it is nested
 * in that function like any local definition, named `fn.socket.onopen`.
 */
function isLocalReceiver(def: Def): boolean {
  return def.receiver !== undefined && def.parent !== undefined && !def.parent.isClass;
}

function functionKind(def: Def): FunctionKind {
  const receiver = isLocalReceiver(def) ? undefined : def.receiver;
  const inClass = def.parent?.isClass === true || receiver !== undefined;
  if (def.kind === 'function' || def.kind === 'method') {
    if (!inClass) return 'function';
    // C++ (and any language where the query cannot tell): a method named like its class constructs it.
    const owner = receiver ?? def.parent?.name;
    return owner !== undefined && def.name === owner ? 'constructor' : 'method';
  }
  // `T.prototype.m = function…` is a method of T, not a free-standing bound function.
  if (def.kind === 'arrow' && receiver !== undefined) return 'method';
  return def.kind as FunctionKind;
}

function definitionLines(def: Def, syntax: ExtractSyntax): { line: number; decorated_line?: number } {
  if (!syntax.lineAfterDecorators || def.decorators.length === 0) return { line: def.fromRow + 1 };
  return { line: def.node.startPosition.row + 1, decorated_line: def.fromRow + 1 };
}

function buildFunction(def: Def, ctx: DefinitionContext): FunctionRecord {
  const { node, match } = def;
  const { source, syntax } = ctx;
  const params = match.caps.params ?? node.childForFieldName('parameters') ?? undefined;
  // An arrow's one parameter written without parentheses (`decoder => …`).
  const single = params ? undefined : node.childForFieldName('parameter') ?? undefined;
  const returns = match.caps.return ?? node.childForFieldName('return_type') ?? undefined;
  const afterDecorators = afterDecoratorsOf(def);
  const modifiers = def.modifiers;
  const nameStart = def.nameNode && def.nameNode.startIndex >= afterDecorators ? def.nameNode.startIndex : undefined;
  modifiersIn(source, afterDecorators, nameStart ?? params?.startIndex ?? def.body?.startIndex ?? node.endIndex, modifiers);
  // `const f = async () => …`: the arrow's own prefix holds `async`.
  if (!node.equals(def.outer) && node.startIndex > afterDecorators) {
    modifiersIn(source, node.startIndex, params?.startIndex ?? def.body?.startIndex ?? node.startIndex, modifiers);
  }
  const record: FunctionRecord = {
    name: def.name,
    qualified_name: def.qualified,
    kind: functionKind(def),
    ...definitionLines(def, syntax),
    end_line: lastLine(def.outer.endIndex >= node.endIndex ? def.outer : node, syntax.comments, source),
    signature: signatureOf(def, source, syntax),
    params: paramTexts(source, params, match.lists.param ?? (single ? [single] : undefined), syntax.comments),
  };
  const doc = docOf(def, ctx);
  if (doc) record.doc = doc;
  const returnType = returnTypeText(source, returns);
  if (returnType) record.return_type = returnType;
  if (def.decorators.length > 0) record.decorators = def.decorators.map((d) => nodeText(source, d, 120));
  if (modifiers.length > 0) record.modifiers = modifiers;
  if (modifiers.includes('async')) record.is_async = true;
  // Bodiless members of interfaces, traits and protocols declare rather than define.
  const abstractOwner = def.parent?.isClass === true && ['interface', 'trait', 'protocol'].includes(def.parent.kind);
  const overloadStub = record.decorators?.some((d) => OVERLOAD_DECORATOR.test(d)) === true;
  if (def.declaration || (abstractOwner && !def.body) || overloadStub) record.is_declaration = true;
  return record;
}

/** Python's `@overload` / `@typing.overload`: the stub declares a signature of the function defined after it. */
const OVERLOAD_DECORATOR = /^@\s*(?:[\w.]+\.)?overload\s*$/;

function buildClass(def: Def, bases: Map<number, string[]>, ctx: DefinitionContext): ClassRecord {
  const { source, syntax } = ctx;
  const record: ClassRecord = {
    name: def.name,
    qualified_name: def.qualified,
    kind: def.kind as ClassKind,
    ...definitionLines(def, syntax),
    end_line: lastLine(def.outer.endIndex >= def.node.endIndex ? def.outer : def.node, syntax.comments, source),
    signature: signatureOf(def, source, syntax),
    bases: bases.get(def.node.id) ?? [],
    methods: [],
    fields: [],
  };
  const doc = docOf(def, ctx);
  if (doc) record.doc = doc;
  if (def.decorators.length > 0) record.decorators = def.decorators.map((d) => nodeText(source, d, 120));
  const nameStart = def.nameNode?.startIndex ?? def.body?.startIndex ?? def.node.startIndex;
  modifiersIn(source, afterDecoratorsOf(def), nameStart, def.modifiers);
  return record;
}

/**
 * Last line of a definition's code: comments trailing an indentation-delimited body belong to
 * its block in the tree (Python) but not to the definition, so descend along last children past them.
 */
function lastLine(node: Node, comments: readonly string[], source: string): number {
  // Only a definition whose last line reads like a comment needs the descent.
  const lineStart = source.lastIndexOf('\n', node.endIndex - 2) + 1;
  const last = source.slice(lineStart, node.endIndex).trim();
  if (!/^(#|\/\/|--|\/\*)|\*\/$/.test(last)) return endLine(node);
  let at = node;
  for (;;) {
    let last = at.lastChild;
    while (last && comments.includes(last.type)) last = last.previousSibling;
    if (!last) return endLine(at);
    if (last.equals(at.lastChild!) && last.childCount === 0) return endLine(at);
    at = last;
  }
}

/** The signature; a name written after the body (`typedef struct {…} T`) is appended so it is never lost. */
function signatureOf(def: Def, source: string, syntax: ExtractSyntax): string {
  const end = signatureEnd(def.node, def.body, syntax.comments);
  let raw = source.slice(def.from, end.index);
  // Comments inside the declaration (a doc comment after `#[inline]`, parameter comments) are not
  // signature: cut them out, looking at the tree only when the text may hold one.
  if (COMMENT_MARKER.test(raw)) {
    const comments = commentsWithin(def, end, syntax.comments);
    if (comments.length > 0) {
      let text = '';
      let at = def.from;
      for (const comment of comments) {
        text += `${source.slice(at, comment.startIndex)} `;
        at = comment.endIndex;
      }
      raw = text + source.slice(at, end.index);
      def.innerDoc = firstDocLine(comments[0].text);
    }
  }
  const text = signatureText(raw);
  return def.nameNode && def.nameNode.startIndex >= end.index ? `${text} ${def.name}` : text;
}

const COMMENT_MARKER = /\/\*|\/\/|#|--/;

/** Comment nodes between a definition's first character and its signature's end, in order. */
function commentsWithin(def: Def, end: SignatureEnd, types: readonly string[]): Node[] {
  const found: Node[] = [];
  // Between leading decorators and the definition (Rust `#[attr]` then `/// doc` then `fn`).
  for (let at: Node | null = def.first; at && at.startIndex < def.outer.startIndex; at = at.nextSibling) {
    if (types.includes(at.type)) found.push(at);
  }
  for (const comment of def.outer.descendantsOfType(types as string[], def.outer.startPosition, end.point)) {
    if (comment.startIndex >= def.from && comment.endIndex <= end.index) found.push(comment);
  }
  return found;
}

function afterDecoratorsOf(def: Def): number {
  const last = def.decorators[def.decorators.length - 1];
  return last ? Math.max(def.from, last.endIndex) : def.from;
}

function docOf(def: Def, ctx: DefinitionContext): string | undefined {
  if (ctx.syntax.docstrings) {
    const doc = docstringOf(def.body);
    if (doc) return doc;
  }
  return ctx.comments.docAbove(def.first) ?? def.innerDoc;
}

const BASE_MAX = 120;

/** Bases per class node: `@base.of` names the class node, each `@base` one base as written. */
function collectBases(matches: Match[], source: string): Map<number, string[]> {
  const bases = new Map<number, string[]>();
  for (const match of matches) {
    const list = bases.get(match.node.id) ?? [];
    for (const heritage of match.lists.base ?? []) {
      // `extends (\n NullDependency.Template\n)` (webpack, prettier's style): the base in the parentheses.
      let base = heritage;
      while (base.type === 'parenthesized_expression' && base.namedChildCount === 1) base = base.namedChild(0)!;
      const written = nodeText(source, base, BASE_MAX);
      // A base made by a call too long to keep (`Schema.Class<Icon>("Icon")({ … })`) is kept without its calls' arguments.
      const text = written.endsWith('…') ? cap(withoutArgumentLists(source, base) ?? written, BASE_MAX) : written;
      if (text && !list.includes(text)) list.push(text);
    }
    bases.set(match.node.id, list);
  }
  return bases;
}

/** A def's qualified name: its receiver's or its parent's, then its name. */
function qualifiedName(def: Def): string {
  const parent = def.parent;
  if (isLocalReceiver(def)) return `${parent!.qualified}.${def.receiver}.${def.name}`;
  return def.receiver ? `${def.receiver}.${def.name}` : parent ? `${parent.qualified}.${def.name}` : def.name;
}

/** A function nested directly in a function (not a method, not set on a receiver). */
function isNestedFunction(def: Def): boolean {
  return !def.isClass && def.parent !== undefined && !def.parent.isClass && !def.receiver;
}

/**
 * Names every def (parents come before their children). A function nested in a function whose
 * name a class or interface of the file shares (TypeScript's declaration merging: zod's
 * `function $constructor` with a nested `init`, and `interface $constructor { init(…) }`) would
 * take a member's name: it is named as Python names locals, `$constructor.<locals>.init`. An
 * instance member sharing its name with a static one is `X.prototype.m` (ExtractSyntax.staticSides),
 * a definition sharing its name with one in another unnamed function `name@line` (callbackLocals).
 */
function qualify(defs: Def[], ctx: DefinitionContext): void {
  for (const def of defs) def.qualified = qualifiedName(def);
  const shared = ctx.syntax.staticSides || ctx.syntax.callbackLocals ? sameNamed(defs) : [];
  const instanceSides = ctx.syntax.staticSides ? prototypeMembersBesideStaticValues(defs, ctx.source, instanceMembersBesideStatic(shared, ctx.source)) : undefined;
  const callbackLocals = ctx.syntax.callbackLocals ? callbackLocalsSharingNames(shared) : undefined;
  const objectMembers = ctx.syntax.staticSides ? objectMembersSharingNames(shared) : undefined;
  const members = new Set(defs.filter((def) => def.parent?.isClass && !def.isClass).map((def) => def.qualified));
  const localsRenamed = members.size > 0 && defs.some((def) => isNestedFunction(def) && members.has(def.qualified));
  if (!localsRenamed && !instanceSides && !callbackLocals && !objectMembers) return;
  // Again, so that what is nested in a renamed function is named under its new name.
  for (const def of defs) {
    const name = qualifiedName(def);
    const local = callbackLocals?.get(def);
    if (local) {
      def.qualified = `${name}@${local.named}`;
      def.localTo = local.within;
    } else if (objectMembers?.has(def)) def.qualified = `${name}@${def.fromRow + 1}`;
    else if (instanceSides?.has(def)) def.qualified = `${name.slice(0, -def.name.length - 1)}.prototype.${def.name}`;
    else def.qualified = localsRenamed && isNestedFunction(def) && members.has(name) ? `${def.parent!.qualified}.${LOCALS}.${def.name}` : name;
  }
}

/** A qualified name without the `@line` marks that tell same-named definitions apart (`Source@6.enable` → `Source.enable`). */
export function unmarkedName(qualified: string): string {
  return qualified.replace(/@\d+(?=\.|$)/g, '');
}

/** The definitions (not field-initialiser scopes) that share a qualified name, by name (groups of two or more). */
function sameNamed(defs: readonly Def[]): Def[][] {
  const byName = new Map<string, Def[]>();
  for (const def of defs) {
    if (def.kind === SCOPE_KIND) continue;
    const group = byName.get(def.qualified);
    if (group) group.push(def);
    else byName.set(def.qualified, [def]);
  }
  return [...byName.values()].filter((group) => group.length > 1);
}

/**
 * Functions of an object literal (`module.exports = { prepareValue: function prepareValueWrapper(v)
 * {…} }`, pg) sharing their qualified name with another definition of the file (`const
 * prepareValue = function (…)`): the literal's is named after its line, `prepareValue@217`. Else
 * the two would be one symbol, and a bare `prepareValue(x)` — the other one — would name neither.
 */
function objectMembersSharingNames(shared: readonly Def[][]): Set<Def> | undefined {
  let out: Set<Def> | undefined;
  for (const group of shared) {
    const inLiteral = group.filter(isObjectLiteralMember);
    if (inLiteral.length === 0 || inLiteral.length === group.length) continue;
    for (const def of inLiteral) (out ??= new Set()).add(def);
  }
  return out;
}

/** A function written as a property of an object literal: `key: function …`, `key: () => …`, `key() {…}`. */
function isObjectLiteralMember(def: Def): boolean {
  if (def.isClass || def.parent?.isClass || def.receiver !== undefined) return false;
  const holder = def.node.type === 'pair' || def.node.type === 'method_definition' ? def.node : def.node.parent;
  if (!holder) return false;
  if (holder.type === 'pair') return holder.parent?.type === 'object';
  return holder.type === 'method_definition' && holder.parent?.type === 'object';
}

/** Unnamed JS/TS functions: a definition inside one is local to it. */
const UNNAMED_FUNCTIONS = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);

/**
 * Of the groups of definitions sharing a qualified name, those (not members) that share it with one
 * in another unnamed function or outside any, each with the line it is named after — that of the
 * first of its name in its unnamed function (declarations of one function there, its overloads,
 * stay one) — and the lines of that function. Undefined when none.
 */
function callbackLocalsSharingNames(shared: readonly Def[][]): Map<Def, { named: number; within: LineSpan }> | undefined {
  let out: Map<Def, { named: number; within: LineSpan }> | undefined;
  for (const sameName of shared) {
    const group = sameName.filter((def) => !def.parent?.isClass && def.receiver === undefined);
    if (group.length < 2) continue;
    const owners = group.map(unnamedFunctionAround);
    if (new Set(owners.map((owner) => owner?.id)).size < 2) continue;
    const named = new Map<number, number>();
    group.forEach((def, i) => {
      const owner = owners[i];
      if (owner === undefined) return;
      if (!named.has(owner.id)) named.set(owner.id, def.fromRow + 1);
      (out ??= new Map()).set(def, { named: named.get(owner.id)!, within: { line: startLine(owner), end_line: endLine(owner) } });
    });
  }
  return out;
}

/**
 * In a JS/TS script (no imports, no exports: it shares the global scope with the project's other
 * scripts), the top-level definitions inside an unnamed function (an IIFE, AMD's `define(…,
 * function () {…})`) are local to it, not globals: marked `local_to` like callback locals.
 */
export function markScriptLocals(topLevel: readonly Def[]): void {
  for (const def of topLevel) {
    const record = def.fn ?? def.cls;
    if (!record || record.local_to || def.receiver !== undefined) continue;
    const owner = unnamedFunctionAround(def);
    if (owner) record.local_to = { line: startLine(owner), end_line: endLine(owner) };
  }
}

/** The innermost unnamed function between a definition and its parent definition, if any. */
function unnamedFunctionAround(def: Def): Node | undefined {
  const stop = def.parent?.node;
  for (let at = def.outer.parent; at; at = at.parent) {
    if (stop && at.startIndex <= stop.startIndex && at.endIndex >= stop.endIndex) return undefined;
    if (UNNAMED_FUNCTIONS.has(at.type)) return at;
  }
  return undefined;
}

/**
 * Of the groups of definitions sharing a qualified name, the instance members named like a static
 * member of their class (see the rules at the top); those static members set on the class object
 * (`X.cast = function…`) are marked `static` here, as the keyword marks a class body's. Undefined
 * when there are none.
 */
function instanceMembersBesideStatic(shared: readonly Def[][], source: string): Set<Def> | undefined {
  let out: Set<Def> | undefined;
  for (const sameName of shared) {
    const group = sameName.filter((def) => !def.isClass && (def.parent?.isClass === true || (def.receiver !== undefined && !isLocalReceiver(def))));
    if (group.length < 2) continue;
    const statics = group.filter((def) => isStaticMember(def, source));
    if (statics.length === 0 || statics.length === group.length) continue;
    for (const def of statics) if (def.receiver !== undefined && !def.modifiers.includes('static')) def.modifiers.push('static');
    for (const def of group) if (!statics.includes(def)) (out ??= new Set()).add(def);
  }
  return out;
}

/** `X.m =` at the start of a line: a property set on an object (`==` excluded). */
const PROPERTY_SET = /^[ \t]*([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)[ \t]*=(?!=)/gm;

/**
 * Adds to `out` the members set on a prototype whose class object has a property of their name set
 * to a value (`SchemaNumber.checkRequired = SchemaType.checkRequired` beside
 * `SchemaNumber.prototype.checkRequired = function…`, mongoose): `SchemaNumber.checkRequired()`
 * calls that value, not the prototype's method, which is named `X.prototype.m` as beside a static
 * function. Undefined when there are none.
 */
function prototypeMembersBesideStaticValues(defs: readonly Def[], source: string, out: Set<Def> | undefined): Set<Def> | undefined {
  if (!defs.some((def) => def.onPrototype)) return out;
  const set = new Set<string>();
  for (const match of source.matchAll(PROPERTY_SET)) set.add(`${match[1]}.${match[2]}`);
  for (const def of defs) if (def.onPrototype && set.has(`${def.receiver}.${def.name}`)) (out ??= new Set()).add(def);
  return out;
}

/** A class body's member declared `static`, or a function set on the class object itself (`X.m = function…`). */
function isStaticMember(def: Def, source: string): boolean {
  if (def.receiver !== undefined) return !def.onPrototype;
  const words: string[] = [];
  modifiersIn(source, afterDecoratorsOf(def), def.nameNode?.startIndex ?? def.body?.startIndex ?? def.node.endIndex, words);
  return words.includes('static');
}

export function buildDefinitions(defMatches: Match[], baseMatches: Match[], fieldMatches: Match[], ctx: DefinitionContext): Definitions {
  const defs = nest(draftDefs(defMatches, ctx));
  const bases = collectBases(baseMatches, ctx.source);
  const functions: FunctionRecord[] = [];
  const classes: ClassRecord[] = [];
  const topLevel: Def[] = [];
  const classByName = new Map<string, ClassRecord>();
  const receiverMethods: Def[] = [];
  qualify(defs, ctx);
  for (const def of defs) {
    const parent = def.parent;
    const local = isLocalReceiver(def);
    if (def.kind === SCOPE_KIND) continue;
    if (!parent) topLevel.push(def);
    if (def.isClass) {
      def.cls = buildClass(def, bases, ctx);
      if (def.localTo) def.cls.local_to = def.localTo;
      classes.push(def.cls);
      if (!classByName.has(def.qualified)) classByName.set(def.qualified, def.cls);
      continue;
    }
    const fn = buildFunction(def, ctx);
    if (def.localTo) fn.local_to = def.localTo;
    def.fn = fn;
    if (def.receiver && !local) {
      fn.class_name = def.receiver;
      receiverMethods.push(def);
    } else if (parent?.isClass) {
      fn.class_name = parent.qualified;
      parent.cls!.methods.push(fn);
    } else {
      if (parent) fn.parent_function = parent.qualified;
      functions.push(fn);
    }
  }
  for (const def of receiverMethods) {
    const owner = classByName.get(def.receiver!);
    if (owner) owner.methods.push(def.fn!);
    else functions.push(def.fn!);
  }
  for (const cls of classes) cls.methods = mergeOverloads(cls.methods, ctx.syntax.overloads);
  const scopes = new ScopeIndex(defs);
  attachFields(fieldMatches, scopes, ctx.source);
  return { functions: mergeOverloads(functions, ctx.syntax.overloads), classes, scopes, topLevel };
}

/** An interface's call signatures are one field, CALL_MEMBER, of their function types' intersection. */
function addCallSignature(cls: ClassRecord, node: Node, line: number): void {
  const type = callSignature(collapse(node.text));
  if (!type) return;
  const known = cls.fields.find((f) => f.name === CALL_MEMBER);
  if (known) known.type = capType(`${known.type} & (${type})`, 120);
  else cls.fields.push({ name: CALL_MEMBER, line, type: capType(`(${type})`, 120) });
}

/** Fields go to the innermost class around them; names that are also methods (function-valued fields) are skipped. */
function attachFields(matches: Match[], scopes: ScopeIndex<Def>, source: string): void {
  for (const match of matches) {
    const nameNode = match.caps['field.name'];
    if (!nameNode) continue;
    let owner = scopes.innermost(match.node.startIndex);
    while (owner && !owner.isClass) owner = owner.parent;
    const cls = owner?.cls;
    if (!cls) continue;
    if (nameNode.type === 'call_signature') {
      addCallSignature(cls, nameNode, startLine(match.node));
      continue;
    }
    const name = nameNode.type === 'index_signature' ? INDEX_MEMBER : collapse(nameNode.text).replace(/^(@|\$|:)/, '');
    if (!name || cls.methods.some((m) => m.name === name)) continue;
    const type = match.caps['field.type'];
    const factory = match.caps['field.factory'];
    const init = match.caps['field.new'] ?? factory ?? match.caps['field.call'];
    const initCall = init ? cap(withoutTypeArguments(withoutArguments(elideArguments(collapse(init.text)))), 120) : undefined;
    const from = match.caps['field.from'];
    const initName = from ? cap(collapse(from.text), 120) : undefined;
    // `new Map<K, V>()`: the type arguments written at the construction make an undeclared field's type.
    const typeArgs = match.caps['field.new']?.parent?.childForFieldName('type_arguments');
    const typeAtNew = typeArgs ? capType(collapse(match.caps['field.new']!.text + typeArgs.text), 120) : undefined;
    const known = cls.fields.find((f) => f.name === name);
    if (known) {
      // Another pattern (or a later assignment) may know the type or initialiser the first one did not.
      if (!known.type && (type ?? typeAtNew)) known.type = type ? capType(collapse(type.text).replace(/^:\s*/, ''), 120) : typeAtNew;
      if ((!known.init_call || factory) && initCall) known.init_call = initCall;
      if (!known.init_name && initName) known.init_name = initName;
      continue;
    }
    const field: FieldRecord = { name, line: startLine(match.node) };
    if (type) field.type = capType(collapse(type.text).replace(/^:\s*/, ''), 120);
    else if (typeAtNew) field.type = typeAtNew;
    if (initCall) field.init_call = initCall;
    if (initName) field.init_name = initName;
    if (/\bstatic\b/.test(source.slice(match.node.startIndex, nameNode.startIndex))) field.static = true;
    cls.fields.push(field);
  }
}
