// The names a user probably meant when the one typed matches nothing.

/** Levenshtein distance, stopping early once it exceeds `limit`. */
function editDistance(a: string, b: string, limit = Infinity): number {
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

/**
 * Up to `count` known names closest to `name` (case-insensitive edit distance, then substring),
 * each compared through `key` (e.g. its last dotted segment).
 */
export function closestNames(names: Iterable<string>, name: string, count = 5, key = (candidate: string) => candidate): string[] {
  const wanted = name.toLowerCase();
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  const scored: Array<{ name: string; score: number }> = [];
  for (const candidate of names) {
    const lower = key(candidate).toLowerCase();
    let score = editDistance(wanted, lower, limit);
    if (score > limit && (lower.includes(wanted) || (wanted.length >= 4 && wanted.includes(lower) && lower.length >= 4))) score = limit + 0.5;
    if (score <= limit + 0.5) scored.push({ name: candidate, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.name.length - b.name.length || a.name.localeCompare(b.name))
    .slice(0, count)
    .map((s) => s.name);
}
