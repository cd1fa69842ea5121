// The search tiers as search-router uses them (DESIGN §7), over tldr's search (core/search): the
// pattern a search command was given, read through the regex syntax that only spaces or anchors
// its words, is classified by search's own table; definition-shaped patterns get the structural
// tier's definitions, natural language the semantic tier's ranked definitions, and a literal
// nothing (ripgrep serves it, and the command runs anyway). A bare identifier — a literal to the
// classifier — gets its definitions when the project has some: where it is defined is what a grep
// for a name rarely shows first. This module is the one seam between the hooks and search.
import type { CallGraph } from '../../graph/call-graph.js';
import type { ProjectIndex } from '../../index/project-index.js';
import { classifyQuery } from '../../search/classify.js';
import { searchProject } from '../../search/search.js';
import type { SearchHit } from '../../search/types.js';
import { family, terms, termWord } from '../../search/semantic/terms.js';
import { readThroughRegex } from '../text/search-pattern.js';

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

export interface HookSearchQuery {
  /** Patterns as the command gave them (several `-e`). */
  patterns: string[];
  /** Fixed strings (`-F`): no regex to read through. */
  fixed: boolean;
  /** The project-relative directory searched, when it is one. */
  path?: string;
  /** File-name globs (gitignore syntax, `!` excludes). */
  globs: string[];
  inScope: (file: string) => boolean;
  limit: number;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;
/** Semantic hits scoring below this share of the best are not worth the context. */
const SEMANTIC_RELATIVE_SCORE = 0.5;
/** Structural scores below this are prefix completions, not the name searched. */
const STRUCTURAL_MIN_SCORE = 0.9;

/** The query text of a pattern, or the identifiers of an alternation (`foo|bar`); undefined when regex syntax remains. */
function queries(pattern: string, fixed: boolean): string[] | undefined {
  if (!fixed) {
    const alternatives = pattern.replace(/^\\?\(|\\?\)$/g, '').split(/\\?\|/);
    if (alternatives.length > 1) return alternatives.every((part) => IDENT.test(part)) ? alternatives : undefined;
  }
  const text = fixed ? pattern.trim().replace(/\s+/g, ' ') : readThroughRegex(pattern);
  return text ? [text] : undefined;
}

/** The definition a hit is, with its range; undefined for a call site or a line inside a body. */
function asDefinition(graph: CallGraph, hit: SearchHit, tier: HookTier): HookSearchHit | undefined {
  if (!hit.symbol) return undefined;
  const def = graph.definitions(hit.symbol).find((d) => d.file === hit.file && (d.line === hit.line || d.record.decorated_line === hit.line));
  return def && { file: def.file, line: def.line, end_line: def.end_line, symbol: def.qualified_name, signature: def.signature, tier };
}

async function tierHits(index: ProjectIndex, graph: CallGraph, text: string, query: HookSearchQuery): Promise<{ tier: HookTier; hits: HookSearchHit[] } | undefined> {
  const verdict = classifyQuery(text);
  let tier: HookTier;
  if (verdict.tier === 'literal') {
    if (!IDENT.test(text) || graph.definitions(text).length === 0) return undefined;
    tier = 'structural';
  } else if (verdict.tier === 'structural' && verdict.shape.kind === 'pattern') {
    return undefined;
  } else {
    tier = verdict.tier;
  }
  const result = await searchProject(index, { query: text, tier, limit: query.limit * 4, path: query.path, glob: query.globs.length > 0 ? query.globs : undefined });
  const top = result.hits[0]?.score ?? 0;
  const wordFamily = (id: number) => family(termWord(id));
  const words = new Set(terms(text).map(wordFamily));
  // A semantic hit is shown when its name says what the words do: a grep is after text in the code.
  const named = (hit: SearchHit) => hit.symbol !== null && terms(hit.symbol).some((id) => words.has(wordFamily(id)));
  const kept = result.hits.filter((hit) => tier === 'structural' ? hit.score >= STRUCTURAL_MIN_SCORE : hit.score >= top * SEMANTIC_RELATIVE_SCORE && named(hit));
  return { tier, hits: kept.map((hit) => asDefinition(graph, hit, tier)).filter((hit): hit is HookSearchHit => hit !== undefined) };
}

/** tldr's hits for a search command's patterns, within its scope, best first; undefined for a literal or when nothing was found. */
export async function hookSearch(index: ProjectIndex, graph: CallGraph, query: HookSearchQuery): Promise<HookSearchResult | undefined> {
  const texts = query.patterns.map((pattern) => queries(pattern, query.fixed));
  if (texts.length === 0 || texts.some((list) => list === undefined)) return undefined;
  const all = texts.flat() as string[];
  // Several patterns are answered only when each is a name.
  if (all.length > 1 && !all.every((text) => IDENT.test(text))) return undefined;
  let tier: HookTier = 'structural';
  const hits: HookSearchHit[] = [];
  for (const text of all) {
    const found = await tierHits(index, graph, text, query);
    if (!found) continue;
    tier = found.tier;
    hits.push(...found.hits);
  }
  const seen = new Set<string>();
  const scoped = hits.filter((hit) => {
    const key = `${hit.file}#${hit.symbol}`;
    if (seen.has(key) || !query.inScope(hit.file)) return false;
    seen.add(key);
    return true;
  });
  if (scoped.length === 0) return undefined;
  return { tier, hits: scoped.slice(0, query.limit), more: Math.max(0, scoped.length - query.limit) };
}
