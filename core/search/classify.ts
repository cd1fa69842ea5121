// Which tier answers a query, decided by ONE ordered table of rules: the first rule whose test
// matches wins. Each rule carries examples a reader can check it against (the unit tests run
// every example, and a few hundred real queries, through the table). Code-shaped queries go to
// the structural tier, natural-language questions to the semantic tier, everything else to the
// literal tier (which also answers whenever the chosen tier finds nothing).
import type { Tier } from './types.js';

/** What a structural query asks for, read off its shape. */
export type StructuralShape =
  /** An ast-grep pattern (`console.log($X)`, `def $F($$$):`). */
  | { kind: 'pattern' }
  /** A definition (`def parse_args`, `class Foo`, `func (s *Server) Serve`). */
  | { kind: 'definition'; name: string; qualifier?: string; wants: DefinitionWant; keyword?: string }
  /** Calls of a name or member path (`foo(`, `this.repo.save(`, `os.path.join(`). */
  | { kind: 'call'; callee: string }
  /** A member path or qualified name (`Subscription.unsubscribe`, `os.path.join`, `Foo::bar`). */
  | { kind: 'dotted'; path: string };

/** Which definitions a definition query names: functions and methods, types, or either. */
export type DefinitionWant = 'function' | 'type' | 'any';

export type Classification =
  | { tier: 'structural'; rule: string; shape: StructuralShape }
  | { tier: 'semantic'; rule: string }
  | { tier: 'literal'; rule: string };

interface Rule {
  name: string;
  tier: Tier;
  /** What the rule recognises, in words. */
  describes: string;
  /** Queries this rule must claim (checked by the tests, in table order). */
  examples: string[];
  /** The structural shape when the rule applies, `true` for other tiers, undefined when it does not. */
  test(query: string): StructuralShape | true | undefined;
}

// ── vocabulary of the rules ─────────────────────────────────────────────────────────────────

const IDENT = String.raw`[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*`;
/** A name path: `a.b`, `A::b`, `a->b`, `A#b`, `a?.b`. */
const PATH = String.raw`${IDENT}(?:(?:\.|::|->|#|\?\.)${IDENT})*`;
const SEPARATOR = /\?\.|::|->|[.#]/g;

/** ast-grep metavariables: `$X`, `$NAME`, `$_`, `$$$`, `$$$ARGS` (never escaped, never `$lower`). */
const METAVARIABLE = /(?<![\\\w$])\$(?:\$\$[A-Z_0-9]*|[A-Z_][A-Z_0-9]*)(?![\w$])/;

/** Modifiers that may precede a definition keyword in some supported language. */
const MODIFIERS = new Set([
  'export', 'default', 'declare', 'abstract', 'public', 'private', 'protected', 'internal', 'static', 'final', 'async',
  'override', 'virtual', 'sealed', 'open', 'data', 'inline', 'pub', 'pub(crate)', 'pub(super)', 'pub(self)', 'unsafe',
  'extern', 'local', 'suspend', 'readonly', 'partial', 'synchronized', 'native', 'const', 'lazy', 'implicit', 'case',
  'fileprivate', 'mutating', 'operator', 'infix', 'tailrec', 'external', 'expect', 'actual', 'inner', 'companion', 'enum',
  'annotation', 'value', 'strictfp', 'transient', 'volatile', 'constexpr', 'inline', 'friend', 'explicit', 'mut',
]);

/** Keywords introducing a function or method definition. */
const FUNCTION_KEYWORDS = new Set(['function', 'function*', 'def', 'fn', 'func', 'fun', 'sub', 'proc', 'macro_rules!']);
/** Keywords introducing a type-like definition. */
const TYPE_KEYWORDS = new Set([
  'class', 'interface', 'struct', 'enum', 'trait', 'impl', 'type', 'module', 'namespace', 'object', 'protocol',
  'extension', 'record', 'union', 'typedef', 'mod',
]);
/** Keywords binding a name to a value (a function expression, a constant, …): either kind. */
const BINDING_KEYWORDS = new Set(['const', 'let', 'var', 'val', 'static']);

/** Words that, right after a definition keyword, mean the query is prose ("class that handles …"). */
const PROSE_WORDS = new Set([
  'a', 'an', 'the', 'of', 'to', 'for', 'that', 'which', 'with', 'in', 'on', 'at', 'is', 'are', 'and', 'or', 'from', 'by',
  'when', 'where', 'how', 'what', 'who', 'this', 'these', 'those', 'it', 'its', 'as', 'not', 'no', 'all', 'any', 'each',
  'every', 'some', 'one', 'called', 'named', 'used', 'definition', 'definitions', 'declaration', 'declarations',
]);

/** Words that continue a definition's header after its name (`class A extends B`, `impl X for Y`). */
const HEADER_WORDS = new Set(['extends', 'implements', 'with', 'where', 'for', 'of', 'inherits', 'derives', 'struct', 'interface']);

/** Primitive and common type names that may start a C-family typed definition (`int main(`). */
const TYPE_WORDS = new Set([
  'void', 'int', 'char', 'bool', 'boolean', 'double', 'float', 'long', 'short', 'unsigned', 'signed', 'byte', 'string',
  'String', 'auto', 'size_t', 'ssize_t', 'uint8_t', 'uint16_t', 'uint32_t', 'uint64_t', 'int8_t', 'int16_t', 'int32_t',
  'int64_t', 'Object', 'decimal', 'object', 'dynamic', 'Task', 'List', 'Map', 'Optional',
]);

/** Statement keywords: a query starting with one of them is a code fragment, not a definition or a question. */
const STATEMENT_KEYWORDS = new Set([
  'return', 'import', 'from', 'require', 'include', '#include', '#define', '#import', 'using', 'package', 'raise', 'throw',
  'await', 'yield', 'new', 'delete', 'if', 'else', 'elif', 'for', 'while', 'switch', 'case', 'try', 'catch', 'except',
  'finally', 'goto', 'break', 'continue', 'typeof', 'instanceof', 'assert', 'defer', 'go', 'select', 'lambda', 'with',
  'echo', 'print', 'puts', 'use', 'extern', 'sizeof', 'static_assert', 'debugger', 'unless', 'until', 'then', 'do', 'end',
]);

/** Words typical of a question or a description, rare in code fragments. */
const QUESTION_WORDS = new Set([
  'how', 'where', 'what', 'which', 'why', 'when', 'who', 'whose', 'does', 'do', 'is', 'are', 'can', 'should', 'find',
  'show', 'list', 'explain', 'the', 'a', 'an', 'that', 'of', 'to', 'in', 'for', 'we', 'i', 'my', 'our', 'it', 'code',
  'logic', 'handling', 'handler', 'handles', 'implementation', 'implemented', 'implement', 'function', 'functions',
  'method', 'methods', 'called', 'used', 'between', 'into', 'from', 'when', 'any', 'all', 'every', 'each', 'and', 'or',
]);

/**
 * File extensions and domains: `config.json`, `README.md`, `example.com` are names, not member
 * paths. Extensions that are also common member names (`log`, `env`, `lock`, `sum`) are left out.
 */
const FILE_EXTENSIONS = new Set([
  'json', 'md', 'txt', 'ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'py', 'pyi', 'go', 'rs', 'java', 'kt', 'c', 'h', 'cc', 'cpp',
  'hpp', 'cs', 'rb', 'php', 'swift', 'scala', 'lua', 'sh', 'bash', 'zsh', 'yml', 'yaml', 'toml', 'ini', 'cfg',
  'xml', 'html', 'htm', 'css', 'scss', 'sql', 'csv', 'tsv', 'png', 'jpg', 'jpeg', 'gif', 'svg', 'pdf', 'zip', 'gz', 'tar',
  'tgz', 'wasm', 'dll', 'exe', 'sqlite', 'proto', 'gradle', 'rst', 'tex', 'vue', 'svelte', 'astro', 'mdx', 'ipynb',
  'dockerfile', 'makefile', 'cmake', 'com', 'org', 'edu', 'gov',
]);

/** Markers people grep for; a query made of them is a literal search. */
const MARKERS = /^(TODO|FIXME|XXX|HACK|NOTE|BUG|OPTIMIZE|REVIEW|DEPRECATED|WARNING|WARN|ERROR|INFO|DEBUG)\b/;

// ── definition shapes ───────────────────────────────────────────────────────────────────────

const GO_RECEIVER = new RegExp(String.raw`^\(\s*(?:${IDENT}\s+)?[*&]?\s*(${IDENT})(?:\[[^\]]*\])?\s*\)\s*`);
const NAME_HEAD = new RegExp(String.raw`^(${PATH})`);
const GENERICS_HEAD = /^<[^>]*>\s*/;

/**
 * `[modifiers] keyword [receiver] name [header]` in any supported language, e.g. `def parse_args`,
 * `export async function load(`, `pub(crate) fn new`, `func (s *Server) Serve`, `local function M.setup`,
 * `class Foo<T> extends Bar {`, `impl Display for Point`. Undefined when the words after the
 * keyword read as prose (`class that handles retries`).
 */
export function parseDefinition(query: string): StructuralShape | undefined {
  const words = query.trim().split(/\s+/);
  let at = 0;
  while (at < words.length - 1 && MODIFIERS.has(words[at]) && !isKeyword(words[at], words[at + 1])) at++;
  // `impl<T> Foo<T>`: generics written against the keyword belong after it.
  const glued = /^([a-z_]+)(<.*)$/.exec(words[at]);
  if (glued) words.splice(at, 1, glued[1], glued[2]);
  let keyword = words[at];
  // `async function*`, `function *gen`: the star belongs to the keyword.
  if (keyword === 'function' && words[at + 1]?.startsWith('*')) {
    keyword = 'function*';
    words[at + 1] = words[at + 1].slice(1);
    if (words[at + 1] === '') at++;
  }
  const wants = FUNCTION_KEYWORDS.has(keyword) ? 'function' : TYPE_KEYWORDS.has(keyword) ? 'type' : BINDING_KEYWORDS.has(keyword) ? 'any' : undefined;
  if (!wants || at === words.length - 1) return undefined;
  let rest = words.slice(at + 1).join(' ');
  let qualifier: string | undefined;
  if (keyword === 'func') {
    const receiver = GO_RECEIVER.exec(rest);
    if (receiver) {
      qualifier = receiver[1];
      rest = rest.slice(receiver[0].length);
    }
  }
  // `impl<T> Foo<T>`, `class <T>`: generics before the name.
  rest = rest.replace(GENERICS_HEAD, '');
  const head = NAME_HEAD.exec(rest);
  if (!head) return undefined;
  const path = head[1];
  if (PROSE_WORDS.has(path.toLowerCase())) return undefined;
  const header = rest.slice(path.length).trim();
  if (!headerContinues(header)) return undefined;
  const parts = path.split(SEPARATOR);
  const name = parts[parts.length - 1];
  if (parts.length > 1) qualifier = parts.slice(0, -1).join('.');
  return { kind: 'definition', name, ...(qualifier ? { qualifier } : {}), wants, keyword };
}

function isKeyword(word: string, next: string): boolean {
  // `enum class Foo` (C++), `const fn` (Rust), `static func` … : a modifier that is also a keyword
  // is the keyword only when the next word is a name rather than another keyword.
  return (TYPE_KEYWORDS.has(word) || BINDING_KEYWORDS.has(word)) && !MODIFIERS.has(next) && !FUNCTION_KEYWORDS.has(next) && !TYPE_KEYWORDS.has(next);
}

/** What may follow the name in a definition header: nothing, punctuation, or a header keyword. */
function headerContinues(header: string): boolean {
  if (header === '') return true;
  if (/^[(<[{:=;,!?|&*]|^->|^=>/.test(header)) return true;
  const word = header.split(/\s+/)[0];
  return HEADER_WORDS.has(word) && header.split(/\s+/).length <= 4;
}

/** C-family typed definitions: `int main(`, `public static void main(String[] args)`, `std::string Foo::name() const`. */
const TYPED_DEFINITION = new RegExp(String.raw`^((?:[\w:<>,\[\]*&]+\s+)+)[*&]*(${PATH})\s*\(`);

function parseTypedDefinition(query: string): StructuralShape | undefined {
  const match = TYPED_DEFINITION.exec(query.trim());
  if (!match) return undefined;
  const leading = match[1].trim().split(/\s+/);
  const typeLike = (word: string) =>
    MODIFIERS.has(word) || TYPE_WORDS.has(word) || /[<>*&\[\]]|::/.test(word) || /^[A-Z][A-Za-z0-9_]*$/.test(word);
  if (leading.some((word) => STATEMENT_KEYWORDS.has(word) || FUNCTION_KEYWORDS.has(word)) || !leading.every(typeLike)) return undefined;
  // A leading capitalised word alone (`Foo bar(`) could be prose ("Returns value(s)"): require a modifier or a known type.
  if (!leading.some((word) => MODIFIERS.has(word) || TYPE_WORDS.has(word) || /[<>*&\[\]]|::/.test(word))) return undefined;
  const parts = match[2].split(SEPARATOR);
  const name = parts[parts.length - 1];
  return { kind: 'definition', name, ...(parts.length > 1 ? { qualifier: parts.slice(0, -1).join('.') } : {}), wants: 'function' };
}

/** Shell and other `name() {` definitions. */
const PAREN_DEFINITION = new RegExp(String.raw`^(${IDENT})\s*\(\)\s*\{\s*$`);

// ── calls, paths, regexes, prose ────────────────────────────────────────────────────────────

/** `foo(`, `foo()`, `this.repo.save(x)`, `new Foo(`, `os.path.join(a, b)`, `.append(` (a method of anything). */
const CALL = new RegExp(String.raw`^(?:new\s+)?\.?(${PATH})\(`);
/** A call as grep users escape it: `foo\(`, `\.unwrap\(\)`, `os\.path\.join\(`, `\.single()`. */
const ESCAPED_CALL = new RegExp(String.raw`^(?:\\?\.)?(${IDENT}(?:(?:\\?\.|::|->)${IDENT})*)\\?\((?:\\?\))?$`);
const DOTTED = new RegExp(String.raw`^${IDENT}(?:(?:\.|::|->|#)${IDENT})+$`);

/** Regex syntax that a code fragment or a sentence would not contain. */
const REGEX_EVIDENCE = [
  /\\[wWdDsSbB]/, // classes and boundaries
  /\\[.()[\]{}|*+?^$/]/, // an escaped metacharacter
  /(?<!\\)\.[*+?]/, // .* .+ .?
  /\[\^|\[[^\]\s]-[^\]\s]/, // [^…] and ranges [a-z]
  /^\^/, // anchored at the start
  /[^\\\s$]\$$/, // anchored at the end (not a lone `$`)
  /(?<![|\\\s])\|(?![|\s])/, // alternation, not `||` nor a spaced `a | b` (a union type)
  /[\w)\]]\{\d+(,\d*)?\}/, // counted repetition
  /[)\]][*+?]/, // a quantified group or class
  /^\(\?[:=!<]/, // non-capturing group or lookaround
];

export function looksLikeRegex(query: string): boolean {
  return REGEX_EVIDENCE.some((evidence) => evidence.test(query));
}

/** Characters that mark code rather than prose. */
const CODE_PUNCTUATION = /[;{}=<>()[\]"`\\|&*^%~@#$+]|::|->|=>/;
/** Punctuation that prose never has, even around a quoted tag or a bracketed aside. */
const STRONG_CODE_PUNCTUATION = /[;{}=()`\\|&$]|::|->|=>/;

function camelOrSnake(word: string): boolean {
  return /[a-z][A-Z]/.test(word) || /[A-Za-z]_[A-Za-z]/.test(word);
}

function plainWord(word: string): boolean {
  return /^[A-Za-z][A-Za-z0-9'’-]*[A-Za-z0-9]$|^[A-Za-z]$/.test(word.replace(/[,.?!]$/, ''));
}

/**
 * A sentence or phrase: at least two words of letters and little or no code punctuation; not a
 * code fragment (`import React`, `return None`, `with open`), not a marker (`TODO fix`), not a
 * title-cased name or message (`AMIC Search`, `PRIVATE KEY`), not a pair of identifiers.
 */
function isNaturalLanguage(query: string): boolean {
  const trimmed = query.trim();
  const text = trimmed.replace(/[?.!]+$/, '');
  if (MARKERS.test(text)) return false;
  const words = text.split(/\s+/).filter(Boolean);
  const plain = words.filter(plainWord);
  if (plain.length < 2) return false;
  // A question, or a longer phrase with a tag or an aside in it, is prose despite its punctuation.
  if (CODE_PUNCTUATION.test(text)) {
    const question = trimmed.endsWith('?') && plain.length >= 3;
    const phrase = plain.length >= 4 && plain.length >= words.length * 0.6 && !STRONG_CODE_PUNCTUATION.test(text);
    return question || phrase;
  }
  if (plain.length < words.length * 0.6) return false;
  // `import os`, `zoxide import`, `from typing import`: statement keywords make short fragments code.
  const keywords = words.filter((word) => STATEMENT_KEYWORDS.has(word)).length;
  if (words.length === 2 && keywords > 0) return false;
  if (STATEMENT_KEYWORDS.has(words[0]) && (keywords > 1 || words.some(camelOrSnake))) return false;
  const lower = words.map((word) => word.toLowerCase());
  if (trimmed.endsWith('?') || lower.some((word) => QUESTION_WORDS.has(word))) return true;
  // `AMIC Search`, `PRIVATE KEY`: a name or a label, searched as written.
  if (words.length <= 3 && words.every((word) => /^[A-Z]/.test(word))) return false;
  // Two identifiers (`getUser userId`) rather than two words.
  if (words.length === 2 && words.some(camelOrSnake)) return false;
  // `None`, `True`, `nil` and the like alongside one other word are code.
  if (words.length === 2 && words.some((word) => /^(None|True|False|null|nil|undefined|true|false|self|this|super)$/.test(word))) return false;
  return true;
}

// ── the table ───────────────────────────────────────────────────────────────────────────────

export const RULES: readonly Rule[] = [
  {
    name: 'ast-grep pattern',
    tier: 'structural',
    describes: 'a code fragment with ast-grep metavariables ($X, $NAME, $$$, $$$ARGS) beside other code',
    examples: ['console.log($X)', 'def $F($$$):', '$A == $A', 'useEffect(() => { $$$ }, [])', 'fmt.Println($$$ARGS)', 'if err != nil { return $ERR }'],
    test: (query) => (METAVARIABLE.test(query) && query.replace(METAVARIABLE, '').trim().length > 0 ? { kind: 'pattern' } : undefined),
  },
  {
    name: 'quoted string',
    tier: 'literal',
    describes: 'text wrapped in matching quotes: the user wants exactly that',
    examples: ['"use strict"', "'Content-Type'", '"connection refused"', '`SELECT * FROM users`'],
    test: (query) => (/^(["'`]).+\1$/s.test(query.trim()) ? true : undefined),
  },
  {
    name: 'escaped call',
    tier: 'structural',
    describes: 'a call written the way grep needs it: name\\(',
    examples: ['processOrder\\(', 'os\\.path\\.join\\(', 'self.save\\(', '\\.unwrap\\(\\)', '\\.single()'],
    test: (query) => {
      const match = query.includes('\\') ? ESCAPED_CALL.exec(query.trim()) : null;
      return match ? { kind: 'call', callee: match[1].replace(/\\\./g, '.') } : undefined;
    },
  },
  {
    name: 'regular expression',
    tier: 'literal',
    describes: 'regex syntax: \\w \\d \\b, escaped metacharacters, .*, [a-z], anchors, alternation, {n,m}',
    examples: ['def \\w+_handler', 'TODO|FIXME', '^import ', 'console\\.(log|warn)', 'version = "[0-9]+', 'foo.*bar', '\\bnil\\b', 'err != nil$'],
    test: (query) => (looksLikeRegex(query) ? true : undefined),
  },
  {
    name: 'definition',
    tier: 'structural',
    describes: 'a definition keyword (def, function, class, fn, func, struct, interface, …) with its modifiers and a name',
    examples: [
      'def parse_args', 'async def fetch', 'function debounce', 'export async function loadConfig(', 'class UserService',
      'class Foo extends Bar', 'interface Props', 'type Options =', 'struct Point', 'pub fn new', 'pub(crate) fn parse',
      'impl Display for Point', 'func (s *Server) Serve', 'func NewClient(', 'fun main', 'enum Color', 'trait Iterator',
      'module Rails', 'local function setup', 'function M.setup', 'def self.call', 'const useStore = create(', 'object Main',
    ],
    test: (query) => parseDefinition(query),
  },
  {
    name: 'typed definition',
    tier: 'structural',
    describes: 'a C-family definition: return type and modifiers, then name(',
    examples: ['public static void main(String[] args)', 'int main(', 'static int compare(const void *a', 'std::string Foo::name('],
    test: (query) => parseTypedDefinition(query),
  },
  {
    name: 'shell function',
    tier: 'structural',
    describes: 'a definition written name() {',
    examples: ['setup_env() {', 'main() {'],
    test: (query) => {
      const match = PAREN_DEFINITION.exec(query.trim());
      return match ? { kind: 'definition', name: match[1], wants: 'function' } : undefined;
    },
  },
  {
    name: 'call',
    tier: 'structural',
    describes: 'a name or member path followed by an opening parenthesis',
    examples: ['foo(', 'parseConfig()', 'this.repo.save(', 'os.path.join(a, b)', 'new Subscriber(', 'fmt.Errorf(', 'Foo::new(', '.append('],
    test: (query) => {
      const match = CALL.exec(query.trim());
      // `TODO(name)` is a marker convention, not a call.
      return match && !MARKERS.test(match[1]) ? { kind: 'call', callee: match[1] } : undefined;
    },
  },
  {
    name: 'member path',
    tier: 'structural',
    describes: 'a dotted or qualified name (not a file name): Class.method, pkg.func, Foo::bar',
    examples: ['Subscription.unsubscribe', 'os.path.join', 'http.HandleFunc', 'Foo::bar', 'ActiveRecord::Base', 'self.assertEqual'],
    test: (query) => {
      const text = query.trim();
      if (!DOTTED.test(text)) return undefined;
      const last = text.split(SEPARATOR).pop()!.toLowerCase();
      return /\.\w+$/.test(text) && FILE_EXTENSIONS.has(last) ? undefined : { kind: 'dotted', path: text };
    },
  },
  {
    name: 'natural language',
    tier: 'semantic',
    describes: 'two or more words of prose without code punctuation: a question or a description',
    examples: [
      'where do we validate tokens', 'retry logic', 'how are errors reported to the user?', 'parse the config file',
      'rate limiting', 'convert int to string', 'what happens when the connection drops',
    ],
    test: (query) => (isNaturalLanguage(query) ? true : undefined),
  },
  {
    name: 'anything else',
    tier: 'literal',
    describes: 'identifiers, strings, numbers, paths, markers, code fragments',
    examples: ['parseConfig', 'TODO', 'import React', 'return None', 'config.json', '404', 'src/utils', 'TODO fix'],
    test: () => true,
  },
];

/** The tier a query goes to under `auto`, and the rule that decided it. */
export function classifyQuery(query: string): Classification {
  for (const rule of RULES) {
    const verdict = rule.test(query);
    if (verdict === undefined) continue;
    if (rule.tier === 'structural') return { tier: 'structural', rule: rule.name, shape: verdict as StructuralShape };
    return { tier: rule.tier, rule: rule.name };
  }
  return { tier: 'literal', rule: 'anything else' };
}

/**
 * The structural reading of a query when the caller forces the structural tier: its shape when it
 * has one, a definition of a lone name, else an ast-grep pattern.
 */
export function structuralShape(query: string): StructuralShape {
  const verdict = classifyQuery(query);
  if (verdict.tier === 'structural') return verdict.shape;
  const name = query.trim();
  if (new RegExp(`^${IDENT}$`).test(name)) return { kind: 'definition', name, wants: 'any' };
  return { kind: 'pattern' };
}
