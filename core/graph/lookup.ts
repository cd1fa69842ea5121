// Finding definitions by the name a user typed (`save`, `Repo.save`), optionally within one file,
// and the closest known names when nothing matches.
import { TldrError } from '../errors.js';
import { closestNames } from '../text/closest-names.js';
import { dottedName } from '../text/qualified-name.js';
import type { CallGraph, Definition } from './call-graph.js';

/** Definitions named `name` (simple or qualified), in `file` when given; throws with suggestions when none. */
export function findDefinitions(graph: CallGraph, name: string, file?: string, what = 'function or class'): Definition[] {
  const inScope = (def: Definition) => file === undefined || def.file === file;
  let found = graph.definitions(name).filter(inScope);
  // `Regex::new`, `User#save`: the name as the language writes it.
  if (found.length === 0 && dottedName(name) !== name) found = graph.definitions(dottedName(name)).filter(inScope);
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
  const suggestions = closestNames(pool, dottedName(name));
  throw new TldrError(
    `no ${what} named ${name}${where}`,
    suggestions.length ? `did you mean: ${suggestions.join(', ')}?` : 'check the name, or run `tldr structure` to list definitions',
  );
}
