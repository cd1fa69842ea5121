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
  const stamp = (definition: FunctionRecord | ClassRecord) => {
    const first = Math.min((definition.decorated_line ?? definition.line) - 1, last);
    const end = Math.min(definition.end_line, last);
    definition.body_hash = crc32(source.slice(starts[first], starts[end]));
  };
  for (const fn of record.functions) stamp(fn);
  for (const cls of record.classes) {
    stamp(cls);
    for (const method of cls.methods) stamp(method);
  }
}
