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

export interface CodeParts {
  comments: string[];
  strings: string[];
  identifiers: string[];
  /** Python: the string that opens the body. */
  docstring?: string;
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
 * The comments, strings and identifiers of `text`. With `docstring`, the first string after the
 * header's closing `:` (Python) — before any other token — is returned as the docstring.
 */
export function lexCode(text: string, language: LanguageId, docstring = false): CodeParts {
  const syntax = SYNTAX[language];
  let openers = OPENERS.get(syntax);
  if (!openers) OPENERS.set(syntax, (openers = openerStarts(syntax)));
  const parts: CodeParts = { comments: [], strings: [], identifiers: [] };
  let depth = 0;
  /** 0: in the header, 1: header closed (next token may be the docstring), 2: body. */
  let stage = docstring ? 0 : 2;
  const n = text.length;
  let i = 0;
  /** Called for every token after the header; true when it was taken as the docstring. */
  const token = (value?: string) => {
    if (stage !== 1) return false;
    stage = 2;
    if (value === undefined) return false;
    parts.docstring = value;
    return true;
  };
  const string = (value: string) => {
    if (!token(value)) parts.strings.push(value);
  };
  while (i < n) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 9 || code === 10 || code === 13) {
      i++;
      continue;
    }
    if (openers.has(code)) {
      // Comments
      if (syntax.longBrackets && text.startsWith('--[[', i)) {
        const end = text.indexOf(']]', i + 4);
        parts.comments.push(text.slice(i + 4, end === -1 ? n : end));
        i = end === -1 ? n : end + 2;
        continue;
      }
      const lineOpener = syntax.line.find((opener) => text.startsWith(opener, i));
      if (lineOpener && (!syntax.hashAtWordStart || i === 0 || /\s|;/.test(text[i - 1]))) {
        const end = text.indexOf('\n', i);
        parts.comments.push(text.slice(i + lineOpener.length, end === -1 ? n : end));
        i = end === -1 ? n : end;
        continue;
      }
      if (syntax.block && text.startsWith(syntax.block[0], i)) {
        const end = text.indexOf(syntax.block[1], i + syntax.block[0].length);
        parts.comments.push(text.slice(i + syntax.block[0].length, end === -1 ? n : end));
        i = end === -1 ? n : end + syntax.block[1].length;
        continue;
      }
      if (syntax.longBrackets && text.startsWith('[[', i)) {
        const end = text.indexOf(']]', i + 2);
        string(text.slice(i + 2, end === -1 ? n : end));
        i = end === -1 ? n : end + 2;
        continue;
      }
    }
    // Strings
    if (code === 34 /* " */ || code === 39 /* ' */ || code === 96 /* ` */) {
      const ch = text[i];
      if (syntax.tripleQuotes && ch !== '`' && text.startsWith(ch + ch + ch, i)) {
        const end = text.indexOf(ch + ch + ch, i + 3);
        string(text.slice(i + 3, end === -1 ? n : end));
        i = end === -1 ? n : end + 3;
        continue;
      }
      if (ch !== "'" || !syntax.charQuote) {
        const end = closingQuote(text, i + 1, ch);
        string(text.slice(i + 1, end));
        i = end + 1;
        continue;
      }
      // A character literal ('a', '\n', '\u{1F600}') closes within a few characters; otherwise a
      // Rust lifetime or label ('a, 'static): skip the quote.
      const end = text.indexOf("'", i + 1);
      i = end !== -1 && end - i <= 10 && !text.slice(i + 1, end).includes('\n') ? end + 1 : i + 1;
      token();
      continue;
    }
    // Identifiers
    if (isIdentStart(code)) {
      let j = i + 1;
      while (j < n && isIdentPart(text.charCodeAt(j))) j++;
      if (stage !== 0) token();
      parts.identifiers.push(text.slice(i, j));
      i = j;
      continue;
    }
    // Punctuation: track brackets so the header's `:` is the one at depth 0.
    if (code === 40 || code === 91 || code === 123) depth++;
    else if (code === 41 || code === 93 || code === 125) depth = Math.max(0, depth - 1);
    else if (code === 58 && stage === 0 && depth === 0) {
      stage = 1;
      i++;
      continue;
    }
    if (stage !== 0) token();
    i++;
  }
  return parts;
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
    if (trimmed === '' || !commentLine(trimmed, syntax)) break;
    collected.push(trimmed);
    if (syntax.block && trimmed.endsWith(syntax.block[1]) && !trimmed.includes(syntax.block[0])) inBlock = true;
    i--;
  }
  return collected.reverse().join('\n');
}
