// Finding definitions by the name a user typed (`save`, `Repo.save`), optionally within one file,
// and the closest known names when nothing matches.
import { TldrError } from '../errors.js';
import type { CallGraph, Definition } from './call-graph.js';

/** Levenshtein distance, stopping early once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      best = Math.min(best, current[j]);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length];
}

/** Up to `count` known names closest to `name` (case-insensitive edit distance, then substring). */
export function closestNames(names: Iterable<string>, name: string, count = 5): string[] {
  const wanted = name.toLowerCase();
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  const scored: Array<{ name: string; score: number }> = [];
  for (const candidate of names) {
    const lower = candidate.toLowerCase();
    let score = editDistance(wanted, lower, limit);
    if (score > limit && (lower.includes(wanted) || (wanted.length >= 4 && wanted.includes(lower) && lower.length >= 4))) score = limit + 0.5;
    if (score <= limit + 0.5) scored.push({ name: candidate, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.name.length - b.name.length || a.name.localeCompare(b.name))
    .slice(0, count)
    .map((s) => s.name);
}

/** Definitions named `name` (simple or qualified), in `file` when given; throws with suggestions when none. */
export function findDefinitions(graph: CallGraph, name: string, file?: string, what = 'function or class'): Definition[] {
  const found = graph.definitions(name).filter((def) => file === undefined || def.file === file);
  const unique = new Map<string, Definition>();
  for (const def of found) {
    const key = `${def.file}#${def.qualified_name}`;
    const existing = unique.get(key);
    const body = !(def.record as { is_declaration?: boolean }).is_declaration;
    if (!existing || (body && (existing.record as { is_declaration?: boolean }).is_declaration)) unique.set(key, def);
  }
  if (unique.size > 0) return [...unique.values()].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  const where = file === undefined ? '' : ` in ${file}`;
  const pool = file === undefined
    ? graph.definitionNames()
    : (graph.record(file) ? [...new Set(graph.definitionsIn(file).map((d) => d.qualified_name))] : []);
  const suggestions = closestNames(pool, name);
  throw new TldrError(
    `no ${what} named ${name}${where}`,
    suggestions.length ? `did you mean: ${suggestions.join(', ')}?` : 'check the name, or run `tldr structure` to list definitions',
  );
}
