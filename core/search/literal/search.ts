// The literal tier: ripgrep when it runs, the in-process scan otherwise; both give the same lines,
// sorted by file and line.
import type { LiteralPattern } from './pattern.js';
import { RipgrepUnavailable, ripgrepFiles, ripgrepLines, ripgrepPath } from './ripgrep.js';
import { scanFiles, type LineMatch } from './scan.js';

export type LiteralEngine = 'ripgrep' | 'scan';

export interface LiteralLines {
  matches: LineMatch[];
  engine: LiteralEngine;
}

/** Lines of `files` (relative to `root`) matching `pattern`, at most `perFile` per file. */
export async function searchLines(root: string, files: readonly string[], pattern: LiteralPattern, perFile: number): Promise<LiteralLines> {
  if (files.length === 0) return { matches: [], engine: 'scan' };
  let matches: LineMatch[] | undefined;
  let engine: LiteralEngine = 'ripgrep';
  const rg = ripgrepPath();
  if (rg) matches = await orUnavailable(ripgrepLines(rg, root, files, pattern, perFile));
  if (!matches) {
    engine = 'scan';
    matches = await scanFiles(root, files, pattern, perFile);
  }
  matches.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return { matches, engine };
}

/** Which of `files` contain `pattern` (the structural tier's prefilter). */
export async function filesContaining(root: string, files: readonly string[], pattern: LiteralPattern): Promise<Set<string>> {
  if (files.length === 0) return new Set();
  const rg = ripgrepPath();
  const found = rg ? await orUnavailable(ripgrepFiles(rg, root, files, pattern)) : undefined;
  return found ?? new Set((await scanFiles(root, files, pattern, 1)).map((match) => match.file));
}

async function orUnavailable<T>(run: Promise<T>): Promise<T | undefined> {
  try {
    return await run;
  } catch (error) {
    if (error instanceof RipgrepUnavailable) return undefined;
    throw error;
  }
}
