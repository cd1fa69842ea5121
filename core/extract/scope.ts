// Enclosing-definition lookup by position. Definitions nest properly (a body lies inside its
// definition), so after sorting by start a binary search for the last start ≤ pos followed by a
// walk up the parent chain finds the innermost definition containing pos in O(log n + depth).

export interface Scoped {
  start: number;
  end: number;
  parent?: Scoped;
}

export class ScopeIndex<T extends Scoped> {
  private readonly starts: number[];

  /** `sorted` must be ordered by start, outer before inner on ties, with parents already linked. */
  constructor(private readonly sorted: readonly T[]) {
    this.starts = sorted.map((item) => item.start);
  }

  /** The innermost item whose range contains `pos`. */
  innermost(pos: number): T | undefined {
    let lo = 0;
    let hi = this.starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid] <= pos) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    let item: Scoped | undefined = found >= 0 ? this.sorted[found] : undefined;
    while (item && !(pos >= item.start && pos < item.end)) item = item.parent;
    return item as T | undefined;
  }
}

/**
 * Links each item to the innermost earlier item containing it (a stack walk over the sorted
 * list) and returns the list sorted by start, outer first on equal starts.
 */
export function nest<T extends Scoped>(items: T[]): T[] {
  items.sort((a, b) => a.start - b.start || b.end - a.end);
  const stack: T[] = [];
  for (const item of items) {
    while (stack.length > 0 && stack[stack.length - 1].end <= item.start) stack.pop();
    // Equal ranges (a wrapper and its definition) nest inner-after-outer by the sort above.
    while (stack.length > 0 && stack[stack.length - 1].end < item.end) stack.pop();
    item.parent = stack[stack.length - 1];
    stack.push(item);
  }
  return items;
}
