// The files a Bash command line writes, moves or deletes, when it says so: output redirections,
// in-place editors (sed -i, perl -i), mv/cp/rm/touch/tee/truncate, git checkout/restore/mv/rm
// with paths, and formatters told to rewrite files. Anything else (a script, `git pull`, a
// formatter over a directory) names no file here; the daemon's watcher sees those changes.
import { isAbsolute, resolve } from 'node:path';
import { shellSegments, type Segment } from './shell.js';

/** Options of each command that take a value (so the value is not taken for a path). */
const VALUED: Record<string, Set<string>> = {
  sed: new Set(['-e', '--expression', '-f', '--file', '-l', '--line-length']),
  perl: new Set(['-e', '-E', '-M', '-I']),
  cp: new Set(['-t', '--target-directory', '-S', '--suffix']),
  mv: new Set(['-t', '--target-directory', '-S', '--suffix']),
  truncate: new Set(['-s', '--size', '-r', '--reference']),
  touch: new Set(['-d', '--date', '-r', '--reference', '-t']),
  prettier: new Set(['--config', '--parser', '--plugin', '--ignore-path', '--log-level']),
  eslint: new Set(['-c', '--config', '--ext', '--rule', '--parser', '-f', '--format', '-o', '--output-file']),
  black: new Set(['-l', '--line-length', '-t', '--target-version', '--config', '--include', '--exclude']),
  ruff: new Set(['--config', '--select', '--ignore', '--line-length', '--target-version']),
  isort: new Set(['--settings-path', '--profile', '-l', '--line-length']),
  'clang-format': new Set(['--style', '-style', '--assume-filename']),
};

const WRITES = new Set(['>', '>>', '&>', '&>>', '>|']);

interface Operands {
  operands: string[];
  options: string[];
}

function split(command: string, args: string[]): Operands {
  const valued = VALUED[command] ?? new Set<string>();
  const operands: string[] = [];
  const options: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith('-') && arg !== '-') {
      options.push(arg);
      if (valued.has(arg)) options.push(args[++i] ?? '');
      continue;
    }
    operands.push(arg);
  }
  return { operands, options };
}

/** One of `names` is among the options, alone or in a cluster of short options (`-wl` holds `-w`). */
function has(options: string[], ...names: string[]): boolean {
  return options.some((option) => names.includes(option)
    || (/^-[a-zA-Z]{2,}$/.test(option) && names.some((name) => /^-[a-zA-Z]$/.test(name) && option.includes(name[1]))));
}

/** Paths (as written) one simple command writes, moves or deletes. */
function writtenBy(words: string[]): string[] {
  const [name, ...args] = words;
  const command = name.slice(name.lastIndexOf('/') + 1);
  const { operands, options } = split(command, args);
  switch (command) {
    case 'sed': {
      if (!options.some((o) => o === '-i' || o.startsWith('-i') || o.startsWith('--in-place') || /^-[a-zA-Z]*i/.test(o))) return [];
      // Without -e/-f the first operand is the script.
      return options.some((o) => ['-e', '--expression', '-f', '--file'].includes(o)) ? operands : operands.slice(1);
    }
    case 'perl':
      return options.some((o) => /^-[a-zA-Z]*i/.test(o)) ? operands : [];
    case 'mv':
    case 'cp': {
      const target = options.indexOf('-t') >= 0 ? options[options.indexOf('-t') + 1] : undefined;
      const sources = target === undefined ? operands.slice(0, -1) : operands;
      const dest = target ?? operands[operands.length - 1];
      if (dest === undefined || sources.length === 0) return [];
      const into = (source: string) => `${dest}/${source.slice(source.lastIndexOf('/') + 1)}`;
      // The destination may be a directory: both readings are named; the one that is no file is dropped.
      const written = sources.length > 1 || target !== undefined ? sources.map(into) : [dest, into(sources[0])];
      return command === 'mv' ? [...sources, ...written] : written;
    }
    case 'rm':
    case 'touch':
    case 'truncate':
    case 'unlink':
    case 'tee':
      return operands;
    case 'git': {
      const sub = operands[0];
      const rest = args.slice(args.indexOf(sub) + 1);
      const paths = split('git', rest).operands;
      if (sub === 'checkout' || sub === 'restore') {
        // Only paths after `--` are certainly paths (`git checkout main` switches branches).
        const dash = rest.indexOf('--');
        return dash >= 0 ? rest.slice(dash + 1) : sub === 'restore' ? paths : [];
      }
      if (sub === 'rm') return paths;
      if (sub === 'mv' && paths.length === 2) return [...paths, `${paths[1]}/${paths[0].slice(paths[0].lastIndexOf('/') + 1)}`];
      return [];
    }
    case 'prettier':
      return has(options, '--write', '-w') ? operands : [];
    case 'eslint':
      return has(options, '--fix') ? operands : [];
    case 'black':
    case 'isort':
    case 'autopep8':
    case 'rustfmt':
      return command === 'autopep8' && !has(options, '-i', '--in-place') ? [] : operands;
    case 'ruff':
      return operands[0] === 'format' || (operands[0] === 'check' && has(options, '--fix')) ? operands.slice(1) : [];
    case 'gofmt':
    case 'goimports':
    case 'clang-format':
      return has(options, '-w', '-i') ? operands : [];
    default:
      return [];
  }
}

/**
 * Absolute paths a command line writes, moves or deletes; undefined when the line is not one this
 * reader follows. `cd DIR` moves the directory later paths are read from.
 */
export function writtenPaths(command: string, cwd: string): string[] | undefined {
  const segments = shellSegments(command);
  if (!segments) return undefined;
  let dir = cwd;
  const out = new Set<string>();
  const abs = (path: string) => (isAbsolute(path) ? path : resolve(dir, path));
  for (const segment of segments as Segment[]) {
    for (const redirect of segment.redirects) {
      if (WRITES.has(redirect.op) && !/^\d+$/.test(redirect.target) && !redirect.target.startsWith('~')) out.add(abs(redirect.target));
    }
    // Leading `VAR=value` assignments set the command's environment.
    let start = 0;
    while (start < segment.words.length && /^\w+=/.test(segment.words[start].text)) start++;
    const words = segment.words.slice(start);
    // A glob names files only the shell knows.
    if (words.length === 0 || words.some((w) => w.glob)) continue;
    const texts = words.map((w) => w.text);
    if (texts[0] === 'cd') {
      if (texts.length === 2 && !texts[1].startsWith('~') && !texts[1].startsWith('-')) dir = abs(texts[1]);
      continue;
    }
    for (const path of writtenBy(texts)) if (path && !path.startsWith('~')) out.add(abs(path));
  }
  out.delete('/dev/null');
  return [...out];
}
