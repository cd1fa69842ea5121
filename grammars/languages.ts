// The language table: one entry per language. Adding a language is adding an entry here
// plus its query file in grammars/queries/<id>.scm.
import type { LanguageId } from '../core/types.js';
import type { FlowProfile } from '../core/flow/profile.js';

export interface LanguageEntry {
  id: LanguageId;
  /** Lower-case file extensions, with the dot. */
  extensions: string[];
  /** Exact file names (no extension) that belong to the language. */
  filenames?: string[];
  /** Grammar file inside @cursorless/tree-sitter-wasms/out. */
  wasm: string;
  /** How per-file extraction reads this grammar (core/extract). */
  extract: ExtractSyntax;
  /** Loads the flow profile the shared CFG/DFG builders interpret (grammars/flow/<id>.ts). */
  flow: () => Promise<FlowProfile>;
  /**
   * Languages whose grammar and query read this one's files too, to the same records (JavaScript:
   * TypeScript and TSX; measured on 750 real JavaScript files, 747 identical records, 2 with more
   * callback parameters found, 1 read with errors. TypeScript: TSX; on 3,820 real .ts files of 64
   * packages, every record identical, 23 read with errors — `<T>x` assertions, `<T>(x) =>` without
   * a comma — and so by TypeScript's grammar). A project mostly in one of them extracts this
   * language's files with it (grammarsToRead): one grammar and query to load instead of two.
   */
  readableAs?: LanguageId[];
}

/** Grammar facts the generic extractor needs; everything else lives in the queries. */
export interface ExtractSyntax {
  /** Query files `grammars/queries/<name>.scm`, concatenated into one extraction query. */
  queries: string[];
  /** Node types that are comments (doc comments, module doc, signature trimming). */
  comments: string[];
  /** Decorator / annotation / attribute node types that belong to the definition they precede or sit in. */
  decorators?: string[];
  /**
   * The character every decorator node starts with, in a language whose queries' `@start` is
   * always an ancestor of the definition: a definition without it between its first character and
   * its name holds no decorator, and its nodes are not searched for one.
   */
  decoratorMark?: string;
  /** Node types that wrap exactly one definition and belong to it (`export …`, `@decorated def`, `template <…>`). */
  wrappers?: string[];
  /**
   * Keywords that begin a line without beginning a statement (`else`, `end`, `#endif`): error
   * recovery (core/parse/recover.ts) never cuts a broken region in front of one.
   */
  continuations?: string[];
  /**
   * A grammar gap repaired by text (core/parse/recover.ts): indented lines that begin a member of
   * their own but that the grammar reads as continuing the line above (TypeScript's generic call
   * signatures in prettier's no-semicolon style: `<T>(fn: T): T`, or with the type parameters on
   * lines of their own below a lone `<`; a property named `in` or `instanceof`, read as the
   * operator after the type above), and the one-character separator
   * that makes it read them apart; it replaces the blank before such a line, so offsets stay.
   */
  separate?: { lines: RegExp; separator: string };
  /**
   * Another gap repaired by text: words the grammar does not know, read as blanks (TypeScript's
   * variance annotations `<in out T>`, also after a comment; `export type * from`). Global. What
   * must come before a word is a lookbehind after it: one in front is tried at every offset of
   * the file (10× slower over 23 MB of TypeScript, same matches).
   */
  unknownWords?: RegExp;
  /** The first string statement of a body is its docstring. */
  docstrings?: boolean;
  /**
   * `line` is the definition keyword's line, not its first decorator's: Python's own parser
   * (`ast`) reports decorated definitions that way, and users compare against it. The decorators'
   * first line is kept as `decorated_line`.
   */
  lineAfterDecorators?: boolean;
  /**
   * Which same-named functions of one scope are one overloaded definition (core/extract/overloads.ts):
   * `declarations` — bodiless declarations with the function they declare; `all` — every one.
   */
  overloads?: 'declarations' | 'all';
  /**
   * A receiver named by a variable holding a prototype is that prototype's (Babel's loose classes:
   * `var _proto = Parser.prototype; _proto.parse = function parse() {…}` is `Parser.parse`).
   */
  prototypeAliases?: true;
  /**
   * A class has a static side and an instance side, whose members may share a name (JS/TS): the
   * instances' is then named `Class.prototype.m` (core/extract/definitions.ts).
   */
  staticSides?: true;
  /**
   * Definitions in different unnamed functions (test callbacks) that would share a qualified name
   * are named after their line, `Frame@69` (core/extract/definitions.ts).
   */
  callbackLocals?: true;
}

/**
 * Words the TypeScript and TSX grammars do not know, read as blanks (ExtractSyntax.unknownWords).
 * Each cost a file or a class every definition after it on real code.
 */
const TS_UNKNOWN_WORDS = new RegExp([
  // variance annotations `<in out T>`, also after a comment
  String.raw`\b(?:in\s+out|in|out)(?<=[<,](?:\s|\/\/[^\n]*\n|\/\*(?:[^*]|\*(?!\/))*\*\/)*(?:in\s+out|in|out))\s+(?=[A-Za-z_$][\w$]*\s*(?:[,>=]|extends\b))`,
  // `export type * from`
  String.raw`\btype(?<=^export\s+type)(?=\s+\*)`,
  // the type arguments of a decorator's call: `@throwIfDisposed<Browser>(…)` (puppeteer)
  String.raw`(?<=@[\w$.]+)<[^<>()\n]*(?:<[^<>()\n]*>[^<>()\n]*)*>(?=\()`,
  // a decorated auto-accessor field: `accessor #emitter = …` (a field as far as calls go)
  String.raw`(?<=^[ \t]*(?:(?:static|public|private|protected|readonly|declare|override)\s+)*)accessor(?=\s+#?[\w$]+\s*[=:;!?\n])`,
  // a loop's `using` declaration: `for (using handle of handles)`, `for await (using x of …)`
  String.raw`(?<=\bfor\s*(?:await\s*)?\(\s*)using(?=\s+[\w$]+\s+of\b)`,
  // an escape in a template literal type, which the grammar reads none of (effect's `Missing
  // \`Self\` generic` ends there for it): blanks are text in a string or a regular expression too
  String.raw`\\[^\n\r](?<=(?<!\\)(?:\\\\)*\\[^\n\r])`,
].join('|'), 'gm');

export const LANGUAGES: readonly LanguageEntry[] = [
  { id: 'typescript', extensions: ['.ts', '.mts', '.cts'], wasm: 'tree-sitter-typescript.wasm',
    flow: () => import('./flow/typescript.js').then((m) => m.typescript), readableAs: ['tsx'],
    extract: { queries: ['ecma', 'typescript', 'ts'], comments: ['comment'], decorators: ['decorator'], decoratorMark: '@', wrappers: ['export_statement', 'ambient_declaration', 'lexical_declaration', 'variable_declaration'], continuations: ['else', 'catch', 'finally'], separate: { lines: /^(?:<[^\n]*?>\s*\(|<\s*$|(?:in|instanceof)\??\s*:)/, separator: ';' }, unknownWords: TS_UNKNOWN_WORDS, overloads: 'declarations', staticSides: true, callbackLocals: true } },
  { id: 'tsx', extensions: ['.tsx'], wasm: 'tree-sitter-tsx.wasm',
    flow: () => import('./flow/typescript.js').then((m) => m.typescript),
    extract: { queries: ['ecma', 'typescript', 'jsx'], comments: ['comment'], decorators: ['decorator'], decoratorMark: '@', wrappers: ['export_statement', 'ambient_declaration', 'lexical_declaration', 'variable_declaration'], continuations: ['else', 'catch', 'finally'], unknownWords: TS_UNKNOWN_WORDS, overloads: 'declarations', staticSides: true, callbackLocals: true } },
  { id: 'javascript', extensions: ['.js', '.mjs', '.cjs', '.jsx'], wasm: 'tree-sitter-javascript.wasm',
    flow: () => import('./flow/javascript.js').then((m) => m.javascript), readableAs: ['typescript', 'tsx'],
    extract: { queries: ['ecma', 'javascript', 'jsx'], comments: ['comment'], decorators: ['decorator'], decoratorMark: '@', wrappers: ['export_statement', 'lexical_declaration', 'variable_declaration'], continuations: ['else', 'catch', 'finally'], prototypeAliases: true, staticSides: true, callbackLocals: true } },
  { id: 'python', extensions: ['.py', '.pyi'], wasm: 'tree-sitter-python.wasm',
    flow: () => import('./flow/python.js').then((m) => m.python),
    extract: { queries: ['python'], comments: ['comment'], decorators: ['decorator'], decoratorMark: '@', wrappers: ['decorated_definition'], docstrings: true, lineAfterDecorators: true, continuations: ['else', 'elif', 'except', 'finally'], overloads: 'declarations' } },
  { id: 'go', extensions: ['.go'], wasm: 'tree-sitter-go.wasm',
    flow: () => import('./flow/go.js').then((m) => m.go),
    extract: { queries: ['go'], comments: ['comment'], wrappers: ['type_declaration'] } },
  { id: 'java', extensions: ['.java'], wasm: 'tree-sitter-java.wasm',
    flow: () => import('./flow/java.js').then((m) => m.java),
    extract: { queries: ['java'], comments: ['line_comment', 'block_comment'], decorators: ['annotation', 'marker_annotation'], continuations: ['else', 'catch', 'finally'], overloads: 'all' } },
  { id: 'rust', extensions: ['.rs'], wasm: 'tree-sitter-rust.wasm',
    flow: () => import('./flow/rust.js').then((m) => m.rust),
    extract: { queries: ['rust'], comments: ['line_comment', 'block_comment'], decorators: ['attribute_item'], continuations: ['else'] } },
  { id: 'c', extensions: ['.c', '.h'], wasm: 'tree-sitter-c.wasm',
    flow: () => import('./flow/c.js').then((m) => m.c),
    extract: { queries: ['c'], comments: ['comment'], continuations: ['else', '#else', '#elif', '#elifdef', '#elifndef', '#endif'], overloads: 'all' } },
  { id: 'cpp', extensions: ['.cpp', '.cc', '.cxx', '.hpp', '.hh', '.hxx', '.c++', '.h++'], wasm: 'tree-sitter-cpp.wasm',
    flow: () => import('./flow/cpp.js').then((m) => m.cpp),
    extract: { queries: ['c', 'cpp'], comments: ['comment'], wrappers: ['template_declaration'], continuations: ['else', 'catch', '#else', '#elif', '#elifdef', '#elifndef', '#endif'], overloads: 'all' } },
  { id: 'csharp', extensions: ['.cs'], wasm: 'tree-sitter-c_sharp.wasm',
    flow: () => import('./flow/csharp.js').then((m) => m.csharp),
    extract: { queries: ['csharp'], comments: ['comment'], decorators: ['attribute_list'], continuations: ['else', 'catch', 'finally'], overloads: 'all' } },
  { id: 'ruby', extensions: ['.rb', '.rake', '.gemspec'], filenames: ['Rakefile', 'Gemfile'], wasm: 'tree-sitter-ruby.wasm',
    flow: () => import('./flow/ruby.js').then((m) => m.ruby),
    extract: { queries: ['ruby'], comments: ['comment'], continuations: ['end', 'else', 'elsif', 'when', 'in', 'rescue', 'ensure', 'then', 'do'] } },
  { id: 'php', extensions: ['.php'], wasm: 'tree-sitter-php.wasm',
    flow: () => import('./flow/php.js').then((m) => m.php),
    extract: { queries: ['php'], comments: ['comment'], decorators: ['attribute_list'], continuations: ['else', 'elseif', 'catch', 'finally', 'endif', 'endforeach', 'endfor', 'endwhile', 'endswitch'] } },
  { id: 'kotlin', extensions: ['.kt', '.kts'], wasm: 'tree-sitter-kotlin.wasm',
    flow: () => import('./flow/kotlin.js').then((m) => m.kotlin),
    extract: { queries: ['kotlin'], comments: ['comment', 'line_comment', 'multiline_comment'], decorators: ['annotation'], continuations: ['else', 'catch', 'finally'], overloads: 'all' } },
  { id: 'swift', extensions: ['.swift'], wasm: 'tree-sitter-swift.wasm',
    flow: () => import('./flow/swift.js').then((m) => m.swift),
    extract: { queries: ['swift'], comments: ['comment', 'multiline_comment'], decorators: ['attribute'], continuations: ['else', 'catch'], overloads: 'all' } },
  { id: 'scala', extensions: ['.scala', '.sc'], wasm: 'tree-sitter-scala.wasm',
    flow: () => import('./flow/scala.js').then((m) => m.scala),
    extract: { queries: ['scala'], comments: ['comment', 'block_comment'], decorators: ['annotation'], continuations: ['else', 'catch', 'finally', 'then', 'do', 'yield', 'end', 'extends', 'with'], overloads: 'all' } },
  { id: 'lua', extensions: ['.lua'], wasm: 'tree-sitter-lua.wasm',
    flow: () => import('./flow/lua.js').then((m) => m.lua),
    extract: { queries: ['lua'], comments: ['comment'], wrappers: ['variable_declaration'], continuations: ['end', 'else', 'elseif', 'until'] } },
  { id: 'bash', extensions: ['.sh', '.bash'], wasm: 'tree-sitter-bash.wasm',
    flow: () => import('./flow/bash.js').then((m) => m.bash),
    extract: { queries: ['bash'], comments: ['comment'], continuations: ['fi', 'done', 'esac', 'then', 'do', 'else', 'elif'] } },
];

const byExtension = new Map<string, LanguageEntry>();
const byFilename = new Map<string, LanguageEntry>();
const byId = new Map<LanguageId, LanguageEntry>();
for (const entry of LANGUAGES) {
  byId.set(entry.id, entry);
  for (const ext of entry.extensions) byExtension.set(ext, entry);
  for (const name of entry.filenames ?? []) byFilename.set(name, entry);
}

/** The language of a path, from its extension or exact file name; undefined when unsupported. */
export function languageForPath(path: string): LanguageEntry | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const named = byFilename.get(base);
  if (named) return named;
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return undefined;
  return byExtension.get(base.slice(dot).toLowerCase());
}

export function languageById(id: LanguageId): LanguageEntry {
  const entry = byId.get(id);
  if (!entry) throw new Error(`unknown language ${id}`);
  return entry;
}

/**
 * The languages of a project (source bytes of each) whose files are extracted with another one's
 * grammar and query, and that one's id: a language `readableAs` another that has at least as many
 * bytes in the project (the one with most, if several). Extraction falls back to the file's own
 * grammar when the other reads it with syntax errors (JSX in a TypeScript project's .js file).
 */
export function grammarsToRead(bytesByLanguage: ReadonlyMap<LanguageId, number>): Map<LanguageId, LanguageId> {
  const chosen = new Map<LanguageId, LanguageId>();
  for (const [id, bytes] of bytesByLanguage) {
    let best: LanguageId | undefined;
    let bestBytes = bytes;
    for (const other of languageById(id).readableAs ?? []) {
      const otherBytes = bytesByLanguage.get(other) ?? 0;
      if (otherBytes > 0 && otherBytes >= bestBytes) {
        best = other;
        bestBytes = otherBytes;
      }
    }
    if (best) chosen.set(id, best);
  }
  return chosen;
}
