// Name and call resolution over the project's records: what a name means at a point in a file
// (locals, parameters, nested and top-level definitions, imports through barrels and packages),
// what a receiver expression evaluates to (a module, a class, an instance of a known class), and
// which definition a call site reaches. Everything it reads goes through the ResolveContext, so
// the dependencies of each file's answer are recorded for incremental updates.
//
// Precision first: when a step is uncertain (an untyped local, an external base class, a method
// the known hierarchy does not define) the answer is "unknown", never a guess.
import { CALL_MEMBER, INDEX_MEMBER, type CallSite, type ClassRecord, type FunctionRecord, type LineSpan, type LocalBinding } from '../types.js';
import { closeOf, parseChain, splitBinary, type BinaryOperation, type Segment } from './chain.js';
import { dirOf } from './file-set.js';
import { isAbstract, MODULE_SCOPE, type ReceiverBound, type SymbolRef, type Via } from './model.js';
import type { ResolveContext } from './resolve/context.js';
import { resolveIncludePath } from './resolve/fallback.js';
import { goPackageDeclarers, goPackageFiles, goPackageMethods, resolveGoPackage } from './resolve/go.js';
import { resolveJavaPackage, resolveJavaType } from './resolve/java.js';
import { pythonSubmodule, resolvePythonModule, type PyModule } from './resolve/python.js';
import { rustChildModule, rustCrateRoot, rustParentModule, rustWalkPath } from './resolve/rust.js';
import { resolveTsModule } from './resolve/typescript.js';
import { LOCALS } from '../extract/definitions.js';
import { isGoPredeclaredType, isRuntimeFunction } from './builtins.js';
import { UNNAMED_OBJECT, hasImplicitThis, paramNames, symbolsOf, type Family, type FileSymbols, type ImportBinding } from './symbols.js';
import {
  aliasedType, angleArgsAfter, assignmentAt, baseTypeArgs, functionTypeParams, functionTypeParts, functionTypeThis, guardedType, isJsLibType, JS_PRIMITIVE_TYPES, objectTypeMembers, paramType,
  GO_MAP, closingBracket, genericParts, goFirstResult, goResults, splitTopLevel, typeName, typeParamsOf, typeShape, type TypeParam,
} from './type-text.js';
import { languageForPath } from '../../grammars/languages.js';

export interface ClassInfo {
  file: string;
  name: string;
  records: ClassRecord[];
  /** Methods by name with the file that defines them (Go methods may sit in sibling files). */
  methods: Map<string, { file: string; fn: FunctionRecord }>;
}

/**
 * Function and class values carry `alias` when reached through another name than their own
 * (`_PyFuture = Future`, `open = TarFile.open`, a class a call returns): what calling them gives
 * is known, but a checker does not count a call through that name as a call of the original, so
 * resolution does not claim one either.
 */
export type Value =
  | { kind: 'module'; family: Family; file?: string; dir?: string; imported?: boolean }
  /**
   * `self`: the instance the function was read off as a method (`x.m` → x), what a return type `this` or `this['K']` is of.
   * `instance`: `this` in a function set on this constructor function's prototype: members set on the
   * prototype (`X.prototype.m`, named apart from a static `X.m`: core/extract/definitions.ts) come first.
   */
  | { kind: 'function'; file: string; fn: FunctionRecord; imported?: boolean; alias?: boolean; self?: Value; instance?: true }
  /**
   * A class; `typed` when only a type says so (`ctor: typeof Foo` may hold a subclass); `untyped`
   * when its name is also declared `Any` (a checker types the name by that declaration: calling it
   * reaches the class, what it makes and its attributes are unknown).
   */
  | { kind: 'class'; cls: ClassInfo; imported?: boolean; typed?: boolean; alias?: boolean; untyped?: boolean }
  /** An instance; `exact` when it was constructed from that class here (not only typed as it). */
  | { kind: 'instance'; cls: ClassInfo; exact?: boolean }
  | { kind: 'super'; cls: ClassInfo }
  /** A list/array whose elements are known; `lib` the runtime type holding them (`Array`, `Set`); `exact` as for `external`. */
  | { kind: 'array'; element: Value; lib?: string; exact?: true }
  /**
   * A callable whose call result is known: a built-in method (`items.pop()` → an element), a function-typed value.
   * `within`: an anonymous function literal `fn` returns (`return function (obj) { … }`), part of fn's
   * code: calling it runs fn's code, and the call is fn's (the checker lands in fn's body too).
   */
  | { kind: 'builtin'; result: Value; guards?: Value; within?: { file: string; fn: FunctionRecord } }
  /** A value of an object type literal (`{ subs: Subscription }`): member name → declared type, read in `file`. */
  | { kind: 'shape'; file: string; members: Map<string, string> }
  /** A `Map` whose values are known; `exact` as for `external`. */
  | { kind: 'map'; value: Value; lib?: string; exact?: true }
  /** A tuple whose items are known by position (Python `tuple[Token, AppContext]`). */
  | { kind: 'tuple'; items: Value[] }
  /**
   * An object literal a function returns (`return { editor, doc: make() }`): property → the
   * expression it holds, read in `scope` at `line`, where the literal is.
   */
  | { kind: 'literal'; file: string; scope: string; line: number; members: Map<string, string> }
  /** A context manager whose `with … as x` binds `entered`: a call of a `@contextmanager` generator. */
  | { kind: 'context'; entered: Value }
  /**
   * A JS object literal bound to a name (`const api: Api = { get() {} }`): its members are the
   * functions listed under `path` in `file`; other attributes come from its declared type.
   */
  | { kind: 'object'; file: string; path: string; declared?: Value }
  /**
   * One of several values (a union or intersection type): an attribute is looked up on each, and a
   * call through it may reach every option that defines the method (what a checker reports too).
   */
  | { kind: 'union'; options: Value[] }
  /**
   * Defined outside the project (an external module or what it exports). `lib` names the type when
   * it is known: a runtime type (`Map`) or a library's export (`redux#Store`); classes of the
   * project implementing it answer calls made through it, by dispatch. `awaited`: what awaiting it
   * gives, when it is a promise whose value is known (`Promise<Reader>`). `exact`: constructed here
   * (`new Set()`), so a call on it runs the runtime type's method, never a project subclass's.
   */
  | { kind: 'external'; lib?: string; awaited?: Value; exact?: true }
  /** A project value whose type is unknown; it shadows outer names. */
  | { kind: 'opaque' };

/** A function set on a value (an object literal's member, an assigned member) and the method of the value's type it implements. */
export interface MemberOverride {
  method: FunctionRecord;
  overridden: { file: string; fn: FunctionRecord };
}

export interface CallTarget {
  to?: SymbolRef;
  via: Via | 'external';
  instantiates?: SymbolRef;
  bound?: ReceiverBound;
  /** An unresolved method call on a value of a type outside the project: that type and the method (`Map.get`). */
  lib?: string;
  /** Unresolved `self.m()` / `this.m()` that no class of the caller's hierarchy defines (CallEdge.subclassOnly). */
  subclassOnly?: true;
}

const OPAQUE: Value = { kind: 'opaque' };
const FUNCTION_CALLERS = new Set(['call', 'apply', 'bind']);
/**
 * Python builtins whose result iterates as their one argument does (`reversed(list(xs))`); not
 * `sorted`, whose type variable pyright solves only for comparable elements.
 */
const PY_ITERATION_COPIES = new Set(['iter', 'list', 'tuple', 'reversed', 'set', 'frozenset']);
/** Array/list methods that return one of the elements. */
const ARRAY_ELEMENT_METHODS = new Set(['shift', 'pop', 'at', 'find', 'findLast']);
/** Array methods that return an array of the same elements. */
const ARRAY_SAME_METHODS = new Set(['filter', 'slice', 'concat', 'reverse', 'sort', 'toSorted', 'toReversed']);

/** The key of a JS class's static method in ClassInfo.methods. */
export function staticKey(name: string): string {
  return `static ${name}`;
}

/** A list, and a mapping, of values tldr does not know: their methods are the runtime's. */
const SOME_LIST: Value = { kind: 'array', element: OPAQUE };
const SOME_MAPPING: Value = { kind: 'map', value: OPAQUE };
/** Python's builtin collections as what calling one makes. */
const PY_COLLECTIONS = new Map<string, Value>([
  ['dict', SOME_MAPPING],
  ...['list', 'set', 'frozenset', 'tuple'].map((name): [string, Value] => [name, SOME_LIST]),
]);
/** Python's `*args` (a tuple) and `**kwargs` (a dict) of a function, by the name it gives them. */
function pythonSplat(syms: FileSymbols, scope: string, name: string): Value | undefined {
  if (syms.family !== 'python') return undefined;
  const param = syms.functions.get(scope)?.params.find((text) => text.startsWith('*') && paramNames(text, 'python')[0] === name);
  if (!param) return undefined;
  return param.startsWith('**') ? SOME_MAPPING : SOME_LIST;
}
/** What a Java wildcard import reads as, when tldr can tell what it brings: a package, a class, a library's. */
const READ_IMPORTS = new Set<Value['kind']>(['module', 'class', 'external']);
/** Promise methods whose call gives another promise. */
const PROMISE_CHAINS = new Set(['then', 'catch', 'finally']);
/** The signature of an async generator (`async *items()`, `async function* items()`). */
const ASYNC_GENERATOR = /^[^(]*\*/;
/** Array (and Map/Set) methods calling a callback with an element: which of its parameters gets it. */
const ITERATION_METHODS = new Map<string, number>([
  ['forEach', 0], ['map', 0], ['filter', 0], ['find', 0], ['findLast', 0], ['findIndex', 0], ['findLastIndex', 0],
  ['some', 0], ['every', 0], ['flatMap', 0], ['reduce', 1], ['reduceRight', 1],
]);
const EXTERNAL: Value = { kind: 'external' };
const MAX_DEPTH = 24;

/** One number per binding record (two of one name can share a line: a value and a guard). */
const bindingIds = new WeakMap<LocalBinding, number>();
let bindingCount = 0;
function bindingId(binding: LocalBinding): number {
  let id = bindingIds.get(binding);
  if (id === undefined) {
    id = bindingCount++;
    bindingIds.set(binding, id);
  }
  return id;
}

const SELF_NAMES = new Set(['this', 'self', '$this', '@']);

/** Whether `name` names the receiver in a language of `family`: in JS `self` is an ordinary name (a parameter, `const self = this`). */
function isSelfName(family: Family | undefined, name: string): boolean {
  return family === 'js' ? name === 'this' : SELF_NAMES.has(name);
}
const CONSTRUCTOR_NAMES = new Set(['constructor', '__init__']);
const NAMED_TUPLE = /^((typing|t)\.)?NamedTuple$/;
const CLASSMETHOD = /^@(\w+\.)?classmethod\b/;
const CONTEXT_MANAGER = /^@(\w+\.)?(async)?contextmanager\s*$/;
/** A class declared for its type only, implemented elsewhere (`declare class Signal<T>`). */
const AMBIENT_CLASS = /^(?:export\s+)?(?:default\s+)?declare\s+(?:abstract\s+)?class\b/;
const PY_IGNORED_BASES = /^(object|Generic|Protocol|ABC|typing\.|metaclass\s*=|\w+\s*=)/;

function valueKey(value: Value): string | undefined {
  switch (value.kind) {
    case 'function':
      return `f|${value.file}#${value.fn.qualified_name}${value.instance ? '|instance' : ''}`;
    case 'class':
    case 'instance':
      return `${value.kind[0]}|${value.cls.file}#${value.cls.name}`;
    case 'external':
      // Promises of different values are different options.
      return value.awaited ? undefined : 'external';
    default:
      return undefined;
  }
}

/**
 * The property a name is destructured from in a parameter written as an object pattern (`{ gen,
 * data: d = x }` → gen for gen, data for d); undefined for a parameter that is a plain name.
 */
function destructuredKey(param: string, name: string): string | undefined {
  const pattern = param.trim();
  if (!pattern.startsWith('{')) return undefined;
  const renamed = new RegExp(`([\\w$]+)\\s*:\\s*${name.replace(/\$/g, '\\$')}\\b(?!\\s*:)`).exec(pattern);
  return renamed ? renamed[1] : name;
}

/** The type a class field holding a function declares, read off its signature (`private run: Handler = (…)` → Handler). */
function fieldTypeIn(signature: string, name: string): string | undefined {
  const at = new RegExp(`(^|\\s)${name.replace(/\$/g, '\\$')}[?!]?\\s*:`).exec(signature);
  if (!at) return undefined;
  const declared = signature.slice(at.index + at[0].length);
  const value = assignmentAt(declared);
  return value < 0 ? undefined : declared.slice(0, value).trim() || undefined;
}

/** A call of a callee `names` matches with one argument, the whole of `text` (`list(routes)`). */
function oneArgumentCall(text: string, names: RegExp): { callee: string; argument: string } | undefined {
  const trimmed = text.trim();
  const open = trimmed.indexOf('(');
  if (open <= 0 || !names.test(trimmed.slice(0, open)) || closingBracket(trimmed, open) !== trimmed.length - 1) return undefined;
  const argument = trimmed.slice(open + 1, -1).trim();
  return argument && splitTopLevel(argument, ',').length === 1 ? { callee: trimmed.slice(0, open), argument } : undefined;
}

/** A returned `require("m")` as the extractor keeps it (returns.ts), the module name a JSON string. */
const REQUIRE_CALL = /^require\(("(?:[^"\\]|\\.)*")\)$/;

/** The properties of an object literal as ReturnedValue keeps it (`{editor, doc: make()}`): name → expression. */
function literalMembers(text: string): Map<string, string> {
  const members = new Map<string, string>();
  for (const part of splitTopLevel(text.trim().slice(1, -1), ',')) {
    const colon = part.indexOf(':');
    if (colon < 0) members.set(part, part);
    else members.set(part.slice(0, colon).trim(), part.slice(colon + 1).trim());
  }
  return members;
}

/** A runtime type's instance constructed here (`new Set()`): exactly that type. */
function exactly(value: Extract<Value, { kind: 'external' | 'array' | 'map' }>): Value {
  return value.lib === undefined ? value : { ...value, exact: true };
}

/** A value of a runtime type, known or not to be exactly it (what `exactly` and `typedAs` read and write). */
function isRuntimeTyped(value: Value): value is Extract<Value, { kind: 'external' | 'array' | 'map' }> {
  return value.kind === 'external' || value.kind === 'array' || value.kind === 'map';
}

/** The value as reached through another name (see Value): functions and classes become aliases. */
function aliased(value: Value): Value {
  if (value.kind === 'function' || value.kind === 'class') return { ...value, alias: true };
  return value.kind === 'union' ? { kind: 'union', options: value.options.map(aliased) } : value;
}

/** The value itself, where `aliased` made it a copy. */
function unaliased(value: Value): Value {
  if ((value.kind === 'function' || value.kind === 'class') && value.alias) return { ...value, alias: undefined };
  return value.kind === 'union' ? { kind: 'union', options: value.options.map(unaliased) } : value;
}

/**
 * The runtime or library type a value is an instance of (`Map`, `redux#Store`), when known: for a
 * union, the one all its options share (`Map<K, A> | Map<K, B>`).
 */
function libOf(value: Value): string | undefined {
  if (value.kind === 'external' || value.kind === 'array' || value.kind === 'map') return value.lib;
  if (value.kind !== 'union') return undefined;
  const libs = new Set(value.options.map(libOf));
  return libs.size === 1 ? [...libs][0] : undefined;
}

/** One value for several: unknown options dropped, nested unions flattened, duplicates merged. */
export function unionOf(values: readonly Value[]): Value {
  const options: Value[] = [];
  const seen = new Set<string>();
  const add = (value: Value) => {
    if (value.kind === 'union') return value.options.forEach(add);
    if (value.kind === 'opaque') return;
    const key = valueKey(value);
    if (key !== undefined) {
      if (seen.has(key)) return;
      seen.add(key);
    }
    options.push(value);
  };
  values.forEach(add);
  if (options.length === 0) return OPAQUE;
  return options.length === 1 ? options[0] : { kind: 'union', options };
}

/**
 * What a promise resolves to (each option of a union); what is no promise is itself to `await`
 * (an async function's call is read as its result already), unknown to `.then` (`promisedValue`).
 */
function awaitedValue(value: Value, notPromise = (other: Value): Value => other): Value {
  if (value.kind === 'union') return unionOf(value.options.map((option) => awaitedValue(option, notPromise)));
  return value.kind === 'external' && value.awaited ? value.awaited : notPromise(value);
}

function promisedValue(value: Value): Value {
  return awaitedValue(value, () => OPAQUE);
}

/** The value as its type says it: an instance constructed here (a runtime type's too) is one of that class or a subclass. */
function typedAs(value: Value): Value {
  if (value.kind === 'instance' && value.exact) return { kind: 'instance', cls: value.cls };
  if (isRuntimeTyped(value) && value.exact) return { ...value, exact: undefined };
  const exact = (option: Value) => (option.kind === 'instance' || isRuntimeTyped(option)) && option.exact;
  if (value.kind === 'union' && value.options.some(exact)) return { kind: 'union', options: value.options.map(typedAs) };
  return value;
}

const simpleName = (name: string) => name.slice(name.lastIndexOf('.') + 1);

const classTypeParamsRead = new WeakMap<ClassInfo, TypeParam[]>();

/** The type parameters a class (or interface) declares, read once per class. */
function classTypeParams(cls: ClassInfo): TypeParam[] {
  let params = classTypeParamsRead.get(cls);
  if (!params) classTypeParamsRead.set(cls, (params = typeParamsOf(cls.records[0]?.signature ?? '', simpleName(cls.name))));
  return params;
}

/** The type arguments `child`'s heritage clause gives its base `parent` (`extends ZodType<A, B>` → [A, B]). */
function heritageTypeArgs(child: ClassInfo, parent: ClassInfo): string[] | undefined {
  const wanted = simpleName(parent.name);
  for (const record of child.records) {
    for (const base of record.bases) {
      const name = typeName(base);
      if (name !== undefined && simpleName(name) === wanted) return baseTypeArgs(record.signature, wanted);
    }
  }
  return undefined;
}

/**
 * The classes `this` (`self`) may be of in `scope`: every class the scope is a method (or nested
 * function) of, `A.m` and `A.B.m` under `A.B`; a JS constructor function is its own instance's
 * (`function Protocol() { this._parser = … }`).
 */
function thisOwners(scope: string, family: Family): string[] {
  const owners: string[] = [];
  for (let cut = family === 'js' ? scope.length : scope.lastIndexOf('.'); cut > 0; cut = scope.lastIndexOf('.', cut - 1)) owners.push(scope.slice(0, cut));
  return owners;
}

/** The method name a Python binary operator calls (`+` → `__add__`, reflected `__radd__`). */
const PYTHON_OPERATOR_METHODS = new Map([
  ['+', 'add'], ['-', 'sub'], ['*', 'mul'], ['/', 'truediv'], ['//', 'floordiv'], ['%', 'mod'], ['@', 'matmul'],
  ['**', 'pow'], ['<<', 'lshift'], ['>>', 'rshift'], ['&', 'and'], ['^', 'xor'], ['|', 'or'],
]);

/**
 * The bindings of a name (in line order) that may give its value after the last one: that one and,
 * while it was made conditionally (in a branch, loop or try), the ones before it back to the last
 * unconditional one. A narrowing or a callback's parameter holds only in its lines and is passed
 * over (tests declare `db` in one `it` callback after another, all at module level, and a later
 * `.find((db) => …)` is no `db` of theirs).
 */
function inForce(bindings: readonly LocalBinding[]): LocalBinding[] {
  let end = bindings.length;
  while (end > 1 && bindings[end - 1].end_line !== undefined) end--;
  const last = bindings[end - 1];
  const out = [last];
  for (let at = end - 2; at >= 0 && out[out.length - 1].conditional; at--) {
    if (bindings[at].end_line === undefined) out.push(bindings[at]);
  }
  return out;
}

/**
 * Whether a binding's initialiser reads the name it binds (`value = value.get_value(trait)`): on
 * the binding's line the name is still the one before it, as that initialiser reads it.
 */
function readsItself(binding: LocalBinding): boolean {
  const reads = (text: string | undefined) => text !== undefined && text.startsWith(binding.name) && !/^[\w$]/.test(text.slice(binding.name.length));
  return reads(binding.init_call) || reads(binding.init_name) || (binding.init_any?.some(reads) ?? false);
}

/**
 * The items of a list, array or tuple literal as written (`[Extension, Node, Mark]`, `(A, B)`);
 * undefined for any other text.
 */
function literalItems(text: string): string[] | undefined {
  const trimmed = text.trim();
  const close = trimmed[0] === '[' ? ']' : trimmed[0] === '(' ? ')' : undefined;
  if (!close || trimmed[trimmed.length - 1] !== close) return undefined;
  // The brackets must be one pair around the whole (not `(a)(b)`).
  let depth = 0;
  for (let i = 0; i < trimmed.length - 1; i++) {
    if ('([{'.includes(trimmed[i])) depth++;
    else if (')]}'.includes(trimmed[i]) && --depth === 0) return undefined;
  }
  const items = splitTopLevel(trimmed.slice(1, -1), ',');
  return close === ']' || items.length > 1 ? items : undefined;
}

export class Resolver {
  constructor(private readonly ctx: ResolveContext) {}

  /** True past the recursion limit; the answers being computed are then incomplete and not memoised. */
  private tooDeep(depth: number): boolean {
    if (depth <= MAX_DEPTH) return false;
    this.ctx.incomplete();
    return true;
  }

  symbols(file: string): FileSymbols | undefined {
    const record = this.ctx.record(file);
    return record ? symbolsOf(record) : undefined;
  }

  // ---- classes ---------------------------------------------------------------------------

  classInfo(file: string, name: string): ClassInfo | undefined {
    return this.ctx.memo(`class|${file}|${name}`, () => {
      const syms = this.symbols(file);
      const records = syms?.classes.get(name);
      if (!syms || !records) return undefined;
      const methods = new Map<string, { file: string; fn: FunctionRecord }>();
      // A JS class's static methods are the class object's, its others its instances': one of
      // each may share a name (Lexical's `static getType()` and `getType()`).
      const statics = syms.family === 'js';
      const add = (owner: string, fn: FunctionRecord) => {
        const key = statics && fn.modifiers?.includes('static') ? staticKey(fn.name) : fn.name;
        const existing = methods.get(key);
        if (!existing || (existing.fn.is_declaration && !fn.is_declaration)) methods.set(key, { file: owner, fn });
      };
      for (const record of records) for (const method of record.methods) add(file, method);
      for (const fn of syms.record.functions) if (fn.class_name === name) add(file, fn);
      if (syms.family === 'go' && !name.includes('.')) {
        for (const method of goPackageMethods(this.ctx, dirOf(file), file.endsWith('_test.go'), name)) if (method.file !== file) add(method.file, method.fn);
      }
      return { file, name, records, methods };
    });
  }

  /**
   * The classes a class extends or implements, resolved in its own file; `complete` when all were
   * found. `library`: a base is a library's (a value from outside the project, or one of Python's
   * `object`, `Generic`, `ABC`… that are passed over), `libs` the keys of those typed outside the
   * project (`Map`, `redux#Store`); `unknown`: a base is neither a project class nor a library's.
   */
  bases(cls: ClassInfo): { classes: ClassInfo[]; complete: boolean; library: boolean; libs: string[]; unknown: boolean } {
    return this.ctx.memo(`bases|${cls.file}|${cls.name}`, () => {
      const out: ClassInfo[] = [];
      const libs = new Set<string>();
      let external = false;
      let passedOver = false;
      let unknown = false;
      const syms = this.symbols(cls.file);
      for (const record of cls.records) {
        for (const base of record.bases) {
          if (syms?.family === 'python' && PY_IGNORED_BASES.test(base.trim())) {
            passedOver = true;
            continue;
          }
          const name = typeName(base);
          const read = name ? this.evalPath(cls.file, MODULE_SCOPE, name, 0) : undefined;
          // `const AbstractQuery = require('../abstract/query')`: what the module exports as a whole.
          const value = read && (this.wholeExport(read, 0) ?? read);
          const based = value?.kind === 'class' ? this.aliasedClass(value.cls) : undefined;
          if (based && !(based.file === cls.file && based.name === cls.name)) out.push(based);
          else if (value?.kind === 'external') {
            external = true;
            if (value.lib) libs.add(value.lib);
          } else unknown = true;
        }
      }
      return { classes: out, complete: !external && !unknown, library: external || passedOver, libs: [...libs], unknown };
    }) ?? { classes: [], complete: false, library: false, libs: [], unknown: true };
  }

  /** The class a type alias of one class names (`@typedef {import("./d").default.Handler} Handler`), or the class itself. */
  private aliasedClass(cls: ClassInfo): ClassInfo {
    let named = cls;
    for (let hops = 0; hops < 4; hops++) {
      const aliased = this.aliasValue(named, 0);
      if (aliased?.kind !== 'instance' || aliased.cls === named) break;
      named = aliased.cls;
    }
    return named;
  }

  /** The bases of a class that are types outside the project, as `lib` keys (`Map`, `redux#Store`). */
  libBases(cls: ClassInfo): string[] {
    return this.bases(cls).libs;
  }

  /** Method resolution order: the class, then its bases depth-first, each once. */
  mro(cls: ClassInfo): { classes: ClassInfo[]; complete: boolean } {
    const seen = new Set<string>();
    const order: ClassInfo[] = [];
    let complete = true;
    const visit = (c: ClassInfo, depth: number) => {
      const key = `${c.file}#${c.name}`;
      if (seen.has(key) || depth > MAX_DEPTH) return;
      seen.add(key);
      order.push(c);
      const bases = this.bases(c);
      if (!bases.complete) complete = false;
      for (const base of bases.classes) visit(base, depth + 1);
    };
    visit(cls, 0);
    return { classes: order, complete };
  }

  /** The method `name` as seen from `cls` (or only from its bases). */
  findMethod(cls: ClassInfo, name: string, basesOnly = false, onClass = false): { file: string; fn: FunctionRecord; owner: ClassInfo } | undefined {
    const { classes } = this.mro(cls);
    for (const owner of basesOnly ? classes.slice(1) : classes) {
      // Read off the class object, a static method first (ClassInfo.methods); off an instance, no static one.
      const method = (onClass ? owner.methods.get(staticKey(name)) : undefined) ?? owner.methods.get(name);
      if (method) return { ...method, owner };
      // A Python attribute declared with a type (`infer: Any` in a mixin) is the member the lookup
      // finds there, as a checker reads it: a later base's method of that name is hidden. So is one
      // by a JS/TS instance field given a value (`passthrough = vi.fn()` in a subclass): each
      // instance owns it. A field that only declares a type (`override fetch!: …`, a mixin's
      // `logSubscribedFrame: () => number`) is the method still.
      const family = this.symbols(owner.file)?.family;
      if (family === 'python' && owner.records.some((record) => record.fields.some((f) => f.name === name && f.type))) return undefined;
      if (family === 'js' && owner.records.some((record) => record.fields.some((f) => f.name === name && !f.static && (f.init_call !== undefined || f.init_name !== undefined)))) return undefined;
    }
    return undefined;
  }

  private findConstructor(cls: ClassInfo, basesOnly = false): { file: string; fn: FunctionRecord } | undefined {
    const { classes } = this.mro(cls);
    for (const owner of basesOnly ? classes.slice(1) : classes) {
      for (const method of owner.methods.values()) {
        if (method.fn.kind === 'constructor' || CONSTRUCTOR_NAMES.has(method.fn.name)) return method;
      }
    }
    return undefined;
  }

  /** Where `new C()` / `C()` lands: its (possibly inherited) constructor, else the class itself. */
  constructorTarget(cls: ClassInfo, basesOnly = false): SymbolRef | undefined {
    const ctor = this.findConstructor(cls, basesOnly);
    if (ctor) return { file: ctor.file, name: ctor.fn.qualified_name };
    if (basesOnly) {
      const base = this.bases(cls).classes[0];
      return base ? { file: base.file, name: base.name } : undefined;
    }
    return { file: cls.file, name: cls.name };
  }

  /** A class nested in `cls` (or a base), reached as an attribute: `Outer.Inner`, `self.Inner`. */
  private nestedClass(cls: ClassInfo, name: string): Value | undefined {
    for (const owner of this.mro(cls).classes) {
      const nested = `${owner.name}.${name}`;
      if (this.symbols(owner.file)?.classes.has(nested)) {
        const info = this.classInfo(owner.file, nested);
        if (info) return { kind: 'class', cls: info };
      }
    }
    return undefined;
  }

  /**
   * The value of attribute `name` on instances of `cls`: a typed field or `this.x = …` binding.
   * Memoised: an attribute assigned from itself (`self.expr = self.expr.copy()`) sees the other
   * assignments only, not a recursion to the depth limit.
   */
  private fieldValue(cls: ClassInfo, name: string, depth: number): Value | undefined {
    if (this.tooDeep(depth)) return undefined;
    return this.ctx.memo(`field|${cls.file}|${cls.name}|${name}`, () => this.computeFieldValue(cls, name, depth)) ?? undefined;
  }

  private computeFieldValue(cls: ClassInfo, name: string, depth: number): Value | undefined {
    const { classes } = this.mro(cls);
    // A type declared anywhere up the hierarchy is the field's type (what a checker goes by); what a
    // subclass assigns to it only stands in for a missing declaration.
    for (const owner of classes) {
      for (const record of owner.records) {
        const field = record.fields.find((f) => f.name === name && f.type && !this.isBareFinal(owner.file, f.type));
        if (!field) continue;
        const argument = this.typeArgument(cls, owner, field.type!.trim());
        const typed = argument ? this.typeValue(argument.file, argument.type, depth + 1) : this.typeValue(owner.file, field.type!, depth + 1);
        if (typed.kind !== 'opaque') return typed;
      }
    }
    for (const owner of classes) {
      for (const record of owner.records) {
        const field = record.fields.find((f) => f.name === name && f.init_call);
        if (field?.init_call) {
          const value = this.evalPath(owner.file, MODULE_SCOPE, field.init_call, depth + 1);
          if (value?.kind === 'class') return this.descriptorValue(value.cls, depth + 1) ?? { kind: 'instance', cls: value.cls };
          if (value?.kind === 'function') return this.returnValue(value.file, value.fn, depth + 1);
          // `values_ = new Map()`: runtime types are only ever constructed.
          if (value?.kind === 'external' && value.lib !== undefined && isJsLibType(value.lib)) return value;
        }
        const named = record.fields.find((f) => f.name === name && f.init_name);
        const held = named?.init_name === undefined ? undefined : this.classBodyName(owner, named.init_name, depth + 1);
        if (held && held.kind !== 'opaque') return aliased(held);
      }
      const syms = this.symbols(owner.file);
      if (!syms) continue;
      // What the class body binds the name to last (Python: `x = (Regex(…).set_name(…))`, `a | b`).
      const bound = syms.bindings.get(owner.name)?.get(name);
      if (bound?.length) {
        const value = unionOf(inForce(bound).map((b) => this.bindingValue(owner.file, owner.name, b, depth + 1)));
        if (value.kind !== 'opaque') return value;
      }
      // An untyped attribute holds whatever any method assigns to it (a checker's inferred type).
      const assigned: Value[] = [];
      for (const { scope, binding } of this.attributeAssignments(owner.file).get(`${owner.name}\u0000${name}`) ?? []) {
        assigned.push(this.bindingValue(owner.file, scope, binding, depth + 1));
      }
      if (assigned.length > 0) return unionOf(assigned);
      // `this.interceptors = { request: new InterceptorManager() }` in a method: an object of those properties.
      const literal = this.attributeObjects(owner.file).get(`${owner.name}\u0000${name}`);
      if (literal) return { kind: 'object', file: owner.file, path: literal };
    }
    return undefined;
  }

  /** The object literals a file's methods set attributes to, by class and attribute (`Class\0x`): their paths in objectProperties. */
  private attributeObjects(file: string): Map<string, string> {
    return this.ctx.memo(`attribute-objects|${file}`, () => {
      const out = new Map<string, string>();
      const syms = this.symbols(file);
      for (const path of syms?.objectProperties.keys() ?? []) {
        const at = path.lastIndexOf('.this.');
        if (at < 0) continue;
        const scope = path.slice(0, at);
        for (const owner of thisOwners(scope, syms!.family)) out.set(`${owner}\u0000${path.slice(at + '.this.'.length)}`, path);
      }
      return out;
    }) ?? new Map();
  }

  /**
   * A Python class attribute holding a descriptor (an instance of a class defining `__get__`,
   * `detect = _SpecificationDetector()`) reads as what `__get__` returns.
   */
  private descriptorValue(cls: ClassInfo, depth: number): Value | undefined {
    if (this.symbols(cls.file)?.family !== 'python') return undefined;
    const get = this.findMethod(cls, '__get__');
    const value = get ? this.returnValue(get.file, get.fn, depth + 1) : undefined;
    return value && value.kind !== 'opaque' ? value : undefined;
  }

  /**
   * What a type parameter of `owner` is on an instance of `cls` (a subclass, or owner itself): the
   * argument the heritage clauses between them give it (`class ZodOptional<T extends ZodTypeAny>
   * extends ZodType<…, ZodOptionalDef<T>>` makes ZodType's `Def` a ZodOptionalDef), else the
   * constraint it is declared with. Undefined when `name` is no type parameter of owner; an
   * unconstrained parameter is `unknown`.
   */
  private typeArgument(cls: ClassInfo, owner: ClassInfo, name: string): { file: string; type: string } | undefined {
    if (!classTypeParams(owner).some((p) => p.name === name)) return undefined;
    // The heritage path from cls up to owner, cls first; walked down from owner.
    const path = this.basePath(cls, owner, 0);
    if (!path) return undefined;
    let current = name;
    for (let i = path.length - 1; i >= 0; i--) {
      const parent = path[i];
      const params = classTypeParams(parent);
      const at = params.findIndex((p) => p.name === current);
      const child = path[i - 1];
      const argument = child ? heritageTypeArgs(child, parent)?.[at] : undefined;
      if (argument === undefined) return { file: parent.file, type: params[at]?.constraint ?? 'unknown' };
      if (!classTypeParams(child!).some((p) => p.name === argument)) return { file: child!.file, type: argument };
      current = argument;
    }
    return undefined;
  }

  /** The classes from `cls` up to its base `owner` through heritage, or undefined when owner is no base. */
  private basePath(cls: ClassInfo, owner: ClassInfo, depth: number): ClassInfo[] | undefined {
    if (cls.file === owner.file && cls.name === owner.name) return [cls];
    if (depth > 8) return undefined;
    for (const base of this.bases(cls).classes) {
      const rest = this.basePath(base, owner, depth + 1);
      if (rest) return [cls, ...rest];
    }
    return undefined;
  }

  /** A file's `this.x = …` / `self.x = …` bindings by class and attribute (`Class\0x`), in its methods. */
  private attributeAssignments(file: string): Map<string, Array<{ scope: string; binding: LocalBinding }>> {
    return this.ctx.memo(`attributes|${file}`, () => {
      const out = new Map<string, Array<{ scope: string; binding: LocalBinding }>>();
      const syms = this.symbols(file);
      for (const [scope, names] of syms?.bindings ?? []) {
        for (const [bound, list] of names) {
          const attribute = /^(?:this\.|self\.|@|\$this->)([^.]+)$/.exec(bound)?.[1];
          if (attribute === undefined) continue;
          // A narrowing (`if isinstance(self.left, JSONPath):`) assigns nothing.
          const assigned = list.filter((binding) => binding.end_line === undefined);
          for (const owner of thisOwners(scope, syms!.family)) {
            const key = `${owner}\u0000${attribute}`;
            let entries = out.get(key);
            if (!entries) out.set(key, (entries = []));
            for (const binding of assigned) entries.push({ scope, binding });
          }
        }
      }
      return out;
    }) ?? new Map();
  }

  /** A name or path as a class body reads it: the class's own methods first (`__del__ = close`), then the module's names. */
  private classBodyName(cls: ClassInfo, path: string, depth: number): Value | undefined {
    const method = cls.methods.get(path);
    if (method) return { kind: 'function', file: method.file, fn: method.fn };
    return this.evalPath(cls.file, MODULE_SCOPE, path, depth + 1);
  }

  // ---- types and bindings ----------------------------------------------------------------

  typeValue(file: string, raw: string, depth: number): Value {
    if (this.tooDeep(depth)) return OPAQUE;
    const shape = typeShape(raw, this.symbols(file)?.family !== 'js');
    switch (shape.kind) {
      case 'function': {
        // A type guard's type (`(thing: any) => thing is ObservableMap`): calling it narrows its argument.
        const guarded = guardedType(shape.returns);
        if (guarded !== undefined) {
          const value = this.typeValue(file, guarded, depth + 1);
          return value.kind === 'opaque' ? OPAQUE : { kind: 'builtin', result: OPAQUE, guards: value };
        }
        const result = this.typeValue(file, shape.returns, depth + 1);
        return result.kind === 'opaque' ? OPAQUE : { kind: 'builtin', result };
      }
      case 'alternatives':
        return unionOf(shape.options.map((option) => this.typeValue(file, option, depth + 1)));
      case 'object':
        return { kind: 'shape', file, members: shape.members };
      case 'elements': {
        const value = this.typeValue(file, shape.element, depth + 1);
        const lib = isJsLibType(shape.container) ? shape.container : undefined;
        if (lib) return value.kind === 'opaque' ? { kind: 'external', lib } : { kind: 'array', element: value, lib };
        // (Of elements of an unknown type — `List[int]` — still a list: its methods are the runtime's.)
        return { kind: 'array', element: value };
      }
      case 'map': {
        const value = this.typeValue(file, shape.value, depth + 1);
        if (value.kind === 'opaque') return { kind: 'external', lib: shape.container };
        return { kind: 'map', value, lib: shape.container };
      }
      case 'tuple': {
        const items = shape.items.map((item) => this.typeValue(file, item, depth + 1));
        return items.some((item) => item.kind !== 'opaque') ? { kind: 'tuple', items } : OPAQUE;
      }
      case 'member': {
        const object = this.typeValue(file, shape.object, depth + 1);
        const member = object.kind === 'opaque' ? undefined : this.member(object, shape.key, depth + 1);
        // A value of a method's type (`const { run } = …: T`, typed `T['run']`) gives what the
        // method gives, but a call of it is no call of the method, as a checker has it.
        return member?.kind === 'function' ? { ...member, alias: true } : member ?? OPAQUE;
      }
      case 'awaitable': {
        const awaited = this.typeValue(file, shape.value, depth + 1);
        const lib = isJsLibType(shape.container) ? shape.container : undefined;
        return { kind: 'external', ...(lib ? { lib } : {}), awaited };
      }
      case 'made': {
        const value = this.evalPath(file, MODULE_SCOPE, shape.name, depth + 1);
        if (value?.kind === 'class') return { kind: 'instance', cls: value.cls };
        return value?.kind === 'function' ? this.returnValue(value.file, value.fn, depth + 1) : OPAQUE;
      }
      case 'typeof': {
        // The class (or function) itself, not an instance.
        const value = this.evalPath(file, MODULE_SCOPE, shape.name, depth + 1);
        if (value?.kind === 'class') return { kind: 'class', cls: value.cls, typed: true };
        // `Type[M]` of a type variable `M = TypeVar('M', bound=Base)`: the class of what M stands for.
        const stands = shape.ofType && value ? this.typeValue(file, shape.name, depth + 1) : undefined;
        if (stands?.kind === 'instance') return { kind: 'class', cls: stands.cls, typed: true };
        // A value typed `typeof f` (`link: typeof createWebSocketLinkHandler`) is no reference of f: its
        // calls are none of f's as a checker lists them (an alias, as a function a function returns).
        if (value?.kind === 'function') return aliased(value);
        // `typeof Traversing` of `import * as Traversing from …`: the module's exports.
        return value?.kind === 'module' ? value : OPAQUE;
      }
      case 'imported': {
        // `import("./Module")` is what the module's require gives; `import("./m").A.B` a path from the module.
        const module = this.resolveModule(file, shape.module, 'js');
        const path = shape.path === '' ? [] : shape.path.split('.');
        let value: Value | undefined = module && path.length === 0 ? this.replacedExports(module, depth + 1) ?? module : module;
        for (const name of path) value = value && this.member(value, name, depth + 1);
        return this.namedType(value, depth + 1);
      }
      case 'named': {
        const family = this.symbols(file)?.family;
        const primitive = JS_PRIMITIVE_TYPES.get(shape.name);
        if (primitive && family === 'js') return { kind: 'external', lib: primitive };
        const named = this.evalPath(file, MODULE_SCOPE, shape.name, depth + 1);
        if (!named && family === 'go' && isGoPredeclaredType(shape.name)) return { kind: 'external', lib: shape.name };
        return this.namedType(named, depth + 1);
      }
      default:
        return OPAQUE;
    }
  }

  /** What a value named as a type stands for: an instance of a class, or the types an alias names. */
  private namedType(named: Value | undefined, depth: number): Value {
    // As a type, a function's name implementing `declare class X` is that class, one a const
    // binds beside an interface or type alias of its name (`const Class: {…} = …`) that type.
    const declared = named?.kind === 'function' ? this.ambientClass(named) ?? this.typeOfName(named) : undefined;
    const value = declared ? { kind: 'class' as const, cls: declared } : named;
    // An alias of a class object (`SpecValidatorType = type[SpecValidator]`) is that class object.
    if (value?.kind === 'class' && value.typed) return value;
    if (value?.kind === 'class' && value.untyped) return OPAQUE;
    if (value?.kind === 'class') return this.aliasValue(value.cls, depth + 1) ?? { kind: 'instance', cls: value.cls };
    // A type alias bound as a name (Python `RenderableType = Union[A, B]`) is the types it names.
    if (value && ['instance', 'union', 'builtin', 'array', 'map'].includes(value.kind)) return value;
    return value?.kind === 'external' ? value : OPAQUE;
  }

  /**
   * A type alias that is not an object type stands for the type it names (`type P = A | B`); one
   * combining types with an object type (`type R = Base & { extra: X }`) is its own members and
   * those types' members.
   */
  private aliasValue(cls: ClassInfo, depth: number): Value | undefined {
    const [record] = cls.records;
    if (cls.records.length !== 1 || record.kind !== 'type') return undefined;
    const aliased = aliasedType(record.signature);
    if (aliased === undefined) return undefined;
    if (record.methods.length === 0 && record.fields.length === 0) return this.typeValue(cls.file, aliased, depth + 1);
    if (typeShape(aliased).kind !== 'alternatives') return undefined;
    return unionOf([{ kind: 'instance', cls }, this.typeValue(cls.file, aliased, depth + 1)]);
  }

  /** Python `x: Final = Foo()` (or `Final` imported under another name): the type is the value's, as if undeclared. */
  private isBareFinal(file: string, type: string): boolean {
    const syms = this.symbols(file);
    if (syms?.family !== 'python') return false;
    const text = type.trim();
    if (/^((typing|typing_extensions|t|te)\.)?Final$/.test(text)) return true;
    const imported = syms.imports.get(text)?.at(-1);
    return imported?.imported === 'Final' && /^typing(_extensions)?$/.test(imported.module);
  }

  /**
   * Memoised: a name set from the one before it (`const c2 = c1.rest`, webpack's deserializers run
   * to `c15`) is read once per binding, not again at every depth down the chain.
   */
  private bindingValue(file: string, scope: string, binding: LocalBinding, depth: number): Value {
    return this.ctx.memo(`binding|${bindingId(binding)}`, () => this.computeBindingValue(file, scope, binding, depth)) ?? OPAQUE;
  }

  private computeBindingValue(file: string, scope: string, binding: LocalBinding, depth: number): Value {
    const once = this.bindingValueOnce(file, scope, binding, depth);
    // (An item of an awaited call's result is taken once it is awaited: bindingValueOnce.)
    const value = binding.awaited && !(binding.init_call && binding.init_item !== undefined) ? awaitedValue(once) : once;
    // TypeScript types a name assigned after its declaration as the type of what it is assigned: a
    // construction there makes it that class, not exactly that class (overrides below it may answer).
    // A declaration's construction holds exactly only while nothing is assigned to the name.
    const reassigned = binding.assigned || (this.symbols(file)?.bindings.get(binding.scope)?.get(binding.name)?.some((b) => b.assigned) ?? false);
    return reassigned ? typedAs(value) : value;
  }

  /**
   * A type naming classes declared in a function (networkx's `class Blossom` in max_weight_matching,
   * narrowed to in its own method: `if isinstance(t, Blossom): t.leaves()`), which types at the
   * module's level do not see: instances of the classes those names hold where the binding is.
   */
  private localClassType(file: string, scope: string, type: string, depth: number): Value | undefined {
    const names = type.split('|').map((name) => name.trim());
    if (!names.every((name) => /^[A-Za-z_$][\w$.]*$/.test(name))) return undefined;
    const instances: Value[] = [];
    for (const name of names) {
      // A name the module's level sees is typeValue's (a JSDoc typedef of an array is no instance).
      if (this.evalPath(file, MODULE_SCOPE, name, depth + 1)) return undefined;
      const value = this.evalPath(file, scope, name, depth + 1);
      if (value?.kind !== 'class') return undefined;
      instances.push({ kind: 'instance', cls: value.cls });
    }
    return unionOf(instances);
  }

  private bindingValueOnce(file: string, scope: string, binding: LocalBinding, depth: number): Value {
    if (this.tooDeep(depth)) return OPAQUE;
    if (binding.guard) return this.guardType(file, scope, binding, depth) ?? OPAQUE;
    if (binding.type && !this.isBareFinal(file, binding.type)) {
      const typed = this.typeValue(file, this.scopeTypeParam(file, scope, binding.type.trim()) ?? binding.type, depth + 1);
      const made = binding.type_at_new || binding.init_new ? this.madeAsTyped(file, scope, binding, typed, depth) : undefined;
      if (made) return made;
      if (typed.kind !== 'opaque') return typed;
      const local = this.localClassType(file, scope, binding.type, depth + 1);
      if (local) return local;
    }
    if (binding.callback_param) {
      const typed = this.callbackParamValue(file, scope, binding, depth + 1);
      if (typed.kind !== 'opaque') return typed;
    }
    if (binding.init_name) {
      const segments = parseChain(binding.init_name);
      // `[b for a, b in pairs]` reads b where the comprehension binds it, on the binding's line.
      const line = binding.init_list ? binding.line : binding.line - 1;
      const value = segments ? this.evalSegments(file, this.initScope(file, scope, binding, segments), segments, line, depth + 1) : undefined;
      if (binding.init_list) return value && value.kind !== 'opaque' && value.kind !== 'module' ? { kind: 'array', element: aliased(value) } : OPAQUE;
      if (binding.init_item !== undefined) {
        const unpacked = value && binding.init_outer !== undefined ? this.namedTupleItem(value, binding.init_outer, depth + 1) : value;
        return unpacked ? this.namedTupleItem(unpacked, binding.init_item, depth + 1) : OPAQUE;
      }
      // A copied function or class (`_ = gettext`, `_PyFuture = Future`) is an alias: a call of the
      // variable is not claimed for the original, what it gives is known. A Python module copied is
      // not followed; a JS one is that module (a CommonJS module's own exports, `const proto =
      // module.exports = { … }`; Babel's `var NodePath_context = _context` for `import * as NodePath_context`).
      const jsModule = value?.kind === 'module' && value.family === 'js';
      if (value && value.kind !== 'opaque' && (value.kind !== 'module' || jsModule)) return jsModule ? value : aliased(value);
    }
    if (binding.init_any) {
      const options = binding.init_any.map((text) => {
        const value = this.expressionValue(file, scope, text, binding.line - 1, depth + 1);
        // As for copied names: a function or class is an alias of it.
        return value && value.kind !== 'module' ? aliased(value) : OPAQUE;
      });
      const value = unionOf(options);
      if (value.kind !== 'opaque') return value;
    }
    if (binding.element_of) {
      const iterated = this.iteratedText(file, scope, binding.element_of, binding.line - 1);
      const segments = parseChain(iterated);
      const items = segments ? undefined : literalItems(iterated);
      const value = items
        ? { kind: 'array' as const, element: this.literalElement(file, scope, iterated, items, binding.line - 1, depth + 1) }
        : this.builtinIterable(file, scope, iterated, binding.line - 1, depth + 1) ?? (segments ? this.evalSegments(file, scope, segments, binding.line - 1, depth + 1) : undefined);
      const element = value ? this.elementOf(value, depth + 1) : OPAQUE;
      // `list(xs)`, `sorted(xs)`: a list of those elements.
      if (binding.init_list) return element.kind === 'opaque' ? OPAQUE : { kind: 'array', element };
      if (binding.init_item !== undefined) return this.namedTupleItem(element, binding.init_item, depth + 1);
      if (element.kind !== 'opaque') return element;
    }
    if (binding.value_of) {
      const segments = parseChain(binding.value_of);
      const value = segments ? this.evalSegments(file, scope, segments, binding.line - 1, depth + 1) : undefined;
      if (value?.kind === 'map') return value.value;
    }
    if (binding.init_call) {
      const required = REQUIRE_CALL.exec(binding.init_call)?.[1];
      const segments = required === undefined ? parseChain(binding.init_call) : undefined;
      // The name's earlier binding, not this one: `frame = frame.inner()`; `require("./m")(…)`: a call of what m exports.
      const value = required !== undefined ? this.requiredValue(file, JSON.parse(required) as string, depth + 1)
        : segments ? this.evalSegments(file, scope, segments, binding.line - 1, depth + 1) : undefined;
      if (binding.init_item !== undefined) {
        if (!value) return OPAQUE;
        // `const [a, b] = await f()`: an item of what the promise resolves to.
        return binding.awaited ? this.namedTupleItem(awaitedValue(this.callResult(value, depth + 1)), binding.init_item, depth + 1) : this.tupleItem(value, binding.init_item, depth + 1);
      }
      // `self._tokdict = dict()`, `seen = set()`: one of Python's collections, unless the name is the project's.
      const collection = !value && segments?.length === 1 && this.symbols(file)?.family === 'python' ? PY_COLLECTIONS.get(segments[0].name) : undefined;
      if (collection) return collection;
      const result = this.initialised(value, binding.init_new === true, depth);
      return binding.init_list && result.kind !== 'opaque' ? { kind: 'array', element: result } : result;
    }
    return OPAQUE;
  }

  /**
   * What a Python loop iterates, with the builtin copies around it taken off (`for x in
   * reversed(list(xs))` iterates the elements of xs) where the name is the builtin, bound nowhere.
   */
  private iteratedText(file: string, scope: string, text: string, line: number): string {
    if (this.symbols(file)?.family !== 'python') return text;
    let current = text.trim();
    for (let segments = parseChain(current); segments?.length === 1; segments = parseChain(current)) {
      const [{ name, calls, indexed }] = segments;
      if (calls !== 1 || indexed || !PY_ITERATION_COPIES.has(name) || !current.startsWith(`${name}(`)) break;
      const inner = current.slice(name.length + 1, -1).trim();
      if (splitTopLevel(inner, ',').length !== 1 || this.lookupName(file, scope, name, line, 0) !== undefined) break;
      current = inner;
    }
    return current;
  }

  /** The type a type guard narrows to, as the function called declares it (`x is Foo`, `asserts x is Foo`). */
  private guardType(file: string, scope: string, binding: LocalBinding, depth: number): Value | undefined {
    if (this.tooDeep(depth)) return undefined;
    return this.ctx.memo(`guard|${file}|${scope}|${binding.line}|${binding.name}`, () => this.computeGuardType(file, scope, binding, depth)) ?? undefined;
  }

  private computeGuardType(file: string, scope: string, binding: LocalBinding, depth: number): Value | undefined {
    const guarded = this.guardedBy(file, scope, binding.guard!, binding.line, depth);
    if (binding.or_guard === undefined || guarded === undefined) return guarded;
    const other = this.guardedBy(file, scope, binding.or_guard, binding.line, depth);
    return other === undefined ? undefined : unionOf([guarded, other]);
  }

  /** The type the type guard `guard` (a callee as written) narrows its argument to. */
  private guardedBy(file: string, scope: string, guard: string, line: number, depth: number): Value | undefined {
    const segments = parseChain(guard);
    const callee = segments ? this.evalSegments(file, scope, segments, line, depth + 1) : undefined;
    if (callee?.kind === 'builtin') return callee.guards;
    if (callee?.kind !== 'function') return undefined;
    const guarded = guardedType(callee.fn.return_type ?? '');
    const value = guarded === undefined ? OPAQUE : this.typeValue(callee.file, guarded, depth + 1);
    return value.kind === 'opaque' ? undefined : value;
  }

  /**
   * Where a binding's initialiser is read. A parameter defaulting to the name it shadows
   * (`def scan(stream, Loader=Loader)`) reads it where the function is defined: in the function the
   * name is the parameter itself.
   */
  private initScope(file: string, scope: string, binding: LocalBinding, segments: Segment[]): string {
    const syms = this.symbols(file);
    if (segments[0].name !== binding.name || syms?.family !== 'python') return scope;
    const fn = syms.functions.get(scope);
    const isDefault = fn?.params.some((param) => paramNames(param, 'python')[0] === binding.name && param.includes('=') && param.slice(param.indexOf('=') + 1).trim() === binding.init_name);
    // The parameter's binding comes first in its function; a later `Loader = Loader` is the parameter again.
    return isDefault && syms.bindings.get(scope)?.get(binding.name)?.[0] === binding ? this.scopeChain(scope)[1] ?? MODULE_SCOPE : scope;
  }

  /**
   * A type written as a type parameter of an enclosing function or class stands for its constraint
   * (`function f<T extends Foo>(x: T)`: x is at least a Foo); `unknown` without one.
   */
  private scopeTypeParam(file: string, scope: string, type: string): string | undefined {
    if (!/^[A-Za-z_$][\w$]*$/.test(type)) return undefined;
    return this.scopeTypeParams(file, scope).get(type);
  }

  /** The type parameters in force in `scope` (innermost declaration wins) → constraint, read once per scope. */
  private scopeTypeParams(file: string, scope: string): Map<string, string> {
    return this.ctx.memo(`typeparams|${file}|${scope}`, () => {
      const out = new Map<string, string>();
      const syms = this.symbols(file);
      if (syms?.family !== 'js') return out;
      for (const name of this.scopeChain(scope)) {
        const fn = syms.functions.get(name);
        const declared = fn ? fn.signature : this.classInfo(file, name)?.records[0]?.signature;
        for (const param of declared ? typeParamsOf(declared, simpleName(name)) : []) {
          if (!out.has(param.name)) out.set(param.name, param.constraint ?? 'unknown');
        }
      }
      return out;
    }) ?? new Map();
  }

  /**
   * A construction of the very type its name is declared as, exactly that type: `new C<T>()` (the
   * type written at the construction), `const seen: Set<string> = new Set()` and JSDoc's
   * `/** @type {Map<K, V>} *\/ const m = new Map()`, whose declared type only restates it. A
   * name declared as a base type keeps the base's family, as the issue says of declared types;
   * so does `C` constructed through a value typed `typeof C`, which may hold a subclass.
   */
  private madeAsTyped(file: string, scope: string, binding: LocalBinding, typed: Value, depth: number): Value | undefined {
    if (typed.kind !== 'instance' && !isRuntimeTyped(typed)) return undefined;
    if (typed.kind !== 'instance' && binding.type_at_new) return exactly(typed);
    const segments = binding.init_call ? parseChain(binding.init_call) : undefined;
    // (The name's earlier binding, as for any initialiser.)
    const created = segments ? this.evalSegments(file, scope, segments, binding.line - 1, depth + 1) : undefined;
    if (typed.kind === 'instance') {
      return created?.kind === 'class' && (binding.type_at_new || created.cls === typed.cls) ? this.constructed(created) : undefined;
    }
    return created?.kind === 'external' && created.lib !== undefined && created.lib === typed.lib ? exactly(typed) : undefined;
  }

  /** What a call (or `new`) of `callee` initialises a binding to. */
  private initialised(callee: Value | undefined, isNew: boolean, depth: number): Value {
    if (callee?.kind === 'class') return this.constructed(callee);
    // `new YEncoder()` under `YEncoder: typeof A | typeof B`: an instance of either.
    if (callee?.kind === 'union' && isNew) return unionOf(callee.options.map((option) => this.initialised(option, true, depth + 1)));
    if (callee?.kind === 'external') return isNew ? exactly(callee) : EXTERNAL;
    // CommonJS `const Async = require('./async'); new Async()`: what the module exports as a whole.
    if (callee?.kind === 'module' && callee.family === 'js' && !this.tooDeep(depth)) {
      const whole = this.wholeExport(callee, depth);
      return whole ? this.initialised(whole, isNew, depth + 1) : OPAQUE;
    }
    const made = isNew && callee?.kind === 'function' ? this.constructorInstance(callee) : undefined;
    if (made) return made;
    return callee && !isNew ? this.callResult(callee, depth + 1) : OPAQUE;
  }

  /**
   * What a CommonJS module exports as a whole (`module.exports = AbstractQuery`), when a `require`d
   * module value is called, constructed or extended; undefined for any other value.
   */
  private wholeExport(value: Value, depth: number): Value | undefined {
    return value.kind === 'module' && value.family === 'js' && value.file ? this.exportValue(value.file, 'default', depth + 1) : undefined;
  }

  /**
   * A member a JS constructor function's code assigns its instance (`this._parser = new Parser()`
   * in `function Protocol()` or in a function set on its prototype), when `holder` is one.
   */
  private instanceMember(file: string, holder: string, name: string, depth: number): Value | undefined {
    const syms = this.symbols(file);
    if (syms?.family !== 'js' || !syms.holders.has(holder) || !syms.functions.has(holder)) return undefined;
    const assigned = this.attributeAssignments(file).get(`${holder}\u0000${name}`);
    const literal = assigned?.length ? undefined : this.attributeObjects(file).get(`${holder}\u0000${name}`);
    if (literal) return { kind: 'object', file, path: literal };
    if (!assigned?.length) return undefined;
    const value = unionOf(assigned.map(({ scope, binding }) => this.bindingValue(file, scope, binding, depth + 1)));
    return value.kind === 'opaque' ? undefined : value;
  }

  /**
   * What `new View()` makes of a constructor function (one with members set on it or its prototype,
   * `View.prototype.lookup = …`): the instance those members are set for, as `this` is in them.
   */
  private constructorInstance(value: { file: string; fn: FunctionRecord }): Value | undefined {
    return this.symbols(value.file)?.holders.has(value.fn.qualified_name) ? { kind: 'object', file: value.file, path: value.fn.qualified_name } : undefined;
  }

  /**
   * The type of a callback's parameter from the declared parameter type of the function it is
   * passed to, or the element an array's iteration method hands it (`items.forEach((item) => …)`).
   */
  private callbackParamValue(file: string, scope: string, binding: LocalBinding, depth: number): Value {
    const { callee, arg, param, prop } = binding.callback_param!;
    const argument = this.calleeParamType(file, scope, callee, arg, binding.line, depth + 1);
    const declared = argument && prop !== undefined ? this.declaredMemberType(argument.file, argument.type, prop, depth + 1) : argument;
    const params = declared && functionTypeParams(declared.type);
    const type = params?.[param];
    const bound = argument && type && prop === undefined ? this.initialisedTypeArgument(file, scope, callee, binding.line, argument.fn, type) : undefined;
    if (bound) return this.typeValue(file, bound, depth + 1);
    if (declared && type) return this.typeValue(declared.file, type, depth + 1);
    if (prop !== undefined) return OPAQUE;
    // `[Extension, Node, Mark].forEach((Extendable) => …)`: an element of the literal.
    const literal = /^([[(][\s\S]*[\])])\.([\w$]+)$/.exec(callee);
    const items = literal ? literalItems(literal[1]) : undefined;
    if (items) return arg === 0 && ITERATION_METHODS.get(literal![2]) === param ? unionOf(this.itemValues(file, scope, items, binding.line, depth + 1)) : OPAQUE;
    const segments = parseChain(callee);
    const method = segments && segments.length > 1 ? segments[segments.length - 1] : undefined;
    if (method?.name === 'then' && arg === 0 && param === 0) {
      // `p.then((value) => …)`: what the promise resolves to.
      const promise = this.evalSegments(file, scope, segments!.slice(0, -1), binding.line, depth + 1);
      return promise ? promisedValue(promise) : OPAQUE;
    }
    if (!method || arg !== 0 || ITERATION_METHODS.get(method.name) !== param) return OPAQUE;
    const receiver = this.evalSegments(file, scope, segments!.slice(0, -1), binding.line, depth + 1);
    if (receiver?.kind === 'map') return receiver.value;
    return receiver ? this.elementOf(receiver, depth + 1) : OPAQUE;
  }

  /** The values of a literal's items: classes and functions as themselves, not aliases. */
  private itemValues(file: string, scope: string, items: string[], line: number, depth: number): Value[] {
    return items.map((item) => this.expressionValue(file, scope, item, line, depth + 1) ?? OPAQUE);
  }

  /**
   * An element of a literal iterated in a loop. A Python list of values of different types is a
   * list of `object` to a checker (pyright's list inference), a tuple one of each item's type.
   */
  private literalElement(file: string, scope: string, text: string, items: string[], line: number, depth: number): Value {
    const values = this.itemValues(file, scope, items, line, depth);
    const element = unionOf(values);
    const mixed = element.kind === 'union' || (element.kind !== 'opaque' && values.some((value) => value.kind === 'opaque'));
    return mixed && text.trim().startsWith('[') && this.symbols(file)?.family === 'python' ? OPAQUE : element;
  }

  /**
   * A type parameter of the function a callback is passed to, bound by the declared type of the name
   * the call initialises, as the checker infers it from the return type: with
   * `$constructor<T>(name, init: (inst: T) => void): $constructor<T>`, `const $ZodURL:
   * core.$constructor<$ZodURL> = core.$constructor("$ZodURL", (inst) => …)` makes inst a $ZodURL.
   */
  private initialisedTypeArgument(file: string, scope: string, callee: string, line: number, fn: FunctionRecord, type: string): string | undefined {
    const name = type.trim();
    if (!fn.return_type || !typeParamsOf(fn.signature, fn.name).some((p) => p.name === name)) return undefined;
    const returned = genericParts(fn.return_type);
    const position = returned ? returned.args.indexOf(name) : -1;
    if (!returned || position < 0) return undefined;
    let holder: LocalBinding | undefined;
    for (const b of this.typedInitialisations(file, scope, callee)) if (b.line <= line) holder = b;
    const held = holder?.type === undefined ? undefined : genericParts(holder.type);
    return held && simpleName(held.name) === simpleName(returned.name) ? held.args[position] : undefined;
  }

  /** The names of `scope` declared with a type and initialised by a call of `callee`, by line (read once per callee). */
  private typedInitialisations(file: string, scope: string, callee: string): readonly LocalBinding[] {
    return this.ctx.memo(`typed-init|${file}|${scope}|${callee}`, () => {
      const out: LocalBinding[] = [];
      for (const list of this.symbols(file)?.bindings.get(scope)?.values() ?? []) {
        for (const b of list) if (b.init_call === callee && b.type !== undefined) out.push(b);
      }
      return out.sort((a, b) => a.line - b.line);
    }) ?? [];
  }

  /** The declared type of parameter `arg` of the function or constructor `callee` names. */
  private calleeParamType(file: string, scope: string, callee: string, arg: number, line: number, depth: number): { file: string; type: string; fn: FunctionRecord } | undefined {
    const segments = parseChain(callee);
    let target = segments ? this.evalSegments(file, scope, segments, line, depth + 1) : undefined;
    if (target?.kind === 'class') {
      const ctor = this.findConstructor(target.cls);
      target = ctor ? { kind: 'function', file: ctor.file, fn: ctor.fn } : undefined;
    }
    if (target?.kind !== 'function') return undefined;
    const declared = target.fn.params[arg];
    const type = declared === undefined ? undefined : paramType(declared);
    return type === undefined ? undefined : { file: target.file, type, fn: target.fn };
  }

  /** `this` inside a callback literal: its declared type, or the `this` parameter of the function type it is passed as. */
  private callbackThis(file: string, scope: string, from: NonNullable<CallSite['this_from']>, line: number): Value | undefined {
    if (from.type) return this.typeValue(file, from.type, 1);
    if (from.holder) {
      // The object the literal is set on; set on `X.prototype`, an instance of X or of one deriving from it.
      const segments = parseChain(from.holder);
      const held = segments && this.evalSegments(file, scope, segments, line, 1);
      return held?.kind === 'instance' ? { kind: 'instance', cls: held.cls } : held;
    }
    if (from.callee === undefined || from.arg === undefined) return undefined;
    const declared = this.calleeParamType(file, scope, from.callee, from.arg, line, 1);
    if (declared && from.object) {
      // An object literal's method: `this` is what ThisType<T> in the parameter's type says (through
      // a type alias, zod's `proto?: ProtoOf<T>`), T bound as the call's callback parameters are.
      const thisType = (angleArgsAfter(declared.type, 'ThisType') ?? angleArgsAfter(this.expandedAlias(declared.file, declared.type) ?? '', 'ThisType'))?.[0]?.trim();
      const explicit = thisType && from.type_args?.[typeParamsOf(declared.fn.signature, declared.fn.name).findIndex((p) => p.name === thisType)];
      const bound = explicit ?? (thisType && this.initialisedTypeArgument(file, scope, from.callee, line, declared.fn, thisType));
      if (bound) return this.typeValue(file, bound, 1);
      return this.typeValue(declared.file, thisType ?? declared.type, 1);
    }
    const type = declared && functionTypeThis(declared.type);
    return declared && type ? this.typeValue(declared.file, type, 1) : undefined;
  }

  /** A generic type alias's text with its type parameters replaced by the arguments written (`ProtoOf<Foo>`). */
  private expandedAlias(file: string, type: string): string | undefined {
    const parts = genericParts(type);
    const aliased = parts && this.aliasedTypeText(file, type, 1);
    if (!parts || !aliased) return undefined;
    const params = typeParamsOf(aliased.signature, simpleName(parts.name));
    return params.reduce((text, param, i) => parts.args[i] === undefined ? text : text.replace(new RegExp(`(?<![\\w$.])${param.name.replace(/[$]/g, '\\$')}(?![\\w$])`, 'g'), parts.args[i]), aliased.type);
  }

  private returnValue(file: string, fn: FunctionRecord, depth: number, self?: Value): Value {
    const returned = this.declaredReturn(file, fn, depth, self);
    // contextlib's decorators make a generator a context manager entered as what it yields.
    if (!fn.decorators?.some((d) => CONTEXT_MANAGER.test(d))) return returned;
    return returned.kind === 'array' ? { kind: 'context', entered: returned.element } : OPAQUE;
  }

  /** What a call of `fn` returns by its declared type; `self` the instance it is called on, if known (Value `self`). */
  private declaredReturn(file: string, fn: FunctionRecord, depth: number, self?: Value): Value {
    // The type a constant declares is what its callers see, over its function's own
    // (`export const getAnnotation: { (key): (annotated) => Option<A>; (annotated, key): Option<A> }
    // = dual(2, (annotated, key): Option<A> => …)`: a call may give either signature's result).
    const typed = this.constType(file, fn, depth + 1);
    const declared = typed ? this.callResult(typed, depth + 1) : OPAQUE;
    if (declared.kind !== 'opaque') return declared;
    // An implementation without a return type of its own is called through its overloads: a call
    // gives what one of them declares (which one depends on the arguments, so any of them).
    const overloads = fn.return_type ? undefined : [...new Set((fn.overloads ?? []).flatMap((o) => (o.return_type ? [o.return_type] : [])))];
    if (overloads?.length) return unionOf(overloads.map((type) => this.declaredReturn(file, { ...fn, return_type: type }, depth + 1, self)));
    if (!fn.return_type) {
      const inferred = fn.returns ? this.inferredReturn(file, fn, depth + 1) : OPAQUE;
      // A JS async function's call is a promise of what it returns (an async generator's is no promise).
      const promises = fn.is_async && !ASYNC_GENERATOR.test(fn.signature) && this.symbols(file)?.family === 'js';
      return promises ? { kind: 'external', lib: 'Promise', awaited: inferred } : inferred;
    }
    // Go: `x, err := f()` binds x to f's first result (a call with several is only ever unpacked).
    const first = this.symbols(file)?.family === 'go' ? goFirstResult(fn.return_type) : undefined;
    if (first !== undefined) return this.typeValue(file, first, depth + 1);
    if (/^(Self|self)$/.test(fn.return_type.trim()) && fn.class_name) {
      const cls = this.classInfo(file, fn.class_name);
      return cls ? { kind: 'instance', cls } : OPAQUE;
    }
    // `this` is the instance called on (a subclass's, when it is one), `this['K']` its member K.
    const thisType = /^this(?:\[\s*(['"])([\w$]+)\1\s*\])?$/.exec(fn.return_type.trim());
    if (thisType && fn.class_name) {
      if (!self || thisType[2] === undefined) return self ?? OPAQUE;
      const member = this.attribute(self, `"${thisType[2]}"`, depth + 1);
      return member && member.kind !== 'opaque' ? member : this.attribute(self, thisType[2], depth + 1) ?? OPAQUE;
    }
    return this.typeValue(file, this.constrained(file, fn.qualified_name, fn.return_type), depth + 1);
  }

  /**
   * The type a JS/TS const declares for the function it is bound to (`export const Class: { <Self>(id:
   * string): … } = (id) => …`): what TypeScript types calls of the function by where the function
   * declares no return type of its own.
   */
  private constType(file: string, fn: FunctionRecord, depth: number): Value | undefined {
    const syms = this.symbols(file);
    if (syms?.family !== 'js' || fn.class_name) return undefined;
    const cut = fn.qualified_name.lastIndexOf('.');
    const scope = cut < 0 ? MODULE_SCOPE : fn.qualified_name.slice(0, cut);
    const binding = syms.bindings.get(scope)?.get(fn.name)?.find((b) => b.type !== undefined && fn.line <= b.line && b.line <= fn.end_line);
    return binding ? this.typeValue(file, binding.type!, depth + 1) : undefined;
  }

  /**
   * A declared type with the type parameters in force in `scope` that have a constraint written as
   * that constraint (`_getCached(): { shape: T }` in `class ZodObject<T extends ZodRawShape>` reads
   * `{ shape: (ZodRawShape) }`), as a checker types what uses them at least.
   */
  private constrained(file: string, scope: string, type: string): string {
    let out = type;
    for (const [name, constraint] of this.scopeTypeParams(file, scope)) {
      if (constraint === 'unknown') continue;
      out = out.replace(new RegExp(`(?<![\\w$.'"])${name.replace(/[$]/g, '\\$')}(?![\\w$'"])`, 'g'), `(${constraint})`);
    }
    return out;
  }

  /**
   * What a function without a declared return type returns: the union of its `return` values,
   * each evaluated where it is returned (`return self` is an instance of the method's class).
   * Functions and classes it returns are aliases at the call site.
   */
  private inferredReturn(file: string, fn: FunctionRecord, depth: number): Value {
    if (this.tooDeep(depth)) return OPAQUE;
    return this.ctx.memo(`returns|${file}|${fn.qualified_name}|${fn.line}`, () => {
      const evaluate = (value: string, line: number): Value => {
        // `return require("./Plugin")`: what that module's require gives (returns.ts keeps its name).
        const required = REQUIRE_CALL.exec(value)?.[1];
        if (required !== undefined) return aliased(this.requiredValue(file, JSON.parse(required) as string, depth + 1));
        // Python `return [A(), b]` (a comprehension kept as its body): a list of those items.
        const listed = value.startsWith('[') ? literalItems(value) : undefined;
        if (listed) {
          const element = this.literalElement(file, fn.qualified_name, value, listed, line, depth + 1);
          return element.kind === 'opaque' ? OPAQUE : { kind: 'array', element: aliased(element) };
        }
        const segments = parseChain(value);
        const result = segments ? this.evalSegments(file, fn.qualified_name, segments, line, depth + 1) : undefined;
        return result ? aliased(result) : OPAQUE;
      };
      const returned = unionOf((fn.returns ?? []).map(({ value, line, elements, called, object, closure }): Value => {
        // `return { editor, doc: make() }`: an object whose properties hold those values.
        if (object) return { kind: 'literal', file, scope: fn.qualified_name, line, members: literalMembers(value) };
        // `return () => editor`: a function whose call gives what the literal's body gives.
        const result = called ? evaluate(value, line) : OPAQUE;
        if (closure) return { kind: 'builtin', result, within: { file, fn } };
        if (called) return result.kind === 'opaque' ? OPAQUE : { kind: 'builtin', result };
        // `return iter(xs)`, `return list(xs)`: an iterator or list of xs's elements.
        if (elements) {
          const element = this.elementOf(evaluate(value, line), depth + 1);
          return element.kind === 'opaque' ? OPAQUE : { kind: 'array', element };
        }
        // Python `return client_ssl, server_ssl`: a tuple of those values.
        const items = this.symbols(file)?.family === 'python' ? splitTopLevel(value, ',') : [];
        return items.length > 1 ? { kind: 'tuple', items: items.map((item) => evaluate(item, line)) } : evaluate(value, line);
      }));
      // A generator gives an iterable of what it yields; an async function is read as what
      // awaiting its call gives (a promise it returns is resolved by then).
      if (!fn.returns?.[0]?.yielded) return fn.is_async ? awaitedValue(returned) : returned;
      return returned.kind === 'opaque' ? OPAQUE : { kind: 'array', element: returned } satisfies Value;
    }) ?? OPAQUE;
  }

  // ---- names -----------------------------------------------------------------------------

  /** Enclosing scopes of a caller, innermost first: `A.m.inner` → `A.m.inner`, `A.m`, `A`. */
  private scopeChain(caller: string): string[] {
    if (caller === MODULE_SCOPE) return [];
    const parts = caller.split('.');
    const out: string[] = [];
    for (let i = parts.length; i > 0; i--) out.push(parts.slice(0, i).join('.'));
    return out;
  }

  /**
   * The Python class whose body holds `line`, when the innermost function around it is `caller`
   * (calls there have that function, or `<module>`, as their caller): the scope the code reads its names in.
   */
  private classBody(file: string, caller: string, line: number): string | undefined {
    const bodies = this.ctx.memo(`bodies|${file}`, () => {
      const syms = this.symbols(file);
      if (syms?.family !== 'python') return [];
      const out: Array<{ name: string; from: number; to: number }> = [];
      for (const [name, records] of syms.classes) for (const record of records) out.push({ name, from: record.line, to: record.end_line });
      return out;
    });
    let inner: { name: string; from: number } | undefined;
    for (const body of bodies ?? []) {
      if (line <= body.from || line > body.to || (inner && inner.from > body.from)) continue;
      if (caller === MODULE_SCOPE || body.name.startsWith(`${caller}.`)) inner = body;
    }
    return inner?.name;
  }

  /** The class whose method (or nested function of a method) `caller` is. */
  enclosingClass(file: string, caller: string): ClassInfo | undefined {
    const syms = this.symbols(file);
    if (!syms) return undefined;
    if (syms.family === 'js') return this.jsThisMethod(file, caller)?.cls;
    for (const scope of this.scopeChain(caller)) {
      if (syms.classes.has(scope)) return this.classInfo(file, scope);
    }
    const fn = syms.functions.get(caller);
    if (fn?.class_name) return this.classInfo(file, fn.class_name) ?? undefined;
    return undefined;
  }

  /**
   * JS/TS `this` is lexical in arrow functions and bound by every other function: the method whose
   * `this` a caller sees is the caller itself, or for an arrow the function around it. A function
   * that is not a class method (a declaration, a function expression, an object member) has a
   * `this` of its own, unknown here unless declared (`function (this: Foo)`). A class field's
   * initializer (a scope `Class.field`, core/extract/definitions.ts) sees the instance, or the
   * class for a static field.
   */
  private jsThisMethod(file: string, caller: string): { cls?: ClassInfo; object?: string; holder?: string; declared?: string; fn?: FunctionRecord; isStatic?: boolean } | undefined {
    const syms = this.symbols(file);
    if (!syms) return undefined;
    let scope: string | undefined = caller;
    for (let depth = 0; scope !== undefined && depth < MAX_DEPTH; depth++) {
      const fn = syms.functions.get(scope);
      if (!fn) return this.jsFieldThis(file, scope);
      // A declared `this` wins, in a method too (`OPTION(this: MixedInParser, …)` of a mixin class).
      if (fn.params[0] !== undefined && /^this\s*:/.test(fn.params[0])) return { fn, declared: paramType(fn.params[0]) };
      if (fn.class_name && syms.classes.has(fn.class_name)) {
        return { cls: this.classInfo(file, fn.class_name), fn, isStatic: fn.modifiers?.includes('static') };
      }
      const arrow = !/\bfunction\b/.test(fn.signature) && (fn.kind === 'arrow' || /^[\w$]+\s*\??:/.test(fn.signature));
      if (!arrow) {
        const owner = fn.qualified_name.slice(0, -fn.name.length - 1);
        // (A getter and setter of one name are one member: either may hold `this`.)
        if (syms.objects.get(owner)?.has(fn.name)) return { object: owner, fn };
        // `app.set = function set () {…}`, `View.prototype.lookup = function () {…}`: what it is set on;
        // in `function View () { this.lookup() }` itself, the instance those members are set for.
        if (fn.class_name) return { fn, holder: fn.class_name };
        // `BigInteger.prototype.subTo = bnpSubTo`: what it is set on.
        const setOn = syms.setOn.get(fn.qualified_name);
        if (setOn) return { fn, holder: setOn };
        return syms.holders.has(fn.qualified_name) ? { fn, holder: fn.qualified_name } : undefined;
      }
      scope = fn.parent_function;
    }
    return undefined;
  }

  /** `this` in the initializer of field `Class.field` of one of the file's classes. */
  private jsFieldThis(file: string, scope: string): { cls?: ClassInfo; isStatic?: boolean } | undefined {
    const cut = scope.lastIndexOf('.');
    if (cut < 0) return undefined;
    const owner = scope.slice(0, cut);
    const field = this.symbols(file)?.classes.get(owner)?.flatMap((record) => record.fields).find((f) => f.name === scope.slice(cut + 1));
    return field ? { cls: this.classInfo(file, owner), isStatic: field.static } : undefined;
  }

  /** The object literal bound to `name` in `scope` (`<module>` or a function), if its members are known. */
  private objectValue(file: string, scope: string, name: string, depth: number): Value | undefined {
    const syms = this.symbols(file);
    const path = scope === MODULE_SCOPE ? name : `${scope}.${name}`;
    if (!syms) return undefined;
    // A function's local object that its code sets functions on (`const self = {}; self.describe =
    // function describe(…) {…}`, yargs's factories): an object of those, as at module level; where
    // the local is `this` (sinon's `function Sandbox() { const sandbox = this; sandbox.replace =
    // function replace(…) … }`), its other members are `this`'s.
    if (scope !== MODULE_SCOPE && syms.holders.has(path) && !syms.functions.has(path)) {
      const bound = syms.bindings.get(scope)?.get(name);
      if (!bound) return { kind: 'object', file, path };
      if (bound.every((b) => b.init_name === 'this')) {
        const self = this.bindingValue(file, scope, bound[0], depth + 1);
        return self.kind === 'opaque' ? { kind: 'object', file, path } : { kind: 'object', file, path, declared: self };
      }
    }
    if (!syms.objects.has(path) && !syms.objectProperties.has(path)) return undefined;
    const typed = syms.bindings.get(scope)?.get(name)?.find((b) => b.type);
    const declared = typed ? this.typeValue(file, typed.type!, depth + 1) : undefined;
    return declared && declared.kind !== 'opaque' ? { kind: 'object', file, path, declared } : { kind: 'object', file, path };
  }

  /**
   * What an object literal's property (or a property set on a name) holds: the value of the name it
   * was given (`{ onFoo }`, `{ run: helpers.run }`), or what its construction or call makes
   * (`{ request: new InterceptorManager() }`, `BigInteger.ZERO = nbv(0)`).
   */
  private propertyValue(file: string, property: LocalBinding, depth: number): Value | undefined {
    const segments = property.init_name === undefined ? undefined : parseChain(property.init_name);
    const made = property.init_new || property.init_call !== undefined;
    const value = segments ? this.evalSegments(file, property.scope, segments, property.line, depth + 1) : made ? this.bindingValue(file, property.scope, property, depth + 1) : undefined;
    return value && value.kind !== 'opaque' ? value : undefined;
  }

  /** A class or interface declared in namespace `path` of `file`, merged or not with a class of that name (`MetricState.Summary`). */
  private namespaceClass(file: string, path: string, name: string): Value | undefined {
    const qualified = this.symbols(file)?.namespaceClasses.get(path)?.get(name);
    const info = qualified === undefined ? undefined : this.classInfo(file, qualified);
    return info && { kind: 'class', cls: info };
  }

  /**
   * A JS property set on a function or class after its declaration: `Controller.build = build`
   * (what `build` is), `Controller.other = function () {…}` (that function, which the extractor
   * names `Controller.other`).
   */
  private expandoValue(file: string, path: string, name: string, depth: number): Value | undefined {
    const syms = this.symbols(file);
    if (syms?.family !== 'js') return undefined;
    const fn = syms.functions.get(`${path}.${name}`);
    if (fn) return { kind: 'function', file, fn };
    // `internals.Auth = class {…}` (hapi), which the extractor names `internals.Auth`.
    const cls = syms.classes.has(`${path}.${name}`) ? this.classInfo(file, `${path}.${name}`) : undefined;
    if (cls) return { kind: 'class', cls };
    const property = syms.objectProperties.get(path)?.get(name);
    return property && this.propertyValue(file, property, depth + 1);
  }

  /** What a module-level name set once to another name holds (`const request = exports`), if it is so set. */
  private aliasedModuleName(file: string, name: string, depth: number): Value | undefined {
    if (name.includes('.') || this.tooDeep(depth)) return undefined;
    const bound = this.symbols(file)?.bindings.get(MODULE_SCOPE)?.get(name);
    const alias = bound?.length === 1 && bound[0].init_name !== undefined ? bound[0] : undefined;
    return alias && this.bindingValue(file, MODULE_SCOPE, alias, depth + 1);
  }

  /**
   * An instance's method `X.prototype.m` of constructor function `X`, where a static `X.m` shares
   * its name (only then is it named so): an object `new X()` makes, `this` in X's prototype methods.
   */
  private prototypeMember(file: string, constructor: string, name: string): Value | undefined {
    const fn = this.symbols(file)?.functions.get(`${constructor}.prototype.${name}`);
    return fn && { kind: 'function', file, fn };
  }

  /** Methods of the declared types of a file's object literals that their members implement. */
  objectOverrides(file: string): MemberOverride[] {
    const syms = this.symbols(file);
    const out: MemberOverride[] = [];
    for (const [path, members] of syms?.objects ?? []) {
      const cut = path.lastIndexOf('.');
      const object = this.objectValue(file, cut < 0 ? MODULE_SCOPE : path.slice(0, cut), path.slice(cut + 1), 0);
      if (object?.kind !== 'object' || !object.declared) continue;
      for (const [name, method] of members) out.push(...this.implemented(object.declared, name, method));
    }
    return out;
  }

  /**
   * Functions assigned to a member of a value whose type is declared (zod's `inst._zod.check =
   * (payload) => …` with inst a `$ZodURL`): each implements that member of the value's type, as an
   * override does, so a call through the type reaches it (family dispatch).
   */
  assignedOverrides(file: string): MemberOverride[] {
    const syms = this.symbols(file);
    if (syms?.family !== 'js') return [];
    const out: MemberOverride[] = [];
    for (const method of syms.record.functions) {
      const owner = method.class_name;
      if (owner === undefined || syms.classes.has(owner) || syms.objects.has(owner)) continue;
      const segments = parseChain(owner);
      const held = segments && this.evalSegments(file, method.parent_function ?? MODULE_SCOPE, segments, method.line, 1);
      if (held?.kind === 'instance') out.push(...this.implemented(held, method.name, method));
    }
    return out;
  }

  /** The functions of `holder`'s type that `method`, set on it as member `name`, implements. */
  private implemented(holder: Value, name: string, method: FunctionRecord): MemberOverride[] {
    const base = this.member(holder, name, 1);
    const options = base?.kind === 'union' ? base.options : base ? [base] : [];
    return options.flatMap((option) => option.kind === 'function' && option.fn !== method ? [{ method, overridden: { file: option.file, fn: option.fn } }] : []);
  }

  /** The value of `this` (or `self`, `cls`, …) inside `caller`. */
  private selfValue(file: string, caller: string, head: string, depth: number): Value | undefined {
    const syms = this.symbols(file);
    if (!syms) return undefined;
    if (syms.family === 'js') {
      const owner = this.jsThisMethod(file, caller);
      if (!owner) return undefined;
      if (owner.object !== undefined) {
        const cut = owner.object.lastIndexOf('.');
        return this.objectValue(file, cut < 0 ? MODULE_SCOPE : owner.object.slice(0, cut), owner.object.slice(cut + 1), depth + 1);
      }
      if (!owner.cls) {
        if (owner.declared) return this.typeValue(file, owner.declared, depth + 1);
        if (owner.holder === undefined) return undefined;
        // The function or object it is set on, whose members are the others set on it; in a
        // function set on a constructor's prototype, its instance.
        const held = this.evalPath(file, MODULE_SCOPE, owner.holder, depth + 1);
        if (held?.kind === 'function' && owner.fn && !owner.fn.modifiers?.includes('static')) return { ...held, instance: true };
        return held && held.kind !== 'opaque' ? held : { kind: 'object', file, path: owner.holder };
      }
      return owner.isStatic ? { kind: 'class', cls: owner.cls } : { kind: 'instance', cls: owner.cls };
    }
    // In a class body (a lambda there included) `self` and `cls` are no receiver, nor in a
    // function nested in a method that takes a parameter of that name (`def __str__(self)` made in `add_str`).
    if (syms.family === 'python' && (syms.classes.has(caller) || this.ownParam(syms, caller, head))) return undefined;
    const cls = this.enclosingClass(file, caller);
    if (!cls) return undefined;
    const fn = syms.functions.get(caller);
    const isClassLevel = head === 'cls' || (fn?.modifiers?.includes('static') ?? false) || (fn?.decorators?.some((d) => CLASSMETHOD.test(d)) ?? false);
    return isClassLevel ? { kind: 'class', cls } : { kind: 'instance', cls };
  }

  /**
   * An untyped parameter of a function whose type is declared where it is stored, as the
   * TypeScript service types the function contextually: a name's (`const handle: Handler = (cxt) =>
   * …`), a class field's (`private onRequest: OnRequest = async ({ socket }) => …`), or a member's of
   * an object whose type is declared (`handlers.mousedown = (view, event) => …` under `handlers:
   * {[event: string]: (view: EditorView, event: Event) => void}`). A name destructured from the
   * parameter is that member of its type.
   */
  private contextualParam(file: string, scope: string, name: string, depth: number): Value | undefined {
    const syms = this.symbols(file);
    const fn = syms?.functions.get(scope);
    if (syms?.family !== 'js' || !fn || this.tooDeep(depth)) return undefined;
    const at = fn.params.findIndex((param) => paramNames(param, 'js').includes(name));
    if (at < 0 || paramType(fn.params[at]) !== undefined) return undefined;
    const declared = this.declaredFunctionType(file, fn, depth + 1);
    const type = declared && functionTypeParams(declared.type)?.[at];
    if (type === undefined) return undefined;
    const key = destructuredKey(fn.params[at], name);
    return this.typeValue(declared!.file, key === undefined ? type : `(${type})['${key}']`, depth + 1);
  }

  /** The function type declared where `fn` (a JS/TS function) is stored, resolved through type aliases. */
  private declaredFunctionType(file: string, fn: FunctionRecord, depth: number): { file: string; type: string } | undefined {
    const syms = this.symbols(file)!;
    const owner = fn.class_name;
    let declared: { file: string; type: string } | undefined;
    if (owner === undefined) {
      const path = fn.qualified_name;
      const cut = path.lastIndexOf('.');
      const type = syms.bindings.get(cut < 0 ? MODULE_SCOPE : path.slice(0, cut))?.get(fn.name)?.find((b) => b.type && b.line === fn.line)?.type;
      declared = type === undefined ? undefined : { file, type };
    } else if (syms.classes.has(owner)) {
      // A field holding a function is a method whose signature carries the field's type (`private onRequest: OnRequest = async (…)`).
      const type = fieldTypeIn(fn.signature, fn.name);
      declared = type === undefined ? undefined : { file, type };
    } else {
      const cut = owner.lastIndexOf('.');
      const type = syms.bindings.get(cut < 0 ? MODULE_SCOPE : owner.slice(0, cut))?.get(owner.slice(cut + 1))?.find((b) => b.type)?.type;
      declared = type === undefined ? undefined : this.declaredMemberType(file, type, fn.name, depth + 1);
    }
    return declared && this.functionType(declared.file, declared.type, depth + 1);
  }

  /** A function type as written, or the one a type alias it names stands for (`type Handler = (cxt: Cxt) => void`). */
  private functionType(file: string, type: string, depth: number): { file: string; type: string } | undefined {
    if (functionTypeParams(type) !== undefined) return { file, type };
    const aliased = this.aliasedTypeText(file, type, depth + 1);
    return aliased && this.functionType(aliased.file, aliased.type, depth + 1);
  }

  /**
   * What a type alias `type` names stands for, as written where it is declared (`type ByOption =
   * Record<string, F>`), with the alias's declaration (its type parameters: expandedAlias).
   */
  private aliasedTypeText(file: string, type: string, depth: number): { file: string; type: string; signature: string } | undefined {
    const named = /^([\w$.]+)\s*(<[\s\S]*>)?$/.exec(type.trim());
    if (!named || this.tooDeep(depth)) return undefined;
    const value = this.evalPath(file, MODULE_SCOPE, named[1], depth + 1);
    const record = value?.kind === 'class' && value.cls.records.length === 1 ? value.cls.records[0] : undefined;
    const aliased = record?.kind === 'type' ? aliasedType(record.signature) : undefined;
    return aliased === undefined ? undefined : { file: value!.kind === 'class' ? value.cls.file : file, type: aliased, signature: record!.signature };
  }

  /** The declared type of member `name` of a type written in `file`: an object type's (or its index signature's), a class's or interface's. */
  private declaredMemberType(file: string, type: string, name: string, depth: number): { file: string; type: string } | undefined {
    const members = objectTypeMembers(type.trim());
    if (members) {
      const member = members.get(name) ?? members.get(INDEX_MEMBER);
      return member === undefined ? undefined : { file, type: member };
    }
    const shape = typeShape(type);
    if (shape.kind === 'map' && shape.container === 'Record') return { file, type: shape.value };
    // A type alias of an object type or a Record (`@typedef {Record<string, Extractor>} ByOption`).
    const aliased = this.aliasedTypeText(file, type, depth + 1);
    if (aliased) return this.declaredMemberType(aliased.file, aliased.type, name, depth + 1);
    return this.instanceMemberType(this.typeValue(file, type, depth + 1), name, depth + 1);
  }

  /** The declared type of member `name` of an instance, or of the first option of an intersection (or union) that declares it. */
  private instanceMemberType(value: Value, name: string, depth: number): { file: string; type: string } | undefined {
    if (value.kind === 'union' && !this.tooDeep(depth)) {
      for (const option of value.options) {
        const found = this.instanceMemberType(option, name, depth + 1);
        if (found) return found;
      }
    }
    if (value.kind !== 'instance') return undefined;
    const method = this.findMethod(value.cls, name);
    if (method) return { file: method.file, type: `(${method.fn.params.join(', ')}) => void` };
    const declared = this.declaredField(value.cls, name);
    return declared && { file: declared.owner.file, type: declared.type };
  }

  /** The type the first class of `cls`'s hierarchy declaring field `name` with a type gives it, with that class. */
  private declaredField(cls: ClassInfo, name: string): { owner: ClassInfo; type: string } | undefined {
    for (const owner of this.mro(cls).classes) {
      const field = owner.records.flatMap((record) => record.fields).find((f) => f.name === name && f.type);
      if (field) return { owner, type: field.type! };
    }
    return undefined;
  }

  /**
   * The bindings of a name in force at a line (`before`: those made up to it), without the
   * assignments that leave its type as it was. As TypeScript has it, only a name declared with
   * neither a type nor a value (`let x;`, `let x = null`) takes the type of what it is assigned; a
   * parameter or a name declared otherwise keeps its declared or initial type. And the last
   * assignments whose value is unknown leave the name what it held before them.
   */
  private withoutBlindAssignments(file: string, scope: string, bound: LocalBinding[], before: LocalBinding[], depth: number): LocalBinding[] {
    if (!before.some((b) => b.assigned)) return before;
    const declared = bound.some((b) => !b.assigned && b.end_line === undefined) || this.symbols(file)?.params.get(scope)?.has(bound[0].name);
    if (declared) return before.filter((b) => !b.assigned);
    let end = before.length;
    while (end > 0 && before[end - 1].assigned && this.bindingValue(file, scope, before[end - 1], depth + 1).kind === 'opaque') end--;
    return end === before.length ? before : before.slice(0, end);
  }

  /** What a bare name means inside `caller` at `line`. */
  lookupName(file: string, caller: string, name: string, line: number, depth: number): Value | undefined {
    const syms = this.symbols(file);
    if (!syms) return undefined;
    for (const scope of this.scopeChain(caller)) {
      // A JavaScript object's members are no names in its methods' scope: `subscribe` in `const self
      // = { subscribe(o) { … subscribe(…) } }`, `promisifyAll` in `Promise.promisifyAll = function
      // (…) { promisifyAll(…) }` are what the enclosing function binds. Only functions and classes are scopes.
      if (syms.family === 'js' && scope !== caller && !syms.functions.has(scope) && !syms.classes.has(scope)) continue;
      // (A function of a class's name, merged with it, is a scope of its own: its locals are names there.)
      if (syms.classes.has(scope) && !syms.functions.has(scope)) {
        if (hasImplicitThis(syms.record.language)) {
          const cls = this.classInfo(file, scope);
          const method = cls && this.findMethod(cls, name);
          if (method && method.fn.kind !== 'constructor') return { kind: 'function', file: method.file, fn: method.fn };
          const field = cls && this.fieldValue(cls, name, depth + 1);
          if (field) return field;
        }
        // A Python class body reads the names bound before them in it; what is nested in it does not.
        if (syms.family !== 'python' || scope !== caller) continue;
      }
      const local = this.callbackLocal(file, syms, scope, name, line);
      if (local) return local;
      const object = this.objectValue(file, scope, name, depth + 1);
      if (object) return object;
      // The binding in force: the last one made before the line (a narrowing only inside its branch).
      const bound = syms.bindings.get(scope)?.get(name);
      const made = bound?.filter((b) => b.line <= line && (b.end_line === undefined || line <= b.end_line) && !(b.line === line && (readsItself(b) || b.declared_only))
        && (b.guard === undefined || this.guardType(file, scope, b, depth) !== undefined));
      const before = made && this.withoutBlindAssignments(file, scope, bound!, made, depth);
      // (A method of a class this function is merged with names its local `<locals>.name`: qualify in definitions.ts.)
      const named = syms.functions.get(`${scope}.${name}`);
      const nested = named?.class_name === undefined ? named : syms.functions.get(`${scope}.${LOCALS}.${name}`) ?? named;
      // With no binding before the line, a later one stands for the name, unless a Python `def`
      // already bound it there (`__eq__ = __make_cmp(…)` before `__make_cmp = staticmethod(__make_cmp)`).
      const defined = nested !== undefined && syms.family === 'python' && scope === caller && nested.line <= line;
      // (Not a Go function's local: it exists from its declaration on. Nor one that only declares the
      // name on the line read: the statement's right side reads the name before it, `x, ascii := ascii.ToLower(…)`.)
      const declaredLater = syms.family !== 'go' || scope === MODULE_SCOPE;
      const binding = before?.length ? before[before.length - 1] : defined || !declaredLater ? undefined : bound?.find((b) => b.end_line === undefined && !b.assigned);
      // A Python `def` runs as a statement: one between the binding and the line rebinds the name
      // (`convert: Callable = partial(…)` in one branch, `def convert(…)` in the other).
      const redefined = nested && binding && syms.family === 'python' && binding.line < nested.line && nested.line <= line;
      // Seen from a function nested in this scope, a name the scope assigns again later (after the
      // nested function is defined) may hold any of its values when the nested function runs.
      const rebound = scope !== caller && bound?.some((b) => b.end_line === undefined && b.line > line);
      // `const next: NextFn = async (ctx) => …`: a declared type on the function's own declaration
      // does not hide the function (its calls reach it, as module-level ones do).
      if (binding && nested && !nested.class_name && syms.family === 'js' && binding.line === nested.line && binding.type !== undefined && !rebound) {
        return { kind: 'function', file, fn: nested };
      }
      if (binding && !redefined && rebound) {
        return unionOf(bound!.filter((b) => b.end_line === undefined).map((b) => this.bindingValue(file, scope, b, depth + 1)));
      }
      if (binding && !redefined) {
        const reaching = binding.conditional && before?.length ? inForce(before) : [binding];
        const values = reaching.map((b) => this.bindingValue(file, scope, b, depth + 1));
        // After `if isinstance(x, C) or …:` x may still be what it was before the test.
        if (binding.keeps) values.push(this.lookupName(file, caller, name, binding.line - 1, depth + 1) ?? OPAQUE);
        // A function defined since the last unconditional binding may still be what the name holds
        // (attrs: `fmt_setter = _setattr` in one branch, `def fmt_setter(…)` in another).
        const first = reaching[reaching.length - 1];
        const floor = first.conditional ? -Infinity : first.line;
        if (nested && !nested.class_name && floor < nested.line && nested.line <= line) values.push({ kind: 'function', file, fn: nested });
        return unionOf(values);
      }
      if (!redefined && syms.params.get(scope)?.has(name)) return pythonSplat(syms, scope, name) ?? this.contextualParam(file, scope, name, depth + 1) ?? OPAQUE;
      // A class body reads its own methods (`__del__ = close`); elsewhere a method is no name.
      if (nested && (!nested.class_name || syms.classes.has(scope))) return { kind: 'function', file, fn: nested };
      // A function expression's own name is bound inside it: `walk(child)` in `x.walk = function walk(…)`.
      const own = syms.ownNames.get(scope) === name ? syms.functions.get(scope) : undefined;
      if (own) return { kind: 'function', file, fn: own };
      if (syms.classes.has(`${scope}.${name}`)) {
        const cls = this.classInfo(file, `${scope}.${name}`);
        if (cls) return { kind: 'class', cls };
      }
    }
    return this.callbackLocal(file, syms, MODULE_SCOPE, name, line) ?? this.moduleLinesName(file, syms, name, line, depth) ?? this.moduleName(file, name, depth + 1);
  }

  /**
   * A name the module binds only within some of its lines (a JSDoc-typed parameter of a method of
   * an object literal passed as an argument at the top of the module: each method's `context`).
   */
  private moduleLinesName(file: string, syms: FileSymbols, name: string, line: number, depth: number): Value | undefined {
    // (Read for every module-level name looked up: a loop, no array.)
    let within: LocalBinding | undefined;
    for (const b of syms.bindings.get(MODULE_SCOPE)?.get(name) ?? []) {
      if (b.end_line !== undefined && b.guard === undefined && b.line <= line && line <= b.end_line) within = b;
    }
    return within && this.bindingValue(file, MODULE_SCOPE, within, depth + 1);
  }

  /**
   * A definition of `name` named after its line (FileSymbols.callbackLocals), local to an unnamed
   * function of `scope` around `line` (each test callback declares its own `Frame`), the innermost.
   */
  private callbackLocal(file: string, syms: FileSymbols, scope: string, name: string, line: number): Value | undefined {
    // (Read for every name looked up: most files have none.)
    if (syms.callbackLocals.size === 0) return undefined;
    let declared: { within: LineSpan; qualified: string } | undefined;
    for (const entry of syms.callbackLocals.get(`${scope}\u0000${name}`) ?? []) {
      if (entry.within.line <= line && line <= entry.within.end_line && (!declared || entry.within.line >= declared.within.line)) declared = entry;
    }
    if (!declared) return undefined;
    const fn = syms.functions.get(declared.qualified);
    if (fn) return { kind: 'function', file, fn };
    const cls = this.classInfo(file, declared.qualified);
    return cls && { kind: 'class', cls };
  }

  /**
   * A module-level name's value; `fromOutside` when read from another module (`from .auto import
   * tqdm`), where a name imported in several branches is what its last import binds, as a checker
   * types it there (inside its module each branch's import may be in force).
   */
  moduleName(file: string, name: string, depth: number, fromOutside = false): Value | undefined {
    if (this.tooDeep(depth)) return undefined;
    return this.ctx.memo(`name|${file}|${name}|${fromOutside ? 'o' : ''}`, () => this.computeModuleName(file, name, depth, fromOutside));
  }

  /**
   * A function literal passed to the call that initialises a name (`const $string = $custom(o => …)`)
   * is read as that name's definition; where the name is declared an instance of a class
   * (`@type {Schema<string>}`, `: Schema<string>`), that is what it holds.
   */
  private wrappedDefinition(file: string, fn: FunctionRecord, depth: number): Value | undefined {
    const binding = this.symbols(file)?.bindings.get(MODULE_SCOPE)?.get(fn.name)?.find((b) => b.line === fn.line && b.init_call !== undefined);
    const value = binding && this.bindingValue(file, MODULE_SCOPE, binding, depth + 1);
    if (binding?.type === undefined) {
      // `const _singleMatcher = _getMatcher((fn, elems) => …)`, the wrapper the project's and returning
      // a closure: a call runs that closure's code as well as the literal's.
      return value?.kind === 'builtin' && value.within ? { kind: 'union', options: [{ kind: 'function', file, fn }, value] } : undefined;
    }
    const instances = value?.kind === 'union' ? value.options : value ? [value] : [];
    return instances.length > 0 && instances.every((option) => option.kind === 'instance') ? value : undefined;
  }

  private computeModuleName(file: string, name: string, depth: number, fromOutside: boolean): Value | undefined {
    const syms = this.symbols(file);
    if (!syms) return undefined;
    const fn = syms.functions.get(name);
    if (fn && !fn.class_name && !fn.parent_function && !syms.objectMembers.has(name)) return this.wrappedDefinition(file, fn, depth) ?? { kind: 'function', file, fn };
    if (syms.classes.has(name)) {
      const cls = this.classInfo(file, name);
      if (cls) return { kind: 'class', cls };
    }
    const imports = syms.imports.get(name);
    const imported = fromOutside ? imports?.slice(-1) : imports;
    if (imported) {
      // Bound in several branches, the name holds any of the modules or names imported (those
      // the project has: an import of the same name from outside it is a fallback or a path not found).
      const values = imported.map((binding) => this.importValue(file, binding, depth + 1));
      const known = values.filter((option) => option.kind !== 'external' && option.kind !== 'opaque');
      const value = unionOf(known.length > 0 ? known : values);
      // `if sys.platform == "win32": from ._windows_pipes import PipeSendStream` / `else: PipeSendStream: Any = None`
      const declaredAny = syms.bindings.get(MODULE_SCOPE)?.get(name)?.some((b) => b.type !== undefined && /^((typing|t)\.)?Any$/.test(b.type.trim()));
      return value.kind === 'class' && declaredAny ? { ...value, untyped: true } : value;
    }
    const object = this.objectValue(file, MODULE_SCOPE, name, depth + 1);
    if (object) return object;
    // The module-level binding in force at the end of the module, and what functions assign to the
    // name declaring it `global` (either may be what the name holds when it is read).
    const all = syms.bindings.get(MODULE_SCOPE)?.get(name);
    const bound = all && this.withoutBlindAssignments(file, MODULE_SCOPE, all, all, depth);
    const assigned = syms.globals.get(name) ?? [];
    if (bound?.length || assigned.length) {
      const last = bound?.length ? inForce(bound).map((b) => this.bindingValue(file, MODULE_SCOPE, b, depth + 1)) : [];
      return unionOf([...last, ...assigned.map((binding) => this.bindingValue(file, binding.scope, binding, depth + 1))]);
    }
    for (const star of syms.starImports) {
      const module = this.importValue(file, star, depth + 1);
      // Java's `import static a.Text.*`: the class's static methods.
      const method = module.kind === 'class' && syms.family === 'java' ? this.findMethod(module.cls, name) : undefined;
      if (method?.fn.modifiers?.includes('static')) return { kind: 'function', file: method.file, fn: method.fn };
      if (module.kind !== 'module' || name.startsWith('_')) continue;
      const member = this.member(module, name, depth + 1);
      if (member && member.kind !== 'opaque') return member;
    }
    switch (syms.family) {
      case 'go':
        return this.goPackageName(dirOf(file), name, file.endsWith('_test.go'), file);
      case 'java':
        return this.samePackageClass(file, name, '.java');
      case 'rust': {
        const child = rustChildModule(this.ctx, file, name);
        return child ? { kind: 'module', family: 'rust', file: child } : undefined;
      }
      case 'other':
        return this.includedName(file, syms, name);
      case 'js':
        // `const internals = {}` with `internals.helper = function …`, `internals.Auth = class …` (hapi):
        // an object of what is set on it.
        if (syms.holders.has(name)) return { kind: 'object', file, path: name };
        return isJsLibType(name) ? { kind: 'external', lib: name } : this.scriptGlobal(file, syms, name);
      case 'python':
        return this.importedSubmodule(file, syms, name);
      default:
        return undefined;
    }
  }

  /**
   * A name a JS/TS script reads that it does not define: a global function or class of another of
   * the project's scripts (they share one global scope, as the TypeScript checker reads them:
   * uglify-js's lib, the scripts a page loads).
   */
  private scriptGlobal(file: string, syms: FileSymbols, name: string): Value | undefined {
    if (!syms.script) return undefined;
    for (const other of this.ctx.filesDefining(name)) {
      const theirs = other === file ? undefined : this.symbols(other);
      if (!theirs?.script) continue;
      const fn = theirs.functions.get(name);
      if (fn && !fn.class_name && !fn.parent_function && !fn.local_to && !theirs.objectMembers.has(name)) return { kind: 'function', file: other, fn, imported: true };
      const cls = theirs.classes.get(name)?.some((record) => !record.local_to) ? this.classInfo(other, name) : undefined;
      if (cls) return { kind: 'class', cls, imported: true };
    }
    return undefined;
  }

  /**
   * Importing a package's submodule makes it an attribute of the package: in the package's
   * `__init__.py`, `from .loader import *` also binds `loader` to the submodule.
   */
  private importedSubmodule(file: string, syms: FileSymbols, name: string): Value | undefined {
    if (!/(^|\/)__init__\.pyi?$/.test(file)) return undefined;
    const spec = `.${name}`;
    const imported = syms.record.imports.some((record) => record.module === spec || record.module.startsWith(`${spec}.`));
    return imported ? this.resolveModule(file, spec, 'python') : undefined;
  }

  private goPackageName(dir: string, name: string, tests: boolean, except?: string): Value | undefined {
    for (const sibling of goPackageDeclarers(this.ctx, dir, tests, name)) {
      if (sibling === except) continue;
      const syms = this.symbols(sibling);
      const fn = syms?.functions.get(name);
      if (fn && !fn.class_name) return { kind: 'function', file: sibling, fn };
      if (syms?.classes.has(name)) {
        const cls = this.classInfo(sibling, name);
        if (cls) return { kind: 'class', cls };
      }
      const bound = syms?.bindings.get(MODULE_SCOPE)?.get(name);
      if (bound?.length) return this.bindingValue(sibling, MODULE_SCOPE, bound[bound.length - 1], 1);
    }
    return undefined;
  }

  private samePackageClass(file: string, name: string, extension: string): Value | undefined {
    const candidate = `${dirOf(file) ? `${dirOf(file)}/` : ''}${name}${extension}`;
    if (candidate !== file && this.ctx.isFile(candidate)) {
      const cls = this.classInfo(candidate, name);
      if (cls) return { kind: 'class', cls };
    }
    return undefined;
  }

  /**
   * For languages without module-aware resolution: top-level definitions of the files a file
   * includes, preferring a definition with a body in the header's implementation file
   * (`util.h` → `util.c`/`util.cpp` beside it) over the header's prototype.
   */
  private includedName(file: string, syms: FileSymbols, name: string): Value | undefined {
    for (const { candidate, target } of this.includedCandidates(file, syms)) {
      const other = this.symbols(candidate);
      if (!other) continue;
      const fn = other.functions.get(name);
      if (fn && !fn.class_name && !(fn.is_declaration && candidate !== target)) return { kind: 'function', file: candidate, fn, imported: true };
      if (other.classes.has(name)) {
        const cls = this.classInfo(candidate, name);
        if (cls) return { kind: 'class', cls, imported: true };
      }
    }
    return undefined;
  }

  /**
   * Where a file's included names come from, in include order: each include's implementation
   * files, then the include itself. Memoised: a C file asks for hundreds of names, and resolving
   * its dozens of include paths for each one dominated the graph build of a large C tree.
   */
  private includedCandidates(file: string, syms: FileSymbols): Array<{ candidate: string; target: string }> {
    return this.ctx.memo(`includes|${file}`, () => syms.record.imports.flatMap((imp) => {
      const target = this.includeFile(file, imp.module);
      return target ? [...this.implementationFiles(target), target].map((candidate) => ({ candidate, target })) : [];
    })) ?? [];
  }

  /** Source files implementing a header: same directory, same stem, a source extension. */
  private implementationFiles(header: string): string[] {
    const match = /^(.*)\.(h|hh|hpp|hxx)$/.exec(header);
    if (!match) return [];
    return ['.c', '.cc', '.cpp', '.cxx', '.m', '.mm'].map((ext) => match[1] + ext).filter((path) => this.ctx.isFile(path));
  }

  private includeFile(file: string, spec: string): string | undefined {
    const entry = languageForPath(file);
    return resolveIncludePath(this.ctx, file, spec, entry?.extensions ?? []);
  }

  // ---- modules ---------------------------------------------------------------------------

  /** What an import binding refers to. */
  importValue(file: string, binding: ImportBinding, depth: number): Value {
    const syms = this.symbols(file);
    if (!syms || this.tooDeep(depth)) return OPAQUE;
    // A Java wildcard import names a package, not a type.
    const spec = syms.family === 'java' && binding.imported === '*' ? `${binding.module}.*` : binding.module;
    const module = this.resolveModule(file, spec, syms.family);
    if (!module) return syms.family === 'js' && binding.imported !== '*' ? { kind: 'external', lib: `${binding.module}#${binding.imported}` } : EXTERNAL;
    const tagged = (value: Value | undefined): Value => {
      if (!value) return OPAQUE;
      if (value.kind === 'function' || value.kind === 'class' || value.kind === 'module') return { ...value, imported: true };
      return value;
    };
    if (syms.family === 'java' || syms.family === 'rust') return tagged(this.qualifiedImport(file, syms.family, binding, module, depth));
    if (binding.imported === '*') {
      const replaced = binding.kind === 'require' ? this.replacedExports(module, depth + 1) : undefined;
      return replaced ? tagged(replaced) : { ...module, imported: true };
    }
    return tagged(this.member(module, binding.imported, depth + 1));
  }

  /** What `require(spec)` gives in `file`: the module, or the one value it replaces its exports with. */
  private requiredValue(file: string, spec: string, depth: number): Value {
    const module = this.resolveModule(file, spec, 'js');
    if (!module) return EXTERNAL;
    return this.replacedExports(module, depth + 1) ?? { ...module, imported: true };
  }

  /**
   * What `require()` of a module that replaces its exports (`module.exports = ForkContext`, its one
   * export; `module.exports = new Mongoose()`) gives: that value, not a namespace holding it.
   */
  private replacedExports(module: Value & { kind: 'module' }, depth: number): Value | undefined {
    const exports = module.file === undefined ? undefined : this.symbols(module.file)?.record.exports;
    if (!exports?.length || exports.some((e) => e.name !== 'default' || e.property)) return undefined;
    const value = this.member(module, 'default', depth + 1);
    return value?.kind === 'class' || value?.kind === 'function' || value?.kind === 'instance' ? value : undefined;
  }

  /** Java `import a.b.C` / `import static a.b.C.m` / `import a.b.*`; Rust `use a::b::{c, self as d}`. */
  private qualifiedImport(file: string, family: Family, binding: ImportBinding, module: Value & { kind: 'module' }, depth: number): Value | undefined {
    if (family === 'rust') {
      const segments = binding.module.split('::').filter(Boolean);
      if (binding.imported !== '*' && binding.imported !== 'self') segments.push(...binding.imported.split('::').filter(Boolean));
      const walked = rustWalkPath(this.ctx, file, segments);
      if (!walked) return undefined;
      let value: Value | undefined = { kind: 'module', family: 'rust', file: walked.file };
      for (const segment of walked.rest) value = value ? this.member(value, segment, depth + 1) : undefined;
      return value;
    }
    if (binding.imported === '*' && module.dir !== undefined) return module;
    // `import static a.b.C.*`: class C, whose static methods the file calls by their names.
    if (binding.imported === '*' && family === 'java' && module.file) return this.member(module, binding.module.split('.').pop()!, depth + 1);
    return module.file ? this.member(module, binding.local, depth + 1) : undefined;
  }

  /** The module an import specifier denotes, or undefined when it is outside the project. */
  resolveModule(file: string, spec: string, family: Family): (Value & { kind: 'module' }) | undefined {
    switch (family) {
      case 'js': {
        const target = resolveTsModule(this.ctx, file, spec);
        return target ? { kind: 'module', family, file: target } : undefined;
      }
      case 'python': {
        const target = resolvePythonModule(this.ctx, file, spec);
        return target ? { kind: 'module', family, file: target.file, dir: target.dir } : undefined;
      }
      case 'go': {
        const dir = resolveGoPackage(this.ctx, spec);
        return dir !== undefined ? { kind: 'module', family, dir } : undefined;
      }
      case 'java': {
        const parts = spec.split('.');
        if (parts[parts.length - 1] === '*') {
          const dirs = resolveJavaPackage(this.ctx, file, parts.slice(0, -1).join('.'), '.java');
          if (dirs.length) return { kind: 'module', family, dir: dirs[0] };
          // `import static a.b.C.*`: the file of class C.
          const files = resolveJavaType(this.ctx, parts.slice(0, -1).join('.'), '.java');
          return files.length ? { kind: 'module', family, file: files[0] } : undefined;
        }
        // `a.b.C`, or `a.b.C.member` for static imports.
        for (let cut = parts.length; cut > 0; cut--) {
          const files = resolveJavaType(this.ctx, parts.slice(0, cut).join('.'), '.java');
          if (files.length) return { kind: 'module', family, file: files[0] };
        }
        return undefined;
      }
      case 'rust': {
        const walked = rustWalkPath(this.ctx, file, spec.split('::').filter(Boolean));
        return walked ? { kind: 'module', family, file: walked.file } : undefined;
      }
      default: {
        const target = this.includeFile(file, spec);
        return target ? { kind: 'module', family, file: target } : undefined;
      }
    }
  }

  /** Files an import statement brings in, for the module graph (importers, arch). */
  importTargets(file: string, spec: string, names: string[], family: Family): string[] {
    if (family === 'rust') {
      const segments = spec.split('::').filter(Boolean);
      const named = names.filter((n) => n !== '*' && n !== 'self');
      const targets = (named.length ? named : ['']).map((name) => rustWalkPath(this.ctx, file, name ? [...segments, ...name.split('::')] : segments)?.file);
      return [...new Set(targets.filter((t): t is string => t !== undefined))];
    }
    if (family === 'java' && names.includes('*') && !spec.endsWith('.*')) spec = `${spec}.*`;
    const module = this.resolveModule(file, spec, family);
    if (!module) return [];
    if (family === 'go' && module.dir !== undefined) return goPackageFiles(this.ctx, module.dir, false);
    if (family === 'java' && module.file === undefined && module.dir !== undefined) {
      return this.ctx.filesIn(module.dir).filter((f) => f.endsWith('.java'));
    }
    const out = module.file ? [module.file] : [];
    if (family === 'python' && module.dir !== undefined) {
      for (const name of names) {
        const sub = pythonSubmodule(this.ctx, { file: module.file, dir: module.dir }, name);
        if (sub?.file) out.push(sub.file);
      }
    }
    return [...new Set(out)];
  }

  /**
   * The value `value.name` evaluates to: a member, except that reading a property gives what its
   * getter returns (`self.stack.top.on_text()`). A call site's own callee is a member (the getter
   * itself is what `x.prop` reaches).
   */
  private attribute(value: Value, name: string, depth: number): Value | undefined {
    return this.readProperty(this.member(value, name, depth), depth);
  }

  private readProperty(value: Value | undefined, depth: number): Value | undefined {
    if (value?.kind === 'function' && value.fn.kind === 'getter') return this.returnValue(value.file, value.fn, depth + 1, value.self);
    if (value?.kind === 'union') return unionOf(value.options.map((option) => this.readProperty(option, depth) ?? OPAQUE));
    return value;
  }

  /** Attribute `name` of a value. */
  member(value: Value, name: string, depth: number): Value | undefined {
    if (this.tooDeep(depth)) return undefined;
    switch (value.kind) {
      case 'module':
        return this.moduleMember(value, name, depth + 1);
      case 'class': {
        if (value.untyped) return OPAQUE;
        // `JoinClause.prototype.andOnNull = JoinClause.prototype.onNull`: the prototype holds the instance's methods.
        if (name === 'prototype' && this.symbols(value.cls.file)?.family === 'js') return { kind: 'instance', cls: value.cls, exact: true };
        const method = this.findMethod(value.cls, name, false, true);
        if (method) return { kind: 'function', file: method.file, fn: method.fn };
        // Python's object.__new__(cls) makes an instance of the class (`made = cls.__new__(cls)`).
        if (name === '__new__' && this.symbols(value.cls.file)?.family === 'python') return { kind: 'builtin', result: { kind: 'instance', cls: value.cls } };
        return this.nestedClass(value.cls, name) ?? this.namespaceClass(value.cls.file, value.cls.name, name) ?? this.fieldValue(value.cls, name, depth + 1)
          ?? this.metaclassMethod(value.cls, name, depth + 1) ?? this.heritageMember(value.cls, name, depth + 1)
          ?? this.expandoValue(value.cls.file, value.cls.name, name, depth + 1) ?? OPAQUE;
      }
      case 'instance': {
        const method = this.findMethod(value.cls, name);
        if (method) return { kind: 'function', file: method.file, fn: method.fn, self: value };
        return this.fieldValue(value.cls, name, depth + 1) ?? this.nestedClass(value.cls, name) ?? this.fieldValue(value.cls, INDEX_MEMBER, depth + 1)
          ?? this.typeHeritageMember(value.cls, name, depth + 1) ?? OPAQUE;
      }
      case 'super': {
        // (`super.create()` in a static method is the base class's static one.)
        const method = this.findMethod(value.cls, name, true) ?? this.findMethod(value.cls, name, true, true);
        return method ? { kind: 'function', file: method.file, fn: method.fn } : OPAQUE;
      }
      // A list's or a mapping's other members are the runtime's (`self.exprs.append`, `d.items`), not
      // a project method of that name.
      case 'array':
        if (ARRAY_ELEMENT_METHODS.has(name)) return { kind: 'builtin', result: value.element };
        return ARRAY_SAME_METHODS.has(name) ? { kind: 'builtin', result: value } : EXTERNAL;
      case 'external':
        // `p.then(…)`, `p.catch(…)`: another promise (`finally` of the same value).
        if (value.lib === 'Promise' && PROMISE_CHAINS.has(name)) return { kind: 'builtin', result: { kind: 'external', lib: 'Promise', awaited: name === 'finally' ? value.awaited ?? OPAQUE : OPAQUE } };
        return EXTERNAL;
      case 'union':
        return unionOf(value.options.map((option) => this.member(option, name, depth + 1) ?? OPAQUE));
      case 'shape': {
        const type = value.members.get(name) ?? value.members.get(INDEX_MEMBER);
        return type === undefined ? OPAQUE : this.typeValue(value.file, type, depth + 1);
      }
      case 'context':
        return name === '__enter__' || name === '__aenter__' ? { kind: 'builtin', result: value.entered } : OPAQUE;
      case 'literal': {
        const held = value.members.get(name);
        return held === undefined ? OPAQUE : this.expressionValue(value.file, value.scope, held, value.line, depth + 1) ?? OPAQUE;
      }
      case 'map':
        // A Record's properties are its values; a Map's `get` returns one, its `values()` (Python's
        // dict's too) iterates them (pip's `for pth in self._pth.values(): pth.remove()`).
        if (value.lib === 'Record') return value.value;
        if (name === 'values') return { kind: 'builtin', result: { kind: 'array', element: value.value } };
        return name === 'get' ? { kind: 'builtin', result: value.value } : EXTERNAL;
      case 'object': {
        const syms = this.symbols(value.file);
        const fn = syms?.objects.get(value.path)?.get(name);
        if (fn) return { kind: 'function', file: value.file, fn };
        const property = syms?.objectProperties.get(value.path)?.get(name);
        // A property holding a name's value (`{ link: createWebSocketLinkHandler }`) of an object of a
        // declared type is that type's member, as a checker reads it (its calls are none of the named function's).
        const typed = property && value.declared ? this.member(value.declared, name, depth + 1) : undefined;
        if (typed && typed.kind !== 'opaque') return typed;
        const held = property && this.propertyValue(value.file, property, depth + 1);
        if (held) return held;
        const declared = this.namespaceClass(value.file, value.path, name) ?? this.prototypeMember(value.file, value.path, name) ?? this.expandoValue(value.file, value.path, name, depth + 1)
          ?? this.instanceMember(value.file, value.path, name, depth + 1);
        if (declared) return declared;
        if (value.declared) return this.member(value.declared, name, depth + 1) ?? OPAQUE;
        // A name holding another value (`const request = exports`, after `exports = module.exports`)
        // that the module also sets properties on (`request.make = make`): its other members are that value's.
        const aliased = this.aliasedModuleName(value.file, value.path, depth + 1);
        return aliased ? this.member(aliased, name, depth + 1) ?? OPAQUE : OPAQUE;
      }
      case 'function':
        // `const getActivator = assertInWorkflowContext.bind(null, …)`: a function giving what it gives
        // (an alias: calling it is no call of the original as a checker counts them).
        if (name === 'bind' && this.symbols(value.file)?.family === 'js') return { kind: 'builtin', result: aliased(value) };
        // `View.prototype` of a constructor function holds its instances' members.
        const prototype = name === 'prototype' ? this.constructorInstance(value) : undefined;
        if (prototype) return prototype;
        return (value.instance ? this.prototypeMember(value.file, value.fn.qualified_name, name) : undefined)
          ?? this.expandoValue(value.file, value.fn.qualified_name, name, depth + 1) ?? this.instanceMember(value.file, value.fn.qualified_name, name, depth + 1) ?? OPAQUE;
      default:
        return OPAQUE;
    }
  }

  /**
   * A member of a JS/TS class read off a base made by a call (`class Icon extends Schema.Class<Icon>("Icon")({ … })`,
   * up its hierarchy): the class's static side extends the value that call returns, whose members it has.
   */
  private heritageMember(cls: ClassInfo, name: string, depth: number): Value | undefined {
    if (this.tooDeep(depth) || this.symbols(cls.file)?.family !== 'js') return undefined;
    for (const owner of this.mro(cls).classes) {
      const made = this.heritageValue(owner, depth + 1);
      const member = made && this.member(made, name, depth + 1);
      if (member && member.kind !== 'opaque') return member;
    }
    return undefined;
  }

  /**
   * A member of a TS class or interface from a base that is a type, not a class: cheerio's mixins,
   * `interface Cheerio<T> extends MethodsType` of `type MethodsType = typeof Attributes & typeof
   * Traversing`, whose functions (`this: Cheerio<T>`) are the instances' methods.
   */
  private typeHeritageMember(cls: ClassInfo, name: string, depth: number): Value | undefined {
    if (this.tooDeep(depth) || this.symbols(cls.file)?.family !== 'js') return undefined;
    for (const owner of this.mro(cls).classes) {
      const typed = this.typeHeritage(owner, depth + 1);
      const member = typed && this.member(typed, name, depth + 1);
      if (member && member.kind !== 'opaque' && !(member.kind === 'union' && member.options.every((option) => option.kind === 'opaque'))) return member;
    }
    return undefined;
  }

  /** What the bases of a class that name no class evaluate to as types (their union), read once per class. */
  private typeHeritage(cls: ClassInfo, depth: number): Value | undefined {
    return this.ctx.memo(`typeheritage|${cls.file}|${cls.name}`, () => {
      const typed: Value[] = [];
      for (const record of cls.records) {
        for (const base of record.bases) {
          const name = typeName(base);
          const read = name === undefined ? undefined : this.evalPath(cls.file, MODULE_SCOPE, name, depth + 1);
          // (A type alias is read as a class of kind `type`: what it stands for is the base.)
          if (!name || (read?.kind === 'class' && read.cls.records.some((r) => r.kind !== 'type'))) continue;
          const value = this.typeValue(cls.file, base, depth + 1);
          if (value.kind === 'module' || value.kind === 'shape' || value.kind === 'union') typed.push(value);
        }
      }
      const value = unionOf(typed);
      return value.kind === 'opaque' ? undefined : value;
    }) ?? undefined;
  }

  /** What the bases of a class written as calls evaluate to (their union), read once per class. */
  private heritageValue(cls: ClassInfo, depth: number): Value | undefined {
    return this.ctx.memo(`heritage|${cls.file}|${cls.name}`, () => {
      const made: Value[] = [];
      for (const record of cls.records) {
        for (const base of record.bases) {
          const segments = typeName(base) === undefined ? parseChain(base) : undefined;
          if (!segments || segments[segments.length - 1].calls === 0) continue;
          made.push(this.evalSegments(cls.file, MODULE_SCOPE, segments, record.line, depth + 1) ?? OPAQUE);
        }
      }
      const value = unionOf(made);
      return value.kind === 'opaque' ? undefined : value;
    }) ?? undefined;
  }

  /** A method of a Python class's metaclass, read through the class (`Task._create` under `metaclass=NoPublicConstructor`). */
  private metaclassMethod(cls: ClassInfo, name: string, depth: number): Value | undefined {
    if (this.tooDeep(depth)) return undefined;
    for (const owner of this.mro(cls).classes) {
      for (const record of owner.records) {
        // Not a base (ClassRecord.bases): read off the signature, `class Task(metaclass=NoPublicConstructor)`.
        const meta = /[(,]\s*metaclass\s*=\s*([\w.]+)\s*[,)]/.exec(record.signature)?.[1];
        const value = meta === undefined ? undefined : this.evalPath(owner.file, MODULE_SCOPE, meta, depth + 1);
        const method = value?.kind === 'class' ? this.findMethod(value.cls, name) : undefined;
        if (method) return { kind: 'function', file: method.file, fn: method.fn };
      }
    }
    return undefined;
  }

  private moduleMember(module: Value & { kind: 'module' }, name: string, depth: number): Value | undefined {
    switch (module.family) {
      case 'js':
        return module.file ? this.exportValue(module.file, name, depth) : undefined;
      case 'python': {
        if (module.file) {
          const value = this.moduleName(module.file, name, depth + 1, true);
          if (value) return value;
        }
        const sub = pythonSubmodule(this.ctx, module as PyModule, name);
        return sub ? { kind: 'module', family: 'python', file: sub.file, dir: sub.dir } : undefined;
      }
      case 'go':
        return module.dir !== undefined ? this.goPackageName(module.dir, name, false) : undefined;
      case 'java':
        if (module.file) {
          const base = module.file.slice(module.file.lastIndexOf('/') + 1).replace(/\.java$/, '');
          const cls = this.classInfo(module.file, base);
          if (!cls) return undefined;
          if (name === base) return { kind: 'class', cls };
          return this.member({ kind: 'class', cls }, name, depth + 1);
        }
        if (module.dir !== undefined) {
          const path = `${module.dir}/${name}.java`;
          const cls = this.ctx.isFile(path) ? this.classInfo(path, name) : undefined;
          return cls ? { kind: 'class', cls } : undefined;
        }
        return undefined;
      case 'rust':
        return module.file ? this.rustItem(module.file, name, depth) : undefined;
      default: {
        if (!module.file) return undefined;
        const syms = this.symbols(module.file);
        const fn = syms?.functions.get(name);
        if (fn && !fn.class_name) return { kind: 'function', file: module.file, fn };
        const cls = syms?.classes.has(name) ? this.classInfo(module.file, name) : undefined;
        return cls ? { kind: 'class', cls } : undefined;
      }
    }
  }

  private rustItem(file: string, name: string, depth: number): Value | undefined {
    const syms = this.symbols(file);
    if (!syms) return undefined;
    const fn = syms.functions.get(name);
    if (fn && !fn.class_name && !fn.parent_function) return { kind: 'function', file, fn };
    if (syms.classes.has(name)) {
      const cls = this.classInfo(file, name);
      if (cls) return { kind: 'class', cls };
    }
    const used = syms.imports.get(name)?.at(-1);
    if (used) return this.importValue(file, used, depth + 1);
    const child = rustChildModule(this.ctx, file, name);
    return child ? { kind: 'module', family: 'rust', file: child } : undefined;
  }

  /** A JS/TS module's export `name`, through `export … from` chains and barrels. */
  exportValue(file: string, name: string, depth: number): Value | undefined {
    if (this.tooDeep(depth)) return undefined;
    return this.ctx.memo(`export|${file}|${name}`, () => this.computeExport(file, name, depth));
  }

  private computeExport(file: string, name: string, depth: number): Value | undefined {
    const syms = this.symbols(file);
    if (!syms) return undefined;
    for (const re of syms.reexports) {
      if (re.imported === '*' && re.local === '*') continue;
      if (re.local !== name) continue;
      const module = this.resolveModule(file, re.module, 'js');
      if (!module) return EXTERNAL;
      return re.imported === '*' ? module : this.exportValue(module.file!, re.imported, depth + 1);
    }
    // `exports.array = {}` with `exports.array.flatten = function …` (mongoose's utils): an object of what is set on it.
    for (const holder of [`exports.${name}`, `module.exports.${name}`]) if (syms.holders.has(holder)) return { kind: 'object', file, path: holder };
    for (const exp of syms.record.exports) {
      if (exp.name !== name) continue;
      const local = exp.local ?? name;
      if (local === 'default' && name === 'default') continue;
      // `module.exports = { prepareValue: function prepareValueWrapper(…) {…} }`: the member written there,
      // not a definition of the module its name may share (`const prepareValue = …`).
      const member = syms.objects.get(UNNAMED_OBJECT)?.get(local);
      if (member && member.line === exp.line) return { kind: 'function', file, fn: member };
      const value = local.includes('.') ? this.evalPath(file, MODULE_SCOPE, local, depth + 1) : this.moduleName(file, local, depth + 1);
      if (value) return value;
    }
    if (name !== 'default') {
      for (const re of syms.reexports) {
        if (re.local !== '*') continue;
        const module = this.resolveModule(file, re.module, 'js');
        if (!module?.file) continue;
        const value = this.exportValue(module.file, name, depth + 1);
        if (value && value.kind !== 'opaque') return value;
      }
    }
    if (name === 'default') {
      // CommonJS `module.exports = function …` is the module as a whole.
      const whole = syms.functions.get('module.exports');
      if (whole) return { kind: 'function', file, fn: whole };
      // `export default { isArray, forEach: each, merge() {} }`: the file's unnamed object.
      if (syms.objectProperties.has(UNNAMED_OBJECT) || syms.objects.has(UNNAMED_OBJECT)) return { kind: 'object', file, path: UNNAMED_OBJECT };
      // `export default shallowProperty('length')`, `module.exports = new Mongoose()`: what the call gives;
      // `module.exports = typeof Object.is === 'function' ? Object.is : _objectIs`: one of those, the
      // module's value itself (no copy of it: importers' calls are calls of _objectIs, as the checker reads them).
      for (const bound of ['default', 'module.exports']) {
        if (!syms.bindings.get(MODULE_SCOPE)?.has(bound)) continue;
        const value = this.moduleName(file, bound, depth + 1);
        if (value) return unaliased(value);
      }
    }
    // Definitions marked exported by the extractor (`export function f`, `exports.f = …`).
    const fn = syms.functions.get(name);
    if (fn?.exported && !fn.class_name) return { kind: 'function', file, fn };
    if (syms.classes.get(name)?.some((c) => c.exported)) {
      const cls = this.classInfo(file, name);
      if (cls) return { kind: 'class', cls };
    }
    // A namespace of types (`export declare namespace Api { interface Handler … }`).
    if (syms.namespaceClasses.has(name)) return { kind: 'object', file, path: name };
    // JSDoc's `@typedef {import("./m").T} Name` names a type importers of the module can name too.
    const typedef = syms.imports.get(name)?.find((binding) => syms.record.imports.some((imp) => imp.type_only && imp.line === binding.line));
    if (typedef) return this.importValue(file, typedef, depth + 1);
    // CommonJS `module.exports = SourceProcessor` with `SourceProcessor.PrintContext = PrintContext`,
    // or `module.exports = scripts` of `const scripts = { addJob() {…} }` (bull): a name the module
    // does not export is a property of its value (`import("m").PrintContext`).
    if (name !== 'default' && syms.record.exports.some((e) => e.name === 'default' && !e.property)) {
      const whole = this.exportValue(file, 'default', depth + 1);
      if (whole?.kind === 'class' || whole?.kind === 'function' || whole?.kind === 'object') return this.member(whole, name, depth + 1);
    }
    // `var Auth = exports; Auth.auth = auth` (mysql): a name the module's exports are bound to holds them.
    if (syms.family === 'js' && name !== 'default') {
      for (const [alias, bound] of syms.bindings.get(MODULE_SCOPE) ?? []) {
        if (!bound.some((binding) => binding.init_name === 'exports' || binding.init_name === 'module.exports')) continue;
        const value = this.evalPath(file, MODULE_SCOPE, `${alias}.${name}`, depth + 1);
        if (value && value.kind !== 'opaque') return value;
      }
    }
    return undefined;
  }

  // ---- expressions -----------------------------------------------------------------------

  /** Evaluates a dotted name (`Foo`, `models.Foo`, `a::b::C`) at a file's top level. */
  evalPath(file: string, scope: string, path: string, depth: number): Value | undefined {
    const segments = parseChain(path);
    return segments ? this.evalSegments(file, scope, segments, 0, depth) : undefined;
  }

  /** Evaluates access segments; `self` stands for what `this` means when it is not the enclosing definition's. */
  evalSegments(file: string, caller: string, segments: Segment[], line: number, depth: number, self?: { value: Value | undefined }): Value | undefined {
    if (this.tooDeep(depth) || segments.length === 0) return undefined;
    const head = self && segments[0].name === 'this' ? { value: self.value, consumed: 1 } : this.evalHead(file, caller, segments, line, depth);
    let consumed = head?.consumed ?? 1;
    let current = head?.value;
    current = current && this.applySuffixes(current, segments[0], depth, this.untypedIndex(file, caller, segments[0], line));
    const paths = this.narrowedPaths(file);
    for (; consumed < segments.length && current; consumed++) {
      const segment = segments[consumed];
      const narrowed = paths.size > 0 && !self ? this.narrowedPath(file, caller, segments, consumed, line, paths, depth) : undefined;
      const object = this.asValue(current, depth);
      const next = narrowed?.keeps
        ? unionOf([narrowed.value, this.attribute(object, segment.name, depth + 1) ?? OPAQUE])
        : narrowed?.value ?? this.attribute(object, segment.name, depth + 1);
      current = next && this.applySuffixes(next, segment, depth, this.untypedIndex(file, caller, segment, line));
    }
    return current;
  }

  /** The attribute paths a file's narrowings name (`self.left` in `if isinstance(self.left, JSONPath):`). */
  private narrowedPaths(file: string): Set<string> {
    return this.ctx.memo(`narrowed|${file}`, () => {
      const out = new Set<string>();
      for (const names of this.symbols(file)?.bindings.values() ?? []) {
        for (const [name, list] of names) if (name.includes('.') && list.some((b) => b.end_line !== undefined && b.type)) out.add(name);
      }
      return out;
    }) ?? new Set();
  }

  /**
   * The type a narrowing gives the attribute path ending at `segments[at]` where `line` is in its
   * branch, unless the path is assigned again between the narrowing and the line; `keeps` when the
   * path may also hold what it held before (LocalBinding.keeps).
   */
  private narrowedPath(file: string, caller: string, segments: Segment[], at: number, line: number, paths: Set<string>, depth: number): { value: Value; keeps: boolean } | undefined {
    const path = segments.slice(0, at + 1);
    if (path.some((segment, i) => segment.calls > 0 || segment.indexed || segment.cast || segment.operation || segment.isNew || (i > 0 && segment.sep !== '.'))) return undefined;
    const name = path.map((segment) => segment.name).join('.');
    if (!paths.has(name)) return undefined;
    // Only in the function that tests it: a nested function may run after the attribute changed.
    const bound = this.symbols(file)?.bindings.get(caller)?.get(name);
    const narrowing = bound?.filter((b) => b.type && b.end_line !== undefined && b.line <= line && line <= b.end_line).pop();
    if (!narrowing || bound!.some((b) => b.end_line === undefined && b.line > narrowing.line && b.line <= line)) return undefined;
    const value = this.bindingValue(file, caller, narrowing, depth + 1);
    return value.kind === 'opaque' ? undefined : { value, keeps: narrowing.keeps === true };
  }

  private evalHead(file: string, caller: string, segments: Segment[], line: number, depth: number): { value: Value | undefined; consumed: number } | undefined {
    const head = segments[0];
    const syms = this.symbols(file);
    if (!syms) return undefined;
    if (head.cast) return { value: this.typeValue(file, head.cast, depth + 1), consumed: 1 };
    if (head.operation) return { value: syms.family === 'python' ? this.operationValue(file, caller, head.operation, line, depth + 1) : undefined, consumed: 1 };
    if (head.either) {
      // `(this.delegate || Date).now()`: any alternative tldr knows (as for `const x = a || b`).
      const value = unionOf(head.either.map((text) => this.expressionValue(file, caller, text, line, depth + 1) ?? OPAQUE));
      return { value: value.kind === 'opaque' ? undefined : value, consumed: 1 };
    }
    const next = segments[1];
    if (syms.family === 'rust' && next?.sep === '::' && (head.name === 'crate' || head.name === 'super' || head.name === 'self')) {
      let target: string | undefined = head.name === 'crate' ? rustCrateRoot(this.ctx, file) : head.name === 'super' ? rustParentModule(this.ctx, file) : file;
      let consumed = 1;
      while (target && head.name === 'super' && segments[consumed]?.name === 'super') {
        target = rustParentModule(this.ctx, target);
        consumed++;
      }
      return { value: target ? { kind: 'module', family: 'rust', file: target } : undefined, consumed };
    }
    if (head.name === 'super' && head.calls <= 1) {
      const cls = this.enclosingClass(file, caller);
      return { value: cls ? { kind: 'super', cls } : undefined, consumed: 1 };
    }
    if (head.name === 'Self' && syms.family === 'rust') {
      const cls = this.enclosingClass(file, caller);
      return { value: cls ? { kind: 'class', cls } : undefined, consumed: 1 };
    }
    if ((isSelfName(syms.family, head.name) || (syms.family === 'python' && (head.name === 'cls' || this.isReceiverParam(file, caller, head.name))))
      && !(head.name === 'cls' && this.assignedLocal(syms, caller, 'cls', line))) {
      const self = this.selfValue(file, caller, head.name, depth);
      // Outside a class, `self` is an ordinary (maybe annotated) parameter: `def visit(self: "Gen", …)`.
      if (self || syms.family !== 'python') return { value: self, consumed: 1 };
    }
    const named = this.lookupName(file, caller, head.name, line, depth + 1);
    return (syms.family === 'js' ? this.commonJsHead(file, syms, segments, named, line, depth) : undefined) ?? { value: named, consumed: 1 };
  }

  /** The CommonJS names a path may begin with where nothing else binds them: `require('m')`, `exports`, `module.exports`. */
  private commonJsHead(file: string, syms: FileSymbols, segments: Segment[], named: Value | undefined, line: number, depth: number): { value: Value; consumed: number } | undefined {
    const [head, next] = segments;
    // `require('./ws').streamBuilder(…)` (mqtt): what that line's one require gives.
    if (named === undefined && head.name === 'require' && head.calls > 0) {
      const specs = new Set(syms.record.imports.filter((imp) => imp.kind === 'require' && imp.line === line).map((imp) => imp.module));
      return specs.size === 1 ? { value: { kind: 'builtin', result: this.requiredValue(file, [...specs][0], depth + 1) }, consumed: 1 } : undefined;
    }
    // A module reads its own exports through `exports.f` and `module.exports.f` (the members
    // `exports.f = …` sets make `exports` an object of the file's, not a name it binds).
    const free = named === undefined || (named.kind === 'object' && named.file === file && named.path === head.name);
    if (!free || syms.record.language !== 'javascript') return undefined;
    const own: Value = { kind: 'module', family: 'js', file };
    if (head.name === 'exports') return { value: own, consumed: 1 };
    return head.name === 'module' && next?.name === 'exports' && next.sep === '.' ? { value: own, consumed: 2 } : undefined;
  }

  /**
   * What a Python binary operation gives: the left operand's operator method (`__add__`), else the
   * right one's reflected method (`__radd__`: `":" + expr`), as their declared returns say.
   */
  private operationValue(file: string, caller: string, operation: BinaryOperation, line: number, depth: number): Value | undefined {
    if (this.tooDeep(depth)) return undefined;
    const name = PYTHON_OPERATOR_METHODS.get(operation.operator)!;
    for (const [side, method] of [[operation.left, `__${name}__`], [operation.right, `__r${name}__`]] as const) {
      const value = this.expressionValue(file, caller, side, line, depth + 1);
      const found = value?.kind === 'instance' ? this.findMethod(value.cls, method) : undefined;
      if (found) return this.returnValue(found.file, found.fn, depth + 1);
    }
    return undefined;
  }

  /** Whether `caller` is a function of no class declaring a parameter `name` (which paramNames leaves out for `self`/`cls`). */
  private ownParam(syms: FileSymbols, caller: string, name: string): boolean {
    const fn = syms.functions.get(caller);
    return fn !== undefined && fn.class_name === undefined && fn.params.some((param) => /^\**([\w$]+)/.exec(param)?.[1] === name);
  }

  /** The value of an expression as written: a name, path or call chain, or a Python binary operation. */
  private expressionValue(file: string, caller: string, text: string, line: number, depth: number): Value | undefined {
    // A literal list or mapping, as bindings.ts writes one.
    if (text === '[]') return SOME_LIST;
    if (text === '{}') return SOME_MAPPING;
    const operation = splitBinary(text);
    if (operation) return this.symbols(file)?.family === 'python' ? this.operationValue(file, caller, operation, line, depth) : undefined;
    const built = this.builtinIterable(file, caller, text, line, depth);
    if (built) return built;
    const segments = parseChain(text);
    return segments ? this.evalSegments(file, caller, segments, line, depth) : undefined;
  }

  /** A list a runtime builtin makes of what it is given: `Object.values(o)`, `list(xs)`, `enumerate(xs)`. */
  private builtinIterable(file: string, caller: string, text: string, line: number, depth: number): Value | undefined {
    return this.objectValues(file, caller, text, line, depth) ?? this.pythonCopy(file, caller, text, line, depth);
  }

  /**
   * JavaScript's `Object.values(o)` of an object whose property values have one declared type (a
   * `Record<K, V>`, an index signature): a list of them (`for (const stats of Object.values(this.byQuery))`).
   */
  private objectValues(file: string, caller: string, text: string, line: number, depth: number): Value | undefined {
    const call = oneArgumentCall(text, /^Object\.values$/);
    if (!call || this.symbols(file)?.family !== 'js') return undefined;
    const object = this.expressionValue(file, caller, call.argument, line, depth + 1);
    const element = object ? this.propertyValues(object, depth + 1) : OPAQUE;
    return element.kind === 'opaque' ? undefined : { kind: 'array', element };
  }

  /** What every property of an object holds, where its type says it once: a Record's values, an index signature's type. */
  private propertyValues(value: Value, depth: number): Value {
    if (value.kind === 'map' && value.lib === 'Record') return value.value;
    if (value.kind === 'shape') {
      const type = value.members.get(INDEX_MEMBER);
      return type === undefined ? OPAQUE : this.typeValue(value.file, type, depth + 1);
    }
    if (value.kind === 'union' && !this.tooDeep(depth)) return unionOf(value.options.map((option) => this.propertyValues(option, depth + 1)));
    return OPAQUE;
  }

  /**
   * A Python collection built from an iterable (`list(routes)`, `tuple(xs)`, where the builtin is
   * not shadowed): a list of the iterable's elements, as a checker infers it; `enumerate(xs)` one of
   * (index, element) pairs.
   */
  private pythonCopy(file: string, caller: string, text: string, line: number, depth: number): Value | undefined {
    const copy = oneArgumentCall(text, /^(list|tuple|set|frozenset|enumerate)$/);
    if (!copy || this.symbols(file)?.family !== 'python') return undefined;
    if (this.tooDeep(depth) || this.lookupName(file, caller, copy.callee, line, depth + 1) !== undefined) return undefined;
    const iterated = this.expressionValue(file, caller, this.iteratedText(file, caller, copy.argument, line), line, depth + 1);
    const element = iterated ? this.elementOf(iterated, depth + 1) : OPAQUE;
    if (element.kind === 'opaque') return undefined;
    // enumerate(xs): pairs of an index and an element.
    return { kind: 'array', element: copy.callee === 'enumerate' ? { kind: 'tuple', items: [OPAQUE, element] } : element };
  }

  /**
   * Whether a Python function assigns `name` itself before `line`: for `cls` (`for cls in mro:` in a
   * method taking `self`), the name is then that local variable, not the method's class. (A `self`
   * made in `__new__`, `self = str.__new__(cls, value)`, is the instance the receiver stands for.)
   */
  private assignedLocal(syms: FileSymbols, caller: string, name: string, line: number): boolean {
    return syms.family === 'python' && (syms.bindings.get(caller)?.get(name) ?? []).some((b) => b.end_line === undefined && b.line <= line);
  }

  /** A Python method's first parameter under another name than `self` / `cls` (`def forward(__self, …)`). */
  private isReceiverParam(file: string, caller: string, name: string): boolean {
    return this.symbols(file)?.receivers.get(caller) === name;
  }

  /**
   * Whether a Python index is a parameter of the function declaring neither a type nor a default
   * (`all_types[index]`): the checker cannot tell an index from a slice there, so an item of a list
   * or tuple (whose `__getitem__` is overloaded on both) is unknown to it.
   */
  private untypedIndex(file: string, caller: string, segment: Segment, line: number): boolean {
    if (!segment.indexed || segment.key === undefined) return false;
    const syms = this.symbols(file);
    if (syms?.family !== 'python' || this.assignedLocal(syms, caller, segment.key, line)) return false;
    const fn = syms.functions.get(caller);
    return fn?.params.some((param) => param.trim() === segment.key) ?? false;
  }

  /**
   * `new X` and call suffixes turn classes into instances and functions into their return values;
   * an index gives an item, none of a list or tuple for an `untypedIndex`.
   */
  private applySuffixes(value: Value, segment: Segment, depth: number, untypedIndex = false): Value | undefined {
    let current: Value | undefined = segment.calls > 0 && !segment.isNew ? this.asValue(value, depth) : value;
    if (segment.isNew) current = this.constructed(current);
    if (segment.name === 'super' && segment.calls > 0 && current?.kind === 'super') return current;
    for (let i = 0; i < segment.calls && current; i++) current = this.callResult(current, depth);
    if (segment.awaited && current) current = awaitedValue(current);
    if (untypedIndex && (current?.kind === 'array' || current?.kind === 'tuple')) return OPAQUE;
    if (segment.indexed && current) {
      // A member declared under a computed key (`[$mobx]: Administration`) before an element of it.
      const keyed = segment.key !== undefined && current.kind === 'instance' ? this.fieldValue(current.cls, `[${segment.key}]`, depth + 1) : undefined;
      current = keyed && keyed.kind !== 'opaque' ? keyed : this.itemOf(current, depth + 1);
    }
    return current;
  }

  /**
   * A TypeScript name may declare a type and a value at once (`interface String …` beside `const
   * String: String = …`): where it is read as a value (called, or a member read off it) the name is
   * that value. An interface or type alias is so replaced by the module-level value of its name, when
   * it has one (a `new` of one is left as it was: its value's construct signatures are not read).
   */
  private asValue(value: Value, depth: number): Value {
    if (value.kind !== 'class' || !value.cls.records.every((record) => record.kind === 'interface' || record.kind === 'type')) return value;
    const syms = this.symbols(value.cls.file);
    const bound = syms?.family === 'js' ? syms.bindings.get(MODULE_SCOPE)?.get(value.cls.name) : undefined;
    if (!bound?.length || this.tooDeep(depth)) return value;
    return unionOf(inForce(bound).map((binding) => this.bindingValue(value.cls.file, MODULE_SCOPE, binding, depth + 1)));
  }

  /** What `new value(…)` creates: exactly that class, unless only a type says which class it is. */
  private constructed(value: Value): Value {
    if (value.kind === 'class' && value.untyped) return OPAQUE;
    if (value.kind === 'class') return value.typed ? { kind: 'instance', cls: value.cls } : { kind: 'instance', cls: value.cls, exact: true };
    if (value.kind === 'union') return unionOf(value.options.map((option) => this.constructed(option)));
    // `new BigInteger(null)` of a constructor function: the instance its members are set for.
    if (value.kind === 'function') return this.constructorInstance(value) ?? OPAQUE;
    return value.kind === 'external' ? exactly(value) : OPAQUE;
  }

  /** What calling a value returns. */
  private callResult(value: Value, depth: number): Value {
    switch (value.kind) {
      case 'builtin':
        return value.result;
      case 'class':
        return this.constructed(value);
      case 'function':
        return this.returnValue(value.file, value.fn, depth + 1, value.self);
      case 'instance': {
        // A callable object: what its `__call__` returns, or its interface's call signatures.
        const call = this.findMethod(value.cls, '__call__');
        return call ? this.returnValue(call.file, call.fn, depth + 1) : this.callSignatureResult(value.cls, depth + 1);
      }
      case 'external':
        return EXTERNAL;
      case 'union':
        return unionOf(value.options.map((option) => this.callResult(option, depth)));
      default:
        return OPAQUE;
    }
  }

  /**
   * What calling a value of an interface with call signatures gives: their return types, a type
   * parameter of the interface read as the heritage between it and the value's type fixes it
   * (rxjs's `OperatorFunction<T, R> extends UnaryFunction<Observable<T>, Observable<R>>` with
   * `(source: T): R` gives an Observable).
   */
  private callSignatureResult(cls: ClassInfo, depth: number): Value {
    const declared = this.tooDeep(depth) ? undefined : this.declaredField(cls, CALL_MEMBER);
    if (!declared) return OPAQUE;
    const { owner, type } = declared;
    return unionOf(splitTopLevel(type, '&').map((signature) => {
      const returns = functionTypeParts(signature.trim().replace(/^\(([\s\S]*)\)$/, '$1'))?.returns;
      if (!returns) return OPAQUE;
      const bound = this.typeArgument(cls, owner, returns) ?? { file: owner.file, type: returns };
      return this.typeValue(bound.file, bound.type, depth + 1);
    }));
  }

  /**
   * Item `index` of the tuple a call of `callee` returns, as its declared return type says; for a
   * class, as its `__new__` declares (trio's `class open_memory_channel(Tuple[…])` under TYPE_CHECKING).
   */
  private tupleItem(callee: Value, index: number, depth: number): Value {
    if (callee.kind === 'union') return unionOf(callee.options.map((option) => this.tupleItem(option, index, depth + 1)));
    if (this.tooDeep(depth)) return OPAQUE;
    // Go's `x, err := f()`: f's result at that position.
    if (callee.kind === 'function' && this.symbols(callee.file)?.family === 'go') {
      const type = callee.fn.return_type === undefined ? undefined : goResults(callee.fn.return_type)?.[index];
      return type === undefined ? OPAQUE : this.typeValue(callee.file, type, depth + 1);
    }
    const made = callee.kind === 'class' ? this.findMethod(callee.cls, '__new__') : undefined;
    const result = made ? this.returnValue(made.file, made.fn, depth + 1) : callee.kind === 'class' ? OPAQUE : this.callResult(callee, depth + 1);
    // A union of tuples (`return t, msg` / `return None, None`) gives the union of their items.
    return this.namedTupleItem(result, index, depth + 1);
  }

  /**
   * Item `index` of a tuple (`for bp, options in self._blueprints`), of a NamedTuple instance (`for
   * text, style in segments`): its field's declared type, or of a list unpacked (`a, b = xs`): an element.
   */
  private namedTupleItem(value: Value, index: number, depth: number): Value {
    if (value.kind === 'union') return unionOf(value.options.map((option) => this.namedTupleItem(option, index, depth + 1)));
    if (value.kind === 'tuple') return value.items[index] ?? OPAQUE;
    // An item of a library's value is a library's value (Go's `pr, pw := io.Pipe()`, `ctx, cancel := context.WithCancel(…)`).
    if (value.kind === 'external') return EXTERNAL;
    if (value.kind === 'array') return value.element;
    if (value.kind !== 'instance' || this.tooDeep(depth)) return OPAQUE;
    const [record] = value.cls.records;
    if (!record?.bases.some((base) => NAMED_TUPLE.test(base.trim()))) return OPAQUE;
    const field = record.fields.filter((f) => f.type !== undefined)[index];
    return field?.type ? this.typeValue(value.cls.file, field.type, depth + 1) : OPAQUE;
  }

  /**
   * What iterating a value gives (`for (const x of xs)`, `for x in xs`): an array's elements, or
   * for an instance of a class defining `__iter__` what its iterator yields.
   */
  private elementOf(value: Value, depth: number): Value {
    if (value.kind === 'array') return value.element;
    // (`for k, v := range m` binds v, a Go map's value.)
    if (value.kind === 'map' && (value.lib === 'Record' || value.lib === GO_MAP)) return value.value;
    if (value.kind === 'union') return unionOf(value.options.map((option) => this.elementOf(option, depth + 1)));
    if (value.kind === 'instance' && !this.tooDeep(depth)) {
      const iter = this.findMethod(value.cls, '__iter__');
      const iterator = iter ? this.returnValue(iter.file, iter.fn, depth + 1) : OPAQUE;
      return iterator.kind === 'array' ? iterator.element : OPAQUE;
    }
    return value.kind === 'external' ? EXTERNAL : OPAQUE;
  }

  /**
   * What indexing a value gives (`xs[0]`, `handlers[name]`): an element of a list, a value of a
   * mapping, what a Python class's `__getitem__` returns (`self[uri]` in a Mapping subclass), what a
   * TypeScript index signature declares.
   */
  private itemOf(value: Value, depth: number): Value {
    if (value.kind === 'map') return value.value;
    if (value.kind === 'shape') {
      const type = value.members.get(INDEX_MEMBER);
      return type === undefined ? OPAQUE : this.typeValue(value.file, type, depth + 1);
    }
    if (value.kind === 'union') return unionOf(value.options.map((option) => this.itemOf(option, depth + 1)));
    if (value.kind !== 'instance' || this.tooDeep(depth)) return this.elementOf(value, depth + 1);
    const get = this.findMethod(value.cls, '__getitem__');
    const item = get ? this.returnValue(get.file, get.fn, depth + 1) : this.fieldValue(value.cls, INDEX_MEMBER, depth + 1) ?? OPAQUE;
    return item.kind === 'opaque' ? this.elementOf(value, depth + 1) : item;
  }

  // ---- calls -----------------------------------------------------------------------------

  /**
   * Where a call site in `file` leads: one target, or several when the receiver is one of several
   * types (each option defining the method is a possible callee). Always at least one element.
   * `read`: the site reads the member rather than calling it, so a class there is itself the target.
   */
  resolveCall(file: string, site: Pick<CallSite, 'callee' | 'name' | 'caller' | 'line' | 'kind' | 'this_from'>, read = false): CallTarget[] {
    const body = this.classBody(file, site.caller, site.line);
    const call = body ? { ...site, caller: body } : site;
    const literal = this.symbols(file)?.family === 'js' ? literalReceiverType(call.callee) : undefined;
    // A literal, or what the runtime makes, is that type itself: no project subclass overriding its method runs.
    if (literal) return [{ via: 'external', lib: `${literal}.${call.name}`, bound: 'exact' }];
    const segments = parseChain(call.callee);
    if (!segments) return [{ via: 'name' }];
    const last = segments[segments.length - 1];
    if (last.cast) return [{ via: 'name' }];
    // `this[kDispatch](…)`: member `[kDispatch]` of what the chain before the key gives.
    const computed = call.name.startsWith('[') && last.indexed && last.calls === 0 && `[${last.key}]` === call.name;
    if (last.calls > 0 && !computed) return this.resultCallTargets(file, call, segments);
    if (segments.length === 1 && !computed) return this.resolveBare(file, call, last);
    const receiverSegments = computed ? [...segments.slice(0, -1), { ...last, indexed: false, key: undefined }] : segments.slice(0, -1);
    const memberName = computed ? call.name : last.name;
    const self = call.this_from && { value: this.callbackThis(file, call.caller, call.this_from, call.line) };
    const evaluated = this.evalSegments(file, call.caller, receiverSegments, call.line, 0, self);
    if (!evaluated) return [{ via: 'name' }];
    const receiver = this.asValue(evaluated, 0);
    // JS `this` declared by a `this:` parameter or a callback's function type is a value of that type.
    const ownThis = () => self === undefined && (this.symbols(file)?.family !== 'js' || this.enclosingClass(file, call.caller) !== undefined);
    // A method of a type outside the project: kept by that type's name for dispatch to the project's implementations.
    const receiverLib = libOf(receiver);
    const lib = receiverLib ? `${receiverLib}.${memberName}` : undefined;
    // A runtime type's value constructed as that type: its method runs, no subclass's.
    const exact = isRuntimeTyped(receiver) && receiver.exact ? { bound: 'exact' as const } : {};
    if (receiver.kind === 'external') return [lib ? { via: 'external', lib, ...exact } : { via: 'external' }];
    // `f.call(thisArg, …)`, `f.apply(…)`, `f.bind(…)`: a call (or a bound copy) of `f` itself, as
    // far as the receiver `f` was read from lets dispatch carry it (`this.run.bind(this)`).
    if (receiver.kind === 'function' && FUNCTION_CALLERS.has(memberName) && this.symbols(file)?.family === 'js') {
      const to: CallTarget = { to: { file: receiver.file, name: receiver.fn.qualified_name }, via: receiver.file === file ? 'local' : 'import' };
      const ownerSegments = receiverSegments.slice(0, -1);
      const owner = ownerSegments.length > 0 ? this.evalSegments(file, call.caller, ownerSegments, call.line, 0, self) : undefined;
      const bound = owner && this.receiverRule(file, owner, ownerSegments, receiverSegments[receiverSegments.length - 1].name, receiver, ownThis())?.bound;
      if (bound) to.bound = bound;
      return [to];
    }
    const target = this.member(receiver, memberName, 1);
    if (lib && target?.kind !== 'function') return [{ via: 'external', lib, ...exact }];
    if (!target) return [{ via: 'name' }];
    if (target.kind === 'opaque') {
      const family = this.symbols(file)?.family;
      const isSelf = receiverSegments.length === 1 && isSelfName(family, receiverSegments[0].name);
      const own = receiver.kind === 'super' ? receiver.cls : receiver.kind === 'instance' && isSelf && !receiver.exact && ownThis() ? receiver.cls : undefined;
      const lacking = own && this.undefinedOwnMember(file, own, memberName, receiver.kind === 'super');
      if (lacking) return [lacking];
      // Go: a value's methods are its type's and its embedded types'; one no project type there has
      // is an embedded library type's (`bw.Write` of a struct embedding `*bufio.Writer`).
      if (family === 'go' && receiver.kind === 'instance' && this.lacking(receiver.cls, memberName)?.library) return [{ via: 'external' }];
    }
    if (target.kind === 'external') return [{ via: 'external' }];
    // `xs.pop()`, `d.get(k)`: a method of the runtime's whose result tldr follows.
    if (target.kind === 'builtin' && (receiver.kind === 'array' || receiver.kind === 'map')) return [{ via: 'external' }];
    const rule = this.receiverRule(file, receiver, receiverSegments, memberName, target, ownThis());
    if (!rule) return [{ via: 'name' }];
    const { via, bound } = rule;
    const options = target.kind === 'union' ? target.options : [target];
    const out: CallTarget[] = [];
    for (const option of options) {
      if ((option.kind === 'function' || option.kind === 'class') && option.alias) continue;
      if (option.kind === 'function' || (option.kind === 'builtin' && option.within)) {
        const { file: at, fn } = option.kind === 'function' ? option : option.within!;
        const call: CallTarget = { to: { file: at, name: fn.qualified_name }, via };
        if (bound) call.bound = bound;
        out.push(call);
      }
      else if (option.kind === 'class' && read) {
        // A class read as a value (`yield* Snowflake.Generator`, `ns.Foo.create()`): the class itself.
        out.push({ to: { file: option.cls.file, name: option.cls.name }, via });
      } else if (option.kind === 'class') {
        out.push(...this.instantiation(option.cls, option.typed).filter((created) => created.to));
      }
    }
    if (out.length > 0) return out;
    return [{ via: options.some((option) => option.kind === 'external') ? 'external' : 'name' }];
  }

  /**
   * A call on the caller's own instance of a method that no class of its hierarchy has, where every
   * base is known (a project class or a library's): `super().m()` is then the library's
   * (`super().__init__()` in a `threading.Thread`); `self.m()` / `this.m()` the library's or an
   * override's in a subclass — never a method of an unrelated class of the same name, among whose
   * possible callers it would otherwise be listed (`this.emit()` in every EventEmitter subclass).
   * Python, JS/TS and Java (`cls` the class of the method called from); undefined when the hierarchy
   * may hold the name after all (an attribute, a class-body binding, `__getattr__`, a base that is neither).
   */
  private undefinedOwnMember(file: string, cls: ClassInfo, name: string, viaSuper: boolean): CallTarget | undefined {
    const family = this.symbols(file)?.family;
    if (family !== 'python' && family !== 'js' && family !== 'java') return undefined;
    const hierarchy = this.lacking(cls, name);
    if (!hierarchy) return undefined;
    if (viaSuper) return hierarchy.library ? { via: 'external' } : undefined;
    return { via: 'name', subclassOnly: true };
  }

  /**
   * Whether a class's known hierarchy (knownHierarchy) lacks a member `name` altogether, and
   * whether it has a library's base; undefined when the name may be there after all.
   */
  private lacking(cls: ClassInfo, name: string): { library: boolean } | undefined {
    const hierarchy = this.knownHierarchy(cls);
    return hierarchy && !this.hierarchyHolds(cls, name) ? hierarchy : undefined;
  }

  /**
   * Java: an unqualified call that no enclosing scope defines, in a method of a top-level class, is
   * a call on `this` (undefinedOwnMember): `add(x)` in a subclass of ArrayList.
   */
  private implicitThisCall(file: string, caller: string, name: string): CallTarget | undefined {
    const syms = this.symbols(file);
    if (syms?.record.language !== 'java') return undefined;
    // A wildcard import tldr cannot read may be a static one bringing the name.
    const unread = this.ctx.memo(`unreadstar|${file}`, () => syms.starImports.some((star) => !READ_IMPORTS.has(this.importValue(file, star, 0).kind)));
    if (unread !== false) return undefined;
    const cls = this.enclosingClass(file, caller);
    if (!cls || cls.name.includes('.') || caller.lastIndexOf('.') !== cls.name.length) return undefined;
    return this.undefinedOwnMember(file, cls, name, false);
  }

  /**
   * Whether every base up a class's hierarchy is a project class or a library's (a value from outside
   * the project); `library` when one is a library's. Undefined when a base is neither: a name not
   * resolved, a call (`extends Mixin(Base)`), a JS base known only as a type.
   */
  private knownHierarchy(cls: ClassInfo): { library: boolean } | undefined {
    let library = false;
    for (const owner of this.mro(cls).classes) {
      const bases = this.bases(owner);
      if (bases.unknown) return undefined;
      library ||= bases.library;
    }
    return { library };
  }

  /** Whether a class or one up its hierarchy holds a member `name` other than a method: a field, a class-body binding, an attribute a method assigns, or any through `__getattr__`. */
  private hierarchyHolds(cls: ClassInfo, name: string): boolean {
    for (const owner of this.mro(cls).classes) {
      if (owner.methods.has('__getattr__') || owner.methods.has('__getattribute__')) return true;
      if (owner.records.some((record) => record.fields.some((field) => field.name === name))) return true;
      if (this.symbols(owner.file)?.bindings.get(owner.name)?.has(name)) return true;
      if (this.attributeAssignments(owner.file).has(`${owner.name}\u0000${name}`)) return true;
    }
    return false;
  }

  /**
   * Which rule resolves a call of `name` on `receiver` (the value of `segments`) to `target`, and how
   * far dispatch carries it (model.ts ReceiverBound); undefined for a receiver no rule covers.
   * `ownThis`: `this` there is the instance of the class around the call, not a value of a declared
   * type (JS `function (this: Foo)`, a callback literal's `this`: CallSite.this_from).
   */
  private receiverRule(file: string, receiver: Value, segments: Segment[], name: string, target: Value, ownThis: boolean): { via: Via; bound?: ReceiverBound } | undefined {
    const head = segments[0];
    const isSelf = segments.length === 1 && isSelfName(this.symbols(file)?.family, head.name);
    // An exactly-known receiver binds a call to the method it resolved to, unless that is only a
    // declaration (an interface's `pipe` that effect's `String$` has from the class `make()` returns):
    // some implementation of it runs.
    const concrete = target.kind !== 'function' || !isAbstract(target.fn);
    switch (receiver.kind) {
      case 'super':
        return { via: 'super', bound: 'exact' };
      case 'instance': {
        const via = isSelf ? 'self' : 'instance';
        if (receiver.exact && concrete) return { via, bound: 'exact' };
        // `this.m()` in a method of C: C's m or one it inherits, or an override in a subclass of C
        // (callers.ts checks the override's class derives from the caller's).
        const own = via === 'self' && ownThis && target.kind === 'function' && this.findMethod(receiver.cls, name)?.fn === target.fn;
        return own ? { via, bound: 'subclass' } : { via };
      }
      case 'class': {
        const via = isSelf || (segments.length === 1 && head.name === 'cls') ? 'self' : 'static';
        // A class named as such (`ZodString.create`) is exactly that class; a value typed
        // `typeof C` or Python's `cls` may be a subclass.
        return via === 'static' && !receiver.typed && concrete ? { via, bound: 'exact' } : { via };
      }
      case 'module':
        return { via: 'module' };
      case 'function':
        // A property set on a function (`Controller.build = build`), or `this` in a function set on its
        // prototype (`View.prototype.lookup = function () { this.resolve() }`).
        return { via: isSelf ? 'self' : 'static', bound: 'exact' };
      case 'union':
      case 'object':
      case 'literal':
        return { via: 'instance' };
      default:
        return undefined;
    }
  }

  /**
   * A construction of `cls`; through a value only typed as that class, a subclass may be what is
   * created. A class declared for its type only (`declare class Signal`) is implemented by the function
   * of its name (`function Signal(this: Signal, …)`), which the construction runs too.
   */
  private instantiation(cls: ClassInfo, typed = false): CallTarget[] {
    const to = this.constructorTarget(cls);
    if (!to) return [{ via: 'name' }];
    const created: CallTarget = typed ? { to, via: 'constructor' } : { to, via: 'constructor', instantiates: { file: cls.file, name: cls.name } };
    const implementation = cls.records.some((record) => AMBIENT_CLASS.test(record.signature)) ? this.symbols(cls.file)?.functions.get(cls.name) : undefined;
    return implementation && !implementation.class_name ? [created, { to: { file: cls.file, name: implementation.qualified_name }, via: 'constructor' }] : [created];
  }

  /** The class a function implements, declared for its type only under the function's name. */
  private ambientClass(fn: Value & { kind: 'function' }): ClassInfo | undefined {
    if (fn.fn.class_name || !this.symbols(fn.file)?.classes.has(fn.fn.qualified_name)) return undefined;
    const cls = this.classInfo(fn.file, fn.fn.qualified_name);
    return cls?.records.some((record) => AMBIENT_CLASS.test(record.signature)) ? cls : undefined;
  }

  /** The interface or type alias declared under the name of a JS/TS function (its value), if any. */
  private typeOfName(fn: Value & { kind: 'function' }): ClassInfo | undefined {
    if (fn.fn.class_name || this.symbols(fn.file)?.family !== 'js' || !this.symbols(fn.file)?.classes.has(fn.fn.qualified_name)) return undefined;
    const cls = this.classInfo(fn.file, fn.fn.qualified_name);
    return cls?.records.every((record) => record.kind === 'interface' || record.kind === 'type') ? cls : undefined;
  }

  /** A call of `super`, `cls` or `this` itself; undefined for any other name. */
  private specialBare(file: string, call: { caller: string; kind: string; line: number }, name: string): CallTarget[] | undefined {
    const syms = this.symbols(file);
    const family = syms?.family;
    if (name === 'super' && family === 'python') return [{ via: 'external' }];
    if (name === 'cls' && family === 'python' && !this.assignedLocal(syms!, call.caller, 'cls', call.line)) {
      // A class body's (or its lambdas') `cls` is no receiver.
      if (syms!.classes.has(call.caller)) return [{ via: 'name' }];
      // `cls` is the class or a subclass: what is created is not known to be this class.
      const cls = this.enclosingClass(file, call.caller);
      return cls ? this.instantiation(cls, true) : [{ via: 'name' }];
    }
    if (name === 'super') {
      const cls = this.enclosingClass(file, call.caller);
      const to = cls && this.constructorTarget(cls, true);
      return [to ? { to, via: 'super' } : { via: 'name' }];
    }
    if (name === 'this' && call.kind !== 'method') {
      const cls = this.enclosingClass(file, call.caller);
      const to = cls && this.constructorTarget(cls);
      return [to ? { to, via: 'constructor' } : { via: 'name' }];
    }
    return undefined;
  }

  private resolveBare(file: string, call: { name: string; caller: string; line: number; kind: string }, segment: Segment): CallTarget[] {
    const special = this.specialBare(file, call, segment.name);
    if (special) return special;
    const value = this.lookupName(file, call.caller, segment.name, call.line, 0);
    if (value === undefined && call.kind !== 'new') {
      const language = this.symbols(file)?.record.language;
      if (language && isRuntimeFunction(language, segment.name)) return [{ via: 'external' }];
      const own = this.implicitThisCall(file, call.caller, segment.name);
      if (own) return [own];
    }
    if (value?.kind === 'function' && call.kind === 'new') {
      // `new Signal(…)` of a function implementing `declare class Signal`: a construction of that class.
      const declared = this.ambientClass(value);
      if (declared) return this.instantiation(declared);
    }
    if (value?.kind !== 'union') return this.bareTargets(file, value);
    // A name that may hold one of several definitions (`if not re_escape: escape = no_escape`) calls each.
    const targets = value.options.flatMap((option) => this.bareTargets(file, option)).filter((target) => target.to);
    return targets.length > 0 ? targets : [{ via: 'name' }];
  }

  /**
   * `o(parser)(ctx)`: a call of what the call `o(parser)` gives — a closure o returns (its code is
   * o's), a function it returns. What is not known is not guessed by name: the call's name is the
   * inner function's, which it need not run.
   */
  private resultCallTargets(file: string, call: { caller: string; line: number }, segments: Segment[]): CallTarget[] {
    const value = this.evalSegments(file, call.caller, segments, call.line, 0);
    const options = value?.kind === 'union' ? value.options : value ? [value] : [];
    const targets = options.flatMap((option) => this.bareTargets(file, option)).filter((target) => target.to);
    return targets.length > 0 ? targets : [{ via: 'external' }];
  }

  /** What calling a value read by its bare name reaches. */
  private bareTargets(file: string, value: Value | undefined): CallTarget[] {
    if (!value || ((value.kind === 'function' || value.kind === 'class') && value.alias)) return [{ via: 'name' }];
    switch (value.kind) {
      case 'function':
        return [{ to: { file: value.file, name: value.fn.qualified_name }, via: value.imported || value.file !== file ? 'import' : 'local' }];
      case 'builtin':
        // `getLength(x)` with `getLength = shallowProperty('length')`: the closure's code is shallowProperty's.
        return value.within ? [{ to: { file: value.within.file, name: value.within.fn.qualified_name }, via: value.within.file !== file ? 'import' : 'local' }] : [{ via: 'name' }];
      case 'class':
        // `PlatformDirs = _set_platform_dir_class()` (-> type[PlatformDirsABC]): a subclass may be what is created.
        return this.instantiation(value.cls, value.typed);
      case 'module': {
        // CommonJS: `const f = require('./f'); f()` calls what the module exports as a whole.
        const whole = this.wholeExport(value, 0);
        if (whole?.kind === 'function') return [{ to: { file: whole.file, name: whole.fn.qualified_name }, via: 'import' }];
        if (whole?.kind === 'class') return this.instantiation(whole.cls);
        return [{ via: 'name' }];
      }
      case 'external':
        return [{ via: 'external' }];
      default:
        return [{ via: 'name' }];
    }
  }
}

/** How a regex, string or array literal begins, or a runtime call that makes an array. */
const LITERAL_START = new Set(['/', "'", '"', '`', '[', 'O', 'A']);

/** The runtime's functions that make an array of what they are given (`Object.keys(headers)`). */
const ARRAY_MAKERS = /^(?:Object\.(?:keys|values|entries|getOwnPropertyNames|getOwnPropertySymbols)|Array\.(?:from|of))\s*\(/;

/**
 * The built-in type of a JS literal a method is called on (`/a+/.test(…)`, `'a,b'.split(…)`,
 * `['get', 'set'].forEach(…)`), or of an array the runtime makes (`Object.keys(h).forEach(…)`): never a project's.
 */
function literalReceiverType(callee: string): 'RegExp' | 'String' | 'Array' | undefined {
  if (!LITERAL_START.has(callee[0])) return undefined;
  const dot = callee.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const receiver = callee.slice(0, dot);
  if (/^\/.+\/[dgimsuyv]*$/s.test(receiver)) return 'RegExp';
  if (/^(['"`]).*\1$/s.test(receiver)) return 'String';
  const maker = ARRAY_MAKERS.exec(receiver);
  const open = maker ? maker[0].length - 1 : receiver[0] === '[' ? 0 : -1;
  return open >= 0 && closeOf(receiver, open) === receiver.length ? 'Array' : undefined;
}
