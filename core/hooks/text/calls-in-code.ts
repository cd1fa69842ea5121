// The calls in a snippet of new code (an Edit's new_string, a Write's content), with how many
// arguments each passes. A lexical scan, not a parse: the snippet is usually a fragment (the
// middle of a function) that a parser can only recover from with error nodes, and hooks run on
// the daemon's main thread where tree-sitter does not run (parsing is the worker pool's job, and
// a round trip there costs more than a PreToolUse hook's 2 ms). Strings and comments are masked
// first, per language family, so their text never reads as code; then every `name(`, `a.b(`,
// `A::b(`, `new A(` outside a definition is a call, its arguments counted at depth 0.
import type { LanguageId } from '../../types.js';

export interface SnippetCall {
  /** Callee as written, separators normalised to `.` (`this.repo.save`, `Foo.bar`). */
  callee: string;
  /** Last identifier (`save`). */
  name: string;
  /** What precedes the name (`this.repo`), when it is a member call. */
  receiver?: string;
  /** Arguments passed; undefined when a spread/splat makes the count unknowable. */
  args: number | undefined;
  /** `new Foo(…)`. */
  isNew: boolean;
  /** 1-based line in the snippet. */
  line: number;
}

type Family = 'c' | 'python' | 'ruby' | 'lua' | 'shell' | 'php' | 'rust';

function familyOf(language: LanguageId): Family {
  switch (language) {
    case 'python':
      return 'python';
    case 'ruby':
      return 'ruby';
    case 'lua':
      return 'lua';
    case 'bash':
      return 'shell';
    case 'php':
      return 'php';
    case 'rust':
      return 'rust';
    default:
      return 'c';
  }
}

/** The text with string and comment contents replaced by spaces (newlines kept), same length. */
export function maskNonCode(text: string, language: LanguageId): string {
  const family = familyOf(language);
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to && k < out.length; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  const lineComment = family === 'python' || family === 'ruby' || family === 'shell' ? ['#'] : family === 'lua' ? ['--'] : family === 'php' ? ['//', '#'] : ['//'];
  let i = 0;
  const at = (marker: string) => text.startsWith(marker, i);
  while (i < text.length) {
    if (lineComment.some(at) && !(family === 'lua' && at('--[['))) {
      const end = text.indexOf('\n', i);
      blank(i, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end;
      continue;
    }
    if ((family !== 'python' && family !== 'ruby' && family !== 'shell' && family !== 'lua' && at('/*')) || (family === 'lua' && at('--[['))) {
      const close = family === 'lua' ? ']]' : '*/';
      const end = text.indexOf(close, i + 2);
      const stop = end < 0 ? text.length : end + close.length;
      blank(i, stop);
      i = stop;
      continue;
    }
    const ch = text[i];
    if (family === 'python' && (at('"""') || at("'''"))) {
      const quote = text.slice(i, i + 3);
      const end = text.indexOf(quote, i + 3);
      const stop = end < 0 ? text.length : end + 3;
      blank(i + 3, stop - 3);
      i = stop;
      continue;
    }
    // A Rust lifetime or label (`'a`, `'static`) is not a character literal.
    if (family === 'rust' && ch === "'" && /^'[A-Za-z_]\w*(?!')/.test(text.slice(i, i + 40)) && text[i + 2] !== "'") {
      i++;
      continue;
    }
    if (ch === '`' && family === 'c') {
      i = maskTemplate(text, i, blank);
      continue;
    }
    if (ch === '"' || ch === "'" || (ch === '`' && family !== 'shell')) {
      let j = i + 1;
      while (j < text.length && text[j] !== ch) {
        if (text[j] === '\\') j++;
        else if (text[j] === '\n' && ch !== '`') break;
        j++;
      }
      blank(i + 1, j);
      i = j + 1;
      continue;
    }
    i++;
  }
  return out.join('');
}

/**
 * A JavaScript template literal from its opening backtick: the text is masked, `${…}` expressions
 * are kept (they are code). Returns the offset after the closing backtick.
 */
function maskTemplate(text: string, start: number, blank: (from: number, to: number) => void): number {
  let i = start + 1;
  let from = i;
  while (i < text.length && text[i] !== '`') {
    if (text[i] === '\\') {
      i += 2;
      continue;
    }
    if (text[i] === '$' && text[i + 1] === '{') {
      blank(from, i);
      let depth = 0;
      for (i += 1; i < text.length; i++) {
        if (text[i] === '{') depth++;
        else if (text[i] === '}' && --depth === 0) break;
      }
      from = i + 1;
    }
    i++;
  }
  blank(from, i);
  return i + 1;
}

const NOT_CALLS = new Set([
  'if', 'for', 'while', 'switch', 'catch', 'return', 'function', 'def', 'fn', 'func', 'fun', 'sizeof', 'typeof', 'elif', 'else',
  'with', 'assert', 'print', 'not', 'and', 'or', 'in', 'is', 'lambda', 'match', 'case', 'when', 'until', 'unless', 'foreach',
  'do', 'try', 'finally', 'except', 'raise', 'throw', 'yield', 'await', 'async', 'super', 'this', 'self', 'import', 'require',
  'defined', 'decltype', 'alignof', 'using', 'namespace', 'local', 'then', 'elseif', 'end', 'loop', 'select', 'go', 'defer',
  'constructor', 'instanceof', 'void', 'delete', 'new', 'static_cast', 'dynamic_cast', 'reinterpret_cast', 'const_cast', 'array', 'list', 'isset', 'unset', 'echo', 'exit', 'die', 'empty', 'eval',
]);
/** Words after which `name(` declares rather than calls. */
const DECLARERS = /(?:\b(?:def|function|fn|func|fun|sub|procedure|macro_rules!|class|struct|interface|trait|enum|record|extends|implements|new\s+class)\s*\*?\s*|\bfunc\s*\([^)]*\)\s*)$/;
/** Words that may precede a call without making it a declaration. */
const BEFORE_CALL = new Set(['return', 'await', 'yield', 'throw', 'new', 'else', 'in', 'of', 'not', 'and', 'or', 'is', 'case', 'do', 'then', 'echo', 'print', 'go', 'defer', 'raise', 'assert', 'typeof', 'void', 'delete', 'when', 'if', 'elif', 'while', 'unless', 'until', 'lambda', 'from']);

const CALLEE = /((?:[A-Za-z_$][\w$]*\s*(?:\?\.|\.|::|->)\s*)*)([A-Za-z_$][\w$]*)\s*(!?)\s*\(/g;

/** Number of arguments between the parenthesis at `open` and its match; undefined for spreads or an unclosed list. */
function countArgs(masked: string, open: number, family: Family): { args: number | undefined; close: number } {
  let depth = 0;
  let args = 0;
  let current = '';
  let unknown = false;
  const finish = () => {
    const arg = current.trim();
    if (arg === '') return;
    args++;
    // Spreads and splats pass any number: `...xs`, `*args`, `**kw`, Go's `xs...`, Ruby's `&block`;
    // a Python lambda's own commas sit at this depth too.
    if (/^\.\.\./.test(arg) || /^\*{1,2}[A-Za-z_(]/.test(arg) || /\.\.\.$/.test(arg) || (family === 'ruby' && /^&[A-Za-z_:]/.test(arg)) || /\blambda\b/.test(arg)) unknown = true;
  };
  for (let i = open; i < masked.length; i++) {
    const ch = masked[i];
    if (ch === '(' || ch === '[' || ch === '{') {
      depth++;
      if (depth > 1) current += ch;
      continue;
    }
    if (ch === ')' || ch === ']' || ch === '}') {
      depth--;
      if (depth === 0) {
        finish();
        return { args: unknown ? undefined : args, close: i };
      }
      current += ch;
      continue;
    }
    if (ch === ',' && depth === 1) {
      finish();
      current = '';
      continue;
    }
    current += ch;
  }
  return { args: undefined, close: masked.length };
}

/** Every call in `code`, in order. */
export function callsInCode(code: string, language: LanguageId): SnippetCall[] {
  const family = familyOf(language);
  if (family === 'shell') return [];
  const masked = maskNonCode(code, language);
  const out: SnippetCall[] = [];
  for (const match of masked.matchAll(CALLEE)) {
    const start = match.index ?? 0;
    const [, chain, name, bang] = match;
    // Rust macros (`println!(`) are not calls of project functions.
    if (bang) continue;
    if (start > 0 && /[\w$.]/.test(masked[start - 1])) continue;
    if (!chain && NOT_CALLS.has(name)) continue;
    const before = masked.slice(Math.max(0, start - 60), start);
    if (DECLARERS.test(before)) continue;
    const previousWord = /([A-Za-z_$][\w$]*)\s*$/.exec(before)?.[1];
    const isNew = previousWord === 'new';
    // `Type name(` declares in C-like languages (a type, then the name).
    if (!chain && previousWord && !BEFORE_CALL.has(previousWord) && family !== 'ruby' && family !== 'lua') continue;
    const open = start + match[0].length - 1;
    const { args, close } = countArgs(masked, open, family);
    // `name(params) {` / `name(params): Type {` at the start of a line defines a method (JS/TS, Java…).
    if (!chain && family === 'c' && /(?:^|\n)\s*(?:(?:public|private|protected|static|async|get|set|override|readonly)\s+)*$/.test(masked.slice(0, start))) {
      if (/^\s*(?::[^;{}=\n]{1,80})?\{/.test(masked.slice(close + 1, close + 120))) continue;
    }
    const callee = `${chain.replace(/\s+/g, '').replace(/\?\.|::|->/g, '.')}${name}`;
    const receiver = chain ? callee.slice(0, callee.length - name.length - 1) : undefined;
    const line = masked.slice(0, start).split('\n').length;
    out.push({ callee, name, ...(receiver ? { receiver } : {}), args, isNew, line });
  }
  return out;
}
