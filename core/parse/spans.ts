// Half-open ranges of source offsets and the line geometry needed to hand them to tree-sitter as
// included ranges. Offsets are JS string indices, as web-tree-sitter's node indices are.
import type { Point, Range } from 'web-tree-sitter';

export interface Span {
  from: number;
  to: number;
}

/** Whether [from, to) meets one of the spans (sorted and disjoint); a point when `to` is left out. */
export function overlaps(spans: readonly Span[], from: number, to = from + 1): boolean {
  // The last span starting before `to`, found by bisection: a whole-file tree may own hundreds.
  let lo = 0;
  let hi = spans.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].from < to) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found >= 0 && spans[found].to > from;
}

/** `within` without the holes (sorted, disjoint); empty pieces dropped. */
export function subtract(within: Span, holes: readonly Span[]): Span[] {
  const out: Span[] = [];
  let at = within.from;
  for (const hole of holes) {
    if (hole.to <= at || hole.from >= within.to) continue;
    if (hole.from > at) out.push({ from: at, to: hole.from });
    at = Math.max(at, hole.to);
  }
  if (at < within.to) out.push({ from: at, to: within.to });
  return out;
}

/** Sorted union of spans, touching ones merged. */
export function union(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.from - b.from);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out[out.length - 1];
    if (last && span.from <= last.to) last.to = Math.max(last.to, span.to);
    else out.push({ ...span });
  }
  return out;
}

export function length(spans: readonly Span[]): number {
  let total = 0;
  for (const span of spans) total += span.to - span.from;
  return total;
}

/** Line starts of a source: rows, points and indentation by offset. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly source: string) {
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  get count(): number {
    return this.starts.length;
  }

  start(row: number): number {
    return this.starts[row];
  }

  rowOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Offset of the row's first character that is not a space or tab; undefined for a blank row. */
  firstNonBlank(row: number): number | undefined {
    const end = row + 1 < this.starts.length ? this.starts[row + 1] : this.source.length;
    for (let i = this.starts[row]; i < end; i++) {
      const ch = this.source.charCodeAt(i);
      if (ch === 10 || ch === 13) return undefined;
      if (ch !== 32 && ch !== 9) return i;
    }
    return undefined;
  }

  /** Blank columns before the first token of the offset's row. */
  indentation(offset: number): number {
    const row = this.rowOf(offset);
    return (this.firstNonBlank(row) ?? offset) - this.starts[row];
  }

  point(offset: number): Point {
    const row = this.rowOf(offset);
    return { row, column: offset - this.starts[row] };
  }

  range(span: Span): Range {
    return { startIndex: span.from, endIndex: span.to, startPosition: this.point(span.from), endPosition: this.point(span.to) };
  }
}
