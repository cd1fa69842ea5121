// Declared types as written — TypeScript annotations, Python hints, Java/Go/Rust type text — read
// into the few shapes call resolution needs: a class name, a function type, a union, an object
// type literal, a collection of elements, a map of values. Pure string functions; what a name
// denotes in a project is the resolver's business.
import { CALL_MEMBER, INDEX_MEMBER } from '../types.js';

/** What a type text is, as far as resolving calls on a value of that type goes. */
export type TypeShape =
  /** A function type `(a: A) => R`: calling the value gives an R. */
  | { kind: 'function'; returns: string }
  /** A union or intersection; nullish options (`null`, `undefined`, `None`, …) dropped. */
  | { kind: 'alternatives'; options: string[] }
  /** An object type literal `{ a: A; m(x: X): R }`: member name → type (methods as function types). */
  | { kind: 'object'; members: Map<string, string> }
  /** A collection whose elements are `element`: `Foo[]`, `Array<Foo>`, `Set<Foo>`, `List[Foo]`; `container` names it (`Array` for `Foo[]`). */
  | { kind: 'elements'; element: string; container: string }
  /** A fixed-length tuple `Tuple[A, B]`, `tuple[A, B]`: its items in order. */
  | { kind: 'tuple'; items: string[] }
  /** A `Map`/`WeakMap`/`ReadonlyMap` (a Python `Dict`/`Mapping`) whose values are `value`; a `Record` (container `Record`) whose properties are. */
  | { kind: 'map'; value: string; container: string }
  /** An indexed access `Options<T>['form']`: the type of member `key` of `object`. */
  | { kind: 'member'; object: string; key: string }
  /** `typeof Foo`, `Type[Foo]` (`ofType`: the name is a type, a type variable perhaps): the class or function itself, not an instance. */
  | { kind: 'typeof'; name: string; ofType?: true }
  /** `Promise<T>`, `PromiseLike<T>` (Python `Awaitable[T]`, `Coroutine[Y, S, T]`): awaiting it gives a `value`. */
  | { kind: 'awaitable'; value: string; container: string }
  /** `ReturnType<typeof f>`, `InstanceType<typeof C>`: what calling the function (constructing the class) `name` gives. */
  | { kind: 'made'; name: string }
  /** One (possibly dotted) name: `Foo`, `models.Foo`, `a::b::C` (as `a.b.C`), wrappers and nullability removed. */
  | { kind: 'named'; name: string }
  /** A type named through an import type (`import("./dispatcher").default.DispatchHandler`): `path` from module `module` (`''`: the module itself). */
  | { kind: 'imported'; module: string; path: string }
  | { kind: 'unknown' };

const NULLISH = /^(null|undefined|void|never|None)$/;
const MAP_TYPES = /^(Map|WeakMap|ReadonlyMap|Record)$/;
const PROMISES = /^(Promise|PromiseLike)$/;
const PY_AWAITABLE = /^(?:[A-Za-z_]\w*\.)?(Awaitable|Coroutine)\[/;
/** Wrappers whose values have the members of their type argument (made optional, required, read-only, non-null). */
const SAME_MEMBERS = /^(Partial|Required|Readonly|NonNullable)$/;
/** Python's function type: `Callable[[A, B], R]`, `t.Callable[..., R]`. */
const PY_CALLABLE = /^(?:[A-Za-z_]\w*\.)?Callable\[/;
/** Python mappings: `Dict[str, Foo]`, `t.Mapping[str, Foo]`, `dict[str, Foo]`. */
const PY_MAPPING = /^(?:[A-Za-z_]\w*\.)?(Dict|dict|Mapping|MutableMapping|DefaultDict|defaultdict|OrderedDict)\[/;
const COLLECTIONS = 'Array|ReadonlyArray|Set|ReadonlySet|List|list|Sequence|MutableSequence|Iterable|Iterator|Collection|tuple|Tuple|set|frozenset|FrozenSet|AbstractSet';
/** A module qualifying a typing name (`t.List`, `typing.Optional`, `te.Final`). */
const TYPING_PREFIX = '(?:[A-Za-z_]\\w*\\.)?';
const SUFFIX_ARRAY = /^([\w$.]+(?:<[^<>]*>)?)\[\]$/;
const GENERIC_COLLECTION = new RegExp(`^${TYPING_PREFIX}(${COLLECTIONS})[<[]`);
/** Python generators and async iterables, iterated as their first type argument: `Generator[Foo, None, None]`, `AsyncIterator[Foo]`. */
const PY_GENERATOR = new RegExp(`^${TYPING_PREFIX}(Generator|AsyncGenerator|AsyncIterator|AsyncIterable)\\[`);
/** TypeScript generators and iterables of several type arguments, iterated as their first: `AsyncGenerator<Foo, void>`, `IterableIterator<Foo>`. */
const TS_GENERATOR = /^(Generator|AsyncGenerator|AsyncIterator|AsyncIterable|AsyncIterableIterator|IterableIterator)</;
/** Python wrappers that leave the type they wrap: `Optional[X]` (None dropped), `ClassVar[X]`, `Final[X]`. */
const OPTIONAL = new RegExp(`^${TYPING_PREFIX}(?:Optional|ClassVar|Final)\\[([\\s\\S]*)\\]$`);
/** `Type[Foo]`, `type[Foo]`: the class Foo (or a subclass), not an instance. */
const CLASS_OF = new RegExp(`^${TYPING_PREFIX}(?:Type|type)\\[['"]?([\\w.]+)['"]?\\]$`);
const INDEXED_ACCESS = /\[\s*['"]([\w$]+)['"]\s*\]$/;
/** Python wrappers of a quoted forward reference (`ClassVar['Node']`): not an indexed access. */
const TYPING_WRAPPER = new RegExp(`^${TYPING_PREFIX}(Optional|Type|type|ClassVar|Final|Annotated|Union)$`);
const TUPLE = new RegExp(`^${TYPING_PREFIX}(?:Tuple|tuple)\\[`);
const UNION = new RegExp(`^${TYPING_PREFIX}Union\\[([\\s\\S]*)\\]$`);

/**
 * Web platform types (lib.dom) and the one each extends, as far as project classes extend or
 * implement them (`class WebSocketOverride extends EventTarget implements WebSocket`, `class
 * CancelableMessageEvent extends MessageEvent`): a call through one of them may reach an override
 * of the method its ancestors declare.
 */
const LIB_SUPERTYPES = new Map<string, string>([
  ...['AbortSignal', 'BroadcastChannel', 'EventSource', 'FileReader', 'MessagePort', 'Worker', 'SharedWorker', 'ServiceWorker', 'WebSocket',
    'XMLHttpRequestEventTarget', 'Node', 'Window', 'MediaStream', 'MediaStreamTrack', 'MediaQueryList', 'RTCPeerConnection', 'RTCDataChannel',
    'Notification', 'Performance', 'IDBRequest', 'IDBDatabase', 'IDBTransaction', 'BaseAudioContext', 'AudioNode', 'TextTrack', 'Animation',
    'VisualViewport'].map((name) => [name, 'EventTarget'] as const),
  ['XMLHttpRequest', 'XMLHttpRequestEventTarget'], ['XMLHttpRequestUpload', 'XMLHttpRequestEventTarget'],
  ['AudioContext', 'BaseAudioContext'], ['OfflineAudioContext', 'BaseAudioContext'],
  ...['Element', 'Document', 'DocumentFragment', 'CharacterData', 'Attr'].map((name) => [name, 'Node'] as const),
  ['Text', 'CharacterData'], ['Comment', 'CharacterData'], ['ShadowRoot', 'DocumentFragment'],
  ['HTMLElement', 'Element'], ['SVGElement', 'Element'],
  ...['HTMLInputElement', 'HTMLDivElement', 'HTMLCanvasElement', 'HTMLMediaElement', 'HTMLAnchorElement', 'HTMLButtonElement', 'HTMLFormElement',
    'HTMLImageElement', 'HTMLIFrameElement', 'HTMLTextAreaElement', 'HTMLSelectElement', 'HTMLSpanElement', 'HTMLTemplateElement'].map((name) => [name, 'HTMLElement'] as const),
  ['HTMLVideoElement', 'HTMLMediaElement'], ['HTMLAudioElement', 'HTMLMediaElement'],
  ...['MessageEvent', 'CloseEvent', 'ErrorEvent', 'CustomEvent', 'ProgressEvent', 'UIEvent', 'PromiseRejectionEvent', 'StorageEvent',
    'HashChangeEvent', 'PopStateEvent'].map((name) => [name, 'Event'] as const),
  ...['MouseEvent', 'KeyboardEvent', 'FocusEvent', 'InputEvent', 'TouchEvent'].map((name) => [name, 'UIEvent'] as const),
  ['WheelEvent', 'MouseEvent'], ['PointerEvent', 'MouseEvent'], ['DragEvent', 'MouseEvent'],
  ['Response', 'Body'], ['Request', 'Body'], ['File', 'Blob'],
  ...['TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'EvalError', 'URIError', 'AggregateError'].map((name) => [name, 'Error'] as const),
]);

/** Web platform types with no base of interest whose values calls are made on. */
const WEB_TYPES = ['Event', 'Headers', 'URL', 'URLSearchParams', 'FormData', 'AbortController', 'ReadableStream', 'WritableStream', 'TransformStream', 'TextEncoder', 'TextDecoder'];

/**
 * Types the JavaScript runtime defines that project classes implement or extend and values are
 * declared as: calls through them may reach those classes by dispatch.
 */
const JS_LIB_TYPES = new Set([
  'Map', 'ReadonlyMap', 'WeakMap', 'Set', 'ReadonlySet', 'WeakSet', 'Array', 'ReadonlyArray', 'Promise', 'PromiseLike',
  'Error', 'Iterator', 'Iterable', 'IterableIterator', 'AsyncIterator', 'AsyncIterable', 'AsyncIterableIterator',
  'String', 'Number', 'Boolean', 'BigInt', 'RegExp', 'Date',
  'ProxyHandler', ...WEB_TYPES, ...[...LIB_SUPERTYPES].flat(),
]);

/** TypeScript's primitive types, as the wrapper types whose methods their values have (`s.split()` is String's). */
export const JS_PRIMITIVE_TYPES: ReadonlyMap<string, string> = new Map([['string', 'String'], ['number', 'Number'], ['boolean', 'Boolean'], ['bigint', 'BigInt']]);

export function isJsLibType(name: string): boolean {
  return JS_LIB_TYPES.has(name);
}

/**
 * The methods some of those supertypes declare (a `Request` and a `Response` share `Body.json`, not
 * `clone`, which each declares for itself); a supertype not listed is taken to declare any.
 */
const LIB_DECLARED = new Map<string, ReadonlySet<string>>([
  ['EventTarget', new Set(['addEventListener', 'removeEventListener', 'dispatchEvent'])],
  ['Event', new Set(['preventDefault', 'stopPropagation', 'stopImmediatePropagation', 'composedPath', 'initEvent'])],
  ['UIEvent', new Set(['initUIEvent'])],
  ['MouseEvent', new Set(['getModifierState', 'initMouseEvent'])],
  ['Body', new Set(['arrayBuffer', 'blob', 'bytes', 'formData', 'json', 'text'])],
  ['Blob', new Set(['arrayBuffer', 'bytes', 'slice', 'stream', 'text'])],
  ['XMLHttpRequestEventTarget', new Set()],
  ['Error', new Set()],
]);

/**
 * The runtime types a runtime type extends that declare `method`, nearest first (`WebSocket`,
 * `addEventListener` → `EventTarget`; `HTMLVideoElement`, `focus` → `HTMLMediaElement`, `HTMLElement`, …).
 */
export function libAncestors(name: string, method: string): string[] {
  const out: string[] = [];
  for (let at = LIB_SUPERTYPES.get(name); at !== undefined && !out.includes(at); at = LIB_SUPERTYPES.get(at)) out.push(at);
  return out.filter((ancestor) => LIB_DECLARED.get(ancestor)?.has(method) ?? true);
}

/** The shape of a declared type. */
/** The shape of a written type; `rustWrappers` as for typeName. */
export function typeShape(raw: string, rustWrappers = true): TypeShape {
  // A union written one option a line starts with its operator: `| A | B`.
  const text = tidyBrackets(closeCapped(raw.trim().replace(/^:\s*/, '').replace(/^[|&]\s*/, '')));
  if (text.startsWith('(') && closingBracket(text, 0) === text.length - 1) return typeShape(text.slice(1, -1), rustWrappers);
  const optional = OPTIONAL.exec(text);
  if (optional && closingBracket(text, text.indexOf('[')) === text.length - 1) return typeShape(optional[1], rustWrappers);
  const same = typeArguments(text, SAME_MEMBERS);
  if (same?.length === 1) return typeShape(same[0], rustWrappers);
  const fn = functionTypeParts(text) ?? pyCallableParts(text);
  if (fn) return { kind: 'function', returns: fn.returns };
  // A conditional type is one of its branches (`[E] extends [never] ? never : Class<Self, S>`).
  const branches = conditionalBranches(text);
  if (branches) return { kind: 'alternatives', options: branches.filter((branch) => !NULLISH.test(branch)) };
  const alternatives = typeAlternatives(text);
  if (alternatives) return { kind: 'alternatives', options: alternatives.filter((alt) => !NULLISH.test(alt)) };
  const members = objectTypeMembers(text);
  // A type literal of call signatures only (a function-valued const's overloads) is that function type.
  const call = members?.get(CALL_MEMBER);
  if (call !== undefined && members!.size === 1) return typeShape(call, rustWrappers);
  if (members) return { kind: 'object', members };
  const tuple = TUPLE.exec(text);
  if (tuple && closingBracket(text, tuple[0].length - 1) === text.length - 1) {
    const items = splitTopLevel(text.slice(tuple[0].length, -1), ',').map((item) => item.trim());
    if (items.length > 1 && items[items.length - 1] !== '...') return { kind: 'tuple', items };
  }
  // A TypeScript tuple (`[ElementNode | null, LexicalNode]`, `readonly [a: A, b?: B]`), up to a rest element.
  const tsTuple = /^(?:readonly\s+)?\[/.exec(text);
  if (tsTuple && closingBracket(text, tsTuple[0].length - 1) === text.length - 1) {
    const written = splitTopLevel(text.slice(tsTuple[0].length, -1), ',').map((item) => item.trim());
    const rest = written.findIndex((item) => item.startsWith('...') || /^[\w$]+\s*:\s*\.\.\./.test(item));
    const items = (rest < 0 ? written : written.slice(0, rest)).map((item) => item.replace(/^[\w$]+\??\s*:\s*/, '').replace(/\?$/, ''));
    if (items.length > 0 && items.every((item) => item !== '')) return { kind: 'tuple', items };
  }
  // Go: `[]T`, `[4]T`, `[...]T` hold Ts; `map[K]V` maps to Vs.
  const goSlice = GO_SLICE.exec(text);
  if (goSlice) return { kind: 'elements', element: text.slice(goSlice[0].length), container: 'slice' };
  const goMap = text.startsWith('map[') ? closingBracket(text, 3) : -1;
  if (goMap > 0 && goMap < text.length - 1) return { kind: 'map', value: text.slice(goMap + 1), container: GO_MAP };
  const elements = collectionOf(text);
  if (elements) return { kind: 'elements', ...elements };
  const mapArgs = typeArguments(text, MAP_TYPES);
  if (mapArgs?.length === 2) return { kind: 'map', value: mapArgs[1].trim(), container: text.slice(0, text.indexOf('<')) };
  const pyMap = PY_MAPPING.exec(text);
  const pyMapArgs = pyMap && closingBracket(text, pyMap[0].length - 1) === text.length - 1 ? splitTopLevel(text.slice(pyMap[0].length, -1), ',') : undefined;
  if (pyMapArgs?.length === 2) return { kind: 'map', value: pyMapArgs[1].trim(), container: pyMap![1] };
  const awaitable = awaitableOf(text);
  if (awaitable) return { kind: 'awaitable', ...awaitable };
  const made = /^(?:ReturnType|InstanceType)<\s*typeof\s+([\w$.]+)\s*>$/.exec(text);
  if (made) return { kind: 'made', name: made[1] };
  const typeOf = /^typeof\s+([\w$.]+)$/.exec(text);
  if (typeOf) return { kind: 'typeof', name: typeOf[1] };
  const classOf = CLASS_OF.exec(text);
  if (classOf) return { kind: 'typeof', name: classOf[1], ofType: true };
  const indexed = INDEXED_ACCESS.exec(text);
  const object = indexed && text.slice(0, indexed.index);
  if (object && !TYPING_WRAPPER.test(object) && closingBracket(text, indexed.index) === text.length - 1) return { kind: 'member', object, key: indexed[1] };
  const imported = IMPORT_TYPE.exec(text);
  if (imported) return { kind: 'imported', module: imported[2], path: imported[3].slice(1) };
  const name = typeName(text, rustWrappers);
  return name === undefined ? { kind: 'unknown' } : { kind: 'named', name };
}

const GO_SLICE = /^\[\s*(?:\d+|\.\.\.)?\s*\](?=\S)/;
/** The container of a Go map type (TypeShape `map`): ranging over one gives its values. */
export const GO_MAP = 'map';

/** `import("m")`, `import('m').A.B`: a TypeScript import type (JSDoc types keep the ones of a path, jsdoc-types.ts). */
const IMPORT_TYPE = /^import\(\s*(['"])([^'"]+)\1\s*\)((?:\.[\w$]+)*)$/;

const RUST_WRAPPER = /^(Box|Rc|Arc|RefCell|Option|Cell|Mutex|RwLock)<(.*)>$/;

/**
 * `Optional[Foo]`, `Foo | None`, `readonly Foo`, `*Foo`, `Box<Foo>`, `"Foo"` → `Foo`; undefined when
 * not a single class name. `rustWrappers`: Rust's `Box<T>`, `Option<T>`, … read as T — not in
 * TypeScript, where `Option<A>` is a type of its own (effect's).
 */
export function typeName(raw: string, rustWrappers = true): string | undefined {
  let text = tidyBrackets(closeCapped(raw.trim().replace(/^:\s*/, ''))).replace(/^['"]|['"]$/g, '');
  for (let i = 0; i < 4; i++) {
    const before = text;
    text = text
      .replace(/^(readonly|const|final|mut|dyn|impl|struct|class|in|out|ref)\s+/, '')
      .replace(/^[*&]+\s*/, '')
      .replace(/^(?:[A-Za-z_]\w*\.)?(Optional|Type|ClassVar|Final|Annotated)\[(.*?)(,.*)?\]$/, '$2');
    if (rustWrappers) text = text.replace(RUST_WRAPPER, '$2');
    text = text
      .replace(/^(Partial|Required|Readonly|NonNullable)<(.*)>$/, '$2')
      // `Omit<Foo, 'k'>`, `Pick<Foo, 'k'>`: Foo's members (the ones kept).
      .replace(/^(Omit|Pick)<(.*)>$/, (_, _wrapper: string, args: string) => splitTopLevel(args, ',')[0] ?? '')
      .replace(/\s*\|\s*(None|null|undefined)\b/g, '')
      .replace(/^(None|null|undefined)\s*\|\s*/g, '')
      .replace(/\?$/, '')
      .trim();
    if (text === before) break;
  }
  text = text.replace(/(<.*>|\[.*\])$/, '').trim();
  return /^[A-Za-z_$][\w$]*((\.|::)[A-Za-z_$][\w$]*)*$/.test(text) ? text.replace(/::/g, '.') : undefined;
}

/** `Foo[]`, `Array<Foo>`, `ReadonlyArray<Foo>`, `Set<Foo>`, `List[Foo]`, `list[Foo]`, `Sequence[Foo]` → `Foo`. */
export function elementType(raw: string): string | undefined {
  return collectionOf(raw)?.element;
}

function collectionOf(raw: string): { element: string; container: string } | undefined {
  const text = tidyBrackets(raw.trim()).replace(/^readonly\s+/, '').replace(/\s*\|\s*(null|undefined)$/, '');
  const suffix = SUFFIX_ARRAY.exec(text);
  if (suffix) return { element: suffix[1], container: 'Array' };
  // `(AddMarkStep | RemoveMarkStep)[]`
  if (text.startsWith('(') && text.endsWith('[]') && closingBracket(text, 0) === text.length - 3) return { element: text.slice(1, -3), container: 'Array' };
  const generator = PY_GENERATOR.exec(text) ?? TS_GENERATOR.exec(text);
  const yielded = generator && closingBracket(text, generator[0].length - 1) === text.length - 1 ? splitTopLevel(text.slice(generator[0].length, -1), ',')[0] : undefined;
  if (yielded) return { element: unquoted(yielded), container: generator![1] };
  const generic = GENERIC_COLLECTION.exec(text);
  if (!generic || closingBracket(text, generic[0].length - 1) !== text.length - 1) return undefined;
  // One type argument, whatever it nests (`list[tuple[Blueprint, dict[str, Any]]]`); a tuple of any length `Tuple[Foo, ...]`.
  const args = splitTopLevel(text.slice(generic[0].length, -1), ',');
  const variadic = args.length === 2 && args[1] === '...' && /^[Tt]uple$/.test(generic[1]);
  return args.length === 1 || variadic ? { element: unquoted(args[0]), container: generic[1] } : undefined;
}

function unquoted(text: string): string {
  return text.replace(/^['"]|['"]$/g, '');
}

/** The declared type of a parameter (`init: (a: A) => void` → `(a: A) => void`, `cb?: F` → `F`). */
export function paramType(param: string): string | undefined {
  let depth = 0;
  for (let i = 0; i < param.length; i++) {
    const ch = param[i];
    if ('([{<'.includes(ch)) depth++;
    else if (')]}>'.includes(ch)) depth--;
    else if (ch === ':' && depth === 0) return param.slice(i + 1).split(/\s=\s/)[0].trim();
    else if (ch === '=' && depth === 0 && param[i + 1] !== '>') return undefined;
  }
  return undefined;
}

/** Parameter types of a function type `(a: A, b: B) => R` (a `this:` parameter dropped). */
export function functionTypeParams(type: string): string[] | undefined {
  const parts = functionTypeParts(withoutOptionalParens(type));
  if (!parts) return undefined;
  return splitTopLevel(parts.params, ',')
    .filter((p) => !/^this\s*:/.test(p))
    .map((p) => paramType(p.replace(/^\.\.\./, '')) ?? 'unknown');
}

/** The declared type of the `this` parameter of a function type (`(this: Foo, x: X) => R` → `Foo`). */
export function functionTypeThis(type: string): string | undefined {
  const parts = functionTypeParts(withoutOptionalParens(type));
  const self = parts && splitTopLevel(parts.params, ',').find((p) => /^this\s*:/.test(p));
  return self ? paramType(self) : undefined;
}

/** What a type alias stands for, from its signature (`type P<T> = A<T> | B<T>` → `A<T> | B<T>`). */
export function aliasedType(signature: string): string | undefined {
  const at = assignmentAt(signature);
  return at < 0 ? undefined : signature.slice(at + 1).trim() || undefined;
}

/** Index of the first `=` outside brackets that is no arrow's (`=>`), or -1: where a declaration's value starts. */
export function assignmentAt(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '<' || ch === '(' || ch === '{' || ch === '[') depth++;
    else if ((ch === '>' && text[i - 1] !== '=') || ch === ')' || ch === '}' || ch === ']') depth--;
    else if (ch === '=' && depth === 0 && text[i + 1] !== '>') return i;
  }
  return -1;
}

/** Members of an object type literal `{ a: A; b?: B; m(x: X): R; (x: X): R }` → name → type (methods and call signatures as function types). */
export function objectTypeMembers(text: string): Map<string, string> | undefined {
  if (!text.startsWith('{') || closingBracket(text, 0) !== text.length - 1) return undefined;
  const members = new Map<string, string>();
  const calls: string[] = [];
  for (const group of splitTopLevel(text.slice(1, -1), ';')) {
    for (const member of splitTopLevel(group, ',').flatMap(unseparatedMembers)) {
      const property = /^(?:readonly\s+)?([\w$]+)\??\s*:\s*([\s\S]+)$/.exec(member);
      const method = /^([\w$]+)\??\s*(\([\s\S]*\))\s*:\s*([\s\S]+)$/.exec(member);
      const index = /^(?:readonly\s+)?\[\s*[\w$]+\s*:\s*(?:string|number)\s*\]\s*:\s*([\s\S]+)$/.exec(member);
      const call = callSignature(member);
      if (method && closingBracket(method[2], 0) === method[2].length - 1) members.set(method[1], `${method[2]} => ${method[3]}`);
      else if (property) members.set(property[1], property[2].trim());
      else if (index) members.set(INDEX_MEMBER, index[1].trim());
      else if (call) calls.push(`(${call})`);
    }
  }
  if (calls.length > 0) members.set(CALL_MEMBER, calls.join(' & '));
  return members;
}

/**
 * What an object type written one member a line without separators (prettier's no-semicolon style:
 * `{\n  id: string\n  run(x: X): void\n}`) became once its blanks were collapsed — `id: string
 * run(x: X): void` — as its members: a new one starts where a blank at the top level is followed by
 * a member's name and its `:`, `?:` or parameters, which no type has there.
 */
function unseparatedMembers(member: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < member.length; i++) {
    const ch = member[i];
    if ('([{<'.includes(ch)) depth++;
    else if (')]}'.includes(ch) || (ch === '>' && member[i - 1] !== '=')) depth--;
    else if (depth === 0 && ch === ' ' && i > start && MEMBER_START.test(member.slice(i + 1, i + 200))) {
      out.push(member.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(member.slice(start).trim());
  return out.filter(Boolean);
}

const MEMBER_START = /^(?!(?:import|typeof|keyof|infer|extends|is|asserts|new|unique|in|as|satisfies)\b)(?:readonly\s+)?[\w$]+\??(?::|\(|<[^<>]*>\()/;

/** A call signature `<T>(x: X): R` as the function type `<T>(x: X) => R`; undefined for any other member. */
export function callSignature(member: string): string | undefined {
  const open = member.startsWith('<') ? closingBracket(member, 0) + 1 : 0;
  if (member[open] !== '(') return undefined;
  const close = closingBracket(member, open);
  const returns = close < 0 ? null : /^\s*:\s*([\s\S]+)$/.exec(member.slice(close + 1));
  return returns ? `${member.slice(0, close + 1)} => ${returns[1].trim()}` : undefined;
}


/** `(F) | undefined` and `((a: A) => R)` → the function type inside. */
function withoutOptionalParens(type: string): string {
  return type.trim().replace(/^\(\s*(\(.*\)\s*=>.*)\)\s*(\|\s*(undefined|null))?$/, '$1');
}

/** Parts of `text` between the separators outside brackets, trimmed; an empty last part dropped. */
export function splitTopLevel(text: string, separator: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if ('([{<'.includes(ch)) depth++;
    else if (')]}'.includes(ch) || (ch === '>' && text[i - 1] !== '=')) depth--;
    else if (ch === separator && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last) out.push(last);
  return out;
}

const CLOSERS: Record<string, string> = { '(': ')', '{': '}', '[': ']', '<': '>' };

/** Blanks inside brackets' edges taken out: a type written over lines (`Array<\n  Foo<T>\n>`) reads `Array<Foo<T>>`. */
function tidyBrackets(text: string): string {
  return text.replace(/([<[(])\s+/g, '$1').replace(/\s+([>\])])/g, '$1');
}

/**
 * A type text the extractor capped (`FormApi< TFormData, TOnMount, …`, see extract/text.ts `cap`)
 * with its cut argument dropped and its open brackets closed (`FormApi< TFormData>`), so the
 * head of a long generic type still names its class.
 */
function closeCapped(text: string): string {
  if (!text.endsWith('…')) return text;
  let head = text.slice(0, -1);
  // The last argument may be cut mid-way: keep what ends at a separator.
  const cut = Math.max(...[',', '|', '&', ';', '(', '{', '[', '<'].map((sep) => head.lastIndexOf(sep)));
  if (cut >= 0) head = head.slice(0, ['(', '{', '[', '<'].includes(head[cut]) ? cut + 1 : cut);
  head = head.trimEnd();
  const open: string[] = [];
  for (let i = 0; i < head.length; i++) {
    const ch = head[i];
    if (ch in CLOSERS) open.push(CLOSERS[ch]);
    else if (ch === ')' || ch === '}' || ch === ']' || (ch === '>' && head[i - 1] !== '=')) open.pop();
  }
  return head + open.reverse().join('');
}

/** Index of the bracket closing the one at `open` (`(`, `[`, `{`, `<`; not the `>` of an arrow), or -1. */
export function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '{' || ch === '[' || ch === '<') depth++;
    else if (ch === ')' || ch === '}' || ch === ']' || (ch === '>' && text[i - 1] !== '=')) {
      if (--depth === 0) return i;
    }
  }
  return -1;
}

/** The parameter list and return type of a function type `(a: A) => R`, generic ones too (`<T>(a: T) => R`). */
export function functionTypeParts(text: string): { params: string; returns: string } | undefined {
  const open = text.startsWith('<') ? closingBracket(text, 0) + 1 : 0;
  if (text[open] !== '(') return undefined;
  const end = closingBracket(text, open);
  const arrow = end < 0 ? null : /^\s*=>\s*/.exec(text.slice(end + 1));
  if (!arrow) return undefined;
  return { params: text.slice(open + 1, end), returns: text.slice(end + 1 + arrow[0].length).trim() };
}

/** The parameters and return type of `Callable[[A, B], R]`. */
function pyCallableParts(text: string): { params: string; returns: string } | undefined {
  const head = PY_CALLABLE.exec(text);
  if (!head || closingBracket(text, head[0].length - 1) !== text.length - 1) return undefined;
  const args = splitTopLevel(text.slice(head[0].length, -1), ',');
  return args.length === 2 ? { params: args[0].trim().replace(/^\[|\]$/g, ''), returns: args[1].trim() } : undefined;
}

/** `Promise<T>`, `PromiseLike<T>`, `Awaitable[T]`, `Coroutine[Y, S, T]` → T and the wrapper's name. */
function awaitableOf(text: string): { value: string; container: string } | undefined {
  const promised = typeArguments(text, PROMISES);
  if (promised?.length === 1) return { value: promised[0].trim(), container: text.slice(0, text.indexOf('<')) };
  const py = PY_AWAITABLE.exec(text);
  if (!py || closingBracket(text, py[0].length - 1) !== text.length - 1) return undefined;
  const args = splitTopLevel(text.slice(py[0].length, -1), ',');
  const value = py[1] === 'Coroutine' ? args[2] : args.length === 1 ? args[0] : undefined;
  return value === undefined ? undefined : { value: unquoted(value.trim()), container: py[1] };
}

/** A generic type written whole as `Name<A, B>` → Name and [A, B]; undefined for any other type. */
export function genericParts(text: string): { name: string; args: string[] } | undefined {
  const trimmed = text.trim();
  const match = /^([\w$.]+)</.exec(trimmed);
  if (!match || closingBracket(trimmed, match[1].length) !== trimmed.length - 1) return undefined;
  return { name: match[1], args: splitTopLevel(trimmed.slice(match[1].length + 1, -1), ',').map((arg) => arg.trim()) };
}

/** Type arguments of a generic `Name<A, B>` named one of `names` → [A, B]. */
function typeArguments(text: string, names: RegExp): string[] | undefined {
  const parts = genericParts(text);
  return parts && names.test(parts.name) ? parts.args : undefined;
}

/** The branches of a conditional type `C extends D ? X : Y` → [X, Y] (a nested one in X or Y kept whole); undefined for any other type. */
function conditionalBranches(text: string): [string, string] | undefined {
  let depth = 0;
  let extendsAt = false;
  let question = -1;
  let nested = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if ('([{<'.includes(ch)) depth++;
    else if (')]}'.includes(ch) || (ch === '>' && text[i - 1] !== '=')) depth--;
    else if (depth !== 0) continue;
    else if (question < 0 && text.startsWith(' extends ', i)) extendsAt = true;
    else if (ch === '?' && extendsAt) {
      if (question < 0) question = i;
      else nested++;
    } else if (ch === ':' && question >= 0 && nested-- === 0) {
      return [text.slice(question + 1, i).trim(), text.slice(i + 1).trim()];
    }
  }
  return undefined;
}

/** The alternatives of a union type (`A | B | null`, `Union[A, B]` → A, B, null), or of an intersection; undefined for one type. */
function typeAlternatives(text: string): string[] | undefined {
  const union = UNION.exec(text);
  if (union && closingBracket(text, text.indexOf('[')) === text.length - 1) return splitTopLevel(union[1], ',');
  for (const separator of ['|', '&']) {
    const parts = splitTopLevel(text.replace(/^[|&]\s*/, ''), separator).filter(Boolean);
    if (parts.length > 1) return parts;
  }
  return undefined;
}

export interface TypeParam {
  name: string;
  /** `extends C`: what the parameter is at least. */
  constraint?: string;
}

/**
 * The type parameters a declaration's signature declares after its name
 * (`class ZodOptional<T extends ZodTypeAny> extends …` → T: ZodTypeAny).
 */
export function typeParamsOf(signature: string, name: string): TypeParam[] {
  return (angleArgsAfter(signature, name) ?? []).flatMap((param) => {
    const parsed = /^(?:const\s+|in\s+|out\s+)*([A-Za-z_$][\w$]*)(?:\s+extends\s+([\s\S]+?))?(?:\s*=\s*[\s\S]+)?$/.exec(param);
    if (!parsed) return [];
    return [parsed[2] ? { name: parsed[1], constraint: parsed[2] } : { name: parsed[1] }];
  });
}

/** The type arguments a class signature gives base `base` in its heritage (`extends ZodType<A, B>` → [A, B]). */
export function baseTypeArgs(signature: string, base: string): string[] | undefined {
  const heritage = /\s(?:extends|implements)\s/.exec(signature);
  return heritage ? angleArgsAfter(signature.slice(heritage.index), base) : undefined;
}

/**
 * The `<…>` arguments that follow the first `name<` in `text` (a whole name, not a member's), split at
 * top level. In a signature the extractor capped inside them (a dozen type parameters), those before
 * the cut one.
 */
export function angleArgsAfter(text: string, name: string): string[] | undefined {
  const at = new RegExp(`(?:^|[^\\w$.])${name.replace(/[$]/g, '\\$')}\\s*<`).exec(text);
  if (!at) return undefined;
  const open = at.index + at[0].length - 1;
  const close = closingBracket(text, open);
  if (close >= 0) return splitTopLevel(text.slice(open + 1, close), ',');
  return text.endsWith('…') ? splitTopLevel(text.slice(open + 1), ',').slice(0, -1) : undefined;
}

/** The type a type guard's return type narrows to (`x is Foo`, `asserts x is Foo` → `Foo`). */
export function guardedType(returns: string): string | undefined {
  return /^(?:asserts\s+)?[A-Za-z_$][\w$]*\s+is\s+([\s\S]+)$/.exec(returns.trim())?.[1].trim();
}

/** A Go result that is a name and a type (`err error`); not a type spelt with a keyword (`chan int`, `func() error`). */
const GO_NAMED_RESULT = /^(?!(?:func|map|chan|struct|interface)\b)[A-Za-z_]\w*\s+(\S.*)$/;

/**
 * The types of a Go function's results when it declares a list of them (`(*Request, error)`,
 * `(resp *Response, err error)`, `(a, b int)`): what `x, err := f()` binds x and err to. Undefined
 * for a result that is not a list.
 */
export function goResults(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('(') || closingBracket(trimmed, 0) !== trimmed.length - 1) return undefined;
  const parts = splitTopLevel(trimmed.slice(1, -1), ',').map((part) => part.trim());
  // Named results: names grouped before a type share it (`a, b int`).
  const named = parts.map((part) => GO_NAMED_RESULT.exec(part)?.[1]);
  if (!named.some((type) => type !== undefined)) return parts.every(Boolean) ? parts : undefined;
  const types: string[] = [];
  let pending = 0;
  for (const type of named) {
    if (type === undefined) {
      pending++;
      continue;
    }
    for (; pending >= 0; pending--) types.push(type);
    pending = 0;
  }
  return types;
}

/** The type of a Go function's first result when it declares a list of them: what `x, err := f()` binds x to. */
export function goFirstResult(text: string): string | undefined {
  return goResults(text)?.[0];
}
