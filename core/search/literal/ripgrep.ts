// ripgrep over the files the index selected (so .gitignore, .tldrignore and the default skips
// apply exactly as everywhere else in tldr): the binary shipped by @vscode/ripgrep, or the one
// TLDR_RIPGREP names. Anything short of a clean run — no binary, a crash, an unexpected exit —
// is reported as unavailable, and the caller scans in-process instead.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { LiteralPattern } from './pattern.js';
import type { LineMatch } from './scan.js';

/** Bytes of file arguments per rg run, well under every platform's argument limit. */
const ARGUMENT_BYTES = 96 * 1024;

let bundled: string | null | undefined;

/** The rg binary to run: TLDR_RIPGREP when set, else @vscode/ripgrep's; undefined when there is none. */
export function ripgrepPath(): string | undefined {
  const configured = process.env.TLDR_RIPGREP;
  if (configured !== undefined && configured !== '') return configured;
  if (bundled === undefined) {
    try {
      bundled = (createRequire(import.meta.url)('@vscode/ripgrep') as { rgPath: string }).rgPath;
    } catch {
      bundled = null;
    }
  }
  return bundled ?? undefined;
}

export class RipgrepUnavailable extends Error {}

/** Runs rg with `args` then `files` (relative to `cwd`), in as many runs as the argument limit needs. */
async function runInChunks(rg: string, cwd: string, args: string[], files: readonly string[], onStdout: (chunk: Buffer) => void): Promise<void> {
  let chunk: string[] = [];
  let bytes = 0;
  for (const file of files) {
    if (bytes + file.length + 1 > ARGUMENT_BYTES && chunk.length > 0) {
      await runOnce(rg, cwd, [...args, '--', ...chunk], onStdout);
      chunk = [];
      bytes = 0;
    }
    chunk.push(file);
    bytes += file.length + 1;
  }
  if (chunk.length > 0) await runOnce(rg, cwd, [...args, '--', ...chunk], onStdout);
}

function runOnce(rg: string, cwd: string, args: string[], onStdout: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn(rg, args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    } catch (error) {
      reject(new RipgrepUnavailable((error as Error).message));
      return;
    }
    child.stdout.on('data', onStdout);
    child.on('error', (error) => reject(new RipgrepUnavailable(error.message)));
    // 0: matches, 1: none; anything else (2: an error, a signal) is not an answer to trust.
    child.on('close', (code, signal) => (code === 0 || code === 1 ? resolve() : reject(new RipgrepUnavailable(`rg exited with ${signal ?? code}`))));
  });
}

/** The options shared by every search: no user config, no colour, file names NUL-terminated. */
function baseArgs(pattern: LiteralPattern): string[] {
  const args = ['--no-config', '--color=never', '--no-messages'];
  // Without Unicode mode `\w`, `\d`, `\s` and `\b` are ASCII, as in the JavaScript scan.
  args.push(...(pattern.regex ? ['--no-unicode'] : ['--fixed-strings']));
  return args;
}

/** Lines of `files` matching `pattern`, at most `perFile` per file, in no particular order. */
export async function ripgrepLines(rg: string, root: string, files: readonly string[], pattern: LiteralPattern, perFile: number): Promise<LineMatch[]> {
  const matches: LineMatch[] = [];
  let pending = '';
  const decoder = new TextDecoder('utf-8');
  const take = (text: string) => {
    // Each record: `path\0line:text\n` (--null ends the path with NUL; paths never hold newlines here).
    const nul = text.indexOf('\0');
    const colon = text.indexOf(':', nul + 1);
    if (nul <= 0 || colon === -1) return;
    matches.push({ file: text.slice(0, nul), line: Number(text.slice(nul + 1, colon)), text: text.slice(colon + 1) });
  };
  const args = [...baseArgs(pattern), '--with-filename', '--line-number', '--no-heading', '--null', `--max-count=${perFile}`, `--regexp=${pattern.source}`];
  await runInChunks(rg, root, args, files, (chunk) => {
    pending += decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf('\n');
    let start = 0;
    while (newline !== -1) {
      take(pending.slice(start, newline));
      start = newline + 1;
      newline = pending.indexOf('\n', start);
    }
    pending = pending.slice(start);
  });
  pending += decoder.decode();
  if (pending !== '') take(pending);
  return matches;
}

/** Which of `files` contain `pattern` somewhere. */
export async function ripgrepFiles(rg: string, root: string, files: readonly string[], pattern: LiteralPattern): Promise<Set<string>> {
  let output = '';
  await runInChunks(rg, root, [...baseArgs(pattern), '--files-with-matches', '--null', `--regexp=${pattern.source}`], files, (chunk) => {
    output += chunk.toString('utf8');
  });
  return new Set(output.split('\0').filter((path) => path !== ''));
}
