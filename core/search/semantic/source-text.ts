// Reading a definition's own source: which parts are comments, which are string literals, which
// are identifiers — with a small lexer per comment/string syntax family rather than a parse (the
// records already hold the structure; this only sorts words into fields). Also the comment block
// right above a definition, and a Python docstring.
import type { LanguageId } from '../../types.js';

interface Syntax {
  /** Line-comment openers. */
  line: string[];
  /** Block-comment delimiters. */
  block?: [string, string];
  /** `'x'` is a character (C family, Rust), not a string. */
  charQuote?: boolean;
  /** `"""` and `'''` strings. */
  tripleQuotes?: boolean;
  /** `#` opens a comment only at the start of a word (shells: `$#`, `${#x}`). */
  hashAtWordStart?: boolean;
  /** Lua's `[[ … ]]` long strings and `--[[ … ]]` long comments. */
  longBrackets?: boolean;
}

const C_LIKE: Syntax = { line: ['//'], block: ['/*', '*/'] };
const SYNTAX: Record<LanguageId, Syntax> = {
  typescript: C_LIKE,
  tsx: C_LIKE,
  javascript: C_LIKE,
  go: { ...C_LIKE, charQuote: true },
  java: { ...C_LIKE, charQuote: true },
  rust: { ...C_LIKE, charQuote: true },
  c: { ...C_LIKE, charQuote: true },
  cpp: { ...C_LIKE, charQuote: true },
  csharp: { ...C_LIKE, charQuote: true },
  kotlin: { ...C_LIKE, charQuote: true, tripleQuotes: true },
  scala: { ...C_LIKE, charQuote: true, tripleQuotes: true },
  swift: { ...C_LIKE, tripleQuotes: true },
  php: { line: ['//', '#'], block: ['/*', '*/'] },
  python: { line: ['#'], tripleQuotes: true },
  ruby: { line: ['#'] },
  bash: { line: ['#'], hashAtWordStart: true },
  lua: { line: ['--'], longBrackets: true },
};

/** A whole file's comments, string literals and identifiers, each with its start offset, in source order. */
export interface LexedFile {
  /** Identifiers as [start, end) offsets: their text is not copied out. */
  identifierAt: number[];
  identifierEnd: number[];
  comments: string[];
  commentAt: number[];
  strings: string[];
  stringAt: number[];
}

function isIdentStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36 || code >= 0xc0;
}

function isIdentPart(code: number): boolean {
  return isIdentStart(code) || (code >= 48 && code <= 57);
}

/** First characters of the syntax's comment and long-bracket openers, to skip the checks on every other character. */
function openerStarts(syntax: Syntax): Set<number> {
  const starts = new Set<number>();
  for (const opener of syntax.line) starts.add(opener.charCodeAt(0));
  if (syntax.block) starts.add(syntax.block[0].charCodeAt(0));
  if (syntax.longBrackets) starts.add(91 /* [ */);
  return starts;
}

const OPENERS = new Map<Syntax, Set<number>>();

/**
 * Lexes a whole file once: every definition's fields are then cut out of these token lists by
 * offset, so nested definitions are not lexed again.
 */
export function lexFile(text: string, language: LanguageId): LexedFile {
  const syntax = SYNTAX[language];
  let openers = OPENERS.get(syntax);
  if (!openers) OPENERS.set(syntax, (openers = openerStarts(syntax)));
  const lexed: LexedFile = { identifierAt: [], identifierEnd: [], comments: [], commentAt: [], strings: [], stringAt: [] };
  const comment = (at: number, value: string) => {
    lexed.comments.push(value);
    lexed.commentAt.push(at);
  };
  const string = (at: number, value: string) => {
    lexed.strings.push(value);
    lexed.stringAt.push(at);
  };
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 9 || code === 10 || code === 13) {
      i++;
      continue;
    }
    if (openers.has(code)) {
      if (syntax.longBrackets && text.startsWith('--[[', i)) {
        const end = text.indexOf(']]', i + 4);
        comment(i, text.slice(i + 4, end === -1 ? n : end));
        i = end === -1 ? n : end + 2;
        continue;
      }
      const lineOpener = syntax.line.find((opener) => text.startsWith(opener, i));
      if (lineOpener && (!syntax.hashAtWordStart || i === 0 || /\s|;/.test(text[i - 1]))) {
        const end = text.indexOf('\n', i);
        comment(i, text.slice(i + lineOpener.length, end === -1 ? n : end));
        i = end === -1 ? n : end;
        continue;
      }
      if (syntax.block && text.startsWith(syntax.block[0], i)) {
        const end = text.indexOf(syntax.block[1], i + syntax.block[0].length);
        comment(i, text.slice(i + syntax.block[0].length, end === -1 ? n : end));
        i = end === -1 ? n : end + syntax.block[1].length;
        continue;
      }
      if (syntax.longBrackets && text.startsWith('[[', i)) {
        const end = text.indexOf(']]', i + 2);
        string(i, text.slice(i + 2, end === -1 ? n : end));
        i = end === -1 ? n : end + 2;
        continue;
      }
    }
    if (code === 34 /* " */ || code === 39 /* ' */ || code === 96 /* ` */) {
      const ch = text[i];
      if (syntax.tripleQuotes && ch !== '`' && text.startsWith(ch + ch + ch, i)) {
        const end = text.indexOf(ch + ch + ch, i + 3);
        string(i, text.slice(i + 3, end === -1 ? n : end));
        i = end === -1 ? n : end + 3;
        continue;
      }
      if (ch !== "'" || !syntax.charQuote) {
        const end = closingQuote(text, i + 1, ch);
        string(i, text.slice(i + 1, end));
        i = end + 1;
        continue;
      }
      // A character literal ('a', '\n', '\u{1F600}') closes within a few characters; otherwise a
      // Rust lifetime or label ('a, 'static): skip the quote.
      const end = text.indexOf("'", i + 1);
      i = end !== -1 && end - i <= 10 && !text.slice(i + 1, end).includes('\n') ? end + 1 : i + 1;
      continue;
    }
    if (isIdentStart(code)) {
      let j = i + 1;
      while (j < n && isIdentPart(text.charCodeAt(j))) j++;
      lexed.identifierAt.push(i);
      lexed.identifierEnd.push(j);
      i = j;
      continue;
    }
    i++;
  }
  return lexed;
}

/** Index of the first offset ≥ `at` in a sorted list. */
export function firstAtOrAfter(offsets: readonly number[], at: number): number {
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (offsets[mid] < at) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * The docstring of a Python definition starting at offset `from`: the string that opens its body,
 * right after the header's `:` (brackets, strings and comments in the header skipped). Its index
 * in `lexed.strings`, or -1.
 */
export function pythonDocstring(text: string, lexed: LexedFile, from: number, to: number): number {
  let depth = 0;
  let i = from;
  for (; i < to; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === '#') i = text.indexOf('\n', i) === -1 ? to : text.indexOf('\n', i);
    else if (ch === '"' || ch === "'") i = closingQuote(text, i + 1, ch);
    else if (ch === ':' && depth === 0) break;
  }
  const string = firstAtOrAfter(lexed.stringAt, i);
  const identifier = firstAtOrAfter(lexed.identifierAt, i);
  const stringAt = lexed.stringAt[string] ?? Infinity;
  return stringAt < to && stringAt < (lexed.identifierAt[identifier] ?? Infinity) ? string : -1;
}

function closingQuote(text: string, from: number, quote: string): number {
  let i = from;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\') i += 2;
    else if (ch === quote) return i;
    // Only template literals and raw strings span lines; an unclosed quote ends at the line.
    else if (ch === '\n' && quote !== '`') return i;
    else i++;
  }
  return text.length;
}

/** Whether a trimmed line is (part of) a comment in this language. */
function commentLine(trimmed: string, syntax: Syntax): boolean {
  if (syntax.line.some((opener) => trimmed.startsWith(opener))) return !trimmed.startsWith('#!');
  if (syntax.block && (trimmed.startsWith(syntax.block[0]) || trimmed.startsWith('*') || trimmed.endsWith(syntax.block[1]))) return true;
  return false;
}

/**
 * The comment block immediately above a definition whose first line (decorators included) is
 * `line` (1-based): contiguous comment lines, and a whole block comment ending right there.
 */
export function leadingComment(lines: readonly string[], line: number, language: LanguageId): string {
  const syntax = SYNTAX[language];
  const collected: string[] = [];
  let i = line - 2;
  let inBlock = false;
  while (i >= 0) {
    const trimmed = lines[i].trim();
    if (inBlock) {
      collected.push(trimmed);
      if (syntax.block && trimmed.includes(syntax.block[0])) inBlock = false;
      i--;
      continue;
    }
    // Rust's outer doc comments (`///`) belong to the next item even across blank lines.
    if (trimmed === '' && language === 'rust') {
      let above = i - 1;
      while (above >= 0 && lines[above].trim() === '') above--;
      if (above >= 0 && lines[above].trim().startsWith('///')) {
        i = above;
        continue;
      }
    }
    if (trimmed === '' || !commentLine(trimmed, syntax)) break;
    collected.push(trimmed);
    if (syntax.block && trimmed.endsWith(syntax.block[1]) && !trimmed.includes(syntax.block[0])) inBlock = true;
    i--;
  }
  return collected.reverse().join('\n');
}
