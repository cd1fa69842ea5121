// What a search pattern is after (DESIGN §7's tiers, read off the pattern alone): a definition
// (`def parse`, `class Foo`, `func (s *Server) Start`), a call (`parse(`), a qualified name
// (`Repo.save`, `net::Server`), a bare identifier, a few words of natural language
// ("retry backoff"), or a literal (an error message, a regex) that ripgrep serves best.
// Regex syntax that only spaces or anchors the words (`\s+`, `.*`, `\b`, `^`) is read through.

export type PatternKind =
  | { kind: 'definition'; name: string }
  | { kind: 'call'; name: string }
  | { kind: 'identifier'; names: string[] }
  | { kind: 'words'; words: string[] }
  | { kind: 'literal' };

const IDENT = /^[A-Za-z_$][\w$]*$/;
const QUALIFIED = /^[A-Za-z_$][\w$]*(?:(?:\.|::|#|->)[A-Za-z_$][\w$]*)+$/;
const MODIFIERS = String.raw`(?:(?:export|default|pub(?:\([\w\s]*\))?|public|private|protected|internal|static|async|abstract|final|override|open|inline|extern|unsafe|const|virtual|sealed|data)\s+)*`;
const KEYWORDS = String.raw`(?:def|function\*?|class|func|fn|interface|type|struct|enum|trait|impl|module|object|record|protocol|sub|procedure|var|let|const|val|namespace)`;
const DEFINITION = new RegExp(String.raw`^${MODIFIERS}${KEYWORDS}\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)\s*[(<:{=]?$`);
const CALL = /^([A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)*)\s*\($/;
const WORD = /^[A-Za-z][a-z]*(?:-[a-z]+)*$/;

/** The regex read as plain text with single spaces, or undefined when regex syntax remains. */
export function readThroughRegex(pattern: string): string | undefined {
  const text = pattern
    .replace(/^\^|(?<!\\)\$$/g, '')
    .replace(/\\[bB<>]|\[\[:<:]]|\[\[:>:]]/g, '')
    .replace(/\\s[*+?]?|\[\[:space:]][*+?]?|\[ \\t][*+?]?|\[ ][*+?]?|\.[*+?]|\s+[*+?]?/g, ' ')
    .replace(/\\([().{}[\]|?+*^$])/g, '$1')
    .trim()
    .replace(/ {2,}/g, ' ');
  // What is left must be free of regex operators (escaped ones were turned into text above).
  if (/(?<!\\)[[\]*+?{}|\\]/.test(text.replace(/\($/, ''))) return undefined;
  return text;
}

function alternatives(pattern: string): string[] | undefined {
  const inner = pattern.replace(/^\\?\(|\\?\)$/g, '');
  const parts = inner.split(/\\?\|/);
  return parts.length > 1 && parts.every((part) => IDENT.test(part)) ? parts : undefined;
}

export function classifyPattern(pattern: string, fixed: boolean): PatternKind {
  const alt = fixed ? undefined : alternatives(pattern);
  if (alt) return { kind: 'identifier', names: alt };
  const text = fixed ? pattern.trim().replace(/\s+/g, ' ') : readThroughRegex(pattern);
  if (!text) return { kind: 'literal' };
  const definition = DEFINITION.exec(text);
  if (definition) return { kind: 'definition', name: definition[1] };
  const call = CALL.exec(text);
  if (call) return { kind: 'call', name: call[1] };
  if (QUALIFIED.test(text)) return { kind: 'identifier', names: [text] };
  // A bare keyword (`def `, `class`) lists every definition: the search's own output does that.
  if (IDENT.test(text)) return new RegExp(`^${KEYWORDS}$`).test(text) ? { kind: 'literal' } : { kind: 'identifier', names: [text] };
  const words = text.split(' ');
  if (words.length >= 2 && words.length <= 6 && words.every((word) => WORD.test(word) && word.length >= 2)) {
    return { kind: 'words', words: words.map((word) => word.toLowerCase()) };
  }
  return { kind: 'literal' };
}
