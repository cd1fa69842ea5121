// The search a Bash command line asks for — grep/egrep/fgrep, rg, git grep, ag, ack, ugrep, and
// `find … -name` — read from its words: the pattern(s), the paths searched, file filters, and
// how the pattern is matched. Each tool's options are listed with whether they take a value; an
// option not listed, an inverted match, patterns from a file, or anything around the command
// (pipes, redirections, a second command) makes the reader give up: the hook leaves the command
// alone. `cd DIR && <search>` is followed (the search then runs in DIR).
import { isAbsolute, resolve } from 'node:path';
import { shellSegments, type Segment, type Word } from './shell.js';

export type SearchTool = 'grep' | 'rg' | 'git grep' | 'ag' | 'ack' | 'ugrep' | 'find';

export interface SearchRequest {
  tool: SearchTool;
  /** Patterns (several with `-e`); for find, the file-name globs. */
  patterns: string[];
  /** Searched paths, absolute; empty means the working directory. */
  paths: string[];
  /** The working directory the search runs in (after a leading `cd`). */
  cwd: string;
  /** File-name globs the search is narrowed to (`--include`, `-g`, `-name`), gitignore style. */
  globs: string[];
  /** Language filters (`rg -t ts`, `ack --python`), as the tool names them. */
  types: string[];
  fixed: boolean;
  ignoreCase: boolean;
  word: boolean;
  /** Only file names are printed (`-l`). */
  filesOnly: boolean;
  /** grep's `-r`: directories are searched (rg, ag, ack and git grep always do). */
  recursive: boolean;
}

interface Flag {
  /** Takes a value (`-e PAT`, `--include=GLOB`, `-A 3`). */
  value?: boolean;
  apply?: (request: SearchRequest, value: string) => boolean | void;
}

const bool = (apply?: (r: SearchRequest) => void): Flag => ({ apply: apply ? (r) => apply(r) : undefined });
const valued = (apply?: (r: SearchRequest, v: string) => boolean | void): Flag => ({ value: true, apply });
const pattern = valued((r, v) => void r.patterns.push(v));
const glob = valued((r, v) => void r.globs.push(v));
const type = valued((r, v) => void r.types.push(v));
const ignoreCase = bool((r) => (r.ignoreCase = true));
const fixed = bool((r) => (r.fixed = true));
const word = bool((r) => (r.word = true));
const filesOnly = bool((r) => (r.filesOnly = true));
const quiet = bool();
const recursive = bool((r) => (r.recursive = true));
const number = valued((_, v) => /^\d+$/.test(v));

/** grep's options (GNU), shared by ugrep, which adds its own. */
const GREP: Record<string, Flag> = {
  '-r': recursive, '-R': recursive, '--recursive': recursive, '--dereference-recursive': recursive,
  '-n': quiet, '--line-number': quiet, '-H': quiet, '--with-filename': quiet, '-h': quiet, '--no-filename': quiet,
  '-i': ignoreCase, '-y': ignoreCase, '--ignore-case': ignoreCase, '--no-ignore-case': quiet,
  '-E': quiet, '--extended-regexp': quiet, '-G': quiet, '--basic-regexp': quiet, '-P': quiet, '--perl-regexp': quiet,
  '-F': fixed, '--fixed-strings': fixed, '-w': word, '--word-regexp': word, '-x': quiet, '--line-regexp': quiet,
  '-l': filesOnly, '--files-with-matches': filesOnly, '-c': quiet, '--count': quiet, '-o': quiet, '--only-matching': quiet,
  '-s': quiet, '--no-messages': quiet, '-I': quiet, '-a': quiet, '--text': quiet, '-T': quiet, '--initial-tab': quiet,
  '-b': quiet, '--byte-offset': quiet, '--color': quiet, '--colour': quiet, '--null': quiet, '-Z': quiet,
  '-e': pattern, '--regexp': pattern, '--include': glob, '--exclude': valued(), '--exclude-dir': valued(),
  '-A': number, '-B': number, '-C': number, '--after-context': number, '--before-context': number, '--context': number,
  '-m': number, '--max-count': number, '--binary-files': valued(), '--label': valued(),
};

const UGREP: Record<string, Flag> = { ...GREP, '-g': glob, '--glob': glob, '-t': type, '--file-type': type, '-j': ignoreCase, '--smart-case': ignoreCase, '-Q': fixed };

const RG: Record<string, Flag> = {
  '-n': quiet, '--line-number': quiet, '-N': quiet, '--no-line-number': quiet, '-H': quiet, '--with-filename': quiet,
  '-I': quiet, '--no-filename': quiet, '--no-heading': quiet, '--heading': quiet, '--column': quiet, '--vimgrep': quiet,
  '-i': ignoreCase, '--ignore-case': ignoreCase, '-S': ignoreCase, '--smart-case': ignoreCase, '-s': quiet, '--case-sensitive': quiet,
  '-F': fixed, '--fixed-strings': fixed, '-w': word, '--word-regexp': word, '-x': quiet, '--line-regexp': quiet,
  '-l': filesOnly, '--files-with-matches': filesOnly, '-c': quiet, '--count': quiet, '--count-matches': quiet, '-o': quiet, '--only-matching': quiet,
  '-u': quiet, '-uu': quiet, '-uuu': quiet, '--hidden': quiet, '-.': quiet, '--no-ignore': quiet, '-L': quiet, '--follow': quiet,
  '-P': quiet, '--pcre2': quiet, '-U': quiet, '--multiline': quiet, '--multiline-dotall': quiet, '--trim': quiet, '-p': quiet, '--pretty': quiet,
  '--color': valued(), '--colors': valued(), '--sort': valued(), '--sortr': valued(), '-j': number, '--threads': number,
  '-e': pattern, '--regexp': pattern, '-g': glob, '--glob': glob, '--iglob': glob, '-t': type, '--type': type, '-T': valued(), '--type-not': valued(),
  '-A': number, '-B': number, '-C': number, '--after-context': number, '--before-context': number, '--context': number,
  '-m': number, '--max-count': number, '-d': number, '--max-depth': number, '-M': number, '--max-columns': number, '--max-filesize': valued(),
};

const GIT_GREP: Record<string, Flag> = {
  '-n': quiet, '--line-number': quiet, '-h': quiet, '-H': quiet, '--full-name': quiet, '--column': quiet, '-p': quiet, '--show-function': quiet,
  '-W': quiet, '--function-context': quiet, '--heading': quiet, '--break': quiet, '--untracked': quiet, '--cached': quiet, '--no-index': quiet,
  '-i': ignoreCase, '--ignore-case': ignoreCase, '-I': quiet, '-E': quiet, '--extended-regexp': quiet, '-G': quiet, '--basic-regexp': quiet,
  '-P': quiet, '--perl-regexp': quiet, '-F': fixed, '--fixed-strings': fixed, '-w': word, '--word-regexp': word,
  '-l': filesOnly, '--files-with-matches': filesOnly, '--name-only': filesOnly, '-c': quiet, '--count': quiet, '-o': quiet, '--only-matching': quiet,
  '-e': pattern, '-A': number, '-B': number, '-C': number, '--after-context': number, '--before-context': number, '--context': number,
  '-m': number, '--max-count': number, '--max-depth': number, '--color': quiet, '--no-color': quiet,
};

/** ag and ack share most options; both filter by type with `--<type>` (mapped here to `-t <type>`). */
const AG_ACK_TYPES = ['ts', 'js', 'python', 'go', 'java', 'rust', 'ruby', 'php', 'cc', 'cpp', 'csharp', 'kotlin', 'swift', 'scala', 'lua', 'shell', 'sh'];
const AG_ACK: Record<string, Flag> = {
  '-i': ignoreCase, '--ignore-case': ignoreCase, '-s': quiet, '--case-sensitive': quiet, '-S': ignoreCase, '--smart-case': ignoreCase,
  '-w': word, '--word-regexp': word, '-Q': fixed, '--literal': fixed, '-l': filesOnly, '--files-with-matches': filesOnly,
  '-H': quiet, '--with-filename': quiet, '-h': quiet, '--no-filename': quiet, '--nocolor': quiet, '--noheading': quiet, '--nogroup': quiet,
  '--column': quiet, '--hidden': quiet, '-u': quiet, '--unrestricted': quiet, '--nobreak': quiet, '--numbers': quiet, '-c': quiet, '--count': quiet,
  '-A': number, '-B': number, '-C': number, '--after': number, '--before': number, '--context': number, '-m': number, '--max-count': number,
  '-G': glob, '--file-search-regex': glob, '--ignore': valued(), '--ignore-dir': valued(), '--type': type, '-t': type,
  ...Object.fromEntries(AG_ACK_TYPES.map((name) => [`--${name}`, bool((r) => void r.types.push(name))])),
};

function emptyRequest(tool: SearchTool, cwd: string): SearchRequest {
  return { tool, patterns: [], paths: [], cwd, globs: [], types: [], fixed: false, recursive: false, ignoreCase: false, word: false, filesOnly: false };
}

/**
 * Reads options and operands: `--name=value`, `--name value`, clusters of short options (`-rn`,
 * `-A3`, `-C 2`, `-e PAT`), `-NUM` as context, and `--` ending the options. Returns the operands,
 * or undefined at the first option it does not know.
 */
function readOptions(words: Word[], flags: Record<string, Flag>, request: SearchRequest): Word[] | undefined {
  const operands: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const { text } = words[i];
    if (text === '--') {
      operands.push(...words.slice(i + 1));
      break;
    }
    if (!text.startsWith('-') || text === '-') {
      operands.push(words[i]);
      continue;
    }
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const name = eq < 0 ? text : text.slice(0, eq);
      const flag = flags[name];
      if (!flag) return undefined;
      let value: string | undefined;
      if (flag.value) value = eq >= 0 ? text.slice(eq + 1) : words[++i]?.text;
      else if (eq >= 0 && name !== '--color' && name !== '--colour') return undefined;
      if (flag.value && value === undefined) return undefined;
      if (flag.apply?.(request, value ?? '') === false) return undefined;
      continue;
    }
    if (/^-\d+$/.test(text)) continue;
    if (flags[text] && !flags[text].value) {
      // Whole-word short options that are not clusters (`-uu`, `-.`).
      if (flags[text].apply?.(request, '') === false) return undefined;
      continue;
    }
    for (let c = 1; c < text.length; c++) {
      const flag = flags[`-${text[c]}`];
      if (!flag) return undefined;
      if (flag.value) {
        const value = c + 1 < text.length ? text.slice(c + 1) : words[++i]?.text;
        if (value === undefined || flag.apply?.(request, value) === false) return undefined;
        break;
      }
      if (flag.apply?.(request, '') === false) return undefined;
    }
  }
  return operands;
}

function absolute(cwd: string, path: string): string | undefined {
  if (path.startsWith('~')) return undefined;
  return isAbsolute(path) ? path : resolve(cwd, path);
}

/** Paths from operands; a shell glob operand (`src/*.py`) searches the files it names: its directory, narrowed by the glob. */
function addPaths(request: SearchRequest, operands: Word[]): boolean {
  for (const operand of operands) {
    if (operand.glob) {
      const slash = operand.text.lastIndexOf('/');
      const dir = slash < 0 ? '.' : operand.text.slice(0, slash);
      if (/[*?[\]{}]/.test(dir)) return false;
      const path = absolute(request.cwd, dir);
      if (!path) return false;
      request.paths.push(path);
      request.globs.push(operand.text.slice(slash + 1));
      continue;
    }
    const path = absolute(request.cwd, operand.text);
    if (!path) return false;
    request.paths.push(path);
  }
  return true;
}

function grepLike(tool: SearchTool, words: Word[], flags: Record<string, Flag>, cwd: string, recursiveByDefault: boolean): SearchRequest | undefined {
  const request = emptyRequest(tool, cwd);
  const operands = readOptions(words, flags, request);
  if (!operands) return undefined;
  if (request.patterns.length === 0) {
    const first = operands.shift();
    if (!first || first.glob) return undefined;
    request.patterns.push(first.text);
  }
  if (!addPaths(request, operands)) return undefined;
  if (recursiveByDefault) request.recursive = true;
  // grep without -r and without files reads its standard input: not a project search.
  if (!request.recursive && request.paths.length === 0) return undefined;
  return request;
}

/** find's tests that only select files; anything else (-exec, -delete, -o, !) is not followed. */
function findRequest(words: Word[], cwd: string): SearchRequest | undefined {
  const request = emptyRequest('find', cwd);
  let i = 0;
  for (; i < words.length && !/^[-!(]/.test(words[i].text); i++) {
    if (words[i].glob) return undefined;
    const path = absolute(cwd, words[i].text);
    if (!path) return undefined;
    request.paths.push(path);
  }
  for (; i < words.length; i++) {
    const test = words[i].text;
    const value = words[i + 1]?.text;
    if (test === '-name' || test === '-iname') {
      if (value === undefined) return undefined;
      request.patterns.push(value);
      request.globs.push(value);
      if (test === '-iname') request.ignoreCase = true;
      i++;
    } else if (test === '-path' || test === '-ipath' || test === '-type' || test === '-maxdepth' || test === '-mindepth') {
      if (value === undefined) return undefined;
      i++;
    } else if (test !== '-print' && test !== '-a' && test !== '-and') {
      return undefined;
    }
  }
  return request.patterns.length > 0 ? request : undefined;
}

/** The search one simple command runs, when it is one of the tools read here. */
function searchOf(words: Word[], cwd: string): SearchRequest | undefined {
  const [command, ...rest] = words;
  if (!command || command.glob) return undefined;
  const name = command.text.slice(command.text.lastIndexOf('/') + 1);
  switch (name) {
    case 'grep':
    case 'egrep':
      return grepLike('grep', rest, GREP, cwd, false);
    case 'fgrep': {
      const request = grepLike('grep', rest, GREP, cwd, false);
      if (request) request.fixed = true;
      return request;
    }
    case 'ugrep':
      return grepLike('ugrep', rest, UGREP, cwd, false);
    case 'rg':
      return grepLike('rg', rest, RG, cwd, true);
    case 'ag':
      return grepLike('ag', rest, AG_ACK, cwd, true);
    case 'ack':
      return grepLike('ack', rest, AG_ACK, cwd, true);
    case 'git':
      return rest[0]?.text === 'grep' ? grepLike('git grep', rest.slice(1), GIT_GREP, cwd, true) : undefined;
    case 'find':
      return findRequest(rest, cwd);
    default:
      return undefined;
  }
}

/**
 * The search a command line runs: one search command, optionally after `cd DIR &&`, with no
 * pipe, redirection or other command. Undefined for anything else.
 */
export function parseSearchCommand(command: string, cwd: string): SearchRequest | undefined {
  const segments = shellSegments(command);
  if (!segments || segments.length === 0 || segments.some((s) => s.redirects.length > 0)) return undefined;
  let dir = cwd;
  let search: Segment = segments[0];
  if (segments.length === 2 && segments[1].joinedBy === '&&' && isCd(segments[0])) {
    const target = absolute(cwd, segments[0].words[1].text);
    if (!target) return undefined;
    dir = target;
    search = segments[1];
  } else if (segments.length !== 1) {
    return undefined;
  }
  // `VAR=value cmd` changes the command's environment: not followed.
  if (/^\w+=/.test(search.words[0]?.text ?? '')) return undefined;
  return searchOf(search.words, dir);
}

function isCd(segment: Segment): boolean {
  return segment.words.length === 2 && segment.words[0].text === 'cd' && !segment.words[1].glob;
}
