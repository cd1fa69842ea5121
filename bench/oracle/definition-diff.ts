// Compares two lists of definition keys (`kind name line end_line`) as multisets: a definition
// seen twice on one side must be seen twice on the other.

export interface DefinitionKey {
  kind: string;
  name: string;
  line: number;
  end_line: number;
}

export function diffDefinitions(
  file: string,
  ours: string[],
  theirs: DefinitionKey[],
  theirLabel: string,
): { agreed: number; mismatches: string[] } {
  const pending = new Map<string, number>();
  for (const d of theirs) {
    const key = `${d.kind} ${d.name} ${d.line} ${d.end_line}`;
    pending.set(key, (pending.get(key) ?? 0) + 1);
  }
  let agreed = 0;
  const mismatches: string[] = [];
  for (const key of ours) {
    const left = pending.get(key) ?? 0;
    if (left > 0) {
      agreed++;
      pending.set(key, left - 1);
    } else {
      mismatches.push(`${file}: only tldr: ${key}`);
    }
  }
  for (const [key, left] of pending) for (let i = 0; i < left; i++) mismatches.push(`${file}: only ${theirLabel}: ${key}`);
  return { agreed, mismatches };
}
