// Code a person names in free text (a prompt, a sub-agent's task), found the way people write it:
// in backticks (`greet`, `Repo.save`, `parse()`), call-shaped (`formatName()`, `cache.get(key)`),
// qualified (`Greeter.greet`, `net::Server`), as an identifier no English word looks like
// (`formatName`, `read_config`, `HTTPServer`), a capitalised name inside a sentence (Greeter), or
// a plain word right next to "function", "method", "class"… ("the greet method"). A plain word
// alone in prose ("get the data and run it") is never taken for code. Candidates are only
// proposed here; the caller keeps those the project defines.

export type MentionHow = 'backtick' | 'call' | 'qualified' | 'identifier' | 'capitalised' | 'cue';

export interface Mention {
  /** As written, separators normalised to `.` (`Repo.save`, `net.Server`). */
  name: string;
  how: MentionHow;
  /** Offset in the text, for ordering. */
  at: number;
}

/** Strong forms: the writer marked the name as code. */
export function isStrong(how: MentionHow): boolean {
  return how === 'backtick' || how === 'call' || how === 'qualified' || how === 'identifier';
}

const CUES = new Set([
  'function', 'functions', 'method', 'methods', 'class', 'classes', 'fn', 'func', 'def', 'helper', 'callback', 'handler',
  'constructor', 'interface', 'struct', 'trait', 'enum', 'type', 'decorator', 'hook', 'component', 'operator', 'routine', 'procedure',
]);
/** Words that precede a name only as a keyword would (`def parse`, `function parse`). */
const KEYWORD_CUES = new Set(['function', 'method', 'class', 'fn', 'func', 'def', 'interface', 'struct', 'trait', 'enum', 'type']);
const FILE_EXTENSION = /\.(?:[cm]?[jt]sx?|py|pyi|go|rs|java|kt|kts|rb|php|cs|cpp|cc|cxx|hpp|hh|h|c|swift|scala|lua|sh|md|json|ya?ml|toml|txt|lock|cfg|ini|html|css)$/i;
const QUALIFIED = /(?<![\w$./:#-])((?:this|self|[A-Za-z_$][\w$]*)(?:(?:\.|::|#|->)[A-Za-z_$][\w$]*)+)(?![\w$])/g;
const CALL = /(?<![\w$.])((?:[A-Za-z_$][\w$]*(?:\.|::|->))*[A-Za-z_$][\w$]*)\((?:[^()]{0,80})\)/g;
/** A word on its own: not part of a qualified name, a path or a backticked span. */
const WORD = /(?<![\w$./:#`-])([A-Za-z_$][\w$]*)(?![\w$/`]|\.[A-Za-z_$]|::|#|->)/g;
/** English words that follow "function", "class"… in a sentence without being a name ("the class that…"). */
const FUNCTION_WORDS = new Set([
  'the', 'a', 'an', 'this', 'that', 'these', 'those', 'each', 'every', 'its', 'our', 'my', 'your', 'their', 'new', 'old', 'which', 'who',
  'do', 'does', 'did', 'is', 'are', 'was', 'were', 'be', 'been', 'has', 'have', 'had', 'can', 'could', 'should', 'would', 'will', 'may', 'must',
  'to', 'in', 'of', 'on', 'at', 'by', 'for', 'from', 'with', 'as', 'and', 'or', 'not', 'but', 'if', 'when', 'where', 'so', 'it', 'called', 'named',
]);

/** Strips `this.`/`self.` and normalises `::`, `#`, `->` to `.`. */
function normalise(name: string): string {
  return name.replace(/::|#|->/g, '.').replace(/^(?:this|self|cls)\./, '');
}

/** camelCase, snake_case, SCREAMING_CASE, several capitals or digits inside: no English word is written so. */
function looksLikeIdentifier(word: string): boolean {
  if (word.length < 3) return false;
  if (/^[a-z]+[A-Z]/.test(word)) return true; // camelCase
  if (/[a-z\d]_[a-zA-Z\d]/.test(word) || /^_+[a-z]/.test(word)) return true; // snake_case, _private
  if (/^[A-Z][a-z\d]+[A-Z]/.test(word)) return true; // PascalCase with two humps
  if (/^[A-Z]{2,}[a-z]/.test(word)) return true; // HTTPServer
  if (/^[A-Z][A-Z\d]*_[A-Z\d_]+$/.test(word)) return true; // MAX_SIZE
  return /^[a-zA-Z]+\d+[a-zA-Z\d]*$/.test(word) && /[a-z]/.test(word); // base64Encode, utf8
}

/** The identifiers and call shapes inside a backticked span (`repo.save(x)` → repo.save). */
function fromCode(code: string, at: number, out: Mention[]): void {
  const trimmed = code.trim();
  const whole = /^((?:[A-Za-z_$][\w$]*(?:\.|::|#|->))*[A-Za-z_$][\w$]*)(?:\(.*\))?$/s.exec(trimmed);
  if (whole) {
    out.push({ name: normalise(whole[1]), how: 'backtick', at });
    return;
  }
  for (const match of trimmed.matchAll(CALL)) out.push({ name: normalise(match[1]), how: 'backtick', at: at + (match.index ?? 0) });
}

function isFileName(name: string): boolean {
  return FILE_EXTENSION.test(name);
}

/** Start of a sentence: the text before is empty or ends a sentence (or a list marker). */
function sentenceStart(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 4), at);
  return at === 0 || /(?:^|[.!?:;]\s+|\n\s*(?:[-*>]|\d+[.)])?\s*)$/.test(before) || /^\s*$/.test(text.slice(0, at));
}

/** Every candidate mention in `text`, in order of appearance (a name may appear several times). */
export function findMentions(text: string): Mention[] {
  const out: Mention[] = [];
  // Backticked spans first; their text is then blanked so prose rules do not see it again.
  let prose = text.replace(/```[\s\S]*?```|`([^`\n]{1,200})`/g, (span, code: string | undefined, at: number) => {
    if (code !== undefined) fromCode(code, at, out);
    return ' '.repeat(span.length);
  });
  // Paths and URLs are not code names.
  prose = prose.replace(/(?:https?:\/\/|\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)+|\b[\w-]+\.(?:[cm]?[jt]sx?|py|go|rs|java|rb|php|md|json|ya?ml|toml)\b/g, (span) => ' '.repeat(span.length));
  for (const match of prose.matchAll(CALL)) {
    // `file(s)`, `class(es)`: a plural, not a call.
    if (/\((?:s|es)\)$/.test(match[0])) continue;
    out.push({ name: normalise(match[1]), how: 'call', at: match.index ?? 0 });
  }
  for (const match of prose.matchAll(QUALIFIED)) {
    const name = match[1];
    if (isFileName(name) || /^(?:e\.g|i\.e|etc|vs)\b/i.test(name)) continue;
    out.push({ name: normalise(name), how: 'qualified', at: match.index ?? 0 });
  }
  const words = [...prose.matchAll(WORD)];
  words.forEach((match, i) => {
    const word = match[1];
    const at = match.index ?? 0;
    if (/^(?:this|self)$/.test(word)) return;
    if (looksLikeIdentifier(word)) {
      out.push({ name: word, how: 'identifier', at });
      return;
    }
    const previous = words[i - 1]?.[1]?.toLowerCase();
    const next = words[i + 1]?.[1]?.toLowerCase();
    const gapBefore = i > 0 ? prose.slice((words[i - 1].index ?? 0) + words[i - 1][1].length, at) : '';
    const gapAfter = i + 1 < words.length ? prose.slice(at + word.length, words[i + 1].index ?? 0) : '';
    const adjacent = (gap: string) => /^\s+$/.test(gap);
    if ((previous && KEYWORD_CUES.has(previous) && adjacent(gapBefore)) || (next && CUES.has(next) && adjacent(gapAfter))) {
      if (!CUES.has(word.toLowerCase()) && !FUNCTION_WORDS.has(word.toLowerCase())) {
        out.push({ name: word, how: 'cue', at });
        return;
      }
    }
    // A capitalised word inside a sentence, unless it is part of a Title Case phrase ("Application Action").
    const capital = (other: RegExpMatchArray | undefined) => other !== undefined && /^[A-Z][a-z]/.test(other[1]) && !looksLikeIdentifier(other[1]);
    const titleCase = (capital(words[i - 1]) && !sentenceStart(prose, words[i - 1].index ?? 0)) || capital(words[i + 1]);
    if (/^[A-Z][a-z\d]{2,}$/.test(word) && !sentenceStart(prose, at) && !titleCase) out.push({ name: word, how: 'capitalised', at });
  });
  return out.sort((a, b) => a.at - b.at);
}
