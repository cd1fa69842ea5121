// ast-grep patterns over the indexed files of the languages the pattern is code in. A file is
// parsed only when it holds every plain identifier of the pattern (found with ripgrep, then
// checked on the text), in path order, until enough matches are found: the answer is the same
// whichever process computes it. Definition-shaped patterns (`function $N($$$) { $$$ }`,
// `def $F($$$): $$$`) run as kind rules, which also find definitions with return types and
// generics that the literal pattern would miss.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TldrError } from '../../errors.js';
import type { LanguageId } from '../../types.js';
import { parseDefinition } from '../classify.js';
import { literalPattern } from '../literal/pattern.js';
import { filesContaining } from '../literal/search.js';
import { astGrep, definitionKinds, type AstGrep } from './ast-grep.js';

type Matcher = import('@ast-grep/napi').NapiConfig;
type SgNode = import('@ast-grep/napi').SgNode;

export interface PatternFile {
  path: string;
  language: LanguageId;
}

export interface PatternMatch {
  file: string;
  /** 1-based line where the match starts. */
  line: number;
  /** The source line where it starts. */
  text: string;
}

const METAVARIABLE = /\$\$\$[A-Z_0-9]*|\$[A-Z_][A-Z_0-9]*/g;
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/g;

/**
 * Matches of `pattern` in `files` (in the order given), at least `limit` of them when there are
 * that many (whole files at a time). `only` restricts the languages. Throws when no language of the
 * files can run the pattern.
 */
export async function findPattern(root: string, files: readonly PatternFile[], pattern: string, limit: number, only?: string): Promise<PatternMatch[]> {
  const grep = astGrep();
  const matchers = new Map<LanguageId, { language: string; matcher: Matcher; tokens: string[] }>();
  const unavailable: string[] = [];
  const present = new Set(files.map((file) => file.language));
  for (const id of present) {
    if (only !== undefined && id !== only) continue;
    const language = grep.language(id);
    if ('unavailable' in language) {
      unavailable.push(`${id}: ${language.unavailable}`);
      continue;
    }
    const compiled = compile(grep, id, language.name, language.expando, pattern);
    if (compiled) matchers.set(id, { language: language.name, ...compiled });
  }
  if (matchers.size === 0) {
    const languages = only !== undefined ? [only] : [...present].sort();
    if (unavailable.length > 0) throw new TldrError(`no ast-grep parser for ${unavailable.join('; ')}`, 'install the @ast-grep/lang-* package for it');
    throw new TldrError(`the pattern is not valid code in ${languages.length > 0 ? languages.join(', ') : 'any searched language'}`, 'write it as code of the language, with $X for one node and $$$ for many');
  }
  const candidates = files.filter((file) => matchers.has(file.language));
  const selective = mostSelectiveToken([...matchers.values()].map((entry) => entry.tokens));
  const kept = selective ? await filesContaining(root, candidates.map((file) => file.path), literalPattern(selective)) : undefined;
  const matches: PatternMatch[] = [];
  for (const file of candidates) {
    if (matches.length >= limit) break;
    if (kept && !kept.has(file.path)) continue;
    const { language, matcher, tokens } = matchers.get(file.language)!;
    let text: string;
    try {
      text = await readFile(join(root, file.path), 'utf8');
    } catch {
      continue;
    }
    if (!tokens.every((token) => text.includes(token))) continue;
    const tree = await grep.napi.parseAsync(language, text);
    const lines = text.split('\n');
    const found = tree.root().findAll(matcher).map((node) => node.range().start.line);
    for (const line of [...new Set(found)].sort((a, b) => a - b)) {
      matches.push({ file: file.path, line: line + 1, text: lines[line] ?? '' });
    }
  }
  return matches;
}

/** The matcher for one language, and the identifiers a file must hold to match; undefined when the pattern is not code there. */
function compile(grep: AstGrep, id: LanguageId, language: string, expando: string, pattern: string): { matcher: Matcher; tokens: string[] } | undefined {
  const tokens = [...new Set(pattern.replace(METAVARIABLE, ' ').match(IDENTIFIER) ?? [])];
  const definition = genericDefinition(pattern, tokens);
  if (definition) {
    const kinds = definitionKinds(grep, language, definition.keyword);
    if (kinds.length > 0) {
      const named = definition.name !== undefined;
      const nameField = definition.keyword === 'impl' ? 'type' : 'name';
      const rule = named
        ? { any: kinds.map((kind) => ({ kind, has: { field: nameField, regex: `^${escapeRegex(definition.name!)}$` } })) }
        : { any: kinds.map((kind) => ({ kind })) };
      return { matcher: { rule } as Matcher, tokens: named ? [definition.name!] : [] };
    }
  }
  const statement = STATEMENT_CONTEXT[language];
  if (statement && !statement.declaration.test(pattern.trim())) {
    const context = statement.wrap(pattern);
    const selector = wrappedKind(grep, language, context.replace(/\$/g, expando), pattern.trim().replace(/\$/g, expando));
    return selector ? { matcher: { rule: { pattern: { context, selector } } } as Matcher, tokens } : undefined;
  }
  const completed = withBody(id, pattern);
  // A header is read with its body first: without one it may still parse, as something else (a
  // TypeScript overload signature, a Python block tree-sitter completes with a missing node).
  const candidates = completed === undefined ? [pattern] : HEADER.test(pattern.trim()) ? [completed, pattern] : [pattern, completed];
  const code = candidates.find((candidate) => parsesCleanly(grep, language, candidate.replace(/\$/g, expando)));
  return code === undefined ? undefined : { matcher: { rule: { pattern: code } } as Matcher, tokens };
}

/** Words that open a definition or a block in some language: such a pattern is a header. */
const HEADER = /^(?:async\s+|export\s+|public\s+|private\s+|protected\s+|internal\s+|static\s+|pub\s+)*(?:function|func|fn|def|fun|class|struct|interface|enum|impl|trait|object|module|void|if|elif|else|for|while|with|try|except|switch|match|case)\b/;
/** Python headers that open a block. */
const PYTHON_HEADER = /^(?:async\s+)?(?:def|class|if|elif|else|for|while|with|try|except|finally|match|case)\b/;
/** Headers that Ruby and Lua close with `end`. */
const END_HEADER = /^(?:def|class|module|function|local\s+function|if|while|for|do)\b/;

/**
 * A definition or block header written without its body (`def $F(self, text):`, `func $F($$$)`,
 * `public void $M(int $X)`) completed with any body (`$$$`), so that a user need not spell out a
 * body the pattern does not care about; undefined when the pattern is no such header.
 */
function withBody(id: LanguageId, pattern: string): string | undefined {
  const header = pattern.trim();
  if (header.includes('\n')) return undefined;
  if (id === 'python') {
    if (!PYTHON_HEADER.test(header)) return undefined;
    return header.endsWith(':') ? `${header} $$$` : `${header}: $$$`;
  }
  if (id === 'ruby' || id === 'lua') return END_HEADER.test(header) && !/\bend$/.test(header) ? `${header}\n$$$\nend` : undefined;
  if (id === 'bash' || header.includes('{') || header.endsWith(';')) return undefined;
  return `${header} { $$$ }`;
}

/**
 * Languages where a bare expression is not code at the top of a file: Go reads `fmt.Println(x)`
 * there as a type conversion. Such patterns are parsed inside a function body (ast-grep's pattern
 * context) and matched by the kind of node they are there.
 */
const STATEMENT_CONTEXT: Record<string, { declaration: RegExp; wrap: (pattern: string) => string }> = {
  go: { declaration: /^(func|type|package|import|var|const)\b/, wrap: (pattern) => `func _() {\n${pattern}\n}` },
};

/** The kind of the innermost node spanning exactly `code` inside `context`; undefined when the context does not parse. */
function wrappedKind(grep: AstGrep, language: string, context: string, code: string): string | undefined {
  const root = grep.napi.parse(language, context).root();
  if (root.find({ rule: { kind: 'ERROR' } } as Matcher)) return undefined;
  let node: SgNode | null = root.find({ rule: { regex: `^${escapeRegex(code)}$` } } as Matcher);
  while (node) {
    const text = node.text();
    const inner: SgNode | undefined = node.children().find((child) => child.text() === text);
    if (!inner) return String(node.kind());
    node = inner;
  }
  return undefined;
}

/**
 * A pattern that names nothing but a definition keyword (and maybe the name), everything else
 * metavariables and punctuation: `function $N($$$A) { $$$ }`, `def $F($$$): $$$`, `class Foo`.
 */
function genericDefinition(pattern: string, tokens: string[]): { keyword: string; name?: string } | undefined {
  const shape = parseDefinition(pattern.split('\n')[0]);
  if (shape?.kind !== 'definition' || !shape.keyword) return undefined;
  const keywords = shape.keyword.replace(/\*$/, '');
  const name = shape.name.startsWith('$') ? undefined : shape.name;
  const allowed = new Set([keywords, ...(name ? [name] : [])]);
  const firstWords = pattern.trim().split(/\s+/);
  for (const word of firstWords.slice(0, firstWords.indexOf(shape.keyword))) allowed.add(word);
  return tokens.every((token) => allowed.has(token)) ? { keyword: keywords, ...(name ? { name } : {}) } : undefined;
}

function parsesCleanly(grep: AstGrep, language: string, code: string): boolean {
  const root = grep.napi.parse(language, code).root();
  return root.find({ rule: { kind: 'ERROR' } } as Matcher) === null;
}

/** The longest identifier every language's matcher requires: the best single prefilter. */
function mostSelectiveToken(tokenLists: string[][]): string | undefined {
  if (tokenLists.some((tokens) => tokens.length === 0)) return undefined;
  const common = tokenLists.reduce((shared, tokens) => shared.filter((token) => tokens.includes(token)));
  return [...common].sort((a, b) => b.length - a.length || (a < b ? -1 : 1))[0];
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
