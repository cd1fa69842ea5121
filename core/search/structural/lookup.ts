// Structural answers from the symbol table: definitions by name (exact, then case/underscore-
// insensitive, then by prefix), calls of a name or member path, and qualified names.
import type { DefinitionWant } from '../classify.js';
import { normalizeName, namesWithPrefix, type CallEntry, type DefinitionEntry, type SymbolTable } from './symbol-table.js';

export interface ScoredDefinition {
  entry: DefinitionEntry;
  score: number;
}

export interface ScoredCall {
  call: CallEntry;
  score: number;
}

/** Scores by how the name matched: the user typed it exactly, in another case style, or its start. */
const EXACT = 1;
const QUALIFIED_MISMATCH = 0.8;
const NORMALIZED = 0.9;
const PREFIX = 0.6;
/** Receivers that say nothing about the owner (`def self.call`, `this.save(`). */
const SELF_NAMES = new Set(['self', 'this', 'cls', 'super', 'static', '$this']);

function wanted(entry: DefinitionEntry, want: DefinitionWant): boolean {
  return want === 'any' || entry.group === want;
}

/** Whether the definition's qualified name ends with `qualifier.name` (segments compared normalized). */
function qualifierMatches(entry: DefinitionEntry, qualifier: string): boolean {
  const owner = entry.qualified_name.split('.').slice(0, -1).map(normalizeName);
  const asked = qualifier.split('.').map(normalizeName);
  if (asked.length > owner.length) return false;
  return asked.every((segment, i) => owner[owner.length - asked.length + i] === segment);
}

/**
 * Definitions named `name`: exact and case-insensitive matches, or, only when there are none, the
 * names starting with it. A qualifier (`func (s *Server) Serve`, `Foo::bar`) ranks the definitions
 * of that owner first.
 */
export function findDefinitions(table: SymbolTable, name: string, want: DefinitionWant, qualifier?: string): ScoredDefinition[] {
  const owner = qualifier && !SELF_NAMES.has(qualifier) ? qualifier : undefined;
  const normalized = normalizeName(name);
  const scored = new Map<DefinitionEntry, number>();
  const consider = (entry: DefinitionEntry, base: number) => {
    if (!wanted(entry, want)) return;
    const score = owner && !qualifierMatches(entry, owner) ? base * QUALIFIED_MISMATCH : base;
    if (score > (scored.get(entry) ?? 0)) scored.set(entry, score);
  };
  for (const entry of table.byName.get(name) ?? []) consider(entry, EXACT);
  for (const entry of table.byNormalized.get(normalized) ?? []) consider(entry, NORMALIZED);
  if (scored.size === 0 && normalized.length >= 2) {
    for (const key of namesWithPrefix(table, normalized)) {
      // Shorter completions first: `parse` → `parseArgs` before `parseArgumentsFromEnvironment`.
      const score = PREFIX - Math.min(0.2, (key.length - normalized.length) * 0.01);
      for (const entry of table.byNormalized.get(key) ?? []) consider(entry, score);
    }
  }
  return [...scored].map(([entry, score]) => ({ entry, score }));
}

/** Definitions whose qualified name is `path` or ends with it (`Subscription.unsubscribe`, `Foo::bar`). */
export function findQualified(table: SymbolTable, path: string): ScoredDefinition[] {
  const segments = path.split(/\?\.|::|->|[.#]/).filter((segment) => segment !== '' && !SELF_NAMES.has(segment));
  if (segments.length === 0) return [];
  const name = segments[segments.length - 1];
  if (segments.length === 1) return findDefinitions(table, name, 'any');
  return findDefinitions(table, name, 'any', segments.slice(0, -1).join('.')).filter((hit) => hit.score >= NORMALIZED);
}

/**
 * Call sites of a callee: `foo` matches every call whose last name is foo; a member path
 * (`repo.save`, `os.path.join`) matches calls whose callee text ends with it.
 */
export function findCalls(table: SymbolTable, callee: string): ScoredCall[] {
  const text = callee.replace(/\?\.|->|::|#/g, '.');
  const segments = text.split('.').filter(Boolean);
  const name = segments[segments.length - 1];
  if (!name) return [];
  const calls = table.callsByName.get(name) ?? [];
  if (segments.length === 1) return calls.map((call) => ({ call, score: 0.9 }));
  const tail = segments.filter((segment) => !SELF_NAMES.has(segment)).join('.');
  const found: ScoredCall[] = [];
  for (const call of calls) {
    const written = call.callee.replace(/\?\.|->|::|#/g, '.');
    if (written === text) found.push({ call, score: 0.9 });
    else if (written.endsWith(`.${tail}`) || written === tail) found.push({ call, score: 0.8 });
  }
  return found;
}
