// Definitions by the name a person or a command wrote: simple or qualified (`Repo.save`,
// `net::Server`, `json.loads`), one per file and qualified name (overloads are one).
import type { CallGraph, Definition } from '../../graph/call-graph.js';

/** Definitions by a simple or qualified name (`Repo.save`, `net::Server`, `Foo#bar`), bodies before declarations. */
export function definitionsNamed(graph: CallGraph, name: string): Definition[] {
  const dotted = name.replace(/::|#|->/g, '.');
  let found = graph.definitions(dotted);
  if (found.length === 0 && dotted.includes('.')) {
    // `Outer.Inner.method` written partly, or `module.function` (`json.loads`, `util.helper`).
    const last = dotted.slice(dotted.lastIndexOf('.') + 1);
    const owner = dotted.slice(0, dotted.lastIndexOf('.'));
    found = graph.definitions(last).filter((def) => def.qualified_name.endsWith(`.${dotted}`)
      || (def.qualified_name === last && segmentEnd(moduleName(def.file), owner)));
  }
  return distinct(found).sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** A file's module name: `pkg/json/__init__.py` → `pkg.json`, `src/util/index.ts` → `src.util`. */
function moduleName(file: string): string {
  return file.replace(/\.[^./]+$/, '').replace(/\/(?:__init__|index|mod)$/, '').replaceAll('/', '.');
}

function segmentEnd(name: string, suffix: string): boolean {
  return name === suffix || name.endsWith(`.${suffix}`);
}

/** One definition per file and qualified name (overloads are one), the one with a body when there is one; order kept. */
export function distinct(defs: readonly Definition[]): Definition[] {
  const declared = (def: Definition) => (def.record as { is_declaration?: boolean }).is_declaration === true;
  const chosen = new Map<string, Definition>();
  for (const def of defs) {
    const key = `${def.file}#${def.qualified_name}`;
    const existing = chosen.get(key);
    if (!existing || (declared(existing) && !declared(def))) chosen.set(key, def);
  }
  const kept = new Set(chosen.values());
  return defs.filter((def) => kept.has(def));
}
