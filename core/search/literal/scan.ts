// The in-process literal search: what ripgrep answers, computed in Node when ripgrep is missing or
// fails. Same files, same line splitting (`\n`), same per-file cap, same output.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LiteralPattern } from './pattern.js';

export interface LineMatch {
  file: string;
  /** 1-based. */
  line: number;
  /** The whole line as in the file, without its newline. */
  text: string;
}

const decoder = new TextDecoder('utf-8');
/** Files read at once: enough to keep the disk busy, few enough to bound memory. */
const CONCURRENCY = 16;

/** Lines of `files` (relative to `root`) matching `pattern`, at most `perFile` per file. */
export async function scanFiles(root: string, files: readonly string[], pattern: LiteralPattern, perFile: number): Promise<LineMatch[]> {
  const results: LineMatch[][] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const at = next++;
      results[at] = await scanFile(root, files[at], pattern, perFile);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, files.length) }, worker));
  return results.flat();
}

async function scanFile(root: string, file: string, pattern: LiteralPattern, perFile: number): Promise<LineMatch[]> {
  let text: string;
  try {
    text = decoder.decode(await readFile(join(root, file)));
  } catch {
    return [];
  }
  // A fixed string absent from the whole file cannot be on any of its lines; an empty file has none.
  if (text === '' || (!pattern.regex && !text.includes(pattern.source))) return [];
  const found: LineMatch[] = [];
  let start = 0;
  for (let line = 1; start <= text.length && found.length < perFile; line++) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const content = text.slice(start, end);
    if (pattern.test(content)) found.push({ file, line, text: content });
    start = end + 1;
    // A file ending in a newline has no line after it.
    if (start === text.length) break;
  }
  return found;
}
