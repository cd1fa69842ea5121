// A checksum of each definition's source lines (decorators included), so that a later version of
// the file can be compared with a cached record function by function: a body edited in place has a
// new checksum, a function that merely moved (lines inserted above it) keeps its own. What
// `change-impact` uses when there is no git history to diff against.
import { crc32 } from 'node:zlib';
import type { ClassRecord, FileRecord, FunctionRecord } from '../types.js';

/** Offsets where each line starts (index 0 = line 1), plus the end of the text. */
function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  starts.push(source.length);
  return starts;
}

export function stampBodyHashes(record: FileRecord, source: string): void {
  const starts = lineStarts(source);
  const last = starts.length - 1;
  const lines = (from: number, to: number, previous?: number) =>
    crc32(source.slice(starts[Math.min(from - 1, last)], starts[Math.min(to, last)]), previous);
  const stamp = (definition: FunctionRecord | ClassRecord) => {
    let hash = lines(definition.decorated_line ?? definition.line, definition.end_line);
    // An overloaded function changes with any of its signatures.
    for (const overload of 'overloads' in definition ? definition.overloads ?? [] : []) {
      if (overload.line !== definition.line) hash = lines(overload.line, overload.end_line, hash);
    }
    definition.body_hash = hash;
  };
  for (const fn of record.functions) stamp(fn);
  for (const cls of record.classes) {
    stamp(cls);
    for (const method of cls.methods) stamp(method);
  }
}
