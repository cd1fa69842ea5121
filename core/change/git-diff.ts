// What git says changed: `git diff -U0` against a base revision (working tree and index together)
// read as per-file line ranges, plus untracked files as wholly new. Paths are relative to the
// project root (`--relative`), which may sit anywhere inside the repository. The base is passed as
// one argument after a check that it cannot be read as an option.
import { execFile } from 'node:child_process';
import { TldrError } from '../errors.js';

export type FileStatus = 'modified' | 'added' | 'deleted' | 'renamed';

export interface FileDiff {
  /** Path now (for a deleted file: the path it had). */
  path: string;
  /** Path at the base, when it differs (renamed), or for a deleted file. */
  old_path?: string;
  status: FileStatus;
  /** Line ranges of the current file that are new or rewritten, inclusive. */
  added: Array<[number, number]>;
  /** Line ranges of the base version that were removed or rewritten, inclusive. */
  removed: Array<[number, number]>;
  /** Points where lines were only removed: the current line after which they stood. */
  deletions: number[];
}

export interface GitRunner {
  (args: string[], cwd: string): Promise<string>;
}

/** Runs git and returns stdout; git's own complaint becomes a TldrError. */
export const runGit: GitRunner = (args, cwd) =>
  new Promise((resolve, reject) => {
    execFile('git', args, { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (!error) {
        resolve(stdout);
        return;
      }
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(new TldrError('git is not installed', 'give the changed files instead: tldr change-impact a.ts b.ts'));
        return;
      }
      const said = stderr.split('\n').map((line) => line.trim()).find((line) => line.length > 0) ?? error.message;
      if (/not a git repository/i.test(said)) {
        reject(new TldrError(`not a git repository: ${cwd}`, 'give the changed files instead: tldr change-impact a.ts b.ts'));
        return;
      }
      reject(new TldrError(`git ${args.find((a) => !a.startsWith('-') && !a.includes('=')) ?? ''} failed: ${said.replace(/^fatal: /, '')}`, 'check the base revision'));
    });
  });

/** Refuses a base that git could take for an option (`--output=…`). */
export function checkBase(base: string): void {
  if (base === '' || base.startsWith('-') || /[\0\n]/.test(base)) {
    throw new TldrError(`invalid base revision ${JSON.stringify(base)}`, 'give a commit, branch or tag, e.g. --git HEAD~3', 2);
  }
}

/** The files changed between `base` and the working tree (staged or not), and untracked files. */
export async function gitChanges(root: string, base: string, paths: string[] = [], git: GitRunner = runGit): Promise<FileDiff[]> {
  checkBase(base);
  const pathspec = paths.length > 0 ? ['--', ...paths] : [];
  const [diff, untracked] = await Promise.all([
    git(['-c', 'core.quotePath=false', 'diff', '--no-color', '--no-ext-diff', '--no-textconv', '--no-prefix', '--relative', '-M', '-U0', base, ...pathspec], root),
    git(['ls-files', '--others', '--exclude-standard', '-z', ...pathspec], root),
  ]);
  const files = parseUnifiedDiff(diff);
  const known = new Set(files.map((f) => f.path));
  for (const path of untracked.split('\0')) {
    if (path && !known.has(path)) files.push({ path, status: 'added', added: [[1, Number.MAX_SAFE_INTEGER]], removed: [], deletions: [] });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** Parses `git diff --no-prefix -U0` output. Files without hunks (binary, mode-only, pure renames) are left out. */
export function parseUnifiedDiff(text: string): FileDiff[] {
  const files: FileDiff[] = [];
  let oldPath: string | null | undefined;
  let current: FileDiff | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) {
      current = undefined;
      oldPath = undefined;
    } else if (line.startsWith('--- ') && current === undefined) {
      oldPath = diffPath(line.slice(4));
    } else if (line.startsWith('+++ ') && current === undefined && oldPath !== undefined) {
      const newPath = diffPath(line.slice(4));
      const path = newPath ?? oldPath;
      if (path === null) continue;
      const status: FileStatus = newPath === null ? 'deleted' : oldPath === null ? 'added' : oldPath !== newPath ? 'renamed' : 'modified';
      current = { path, status, added: [], removed: [], deletions: [] };
      if (oldPath !== null && oldPath !== path) current.old_path = oldPath;
      if (status === 'deleted') current.old_path = path;
      files.push(current);
    } else if (current) {
      const hunk = HUNK.exec(line);
      if (!hunk) continue;
      const oldStart = Number(hunk[1]);
      const oldCount = hunk[2] === undefined ? 1 : Number(hunk[2]);
      const newStart = Number(hunk[3]);
      const newCount = hunk[4] === undefined ? 1 : Number(hunk[4]);
      if (oldCount > 0) current.removed.push([oldStart, oldStart + oldCount - 1]);
      if (newCount > 0) current.added.push([newStart, newStart + newCount - 1]);
      else current.deletions.push(newStart);
    }
  }
  return files;
}

/** A `---`/`+++` path: null for /dev/null; C-quoted names unquoted; the tab git may append dropped. */
function diffPath(raw: string): string | null {
  if (raw === '/dev/null') return null;
  if (raw.startsWith('"')) return unquote(raw);
  return raw.replace(/\t$/, '');
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', '"': '"', '\\': '\\', a: '\x07', b: '\b', f: '\f', r: '\r', v: '\v' };

/** Git's C-style quoting: backslash escapes and octal bytes (UTF-8). */
function unquote(quoted: string): string {
  const end = quoted.lastIndexOf('"');
  const body = quoted.slice(1, end > 0 ? end : undefined);
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch !== '\\') {
      bytes.push(...Buffer.from(ch, 'utf8'));
      continue;
    }
    const next = body[i + 1];
    if (/[0-7]/.test(next ?? '')) {
      bytes.push(parseInt(body.slice(i + 1, i + 4), 8));
      i += 3;
    } else {
      bytes.push(...Buffer.from(ESCAPES[next] ?? next ?? '', 'utf8'));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
