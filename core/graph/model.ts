// The call graph's data: symbols (functions, methods, classes) identified by file + qualified
// name, and edges from a calling function to what its call sites resolve to.
import type { FunctionRecord, LanguageId } from '../types.js';

/** A function, method or class, by the file that defines it and its qualified name. */
export interface SymbolRef {
  file: string;
  /** `Class.method`, `outer.inner`, `Class`, or `<module>` for a file's top-level code. */
  name: string;
}

/**
 * How sure an edge is. `high`: the callee was found by following names, imports and declared or
 * constructed types. `medium`: a call through an interface, abstract or overridden method reaches
 * an implementation (dynamic dispatch). `low`: unresolved, kept by name only.
 */
export type Confidence = 'high' | 'medium' | 'low';

/** Which rule resolved the call; lets consumers filter and lets tests say why an edge exists. */
export type Via =
  | 'local'        // a function in the same file or an enclosing scope
  | 'import'       // an imported name (through barrels and re-exports)
  | 'module'       // `ns.f()` on an imported module / package
  | 'self'         // `this.m()` / `self.m()` through the class and its bases
  | 'super'        // `super.m()` / `super().m()` / `super(...)`
  | 'instance'     // `x.m()` where the class of `x` is known
  | 'static'       // `Class.m()`
  | 'constructor'  // `new Foo()` / `Foo()` reaching the constructor or the class
  | 'dispatch'     // an implementation reached through an interface, abstract or overridden method
  | 'name';        // unresolved: name only

/**
 * What a method call's receiver is known to be. `exact`: an instance of exactly the class whose
 * method was resolved (`super.m()`, `new C().m()`, a value bound to `new C()`): the call runs that
 * method and no override of it. `subclass`: `this` inside a class calling a method the class itself
 * defines: the method or an override below it runs, never a base or sibling method. Absent: the
 * receiver's class comes from a declared type, so any method of the override family may answer.
 */
export type ReceiverBound = 'exact' | 'subclass';

export interface CallEdge {
  from: SymbolRef;
  /** Resolved target; absent for an unresolved edge. */
  to?: SymbolRef;
  /** Callee as written at the call site (`this.repo.save`). */
  callee: string;
  /** Last identifier of the callee (`save`); what an unresolved edge is known by. */
  name: string;
  line: number;
  confidence: Confidence;
  via: Via;
  /** For an instantiation (`new Foo()`, `Foo()`): the class created, whichever constructor runs. */
  instantiates?: SymbolRef;
  /** Unresolved because the callee belongs to a module outside the project (a library, the stdlib). */
  external?: boolean;
  /** How far dispatch can carry a resolved method call (see ReceiverBound). */
  bound?: ReceiverBound;
  /** Not a call: the function is read as a value there (`cb(this.run)`, `{ run: api.run }`). */
  reference?: true;
  /**
   * An unresolved method call on a value whose type is defined outside the project: the type and
   * method (`Map.get`, `redux#Store.dispatch`). Project classes implementing that type answer it by
   * dispatch (see `libOverrides`).
   */
  lib?: string;
  /**
   * Unresolved: a call on the caller's own instance (`self.m()`, `this.m()`) that no class of its
   * hierarchy defines, every base being known. Only a method of a class deriving from the caller's
   * can answer it (or a library base's): it is a possible caller of those alone.
   */
  subclassOnly?: true;
}

/** One import statement of a file, with the project files it resolves to (empty: external/unknown). */
export interface ResolvedImport {
  module: string;
  line: number;
  names: string[];
  targets: string[];
}

/** What one file contributes to the project graph, recomputed as a unit when it or a dependency changes. */
export interface FileGraph {
  path: string;
  language: LanguageId;
  imports: ResolvedImport[];
  edges: CallEdge[];
  /**
   * Methods of this file's classes paired with the base-class or interface methods they override
   * or implement, as symbol keys (`file#Class.m`); dispatch edges are derived from these.
   */
  overrides: Array<{ method: SymbolRef; overridden: SymbolRef }>;
  /** Methods of this file's classes implementing a method of a type outside the project (`lib` as in CallEdge). */
  libOverrides: Array<{ method: SymbolRef; lib: string }>;
  /** This file's classes paired with the project classes they extend directly. */
  bases: Array<{ cls: SymbolRef; base: SymbolRef }>;
  /**
   * Every project path this file's resolution read or probed (records consulted, candidate module
   * paths tried). A change to any of them makes this file's graph stale.
   */
  deps: string[];
}

export function symbolKey(ref: SymbolRef): string {
  return `${ref.file}#${ref.name}`;
}

export const MODULE_SCOPE = '<module>';

/** A method that is only declared (an interface's, an abstract one): a call of it runs an implementation. */
export function isAbstract(fn: FunctionRecord): boolean {
  return fn.is_declaration === true
    || (fn.modifiers ?? []).includes('abstract')
    || (fn.decorators ?? []).some((d) => /abstract(method|property)?\b/.test(d));
}
