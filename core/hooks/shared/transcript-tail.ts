// What Claude Code appended to a session's transcript (`transcript_path`, JSONL) since the last
// look, an entry a line: hooks learn from it of events that reach no hook at all (an Edit rejected
// before PreToolUse). The cursor starts at the end of the file as first seen, so a resumed
// session's history is never replayed; each look reads only the new bytes, bounded.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { jsonLineObjects, type TranscriptEntry } from '../text/transcript.js';

/** New bytes read per look at most; a burst beyond it is skipped to its last part. */
const MAX_READ_BYTES = 1 << 20;

export class TranscriptTail {
  private offset: number | undefined;

  constructor(readonly path: string) {}

  /**
   * Complete entries appended since the last call (none on the first call that finds the file: it
   * only places the cursor; a file that did not exist yet is read from its start).
   */
  next(): TranscriptEntry[] {
    if (!isAbsolute(this.path) || !this.path.endsWith('.jsonl')) return [];
    let fd: number;
    try {
      // Non-blocking: a FIFO at that path must not hold the daemon (it is refused below).
      fd = openSync(this.path, constants.O_RDONLY | constants.O_NONBLOCK);
    } catch (error) {
      // Claude Code creates the transcript after the session's first hooks: all of it will be new.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') this.offset ??= 0;
      return [];
    }
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile()) return [];
      const { size } = stat;
      if (this.offset === undefined || size < this.offset) {
        this.offset = size;
        return [];
      }
      if (size === this.offset) return [];
      const start = Math.max(this.offset, size - MAX_READ_BYTES);
      const buffer = Buffer.alloc(size - start);
      const read = readSync(fd, buffer, 0, buffer.length, start);
      const end = buffer.lastIndexOf(0x0a, read - 1);
      // A line still being written stays for the next look.
      if (end < 0) return [];
      const skipped = start > this.offset;
      this.offset = start + end + 1;
      const lines = buffer.toString('utf8', 0, end).split('\n');
      // After a skip the first line is the tail of one cut in half.
      return jsonLineObjects(skipped ? lines.slice(1) : lines);
    } catch {
      return [];
    } finally {
      closeSync(fd);
    }
  }
}
