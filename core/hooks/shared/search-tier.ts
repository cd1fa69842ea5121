// The search tiers as the hooks use them (DESIGN §7): structural hits for definition-shaped and
// identifier patterns, semantic hits for a few words of natural language, nothing for a literal
// (ripgrep serves it). This is the one seam between the hooks and search: until core/search lands
// (branch `search`) both tiers are answered from the call graph's symbol table — names exactly,
// natural language by the words definition names are made of.
import type { CallGraph, Definition } from '../../graph/call-graph.js';
import type { ProjectIndex } from '../../index/project-index.js';
import type { PatternKind } from '../text/search-pattern.js';
import { nameWords, stem } from '../text/words.js';

export type HookTier = 'structural' | 'semantic';

export interface HookSearchHit {
  file: string;
  line: number;
  end_line: number;
  /** Qualified name of the definition. */
  symbol: string;
  signature: string;
  tier: HookTier;
}

export interface HookSearchResult {
  tier: HookTier;
  hits: HookSearchHit[];
  /** Hits beyond `limit`. */
  more: number;
}

function hit(def: Definition, tier: HookTier): HookSearchHit {
  return { file: def.file, line: def.line, end_line: def.end_line, symbol: def.qualified_name, signature: def.signature, tier };
}

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
export function distinct(defs: Definition[]): Definition[] {
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

/** Stemmed name word → definitions whose name holds it; rebuilt after any record change. */
interface WordIndex {
  words: Map<string, Definition[]>;
}

const wordIndexes = new WeakMap<ProjectIndex, { graph: CallGraph; index: WordIndex }>();

function wordIndex(index: ProjectIndex, graph: CallGraph): WordIndex {
  const cached = wordIndexes.get(index);
  if (cached && cached.graph === graph) return cached.index;
  const words = new Map<string, Definition[]>();
  for (const path of graph.paths()) {
    for (const def of graph.definitionsIn(path)) {
      if (def.name.startsWith('<')) continue;
      for (const word of new Set(nameWords(def.name).map(stem))) {
        if (word.length < 2) continue;
        const list = words.get(word);
        if (list) list.push(def);
        else words.set(word, [def]);
      }
    }
  }
  const built = { words };
  wordIndexes.set(index, { graph, index: built });
  const stop = index.onChange(() => {
    wordIndexes.delete(index);
    stop();
  });
  return built;
}

/** Definitions whose name words meet the query words (a stem equal, or one a ≥ 4-letter prefix of the other). */
function byWords(index: ProjectIndex, graph: CallGraph, words: string[]): Definition[] {
  const table = wordIndex(index, graph);
  const wanted = [...new Set(words.map(stem))].filter((word) => word.length >= 3);
  if (wanted.length < 2) return [];
  const scores = new Map<Definition, number>();
  for (const query of wanted) {
    const matched = new Set<Definition>();
    for (const [word, defs] of table.words) {
      const meets = word === query || (Math.min(word.length, query.length) >= 4 && (word.startsWith(query) || query.startsWith(word)));
      if (meets) for (const def of defs) matched.add(def);
    }
    for (const def of matched) scores.set(def, (scores.get(def) ?? 0) + 1);
  }
  // Every word for two or three of them; all but one beyond.
  const needed = wanted.length <= 3 ? wanted.length : wanted.length - 1;
  return distinct([...scores].filter(([, score]) => score >= needed)
    .sort((a, b) => b[1] - a[1] || a[0].name.length - b[0].name.length || a[0].file.localeCompare(b[0].file) || a[0].line - b[0].line)
    .map(([def]) => def));
}

/**
 * The hits a pattern gets from tldr, within `inScope` files, best first; undefined for a literal
 * or when nothing was found.
 */
export function hookSearch(
  index: ProjectIndex,
  graph: CallGraph,
  pattern: PatternKind,
  inScope: (file: string) => boolean,
  limit: number,
): HookSearchResult | undefined {
  let tier: HookTier = 'structural';
  let defs: Definition[];
  switch (pattern.kind) {
    case 'definition':
    case 'call':
      defs = definitionsNamed(graph, pattern.name);
      break;
    case 'identifier':
      defs = pattern.names.flatMap((name) => definitionsNamed(graph, name));
      break;
    case 'words':
      tier = 'semantic';
      defs = byWords(index, graph, pattern.words);
      break;
    default:
      return undefined;
  }
  const scoped = defs.filter((def) => inScope(def.file));
  if (scoped.length === 0) return undefined;
  return { tier, hits: scoped.slice(0, limit).map((def) => hit(def, tier)), more: Math.max(0, scoped.length - limit) };
}
