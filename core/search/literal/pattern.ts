// How a literal search matches: a fixed string, or a regular expression when the query uses regex
// syntax and compiles. The same decision drives ripgrep and the in-process scan, and a regex is
// only handed to ripgrep once JavaScript accepted it, so both paths agree on what matches.
import { looksLikeRegex } from '../classify.js';

export interface LiteralPattern {
  /** The text searched for (fixed) or the regex source. */
  source: string;
  regex: boolean;
  /** Tests one line (without its newline). */
  test(line: string): boolean;
}

export function literalPattern(query: string): LiteralPattern {
  if (looksLikeRegex(query)) {
    let compiled: RegExp | undefined;
    try {
      // `s`: `.` matches every character of a line, `\r` included, as ripgrep's does.
      compiled = new RegExp(query, 's');
    } catch {
      compiled = undefined;
    }
    if (compiled) {
      const regex = compiled;
      return { source: query, regex: true, test: (line) => regex.test(line) };
    }
  }
  return { source: query, regex: false, test: (line) => line.includes(query) };
}
