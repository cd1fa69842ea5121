// Records that cross a boundary (worker ↔ main, daemon ↔ client, cache on disk).
// Every layer reads these shapes; change them only together with SCHEMA_VERSION.

/** Bumped whenever FileRecord's shape, encoding (core/cache/codec.ts) or extraction semantics change; older cache entries are discarded. */
export const SCHEMA_VERSION = 8;

export type LanguageId =
  | 'typescript' | 'tsx' | 'javascript' | 'python' | 'go' | 'java' | 'rust'
  | 'c' | 'cpp' | 'csharp' | 'ruby' | 'php' | 'kotlin' | 'swift' | 'scala' | 'lua' | 'bash';

export type FunctionKind =
  | 'function'     // a declared function
  | 'method'       // a function declared in a class/struct/impl/trait body
  | 'constructor'
  | 'getter'
  | 'setter'
  | 'arrow'        // arrow function or function expression bound to a name (const f = () => …, field = () => …)
  | 'anonymous';   // a function with no binding name; named `<anonymous@LINE>`

export interface FunctionRecord {
  name: string;
  /** Dotted path through enclosing classes and functions: `Class.method`, `outer.inner`. */
  qualified_name: string;
  kind: FunctionKind;
  /** 1-based first line: decorators included, except in Python (the `def` line, as `ast` says). */
  line: number;
  /** First decorator's line, when decorators precede `line`. */
  decorated_line?: number;
  end_line: number;    // 1-based, inclusive
  /** Declaration text up to the body, whitespace collapsed: modifiers, decorators, parameters, return type. */
  signature: string;
  /** First line of the docstring or leading comment, if any. */
  doc?: string;
  params: string[];
  return_type?: string;
  decorators?: string[];
  modifiers?: string[];
  /** Qualified name of the enclosing class, for methods. */
  class_name?: string;
  /** Qualified name of the enclosing function, for nested functions. */
  parent_function?: string;
  /**
   * JS/TS: the lines of the unnamed function (a test callback) this definition is local to, when
   * it is named after its line because another of its name is elsewhere (`Frame@69`).
   */
  local_to?: LineSpan;
  exported?: boolean;
  is_async?: boolean;
  /** True for a declaration without a body (overload signature, abstract or interface member, prototype, Python `@overload` stub). */
  is_declaration?: boolean;
  /**
   * crc32 of the source lines from the first decorator (or `line`) to `end_line`, then of each
   * overload's lines: tells an edited body (or overload signature) from a moved one.
   */
  body_hash?: number;
  /**
   * Set when the name is declared several times in its scope as one overloaded function: this
   * record is the implementation (the last declaration when there is none) and these are the
   * signatures callers can call, in source order (core/extract/overloads.ts).
   */
  overloads?: OverloadRecord[];
  /**
   * For a function without a declared return type: the values its `return` statements give that
   * are names, attribute paths or calls, as written with call arguments dropped (`cls()`,
   * `self._loop`), so call resolution can infer what a call of it returns (as a checker does).
   * For a generator, the values it yields (`yielded`): a call of it gives an iterable of those.
   */
  returns?: ReturnedValue[];
}

/**
 * One `return <value>` (or a generator's `yield <value>`) of a function: the value (arguments
 * dropped; a list as its items, `[A(), b]`, a comprehension as its body, `[make()]`) and its line.
 */
export interface ReturnedValue {
  value: string;
  line: number;
  yielded?: true;
  /** The function returns the elements of `value`, an iterable, in a list or iterator (`return list(xs)`, `return iter([A()])`). */
  elements?: true;
  /** The function returns a function literal whose call gives `value` (`return () => editor`), read where the literal is. */
  called?: true;
  /**
   * The function returns an anonymous function literal (`return function (obj) { … }`): a call of
   * what it returns runs its own code, as the literal is part of it. `value` is empty unless `called`.
   */
  closure?: true;
  /** `value` is an object literal the function returns, its properties that hold names, paths or calls (`{editor, doc: make()}`), read where the literal is. */
  object?: true;
}

/** One declaration of an overloaded function or method. */
export interface OverloadRecord {
  line: number;
  end_line: number;
  signature: string;
  /** As FunctionRecord.params: what a call of this overload may pass. */
  params: string[];
  /** As FunctionRecord.return_type: what a call matching this overload gives. */
  return_type?: string;
  /** First line of its own doc comment (TS overloads often carry their own, `@deprecated` ones). */
  doc?: string;
  /** A signature without a body (TS overload signature, abstract or interface member, `@overload` stub). */
  is_declaration?: boolean;
}

export type ClassKind =
  | 'class' | 'interface' | 'struct' | 'enum' | 'trait' | 'impl' | 'module' | 'object' | 'protocol' | 'namespace' | 'type';

/** The name an index signature (`[k: string]: T`) is recorded under, as a field or an object type's member: what any other key reads. */
export const INDEX_MEMBER = '[*]';

/**
 * The name call signatures (`(x: X): R`) are recorded under, as a field of an interface or a member
 * of an object type, as one function type: their intersection, as TypeScript types an overloaded
 * function (`{ (f: F): R1; (a: A, f: F): R2 }` → `((f: F) => R1) & ((a: A, f: F) => R2)`).
 */
export const CALL_MEMBER = '()';

export interface FieldRecord {
  name: string;
  line: number;
  type?: string;
  static?: boolean;
  /** Callee of the initialiser when it is a call or `new` (`logger = new Logger()` → `Logger`), for untyped fields. */
  init_call?: string;
  /** A name or attribute path the field is bound to in the class body (`response_class = HTTPResponse`). */
  init_name?: string;
}

export interface ClassRecord {
  name: string;
  qualified_name: string;
  kind: ClassKind;
  /** As FunctionRecord.line. */
  line: number;
  decorated_line?: number;
  end_line: number;
  signature: string;
  doc?: string;
  /** Superclasses, implemented interfaces, mixins — as written in the source. */
  bases: string[];
  methods: FunctionRecord[];
  fields: FieldRecord[];
  decorators?: string[];
  exported?: boolean;
  /** As FunctionRecord.local_to. */
  local_to?: LineSpan;
  /** As FunctionRecord.body_hash. */
  body_hash?: number;
}

/** 1-based first and last line of a piece of code. */
export interface LineSpan {
  line: number;
  end_line: number;
}

export type ImportKind =
  | 'import'      // static import / use / include
  | 'require'     // CommonJS require()
  | 'dynamic'     // import('literal')
  | 'reexport'    // export … from '…'
  | 'include';    // C/C++ #include, Ruby require_relative, PHP require, Bash source

export interface ImportedName {
  /** Name as exported by the module; `default` for default imports, `*` for namespace/glob imports. */
  name: string;
  /** Local binding, when it differs from `name`. */
  alias?: string;
}

export interface ImportRecord {
  module: string;
  /** Local-facing names (alias when present, else name) — the DESIGN §4 contract field. */
  names: string[];
  bindings: ImportedName[];
  line: number;
  kind: ImportKind;
  /** Only types are imported (TS `import type`). */
  type_only?: boolean;
}

export interface ExportRecord {
  /** Exported name (`default` for the default export). */
  name: string;
  /** Local symbol it refers to, when different; a dotted path for CommonJS `exports.Debug = debug_1.default`. */
  local?: string;
  line: number;
  /**
   * Set as a property of CommonJS `exports` (`exports.default = Command`, as TypeScript compiles an
   * ES module), not as the module's whole value (`module.exports = Command`): `require()` gives an
   * object holding it.
   */
  property?: true;
}

/** `reference`: a member read that is not called (a method passed or stored as a value: `cb(this.onDone)`). */
export type CallKind = 'call' | 'new' | 'super' | 'method' | 'reference';

export interface CallSite {
  /** Full callee text as written, whitespace collapsed (`this.repo.save`, `os.path.join`, `Foo`). */
  callee: string;
  /** Last identifier of the callee (`save`). */
  name: string;
  /** Receiver expression text when the callee is a member access (`this.repo`). */
  receiver?: string;
  line: number;
  /** Qualified name of the enclosing function, or `<module>` for top-level code. */
  caller: string;
  kind: CallKind;
  arg_count: number;
  /**
   * JS/TS: the callee starts with `this` inside a non-arrow function literal that is not a
   * definition (a callback): `this` is that literal's own, not the enclosing method's. `type` when
   * the literal declares it (`function (this: Foo)`); else where the literal is passed (`callee` as
   * in CallSite, `new` for a construction, 0-based `arg`), whose declared parameter type may give it;
   * `holder` when the literal is set on an object by a computed name (`app[method] = function …`:
   * that object; `X.prototype[name] = function …`: an instance of X). `object` when the
   * callee starts with `this` in a method of an object literal passed as argument `arg`: `this` is
   * what the parameter's `ThisType<T>` says, or else a value of the parameter's type; `type_args`
   * the call's explicit type arguments (`util.derived<ZodNumber>(…)`), which bind T.
   */
  this_from?: { type?: string; callee?: string; arg?: number; new?: boolean; holder?: string; object?: true; type_args?: string[] };
  /** A reference that writes or deletes the member (`this.run = other`, `delete o.run`): only an accessor's setter runs there. */
  write?: true;
}

/**
 * A local name bound in a function (or at module level) whose type can be read off the code:
 * `x = Foo()`, `const x = new Foo()`, `x: Foo = …`, `foo := NewFoo()`, typed parameters.
 * Used by call resolution to find the class behind `x.method()`.
 */
export interface LocalBinding {
  /** Qualified name of the enclosing function, or `<module>`. */
  scope: string;
  name: string;
  line: number;
  /** Declared type as written (`Foo`, `Foo<T>`, `*Foo`). */
  type?: string;
  /** `type` is not declared but written at the construction that initialises the binding (`new Map<K, V>()`). */
  type_at_new?: true;
  /** Callee text of the initialising call or `new` (`Foo`, `models.Foo`, `Foo.create`). */
  init_call?: string;
  /** The initialiser was a `new`/constructor expression (not just any call). */
  init_new?: boolean;
  /** The binding is this 0-based item of the tuple `init_call` returns (`name, cmd = f()`), `init_name` holds (`key, value = pairs[1]`) or of an `element_of` (`for a, b in pairs`). */
  init_item?: number;
  /** With `init_item` of `init_name`: the targets unpack this 0-based item of the value first (`(k1, v1), (k2, v2) = pairs`). */
  init_outer?: number;
  /**
   * The initialiser is a plain name or attribute path (`self.repo = repo`, `const r = this.repo`):
   * the binding takes that name's type. Lets call resolution follow typed parameters into fields.
   */
  init_name?: string;
  /** The binding is an element of this name or attribute path (`for (const x of this.items)`). */
  element_of?: string;
  /** The binding is a value of this mapping (`for k, v in self.handlers.items()`). */
  value_of?: string;
  /** The initialiser is a list of what `init_call` returns (`[make(y) for y in ys]`), of what `init_name` holds (`[b for a, b in pairs]`), or of the elements of `element_of` (`list(xs)`). */
  init_list?: true;
  /**
   * The initialiser is one of several expressions (`a || b`, `a ?? b`, `c ? f() : new B()`): each
   * alternative that is a name, attribute path, call or construction, as written.
   */
  init_any?: string[];
  /** The initialiser is awaited (`await f()`, `await pending`): the name holds what the promise resolves to. */
  awaited?: true;
  /** Only the name is declared here, its value not read (Go's `ctx, cancel := f()` second name). */
  declared_only?: true;
  /**
   * JavaScript/TypeScript: an assignment to a plain name (`x = f()` after `let x`), not its
   * declaration. Call resolution passes over it where the name is a parameter or is declared with a
   * type or a value (that type stands, as in TypeScript), and over one whose value it cannot tell
   * (the name then keeps what it held before).
   */
  assigned?: true;
  /** A type guard narrows the name: the callee of `isFoo(x)`, whose `x is Foo` return type gives the type. */
  guard?: string;
  /** A second type guard the name may pass instead (`if (!isFoo(x) && !isBar(x)) return`: after it, x is a Foo or a Bar). */
  or_guard?: string;
  /** Last line the binding holds on: a narrowing (`if (x instanceof Foo) {…}` types `x` in the branch only), a callback literal's parameter. */
  end_line?: number;
  /** A narrowing that leaves the name what it was too (`if isinstance(x, Foo) or …:`, after `if not isinstance(x, Foo): …` falling through — x is a Foo or as before). */
  keeps?: true;
  /**
   * An untyped parameter of a function literal passed as an argument — `operate((source, sub) => …)`,
   * `new Observable((subscriber) => …)`, `items.map(function (item) {…})`: the call it is passed to
   * (`callee` as in CallSite, `new` for a constructor call), the literal's 0-based argument position
   * and the parameter's 0-based position, so its type can be read off the callee's declared
   * parameter type (contextual typing). `prop`: the literal is that property of an object literal
   * passed as the argument (`merge({ names: (gen) => … })`). `scope` is the named function around the literal.
   */
  callback_param?: { callee: string; arg: number; param: number; prop?: string; new?: boolean };
  /** Python: the function declares the name `global`, so this assignment binds the module-level name. */
  global?: true;
  /**
   * Made in a branch, loop or try/except of its scope: after it the name may still hold what the
   * binding before it gave (`if isinstance(expr, str): expr = Literal(expr)`).
   */
  conditional?: true;
}

export interface SyntaxErrorRecord {
  line: number;
  column: number;
  end_line: number;
  /** `syntax error near …` or `missing …`. */
  message: string;
}

export interface FileRecord {
  /** Path relative to the project root, `/` separators. */
  path: string;
  language: LanguageId;
  /** Content hash (sha1 hex) of the bytes the record was built from. */
  hash: string;
  size: number;
  line_count: number;
  /** Approximate token count of the source (≈ cl100k), the yardstick of the file's summary budget. */
  source_tokens?: number;
  /** Module docstring / leading file comment, first line. */
  doc?: string;
  /** All non-method functions, nested ones included (their qualified_name carries the path). */
  functions: FunctionRecord[];
  /** All classes, nested ones included. Methods live in their class. */
  classes: ClassRecord[];
  imports: ImportRecord[];
  exports: ExportRecord[];
  calls: CallSite[];
  /**
   * Member reads that are not calls (`run: this.run`, `if (obs.next)`, `self._install`), for the
   * languages whose queries capture them (JS/TS, Python): where a method is used as a value.
   * `kind` is `reference`, `arg_count` 0. Absent when there are none.
   */
  references?: CallSite[];
  /** TypeScript namespaces (`export namespace errorUtil { … }`): their definitions are read as `errorUtil.member`. Absent when none. */
  namespaces?: NamespaceRecord[];
  bindings: LocalBinding[];
  errors: SyntaxErrorRecord[];
  /** Set when the bytes were not valid UTF-8 and were decoded lossily. */
  lossy_decode?: boolean;
}

export interface NamespaceRecord {
  /** Dotted for a nested namespace (`Outer.Inner`). */
  name: string;
  line: number;
  end_line: number;
}

/** Why a file was not indexed. */
export type SkipReason =
  | 'ignored' | 'unsupported' | 'binary' | 'too_large' | 'minified' | 'unreadable' | 'symlink_loop' | 'outside_root';

/** Per-language totals of a warm. */
export interface LanguageTotals {
  files: number;
  lines: number;
  bytes: number;
}

/** What `warm` reports: `tldr warm --json` prints it, the daemon returns it. */
export interface WarmResult {
  root: string;
  /** Files with a record. */
  files: number;
  lines: number;
  bytes: number;
  languages: Partial<Record<LanguageId, LanguageTotals>>;
  /** Files read and extracted in this run (whatever the outcome). */
  parsed: number;
  /** Files whose cached outcome was kept: unchanged stats, or changed stats but the same content hash. */
  reused: number;
  /** Of `reused`, the files whose stats changed and were re-hashed. */
  rehashed: number;
  /** Cached files that no longer exist or are no longer selected. */
  removed: number;
  /** Skips per reason (`ignored` counts pruned entries: an ignored directory counts once). */
  skipped: Partial<Record<SkipReason, number>>;
  /** Every skipped file except ignored and unsupported ones. */
  skipped_files: { path: string; reason: SkipReason }[];
  /**
   * When nothing was indexed: the directories the ignore rules pruned (tldr's defaults skip
   * dependencies and build output, so a package that ships only `dist/` indexes nothing).
   */
  ignored_dirs?: string[];
  errors: { path: string; message: string }[];
  /** Extraction workers used; 0 when the few changed files were extracted in-process. */
  workers: number;
  /** What happened to `.tldr/index.bin`. */
  cache: 'created' | 'updated' | 'unchanged' | 'rebuilt' | 'unwritable';
  /** Why the cache was rebuilt or could not be written. */
  cache_note?: string;
  elapsed_ms: number;
  /** Set when the project's running daemon did the warm (on its own index, which is then fresh). */
  daemon_pid?: number;
  /**
   * The semantic search index (`.tldr/search.bin`) brought up to date by the warm (its time is part
   * of elapsed_ms), or `deferred`: a small warm that left the daemon starting leaves it to the daemon.
   */
  search_index?: SearchIndexUpdate | { state: 'deferred' };
}

/** What a warm did to `.tldr/search.bin`. */
export interface SearchIndexUpdate {
  documents: number;
  state: 'unchanged' | 'updated' | 'unwritable';
  elapsed_ms: number;
}
