// One-line previews of hits, read from the current source of the files they are in.
import type { ProjectIndex } from '../index/project-index.js';

/** Longest preview kept; a hit is a pointer, not a read. */
export const PREVIEW_CHARS = 200;

/** Files whose lines are kept between searches (keyed by content hash, so an edit is never served stale). */
const RECENT_FILES = 64;
const recent = new Map<string, string[]>();

/** A line trimmed and cut to the preview length. */
export function preview(text: string): string {
  const line = text.trim();
  return line.length <= PREVIEW_CHARS ? line : `${line.slice(0, PREVIEW_CHARS - 1)}…`;
}

/** Lines of the files hits are in, each file read at most once per content hash. */
export class SourceLines {
  constructor(private readonly index: ProjectIndex) {}

  /** The preview of a 1-based line of `file` (whose record has content hash `hash`), or '' when unreadable. */
  async preview(file: string, hash: string, line: number): Promise<string> {
    const lines = await this.lines(file, hash);
    return lines && line >= 1 && line <= lines.length ? preview(lines[line - 1]) : '';
  }

  private async lines(file: string, hash: string): Promise<string[] | undefined> {
    const key = `${file}\0${hash}`;
    const cached = recent.get(key);
    if (cached) {
      // Most recently used last: the oldest is evicted first.
      recent.delete(key);
      recent.set(key, cached);
      return cached;
    }
    let lines: string[];
    try {
      lines = (await this.index.source(file)).split('\n');
    } catch {
      return undefined;
    }
    recent.set(key, lines);
    if (recent.size > RECENT_FILES) recent.delete(recent.keys().next().value!);
    return lines;
  }
}
