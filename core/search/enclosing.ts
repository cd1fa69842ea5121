// The innermost named definition around a line of a file: what a search hit reports as `symbol`.
import type { ClassRecord, FileRecord, FunctionRecord } from '../types.js';

interface Span {
  start: number;
  end: number;
  name: string;
}

const spans = new WeakMap<FileRecord, Span[]>();

/** Definitions of a record with their line spans (decorators included), outermost first. */
function spansOf(record: FileRecord): Span[] {
  let list = spans.get(record);
  if (!list) {
    list = [];
    const add = (def: FunctionRecord | ClassRecord) => {
      if (def.qualified_name.includes('<')) return;
      list!.push({ start: def.decorated_line ?? def.line, end: def.end_line, name: def.qualified_name });
      // Overloads with bodies of their own (Java, C#, C++) are one definition with several spans.
      for (const overload of 'overloads' in def ? def.overloads ?? [] : []) {
        if (!overload.is_declaration && overload.line !== def.line) list!.push({ start: overload.line, end: overload.end_line, name: def.qualified_name });
      }
    };
    for (const fn of record.functions) add(fn);
    for (const cls of record.classes) {
      add(cls);
      for (const method of cls.methods) add(method);
    }
    // Outermost first: a later span that contains the line is nested in an earlier one.
    list.sort((a, b) => a.start - b.start || b.end - a.end);
    spans.set(record, list);
  }
  return list;
}

/** Qualified name of the innermost definition whose lines contain `line`, or null. */
export function enclosingSymbol(record: FileRecord | undefined, line: number): string | null {
  if (!record) return null;
  let found: string | null = null;
  for (const span of spansOf(record)) {
    if (span.start > line) break;
    if (span.end >= line) found = span.name;
  }
  return found;
}
