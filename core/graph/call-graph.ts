// The project call graph: per-file contributions (resolved imports, call edges, overrides), the
// reverse indexes queries need (callers of a symbol, unresolved calls by name, importers of a
// file, overriders of a method), and incremental patching. A change to a file re-resolves that
// file and every file whose resolution read it (recorded dependencies), nothing else.
import type { FileChange } from '../index/project-index.js';
import type { ClassRecord, FileRecord, FunctionRecord, OverloadRecord } from '../types.js';
import { computeFileGraph } from './file-graph.js';
import { FileSet, ancestorDirs, baseName } from './file-set.js';
import { symbolKey, type CallEdge, type FileGraph, type ResolvedImport, type SymbolRef } from './model.js';
import { emptyConfig, type ProjectConfig } from './project-config.js';
import { ResolveContext, baseKey, definitionKey, dirKey } from './resolve/context.js';
import { Resolver, type ClassInfo } from './resolver.js';
import { libAncestors } from './type-text.js';

/** A definition the graph knows, for name lookups. */
export interface Definition {
  file: string;
  qualified_name: string;
  name: string;
  kind: FunctionRecord['kind'] | ClassRecord['kind'];
  line: number;
  end_line: number;
  signature: string;
  doc?: string;
  is_class: boolean;
  exported?: boolean;
  /** An overloaded function's overload signatures (it is one definition). */
  overloads?: OverloadRecord[];
  record: FunctionRecord | ClassRecord;
}

/**
 * Values under a key, grouped by the file that contributed them so a file's share can be replaced.
 * Read-only answers in source order: a key with one source (most of them) hands back that source's
 * list as it is; a key with several keeps its flattened list until one of them changes, so asking
 * again for a name called from thousands of files (impact's possible callers) does not sort and
 * copy them on every query.
 */
/** The keys a call of a runtime type's method is indexed under: its own, and the method's on each type it extends (`WebSocket.send` → `EventTarget.send`). */
function libKeys(lib: string): string[] {
  const dot = lib.lastIndexOf('.');
  if (dot <= 0 || lib.includes('#')) return [lib];
  const method = lib.slice(dot + 1);
  return [lib, ...libAncestors(lib.slice(0, dot), method).map((ancestor) => `${ancestor}.${method}`)];
}

class SourcedIndex<V> {
  private readonly bySource = new Map<string, Map<string, V[]>>();
  private readonly flat = new Map<string, readonly V[]>();

  add(key: string, source: string, value: V): void {
    let sources = this.bySource.get(key);
    if (!sources) this.bySource.set(key, (sources = new Map()));
    const list = sources.get(source);
    if (list) list.push(value);
    else sources.set(source, [value]);
    this.flat.delete(key);
  }

  remove(key: string, source: string): void {
    const sources = this.bySource.get(key);
    if (!sources) return;
    sources.delete(source);
    if (sources.size === 0) this.bySource.delete(key);
    this.flat.delete(key);
  }

  get(key: string): readonly V[] {
    const sources = this.bySource.get(key);
    if (!sources) return [];
    if (sources.size === 1) return sources.values().next().value!;
    let flat = this.flat.get(key);
    if (!flat) this.flat.set(key, (flat = [...sources.keys()].sort().flatMap((source) => sources.get(source)!)));
    return flat;
  }

  /** The sources holding values under `key`. */
  sources(key: string): readonly string[] {
    const sources = this.bySource.get(key);
    return sources ? [...sources.keys()] : [];
  }

  keys(): IterableIterator<string> {
    return this.bySource.keys();
  }
}

export function definitionsOf(record: FileRecord): Definition[] {
  const out: Definition[] = [];
  const fromFunction = (fn: FunctionRecord): Definition => ({
    file: record.path, qualified_name: fn.qualified_name, name: fn.name, kind: fn.kind, line: fn.line,
    end_line: fn.end_line, signature: fn.signature, doc: fn.doc, is_class: false, exported: fn.exported,
    ...(fn.overloads ? { overloads: fn.overloads } : {}), record: fn,
  });
  for (const fn of record.functions) out.push(fromFunction(fn));
  for (const cls of record.classes) {
    out.push({
      file: record.path, qualified_name: cls.qualified_name, name: cls.name, kind: cls.kind, line: cls.line,
      end_line: cls.end_line, signature: cls.signature, doc: cls.doc, is_class: true, exported: cls.exported, record: cls,
    });
    for (const method of cls.methods) out.push(fromFunction(method));
  }
  return out;
}

function definitionNames(record: FileRecord): string[] {
  return definitionsOf(record).map((def) => def.name);
}

export class CallGraph {
  private readonly records = new Map<string, FileRecord>();
  private readonly files = new FileSet();
  private readonly ctx: ResolveContext;
  private readonly resolver: Resolver;
  private readonly graphs = new Map<string, FileGraph>();
  /** Dependency key → files whose graph read it. */
  private readonly dependents = new Map<string, Set<string>>();
  /** Target symbol key → source file → edges. */
  private readonly incoming: SourcedIndex<CallEdge> = new SourcedIndex();
  /** Instantiated class key → source file → instantiation edges. */
  private readonly instantiations: SourcedIndex<CallEdge> = new SourcedIndex();
  /** Callee name → source file → unresolved edges. */
  private readonly unresolvedByName: SourcedIndex<CallEdge> = new SourcedIndex();
  /** Imported file → importing file → import statements. */
  private readonly importersOf: SourcedIndex<ResolvedImport & { file: string }> = new SourcedIndex();
  /** Overridden method key → file → overriding methods. */
  private readonly overriders: SourcedIndex<SymbolRef> = new SourcedIndex();
  /** Overriding method key → the method it overrides or implements (the first its file graph names). */
  private readonly overridden = new Map<string, SymbolRef>();
  /** Method of a type outside the project (`Map.get`) → file → unresolved calls of it. */
  private readonly libCalls: SourcedIndex<CallEdge> = new SourcedIndex();
  /** Method of a type outside the project → file → the project's methods implementing it. */
  private readonly libImplementers: SourcedIndex<SymbolRef> = new SourcedIndex();
  /** Simple and qualified names → file → definitions. */
  private readonly definitionsByName: SourcedIndex<Definition> = new SourcedIndex();
  /** Class key → file → the project classes that file defines extending it directly. */
  private readonly subclasses: SourcedIndex<SymbolRef> = new SourcedIndex();
  /** Class key → keys of the classes in the MRO of each class deriving from it; built on use, dropped by each change. */
  private readonly relatives = new Map<string, Set<string>>();

  private constructor(readonly root: string, readonly config: ProjectConfig) {
    this.ctx = new ResolveContext(this.files, this.records, config, {
      has: (name) => this.definitionsByName.get(name).length > 0,
      files: (name) => this.definitionsByName.sources(name),
    });
    this.resolver = new Resolver(this.ctx);
  }

  /** Builds the whole graph from the project's records. */
  static build(records: ReadonlyMap<string, FileRecord>, root: string, config: ProjectConfig = emptyConfig()): CallGraph {
    const steps = CallGraph.buildSteps(records, root, config);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * build(), handing the thread back every `sliceMs`: a daemon builds its graph (seconds on a large
   * project) while it goes on answering other queries. The records must not change meanwhile.
   */
  static async buildInSlices(records: ReadonlyMap<string, FileRecord>, root: string, config: ProjectConfig = emptyConfig(), sliceMs = 10): Promise<CallGraph> {
    const steps = CallGraph.buildSteps(records, root, config);
    let sliceEnd = performance.now() + sliceMs;
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() >= sliceEnd) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceEnd = performance.now() + sliceMs;
      }
    }
  }

  /** A build one file at a time: every file's definitions indexed, then every file resolved. */
  private static *buildSteps(records: ReadonlyMap<string, FileRecord>, root: string, config: ProjectConfig): Generator<void, CallGraph> {
    const graph = new CallGraph(root, config);
    for (const [path, record] of records) {
      graph.records.set(path, record);
      graph.files.add(path);
      graph.indexDefinitions(record, true);
      yield;
    }
    for (const path of [...records.keys()].sort()) {
      graph.recompute(path);
      yield;
    }
    graph.ctx.clearMemos();
    return graph;
  }

  /** Patches the graph for changed, added and deleted files; returns the files re-resolved. */
  apply(changes: readonly FileChange[]): string[] {
    const touched = new Set<string>();
    for (const change of changes) {
      const before = this.records.get(change.path);
      // A definition name new to the file may be one that other files' reads were skipped for.
      const known = new Set(before ? definitionNames(before) : []);
      for (const name of change.after ? definitionNames(change.after) : []) if (!known.has(name)) touched.add(definitionKey(name));
      if (before) this.indexDefinitions(before, false);
      if (change.after) {
        this.records.set(change.path, change.after);
        this.indexDefinitions(change.after, true);
        if (!before) this.touchPathKeys(touched, change.path);
        this.files.add(change.path);
      } else if (before) {
        this.records.delete(change.path);
        this.files.delete(change.path);
        this.touchPathKeys(touched, change.path);
      }
      touched.add(change.path);
    }
    const affected = new Set<string>();
    for (const key of touched) {
      if (this.records.has(key) || this.graphs.has(key)) affected.add(key);
      for (const dependent of this.dependents.get(key) ?? []) affected.add(dependent);
    }
    this.ctx.clearMemos();
    this.relatives.clear();
    const order = [...affected].sort();
    for (const path of order) this.recompute(path);
    this.ctx.clearMemos();
    return order;
  }

  private touchPathKeys(touched: Set<string>, path: string): void {
    for (const dir of ancestorDirs(path)) touched.add(dirKey(dir));
    touched.add(baseKey(baseName(path)));
  }

  private indexDefinitions(record: FileRecord, add: boolean): void {
    const names = new Set<string>();
    const defs = definitionsOf(record);
    for (const def of defs) names.add(def.name).add(def.qualified_name);
    for (const name of names) this.definitionsByName.remove(name, record.path);
    if (!add) return;
    for (const def of defs) {
      this.definitionsByName.add(def.name, record.path, def);
      if (def.qualified_name !== def.name) this.definitionsByName.add(def.qualified_name, record.path, def);
    }
  }

  private recompute(path: string): void {
    const old = this.graphs.get(path);
    if (old) this.unindex(old);
    const record = this.records.get(path);
    if (!record) {
      this.graphs.delete(path);
      return;
    }
    const graph = computeFileGraph(this.ctx, this.resolver, record);
    this.graphs.set(path, graph);
    this.index(graph);
  }

  private index(graph: FileGraph): void {
    for (const dep of graph.deps) {
      let set = this.dependents.get(dep);
      if (!set) this.dependents.set(dep, (set = new Set()));
      set.add(graph.path);
    }
    for (const edge of graph.edges) {
      if (edge.to) this.incoming.add(symbolKey(edge.to), graph.path, edge);
      if (edge.instantiates) this.instantiations.add(symbolKey(edge.instantiates), graph.path, edge);
      if (!edge.to) this.unresolvedByName.add(edge.name, graph.path, edge);
      if (edge.lib) for (const lib of libKeys(edge.lib)) this.libCalls.add(lib, graph.path, edge);
    }
    for (const imp of graph.imports) for (const target of imp.targets) this.importersOf.add(target, graph.path, { ...imp, file: graph.path });
    for (const { method, overridden } of graph.overrides) {
      this.overriders.add(symbolKey(overridden), graph.path, method);
      if (!this.overridden.has(symbolKey(method))) this.overridden.set(symbolKey(method), overridden);
    }
    for (const { method, lib } of graph.libOverrides) this.libImplementers.add(lib, graph.path, method);
    for (const { cls, base } of graph.bases) this.subclasses.add(symbolKey(base), graph.path, cls);
  }

  private unindex(graph: FileGraph): void {
    for (const dep of graph.deps) {
      const set = this.dependents.get(dep);
      set?.delete(graph.path);
      if (set?.size === 0) this.dependents.delete(dep);
    }
    for (const edge of graph.edges) {
      if (edge.to) this.incoming.remove(symbolKey(edge.to), graph.path);
      if (edge.instantiates) this.instantiations.remove(symbolKey(edge.instantiates), graph.path);
      if (!edge.to) this.unresolvedByName.remove(edge.name, graph.path);
      if (edge.lib) for (const lib of libKeys(edge.lib)) this.libCalls.remove(lib, graph.path);
    }
    for (const imp of graph.imports) for (const target of imp.targets) this.importersOf.remove(target, graph.path);
    for (const { method, overridden } of graph.overrides) {
      this.overriders.remove(symbolKey(overridden), graph.path);
      this.overridden.delete(symbolKey(method));
    }
    for (const { lib } of graph.libOverrides) this.libImplementers.remove(lib, graph.path);
    for (const { base } of graph.bases) this.subclasses.remove(symbolKey(base), graph.path);
  }

  // ---- reads -----------------------------------------------------------------------------

  record(path: string): FileRecord | undefined {
    return this.records.get(path);
  }

  paths(): string[] {
    return [...this.records.keys()].sort();
  }

  fileGraph(path: string): FileGraph | undefined {
    return this.graphs.get(path);
  }

  /** Every file's contribution, by path order (for `calls` and whole-graph comparisons). */
  fileGraphs(): FileGraph[] {
    return [...this.graphs.keys()].sort().map((path) => this.graphs.get(path)!);
  }

  /** Resolved edges into a symbol. */
  callersOf(ref: SymbolRef): readonly CallEdge[] {
    return this.incoming.get(symbolKey(ref));
  }

  /** Edges that create an instance of a class (`new Foo()`, `Foo()`), whichever constructor runs. */
  instantiationsOf(ref: SymbolRef): readonly CallEdge[] {
    return this.instantiations.get(symbolKey(ref));
  }

  /** Unresolved edges that call something by this name. */
  unresolvedCalls(name: string): readonly CallEdge[] {
    return this.unresolvedByName.get(name);
  }

  /**
   * The unresolved calls of `name` that may reach one of `targets` (definitions so named): not
   * those known to be a library's, and one on its caller's own instance (CallEdge.subclassOnly)
   * only where a target's class may be that instance's (mayAnswerOwnCall).
   */
  possibleCalls(name: string, targets: readonly SymbolRef[]): CallEdge[] {
    return this.unresolvedByName.get(name).filter((edge) => !edge.external && (!edge.subclassOnly || targets.some((target) => this.mayAnswerOwnCall(target, edge.from))));
  }

  /**
   * Whether `ref`, a method, may answer a call on the caller's own instance that the caller's class
   * lacks: `self` there is an instance of a class deriving from it, whose methods are its
   * subclasses' and, in a class combining it with others (a mixin's), those others'.
   */
  private mayAnswerOwnCall(ref: SymbolRef, caller: SymbolRef): boolean {
    const { cls, base } = this.methodAndCallerClasses(ref, caller);
    if (!cls || !base) return true;
    return this.relativesOf(base).has(`${cls.file}#${cls.name}`);
  }

  /** The class of method `ref`, and the class around `caller`'s code. */
  private methodAndCallerClasses(ref: SymbolRef, caller: SymbolRef): { cls?: ClassInfo; base?: ClassInfo } {
    const owner = this.resolver.symbols(ref.file)?.functions.get(ref.name)?.class_name;
    return {
      cls: owner === undefined ? undefined : this.resolver.classInfo(ref.file, owner),
      base: this.resolver.enclosingClass(caller.file, caller.name),
    };
  }

  private relativesOf(cls: ClassInfo): Set<string> {
    const start = `${cls.file}#${cls.name}`;
    let out = this.relatives.get(start);
    if (out) return out;
    out = new Set();
    const seen = new Set<string>();
    const queue: SymbolRef[] = [{ file: cls.file, name: cls.name }];
    while (queue.length > 0) {
      const next = queue.shift()!;
      const key = symbolKey(next);
      if (seen.has(key)) continue;
      seen.add(key);
      const derived = this.resolver.classInfo(next.file, next.name);
      if (derived) for (const c of this.resolver.mro(derived).classes) out.add(`${c.file}#${c.name}`);
      queue.push(...this.subclasses.get(key));
    }
    this.relatives.set(start, out);
    return out;
  }

  /** Edges out of a function (or `<module>`) of a file. */
  calleesOf(ref: SymbolRef): CallEdge[] {
    return (this.graphs.get(ref.file)?.edges ?? []).filter((edge) => edge.from.name === ref.name);
  }

  /** Methods that override or implement `ref`, directly or through intermediate classes. */
  overridersOf(ref: SymbolRef): SymbolRef[] {
    const out: SymbolRef[] = [];
    const seen = new Set<string>([symbolKey(ref)]);
    const queue = [ref];
    while (queue.length) {
      for (const method of this.overriders.get(symbolKey(queue.shift()!))) {
        const key = symbolKey(method);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(method);
        queue.push(method);
      }
    }
    return out;
  }

  /** Methods that `ref` overrides or implements, nearest first. */
  overriddenBy(ref: SymbolRef): SymbolRef[] {
    const out: SymbolRef[] = [];
    const seen = new Set<string>([symbolKey(ref)]);
    let current: SymbolRef | undefined = ref;
    while (current) {
      current = this.overridden.get(symbolKey(current));
      if (!current || seen.has(symbolKey(current))) break;
      seen.add(symbolKey(current));
      out.push(current);
    }
    return out;
  }

  /** Methods of types outside the project (`Map.get`) that `ref` implements. */
  libMethodsOf(ref: SymbolRef): string[] {
    return (this.graphs.get(ref.file)?.libOverrides ?? []).filter((o) => o.method.name === ref.name).map((o) => o.lib);
  }

  /** Unresolved calls of a method of a type outside the project. */
  libCallsOf(lib: string): readonly CallEdge[] {
    return this.libCalls.get(lib);
  }

  /** The project's methods implementing a method of a type outside the project. */
  libImplementersOf(lib: string): readonly SymbolRef[] {
    return this.libImplementers.get(lib);
  }

  /** Files importing `path`, with the import statements. */
  importers(path: string): ReadonlyArray<ResolvedImport & { file: string }> {
    return this.importersOf.get(path);
  }

  /** Definitions whose simple or qualified name is `name`. */
  definitions(name: string): readonly Definition[] {
    return this.definitionsByName.get(name);
  }

  /** Definitions of one file. */
  definitionsIn(path: string): Definition[] {
    const record = this.records.get(path);
    return record ? definitionsOf(record) : [];
  }

  /**
   * Whether method `ref` is of the class around `caller` or of one deriving from it: what a call
   * `this.m()` there may reach by dispatch. True when either class is not known.
   */
  inCallerHierarchy(ref: SymbolRef, caller: SymbolRef): boolean {
    const { cls, base } = this.methodAndCallerClasses(ref, caller);
    if (!cls || !base) return true;
    return this.resolver.mro(cls).classes.some((c) => c.file === base.file && c.name === base.name);
  }

  /** True when every base of the class (transitively) is a class of the project. */
  classBasesResolved(file: string, name: string): boolean {
    const cls = this.resolver.classInfo(file, name);
    return cls !== undefined && this.resolver.mro(cls).complete;
  }

  /** Every distinct definition name (for suggestions). */
  definitionNames(): IterableIterator<string> {
    return this.definitionsByName.keys();
  }

  /** Files whose graph must be recomputed when `key` (a path, `dir/`, `*base`) changes. */
  dependentsOf(key: string): string[] {
    return [...(this.dependents.get(key) ?? [])].sort();
  }
}
