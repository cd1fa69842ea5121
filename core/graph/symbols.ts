// Per-file symbol tables derived from one FileRecord: definitions by qualified and top-level name,
// import bindings by local name, local bindings by scope, parameter names by function. Pure and
// cached per record object (records are immutable once extracted).
import type { ClassRecord, FileRecord, FunctionRecord, ImportRecord, LanguageId, LineSpan, LocalBinding } from '../types.js';
import { isScript } from '../extract/exports.js';
import { splitTopLevel } from './type-text.js';
import { MODULE_SCOPE } from './model.js';

export type Family = 'js' | 'python' | 'go' | 'java' | 'rust' | 'other';

export function familyOf(language: LanguageId): Family {
  switch (language) {
    case 'typescript':
    case 'tsx':
    case 'javascript':
      return 'js';
    case 'python':
      return 'python';
    case 'go':
      return 'go';
    case 'java':
      return 'java';
    case 'rust':
      return 'rust';
    default:
      return 'other';
  }
}

/** Languages where an unqualified call inside a class body may be a call on the implicit `this`. */
const IMPLICIT_THIS: ReadonlySet<LanguageId> = new Set(['java', 'csharp', 'kotlin', 'scala', 'cpp', 'swift', 'ruby']);

export function hasImplicitThis(language: LanguageId): boolean {
  return IMPLICIT_THIS.has(language);
}

/** An import as a local binding: `local` refers to `imported` (a name, `default`, or `*` = the module). */
export interface ImportBinding {
  local: string;
  module: string;
  imported: string;
  line: number;
  kind: ImportRecord['kind'];
}

export interface FileSymbols {
  record: FileRecord;
  family: Family;
  /** Functions and methods by qualified name (overloads share one name; the first with a body wins). */
  functions: Map<string, FunctionRecord>;
  /** Classes by qualified name; several records can share one (Rust `struct` + `impl`, Go types). */
  classes: Map<string, ClassRecord[]>;
  /**
   * Imports by the local name they bind, in source order: Python may bind one name in several
   * branches (`if LINUX: from . import _pslinux as _psplatform` / `elif WINDOWS: …`).
   */
  imports: Map<string, ImportBinding[]>;
  /** Star imports (`from m import *`, Go dot-imports): modules whose names flow into this scope. */
  starImports: ImportBinding[];
  /** `export … from` bindings, in source order. */
  reexports: ImportBinding[];
  /** scope → name → bindings sorted by line. */
  bindings: Map<string, Map<string, LocalBinding[]>>;
  /** name → the bindings functions make of it as a module-level name (Python `global`). */
  globals: Map<string, LocalBinding[]>;
  /** function qualified name → its parameter names. */
  params: Map<string, Set<string>>;
  /** Python method (not a staticmethod) qualified name → the name its first parameter gives the receiver (`self`, `cls`, `__self`). */
  receivers: Map<string, string>;
  /**
   * JS functions that are properties of an object literal (`const p = { f() {} }`): the extractor
   * lists them as plain functions, but no scope binds their name.
   */
  objectMembers: Set<string>;
  /**
   * JS objects bound to a name whose members the extractor lists as functions (`const api = {
   * get() {} }` → `api`, in a function `f.api`): object path → member name → function. The members
   * of top-level object literals bound to no name are those of path UNNAMED_OBJECT.
   */
  objects: Map<string, Map<string, FunctionRecord>>;
  /**
   * JS object literals bound to a name whose properties hold another name's value (`const h = {
   * onFoo, run: helpers.run }` → `h` → `onFoo` → its binding), keyed like `objects`.
   */
  objectProperties: Map<string, Map<string, LocalBinding>>;
  /**
   * TypeScript classes, interfaces and type aliases declared in a namespace (`declare namespace
   * MetricState { interface Summary … }`): namespace path → name → the class's qualified name.
   */
  namespaceClasses: Map<string, Map<string, string>>;
  /**
   * JS functions and objects that functions are set on, no class of the file (`View.prototype.lookup
   * = …` → `View`, `app.set = …` → `app`): `this` in a function so set is the holder, and in the
   * holder itself when it is a function (a constructor function, whose instance has those members).
   */
  holders: Set<string>;
  /**
   * JS functions set on a function or its prototype by name at the top of the module (jsbn's
   * `BigInteger.prototype.subTo = bnpSubTo`): function → that holder, what `this` is in it.
   */
  setOn: Map<string, string>;
  /**
   * JS definitions named after their line because others of their name sit in other unnamed
   * functions (`Frame@69`, core/extract/definitions.ts): `scope\0name` → their qualified names and
   * the lines of the unnamed function each is local to, for a bare name read in that scope (Resolver.callbackLocal).
   */
  callbackLocals: Map<string, Array<{ within: LineSpan; qualified: string }>>;
  /**
   * JS functions defined by a named function expression (`walker.walk = function walk(node) {…}`):
   * qualified name → the expression's own name, bound inside it (a recursive call).
   */
  ownNames: Map<string, string>;
  /**
   * A JS/TS script: a file without imports or exports, whose top-level definitions (those not
   * `local_to` an unnamed function) are globals the project's other scripts read.
   */
  script: boolean;
}

export const STATICMETHOD = /^@(\w+\.)?staticmethod\b/;

/**
 * The path in FileSymbols.objects of a file's top-level object literals bound to no name
 * (`module.exports = { … }`): a member's qualified name is its name, so its owner path is empty.
 */
export const UNNAMED_OBJECT = '';

/** Signature of an object-literal member (`f(x)`, `f: function ()`, `async *f()`, `[Symbol.iterator]()`), not a declaration. */
const OBJECT_MEMBER = /^(?:(?:async|get|set|static)\s+|\*\s*)*(?!function\b)(?:[\w$]+|\[[^\]]+\])\s*(?:\??:|\(|<)/;

/**
 * A binding of an object literal's property (`h.onFoo`), or of one an attribute holds
 * (`this.interceptors.request`); `this.x` bindings are fields, not these.
 */
const OBJECT_PROPERTY = /^(?!this\.[\w$]+$)((?:this\.)?[\w$]+)\.([\w$]+)$/;

const cache = new WeakMap<FileRecord, FileSymbols>();

/** A function expression with a name of its own as a definition's value: `x.walk = function walk(`, `walk: function walk(`. */
const OWN_NAME = /^[^(]*?[=:]\s*(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(/;

export function symbolsOf(record: FileRecord): FileSymbols {
  let symbols = cache.get(record);
  if (!symbols) {
    symbols = buildSymbols(record);
    cache.set(record, symbols);
  }
  return symbols;
}

function addFunction(map: Map<string, FunctionRecord>, fn: FunctionRecord): void {
  const existing = map.get(fn.qualified_name);
  if (!existing || (existing.is_declaration && !fn.is_declaration)) map.set(fn.qualified_name, fn);
}

function buildSymbols(record: FileRecord): FileSymbols {
  const family = familyOf(record.language);
  const functions = new Map<string, FunctionRecord>();
  const classes = new Map<string, ClassRecord[]>();
  for (const fn of record.functions) addFunction(functions, fn);
  for (const cls of record.classes) {
    const list = classes.get(cls.qualified_name);
    if (list) list.push(cls);
    else classes.set(cls.qualified_name, [cls]);
    for (const method of cls.methods) addFunction(functions, method);
  }
  const imports = new Map<string, ImportBinding[]>();
  const starImports: ImportBinding[] = [];
  const reexports: ImportBinding[] = [];
  for (const imp of record.imports) {
    for (const binding of importBindings(imp, family)) {
      if (imp.kind === 'reexport') reexports.push(binding);
      else if (binding.local === '*') starImports.push(binding);
      else imports.set(binding.local, [...(imports.get(binding.local) ?? []), binding]);
    }
  }
  const bindings = new Map<string, Map<string, LocalBinding[]>>();
  const globals = new Map<string, LocalBinding[]>();
  for (const binding of record.bindings) {
    if (binding.global) globals.set(binding.name, [...(globals.get(binding.name) ?? []), binding]);
    let scope = bindings.get(binding.scope);
    if (!scope) bindings.set(binding.scope, (scope = new Map()));
    const list = scope.get(binding.name);
    if (list) list.push(binding);
    else scope.set(binding.name, [binding]);
  }
  for (const scope of bindings.values()) for (const list of scope.values()) list.sort((a, b) => a.line - b.line);
  const params = new Map<string, Set<string>>();
  const receivers = new Map<string, string>();
  for (const fn of functions.values()) {
    const names = fn.params.map((param) => paramNames(param, family));
    params.set(fn.qualified_name, new Set(names.flat()));
    const receiver = names[0]?.[0];
    if (family === 'python' && fn.class_name !== undefined && receiver !== undefined && !fn.decorators?.some((d) => STATICMETHOD.test(d))) {
      receivers.set(fn.qualified_name, receiver);
    }
  }
  const objectMembers = new Set<string>();
  const objects = new Map<string, Map<string, FunctionRecord>>();
  const objectProperties = new Map<string, Map<string, LocalBinding>>();
  const namespaceClasses = new Map<string, Map<string, string>>();
  const holders = new Set<string>();
  const setOn = new Map<string, string>();
  if (family === 'js') {
    for (const fn of functions.values()) if (fn.class_name && !classes.has(fn.class_name)) holders.add(fn.class_name);
    // A class set on an object (`internals.Auth = class {…}`) is one of its members too.
    for (const cls of record.classes) {
      const owner = cls.qualified_name.slice(0, -cls.name.length - 1);
      if (owner && !classes.has(owner) && !functions.has(owner)) holders.add(owner);
    }
    // A function's local object that its code sets functions on (`self.describe = function describe`
    // in yargs's `function usage() { const self = {}; … }`), which the extractor names `usage.self.describe`.
    for (const fn of functions.values()) {
      if (!fn.parent_function || fn.class_name || OBJECT_MEMBER.test(fn.signature)) continue;
      const owner = fn.qualified_name.replace(/@\d+$/, '').slice(0, -fn.name.length - 1);
      const local = owner.startsWith(`${fn.parent_function}.`) ? owner.slice(fn.parent_function.length + 1) : '';
      if (local !== '' && !local.includes('.') && !functions.has(owner) && !classes.has(owner)) holders.add(owner);
    }
    // `BigInteger.prototype.subTo = bnpSubTo` at the top of the module: a function set on a function by name.
    const setOnFunction = (owner: string, list: LocalBinding[]): void => {
      const holder = functions.get(owner);
      if (!holder || holder.class_name || classes.has(owner)) return;
      holders.add(owner);
      for (const binding of list) {
        const fn = binding.init_name === undefined ? undefined : functions.get(binding.init_name);
        if (fn && !fn.class_name && !fn.parent_function && !setOn.has(fn.qualified_name)) setOn.set(fn.qualified_name, owner);
      }
    };
    for (const [scope, names] of bindings) {
      for (const [name, list] of names) {
        const property = OBJECT_PROPERTY.exec(name);
        if (!property) continue;
        if (scope === MODULE_SCOPE) setOnFunction(property[1], list);
        // `export default { isArray }` binds `default.isArray`: a property of the file's unnamed object.
        const path = scope !== MODULE_SCOPE ? `${scope}.${property[1]}` : property[1] === 'default' ? UNNAMED_OBJECT : property[1];
        let members = objectProperties.get(path);
        if (!members) objectProperties.set(path, (members = new Map()));
        members.set(property[2], list[list.length - 1]);
      }
    }
    for (const fn of record.functions) {
      if (!OBJECT_MEMBER.test(fn.signature)) continue;
      if (!fn.class_name && !fn.parent_function) objectMembers.add(fn.qualified_name);
      // A member of a named object: top-level ones carry the object as their class, nested ones
      // are named `fn.object.member`.
      // (`prepareValue@217`: a member named after its line, its name shared with another definition.)
      const owner = fn.qualified_name.replace(/@\d+$/, '').slice(0, -fn.name.length - 1);
      const named = fn.class_name ? fn.class_name === owner && !classes.has(owner) : fn.parent_function !== undefined && owner.startsWith(`${fn.parent_function}.`);
      // The members of an object literal bound to no name (`module.exports = { … }`, `export default
      // { … }`) are those of the file's unnamed object, UNNAMED_OBJECT: `this` in one of them is it.
      const unnamed = owner.length === 0 && !fn.class_name && !fn.parent_function;
      if (!unnamed && (!named || owner.length === 0)) continue;
      const path = unnamed ? UNNAMED_OBJECT : owner;
      let members = objects.get(path);
      if (!members) objects.set(path, (members = new Map()));
      members.set(fn.name, fn);
    }
    // A namespace is read like an object of the top-level definitions in it (the innermost one).
    const spaces = [...(record.namespaces ?? [])].sort((a, b) => b.line - a.line);
    for (const cls of spaces.length > 0 ? record.classes : []) {
      const space = spaces.find((ns) => ns.line <= cls.line && cls.line <= ns.end_line && ns.line !== cls.line);
      if (!space) continue;
      let members = namespaceClasses.get(space.name);
      if (!members) namespaceClasses.set(space.name, (members = new Map()));
      members.set(cls.name, cls.qualified_name);
      // A namespace of types only is read like an object too (`Api.Handler`).
      if (!objects.has(space.name)) objects.set(space.name, new Map());
    }
    for (const fn of spaces.length > 0 ? record.functions : []) {
      if (fn.class_name || fn.parent_function) continue;
      const space = spaces.find((ns) => ns.line <= fn.line && fn.line <= ns.end_line);
      if (!space) continue;
      let members = objects.get(space.name);
      if (!members) objects.set(space.name, (members = new Map()));
      members.set(fn.name, fn);
    }
  }
  const callbackLocals = new Map<string, Array<{ within: LineSpan; qualified: string }>>();
  for (const def of [...record.functions, ...record.classes]) {
    if (!def.local_to) continue;
    const scope = def.qualified_name.slice(0, Math.max(0, def.qualified_name.lastIndexOf(`.${def.name}@`)));
    const key = `${scope || MODULE_SCOPE}\u0000${def.name}`;
    const list = callbackLocals.get(key) ?? [];
    if (!list.some((entry) => entry.qualified === def.qualified_name)) list.push({ within: def.local_to, qualified: def.qualified_name });
    callbackLocals.set(key, list);
  }
  const ownNames = new Map<string, string>();
  if (family === 'js') {
    for (const fn of record.functions) {
      const own = OWN_NAME.exec(fn.signature)?.[1];
      if (own) ownNames.set(fn.qualified_name, own);
    }
  }
  const script = family === 'js' && isScript(record);
  return { record, family, functions, classes, imports, starImports, reexports, bindings, globals, params, receivers, objectMembers, objects, objectProperties, namespaceClasses, holders, setOn, callbackLocals, ownNames, script };
}

const IDENT = /[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*/g;

/** Names a parameter declaration binds (`x: int = 1` → x, `{a, b}: T` → a, b, `String s` → s). */
export function paramNames(param: string, family: Family): string[] {
  let text = param.trim().replace(/^(\.\.\.|\*\*|\*|&mut\s+|&|mut\s+)/, '');
  if (family === 'java' || (family === 'other' && !text.includes(':'))) {
    // Type before name: the name is the last identifier before a default value.
    text = text.split('=')[0].replace(/\[\s*\]/g, '').replace(/<[^>]*>/g, '');
    const idents = text.match(IDENT) ?? [];
    return idents.length ? [idents[idents.length - 1].replace(/^\$/, '')] : [];
  }
  if (family === 'go') {
    const idents = text.match(IDENT) ?? [];
    return idents.length > 1 || !/^\w+$/.test(text) ? idents.slice(0, 1) : idents;
  }
  // Name before `:` / `=`; destructuring patterns bind every identifier in them.
  const head = text.replace(/^(public|private|protected|readonly|override|\s)+/, '');
  let depth = 0;
  let end = head.length;
  for (let i = 0; i < head.length; i++) {
    const ch = head[i];
    if (ch === '{' || ch === '[' || ch === '(') depth++;
    else if (ch === '}' || ch === ']' || ch === ')') depth--;
    else if ((ch === ':' || ch === '=') && depth === 0) {
      end = i;
      break;
    }
  }
  const bound = /^[{[]/.test(head) ? patternNames(head.slice(0, end)) : head.slice(0, end).match(IDENT) ?? [];
  return bound.filter((name) => name !== 'self' && name !== 'cls' && name !== 'this');
}

/** Index of the first `ch` outside brackets, or -1. */
function topLevelIndex(text: string, ch: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') depth--;
    else if (c === ch && depth === 0) return i;
  }
  return -1;
}

/**
 * The names a destructuring pattern binds: `{ a, b: c, d = f(x), ...rest }` → a, c, d, rest;
 * `[x, [y]]` → x, y. Keys renamed away and the names used in default values bind nothing.
 */
function patternNames(pattern: string): string[] {
  const text = pattern.trim().replace(/^\.\.\./, '');
  if (!/^[{[]/.test(text)) return (text.match(IDENT) ?? []).slice(0, 1);
  const isObject = text.startsWith('{');
  const inner = text.slice(1).replace(/[}\]]\s*$/, '');
  return splitTopLevel(inner, ',').flatMap((part) => {
    let element = part.trim().replace(/^\.\.\./, '');
    const defaulted = topLevelIndex(element, '=');
    if (defaulted >= 0) element = element.slice(0, defaulted);
    const renamed = isObject ? topLevelIndex(element, ':') : -1;
    return element.trim() ? patternNames(renamed >= 0 ? element.slice(renamed + 1) : element) : [];
  });
}

function lastSegment(spec: string): string {
  const parts = spec.split(/[/.:]+/).filter(Boolean);
  return parts[parts.length - 1] ?? spec;
}

/** Normalises an import statement into local bindings, per language convention. */
export function importBindings(imp: ImportRecord, family: Family): ImportBinding[] {
  const base = { module: imp.module, line: imp.line, kind: imp.kind };
  const named = imp.bindings.length
    ? imp.bindings
    : imp.names.map((name) => ({ name, alias: undefined as string | undefined }));
  if (named.length === 0) {
    // `import "fmt"`, `use a::b`, `#include "x.h"`: the module itself under its last segment.
    return family === 'js' || family === 'python' ? [] : [{ ...base, local: lastSegment(imp.module), imported: '*' }];
  }
  const out: ImportBinding[] = [];
  for (const { name, alias } of named) {
    if (name === '*' && alias === undefined) {
      out.push({ ...base, local: '*', imported: '*' });
    } else if (family === 'python' && name === '*' && alias !== undefined && alias.includes('.')) {
      // `import a.b.c` binds the top-level package `a`; `a.b.c` is reached by attribute access.
      const top = alias.split('.')[0];
      out.push({ ...base, module: imp.module.split('.')[0], local: top, imported: '*' });
    } else {
      out.push({ ...base, local: alias ?? lastSegment(name), imported: name });
    }
  }
  return out;
}
