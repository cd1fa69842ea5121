// One-line previews of hits, read from the current source of the files they are in.
import type { ProjectIndex } from '../index/project-index.js';

/** Longest preview kept; a hit is a pointer, not a read. */
export const PREVIEW_CHARS = 200;

/** A line trimmed and cut to the preview length. */
export function preview(text: string): string {
  const line = text.trim();
  return line.length <= PREVIEW_CHARS ? line : `${line.slice(0, PREVIEW_CHARS - 1)}…`;
}

/** Reads each file at most once for the lines asked of it (one search's worth). */
export class SourceLines {
  private readonly files = new Map<string, Promise<string[] | undefined>>();

  constructor(private readonly index: ProjectIndex) {}

  /** The preview of a 1-based line, or '' when the file cannot be read or is shorter. */
  async preview(file: string, line: number): Promise<string> {
    const lines = await this.lines(file);
    return lines && line >= 1 && line <= lines.length ? preview(lines[line - 1]) : '';
  }

  private lines(file: string): Promise<string[] | undefined> {
    let pending = this.files.get(file);
    if (!pending) {
      pending = this.index.source(file).then((text) => text.split('\n'), () => undefined);
      this.files.set(file, pending);
    }
    return pending;
  }
}
