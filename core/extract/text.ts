// Text helpers shared by the extractors: every string we store is whitespace-collapsed and
// bounded, so one pathological expression (an IIFE as a callee, a 5 KB type alias) cannot
// bloat a record.
import type { Node } from 'web-tree-sitter';

/** Collapses runs of whitespace to one space and trims. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Types are kept whole up to this length (inline object types, generic containers, the overloads of
 * a function-valued const: `export const flatMap: { <A, B>(f: …): …; <A, B>(self: …, f: …): … }`,
 * a conditional return type whose branches name the class: `O extends {…} ? Editor<B> : Editor<D>`);
 * longer ones are cut.
 */
export const TYPE_MAX = 1000;

/** `text`, cut to `max` characters with a trailing `…` when longer. */
export function cap(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A declared type's text, capped like `cap` but keeping an indexed-access tail
 * (`FieldOptions<…>['form']`): without it the cut text would name the wrong type.
 */
export function capType(text: string, max: number): string {
  if (text.length <= max) return text;
  const tail = /\[\s*['"][\w$]+['"]\s*\]$/.exec(text)?.[0] ?? '';
  return `${cap(text.slice(0, text.length - tail.length), max - tail.length)}${tail}`;
}

/**
 * A node's text with the comments inside it (nodes of the `comments` types) blanked out: a type
 * literal documenting each of its call signatures with a doc comment reads as its code.
 */
export function textWithout(node: Node, comments: readonly string[]): string {
  const inside = node.descendantsOfType([...comments]).filter((comment): comment is Node => comment !== null);
  const text = node.text;
  if (inside.length === 0) return text;
  let out = '';
  let at = 0;
  for (const comment of inside) {
    out += `${text.slice(at, comment.startIndex - node.startIndex)} `;
    at = comment.endIndex - node.startIndex;
  }
  return out + text.slice(at);
}

/** Collapsed source text of a node, bounded. */
export function nodeText(source: string, node: Node, max = 200): string {
  const end = Math.min(node.endIndex, node.startIndex + max * 4);
  return cap(collapse(source.slice(node.startIndex, end)), max);
}

/** 1-based line of a node's first character. */
export function startLine(node: Node): number {
  return node.startPosition.row + 1;
}

/** 1-based last line of a node; a node ending at column 0 ends on the previous line (trailing newline). */
export function endLine(node: Node): number {
  const { row, column } = node.endPosition;
  return column === 0 && row > node.startPosition.row ? row : row + 1;
}

/** Strips the quotes (and Python/Rust string prefixes) from a string literal's text. */
export function unquote(text: string): string {
  const match = /^[a-zA-Z]*("""|'''|"|'|`)([\s\S]*)\1$/.exec(text);
  return match ? match[2] : text;
}

/** A block tag opening a doc line: JSDoc/Javadoc `@name`, Doxygen `\brief`. */
const TAG = /^[@\\]([A-Za-z][\w-]*)\s*(.*)$/;
/** Tags whose text says what the definition is for. */
const SUMMARY_TAGS = new Set(['summary', 'description', 'desc', 'brief', 'abstract', 'classdesc', 'fileoverview', 'overview', 'file']);
/** Bare tags followed by code, not prose. */
const CODE_TAGS = new Set(['example', 'code', 'snippet']);

/** A line that ends a sentence. */
const SENTENCE_END = /[.!?:;]["')\]]?$/;
/** Where a sentence ends inside a line: at `. ` before what starts another. */
const SENTENCE_BREAK = /[.!?](?=\s+[A-Z(["'`])/;
/** A line that starts a list item, a quote, a table row or code: not the sentence going on. */
const BLOCK_START = /^(?:[-*+•]\s|\d+[.)]\s|>|\||```|>>>|\.\.\s)/;
const DOC_LINE_MAX = 160;

/**
 * The first line of a comment or docstring with words in it, markers removed; a sentence that
 * wraps onto the next lines (Go and Java wrap theirs at 80 columns) goes on to its end. A comment that opens
 * with block tags (date-fns: `@name`, `@category`, `@summary …`) is shown by what it says the
 * definition is for: its summary or description tag, else prose after a bare tag (`@internal`),
 * else its first tag line (`@deprecated Use open()`).
 */
export function firstDocLine(text: string): string | undefined {
  const body = text
    .replace(/^\s*(\/\*\*?|\/\/[\/!]?|#+|--+\[*=*\[?|"""|''')/, '')
    .replace(/(\*\/|"""|''')\s*$/, '');
  // Lines with words; a blank line or a rule of `////` or `*****` (no words) ends a paragraph.
  const lines: string[] = [];
  for (const raw of body.split('\n')) {
    const line = raw
      .replace(/^\s*(\*(?!\/)|\/\/[\/!]?|#+|--+)?\s*/, '')
      .replace(/<\/?(summary|remarks|para|p|br)\s*\/?>/gi, '')
      .trim();
    lines.push(/[\p{L}\p{N}]/u.test(line) ? line : '');
  }
  const first = lines.findIndex((line) => line !== '');
  if (first === -1) return undefined;
  if (!TAG.test(lines[first])) return cap(sentenceFrom(lines, first), DOC_LINE_MAX);
  const worded = lines.filter((line) => line !== '');
  return cap(taggedSummary(worded) ?? worded[0], DOC_LINE_MAX);
}

/** Line `at`, and when its sentence goes on, the lines it goes on over, up to its end. */
function sentenceFrom(lines: readonly string[], at: number): string {
  let text = lines[at];
  for (let i = at + 1; i < lines.length && !SENTENCE_END.test(text) && text.length < DOC_LINE_MAX; i++) {
    const next = lines[i];
    if (next === '' || TAG.test(next) || BLOCK_START.test(next)) break;
    const end = SENTENCE_BREAK.exec(next);
    text += ` ${end ? next.slice(0, end.index + 1) : next}`;
    if (end) break;
  }
  return text;
}

/** The summary of a doc whose lines (with words) open with a block tag; see firstDocLine. */
function taggedSummary(lines: readonly string[]): string | undefined {
  let afterBareTag: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const tag = TAG.exec(lines[i]);
    if (!tag) continue;
    const [, name, rest] = tag;
    const next = lines[i + 1] !== undefined && !TAG.test(lines[i + 1]) ? lines[i + 1] : undefined;
    if (SUMMARY_TAGS.has(name.toLowerCase())) {
      if (rest) return rest;
      if (next) return next;
    } else if (!rest && next && !CODE_TAGS.has(name.toLowerCase())) {
      afterBareTag ??= next;
    }
  }
  return afterBareTag;
}

/** `repo.find(max(1, 2))` → `repo.find`, for grammars whose query can only capture the whole call. */
export function withoutArguments(text: string): string {
  if (!text.endsWith(')')) return text;
  let depth = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    if (text[i] === ')') depth++;
    else if (text[i] === '(' && --depth === 0) return text.slice(0, i).trimEnd();
  }
  return text;
}

/**
 * A chain with every call's arguments and every index dropped, `cls(name, mode).c(d)[0]` →
 * `cls().c()[]`: what call resolution evaluates, without argument text it never reads. A
 * parenthesised expression is kept, its own calls elided: `(a.f(x) + b).c(y)` → `(a.f() + b).c()`.
 */
export function elideArguments(text: string): string {
  let out = '';
  // Per open bracket: whether its content is elided (a call's arguments, an index, a list).
  const open: boolean[] = [];
  let elided = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' || ch === "'") {
      const start = i;
      for (i++; i < text.length && text[i] !== ch; i++) if (text[i] === '\\') i++;
      if (elided === 0) out += text.slice(start, i + 1);
      continue;
    }
    if (ch === '(' || ch === '[') {
      const grouping = elided === 0 && ch === '(' && !/[\w$)\]]$/.test(out.trimEnd()) && !endsWithTypeArguments(out.trimEnd());
      open.push(!grouping);
      if (grouping || elided++ === 0) out += ch;
    } else if (ch === ')' || ch === ']') {
      const wasElided = open.pop();
      if (wasElided === undefined) return text;
      if (!wasElided || --elided === 0) out += ch;
    } else if (elided === 0) {
      out += ch;
    }
  }
  return out;
}

/** Whether `text` ends with a name's type arguments (`createRecordType<Book>`), which a call's `(` may follow. */
function endsWithTypeArguments(text: string): boolean {
  if (!text.endsWith('>')) return false;
  let depth = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    const ch = text[i];
    if (ch === '>' && text[i - 1] !== '=') depth++;
    else if (ch === '<' && --depth === 0) return i > 0 && /[\w$]/.test(text[i - 1]);
  }
  return false;
}

/** Links of a chain `withoutArgumentLists` walks at most: a longer one (hostile nesting) is read as written. */
const CHAIN_MAX = 64;

/**
 * A call chain's source with its calls' argument lists written `()`, whitespace collapsed:
 * `Effect.gen(function* () { … }).pipe` → `Effect.gen().pipe`, the chain call resolution evaluates
 * (as elideArguments makes it), read off the tree so that no argument text (a comment, a template)
 * can derail it. The chain is walked down its callees and objects (`function`, `object` fields);
 * what it starts with otherwise (`(a ?? b)`, `x!`) is kept as written. Undefined for a chain
 * longer than CHAIN_MAX links.
 */
export function withoutArgumentLists(source: string, node: Node): string | undefined {
  const cuts: Node[] = [];
  let at: Node | null = node;
  for (let links = 0; at; links++) {
    if (links === CHAIN_MAX) return undefined;
    const args = at.childForFieldName('arguments');
    if (args) cuts.push(args);
    at = at.childForFieldName('function') ?? at.childForFieldName('object');
  }
  let out = '';
  let from = node.startIndex;
  for (const args of cuts.reverse()) {
    out += `${source.slice(from, args.startIndex)}()`;
    from = args.endIndex;
  }
  return collapse(out + source.slice(from, node.endIndex));
}

/** `foo::<Vec<u8>>` → `foo`, `make<T>` → `make`: type arguments are not part of the callee's name. */
export function withoutTypeArguments(callee: string): string {
  if (!callee.endsWith('>')) return callee;
  let depth = 0;
  for (let i = callee.length - 1; i >= 0; i--) {
    const ch = callee[i];
    if (ch === '>') depth++;
    else if (ch === '<' && --depth === 0) return callee.slice(0, i).replace(/\s*(::)?\s*$/, '');
    else if (ch === '(' || ch === ')') return callee;
  }
  return callee;
}
