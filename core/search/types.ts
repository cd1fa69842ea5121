// The records of `search` that cross a boundary: the query a caller (CLI, daemon, hook, MCP) hands
// to searchProject, and the DESIGN §4 answer `{query, tier, hits:[{file,line,symbol,text,tier,score}]}`.

export type Tier = 'structural' | 'semantic' | 'literal';

/** What the caller asks for: a tier, or `auto` to let the classifier choose. */
export type TierChoice = Tier | 'auto';

export interface SearchHit {
  /** Relative to the project root, `/` separators. */
  file: string;
  /** 1-based. */
  line: number;
  /** Qualified name of the innermost definition enclosing the line; null at module level. */
  symbol: string | null;
  /** The line, whitespace-trimmed and cut to one short preview. */
  text: string;
  tier: Tier;
  /** Higher is better; comparable within one answer only. */
  score: number;
}

export interface SearchResult {
  query: string;
  /** The tier whose hits these are (after auto classification and the literal fallback). */
  tier: Tier;
  hits: SearchHit[];
}

export interface SearchOptions {
  query: string;
  tier?: TierChoice;
  /** Most hits returned (default 20). */
  limit?: number;
  /** Only files at or below this project-relative path ('' or absent: the whole project). */
  path?: string;
  /** Only files matching one of these globs (gitignore syntax; a leading `!` excludes). */
  glob?: string[];
  /** Structural patterns: the languages to run the pattern in (default: every language it parses in). */
  lang?: string;
}

export const DEFAULT_LIMIT = 20;
