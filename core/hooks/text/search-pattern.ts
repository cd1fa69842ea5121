// A grep pattern as the text it searches for: regex syntax that only spaces or anchors the words
// (`\s+`, `.*`, `\b`, `^`, escaped parentheses) is read through, so that `def\s+parse\(` is asked
// of tldr's search as `def parse(` and `retry.*backoff` as `retry backoff`. A pattern with real
// regex operators left (classes, alternations inside words, repetitions) is no text.

/** The regex read as plain text with single spaces, or undefined when regex syntax remains. */
export function readThroughRegex(pattern: string): string | undefined {
  // Escaped characters are text: set aside (as private-use characters) while operators are looked for.
  const escaped: string[] = [];
  const text = pattern
    .replace(/^\^|(?<!\\)\$$/g, '')
    .replace(/\\[bB<>]|\[\[:<:]]|\[\[:>:]]/g, '')
    .replace(/\\s[*+?]?|\[\[:space:]][*+?]?|\[ \\t][*+?]?|\[ ][*+?]?|\.[*+?]|\s+[*+?]?/g, ' ')
    .replace(/\\([().{}[\]|?+*^$])/g, (_, char: string) => String.fromCharCode(0xe000 + escaped.push(char) - 1))
    .trim()
    .replace(/ {2,}/g, ' ');
  if (/[[\]*+?{}|\\]/.test(text)) return undefined;
  return text.replace(/[\ue000-\uf8ff]/g, (char) => escaped[char.charCodeAt(0) - 0xe000]);
}
