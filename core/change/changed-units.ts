// Which definitions a change touched, from line ranges (a git diff) or from two records of the same
// file (before and after, compared by body checksum). A changed line belongs to the innermost
// definition holding it — a nested function, a method, else its class — and lines outside every
// definition to the file's top level (`<module>`).
import { MODULE_SCOPE } from '../graph/model.js';
import { otherOverloads } from '../extract/overloads.js';
import type { ClassRecord, FileRecord, FunctionRecord } from '../types.js';

export type ChangeKind = 'modified' | 'added' | 'removed';

export interface ChangedUnit {
  file: string;
  /** Qualified name, or `<module>` for top-level code. */
  function: string;
  kind: string;
  line: number;
  end_line: number;
  change: ChangeKind;
}

interface Unit {
  name: string;
  kind: string;
  start: number;
  end: number;
  hash?: number;
  /** For the lines of an overload signature: the overloaded function they belong to. */
  of?: Unit;
}

/** Definitions with a body; with `overloads`, also the lines of each overload signature apart from its function's. */
function unitsOf(record: FileRecord, overloads = false): Unit[] {
  const units: Unit[] = [];
  const fn = (f: FunctionRecord) => {
    const unit: Unit = { name: f.qualified_name, kind: f.kind, start: f.decorated_line ?? f.line, end: f.end_line, hash: f.body_hash };
    units.push(unit);
    if (!overloads) return;
    for (const o of otherOverloads(f)) units.push({ ...unit, start: o.line, end: o.end_line, of: unit });
  };
  const cls = (c: ClassRecord) => units.push({ name: c.qualified_name, kind: c.kind, start: c.decorated_line ?? c.line, end: c.end_line, hash: c.body_hash });
  for (const f of record.functions) if (!f.is_declaration) fn(f);
  for (const c of record.classes) {
    cls(c);
    for (const m of c.methods) if (!m.is_declaration) fn(m);
  }
  return units;
}

/** The innermost unit holding `line` (smallest span), if any. */
function innermost(units: Unit[], line: number): Unit | undefined {
  let best: Unit | undefined;
  for (const unit of units) {
    if (unit.start <= line && line <= unit.end && (!best || unit.end - unit.start < best.end - best.start)) best = unit;
  }
  return best;
}

function toChanged(file: string, unit: Unit | undefined, change: ChangeKind, line = 1, end = 1): ChangedUnit {
  if (!unit) return { file, function: MODULE_SCOPE, kind: 'module', line, end_line: end, change };
  if (unit.of) unit = unit.of;
  return { file, function: unit.name, kind: unit.kind, line: unit.start, end_line: unit.end, change };
}

/**
 * Units of `record` holding a line of `ranges`, or the point between `line` and `line + 1` of
 * `deletions` (lines removed there). Ranges are clipped to the file.
 */
export function unitsAtLines(record: FileRecord, ranges: Array<[number, number]>, deletions: number[], change: ChangeKind): ChangedUnit[] {
  const units = unitsOf(record, true);
  const found = new Map<string, ChangedUnit>();
  const add = (unit: Unit | undefined, line: number) => {
    const key = unit?.name ?? MODULE_SCOPE;
    const existing = found.get(key);
    if (!existing) found.set(key, toChanged(record.path, unit, change, line, line));
    else if (!unit) {
      existing.line = Math.min(existing.line, line);
      existing.end_line = Math.max(existing.end_line, line);
    }
  };
  // Walk each range by the boundaries where the innermost unit can change, not line by line: a
  // wholly new 10,000-line file costs one step per definition.
  const boundaries = [...new Set(units.flatMap((u) => [u.start, u.end + 1]))].sort((a, b) => a - b);
  for (const [from, rawTo] of ranges) {
    const to = Math.min(rawTo, Math.max(record.line_count, 1));
    let line = from;
    while (line <= to) {
      add(innermost(units, line), line);
      const next = boundaries.find((b) => b > line);
      line = next === undefined ? to + 1 : next;
    }
  }
  for (const point of deletions) {
    // Only a unit around both neighbours lost lines; a whole definition deleted between two others is the file's.
    const unit = units.filter((u) => u.start <= point && point + 1 <= u.end).sort((a, b) => a.end - a.start - (b.end - b.start))[0];
    add(unit, Math.max(point, 1));
  }
  return [...found.values()];
}

/** Every unit of a record, as added or removed (a new or a deleted file). */
export function allUnits(record: FileRecord, change: ChangeKind): ChangedUnit[] {
  return unitsOf(record).map((unit) => toChanged(record.path, unit, change));
}

/**
 * Units that differ between two records of one file: new or removed names, and bodies whose
 * checksum changed. Top-level code is not compared (records keep no checksum of it).
 */
export function unitsBetween(before: FileRecord, after: FileRecord): ChangedUnit[] {
  const old = byOccurrence(unitsOf(before));
  const now = byOccurrence(unitsOf(after));
  const out: ChangedUnit[] = [];
  for (const [key, unit] of now) {
    const previous = old.get(key);
    if (!previous) out.push(toChanged(after.path, unit, 'added'));
    else if (previous.hash === undefined || unit.hash === undefined || previous.hash !== unit.hash) out.push(toChanged(after.path, unit, 'modified'));
  }
  for (const [key, unit] of old) if (!now.has(key)) out.push(toChanged(before.path, unit, 'removed'));
  return dropEnclosing(out);
}

/** Units keyed by name and occurrence: a name defined twice (`if …: def f` / `else: def f`) is two units. */
function byOccurrence(units: Unit[]): Map<string, Unit> {
  const seen = new Map<string, number>();
  const keyed = new Map<string, Unit>();
  for (const unit of units) {
    const n = seen.get(unit.name) ?? 0;
    seen.set(unit.name, n + 1);
    keyed.set(`${unit.name}#${n}`, unit);
  }
  return keyed;
}

/**
 * An edited method changes its class's checksum too: a unit with changed members inside it is
 * represented by them (its own lines are not checksummed apart from theirs).
 */
function dropEnclosing(changed: ChangedUnit[]): ChangedUnit[] {
  const inside = (o: ChangedUnit, c: ChangedUnit) => o.line >= c.line && o.end_line <= c.end_line && (o.line !== c.line || o.end_line !== c.end_line);
  return changed.filter((c) => c.change !== 'modified' || !changed.some((o) => o.change !== 'removed' && inside(o, c)));
}
