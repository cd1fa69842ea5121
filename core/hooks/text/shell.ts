// Shell command lines as words, with shell-quote's parser (quotes, escapes, operators) rather than
// regexes. Only what can be read with certainty: a line with command or process substitution,
// variables, subshells, here-documents or several lines is refused (undefined), and the hook that
// asked leaves the command alone.
import { parse } from 'shell-quote';

export interface Word {
  text: string;
  /** Unquoted glob characters: the shell expands it against the file system. */
  glob: boolean;
}

export interface Redirect {
  op: string;
  target: string;
}

/** A simple command: its words, its redirections, and the operator that joins it to the previous one. */
export interface Segment {
  words: Word[];
  redirects: Redirect[];
  /** `&&`, `||`, `;`, `|`, `|&`, `&`; undefined for the first segment. */
  joinedBy?: string;
}

const CONTROL = new Set(['&&', '||', ';', '|', '|&', '&']);
const REDIRECTS = new Set(['>', '>>', '<', '>&', '<&', '&>', '&>>', '>|', '<<<']);

type Parsed = ReturnType<typeof parse>[number];

function isOp(token: Parsed): token is { op: string } {
  return typeof token === 'object' && token !== null && 'op' in token;
}

/** The segments of a command line, or undefined when it holds anything this reader does not follow. */
export function shellSegments(command: string): Segment[] | undefined {
  // Line continuations join lines; any other newline separates commands in ways shell-quote does not see.
  const line = command.replace(/\\\r?\n/g, ' ');
  if (/[\n\r`]|\$\(|<</.test(line)) return undefined;
  let tokens: Parsed[];
  try {
    tokens = parse(line, (key) => ({ op: `$${key}` }) as unknown as string);
  } catch {
    return undefined;
  }
  const segments: Segment[] = [];
  let current: Segment = { words: [], redirects: [] };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (typeof token === 'string') {
      current.words.push({ text: token, glob: false });
    } else if (isOp(token) && token.op === 'glob') {
      current.words.push({ text: (token as unknown as { pattern: string }).pattern, glob: true });
    } else if (isOp(token) && CONTROL.has(token.op)) {
      if (current.words.length === 0) return undefined;
      segments.push(current);
      current = { words: [], redirects: [], joinedBy: token.op };
    } else if (isOp(token) && REDIRECTS.has(token.op)) {
      const target = tokens[++i];
      if (typeof target !== 'string') return undefined;
      current.redirects.push({ op: token.op, target });
    } else if (typeof token === 'object' && token !== null && 'comment' in token) {
      break;
    } else {
      // Variables (`$x`), subshells, process substitution: not followed.
      return undefined;
    }
  }
  if (current.words.length === 0) return current.joinedBy === undefined && segments.length === 0 ? [] : undefined;
  segments.push(current);
  return segments;
}
