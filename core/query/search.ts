// `search <query>`: ranked hits from the structural, semantic or literal tier (core/search). The
// handler checks arguments that may come from any client (CLI, daemon socket, MCP) and resolves
// `path` the CLI way: from the caller's directory first, then from the project root.
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { TldrError } from '../errors.js';
import { resolveInsideRoot } from '../project/root.js';
import { searchProject } from '../search/search.js';
import type { SearchOptions, SearchResult, TierChoice } from '../search/types.js';
import type { LanguageId } from '../types.js';
import { LANGUAGES } from '../../grammars/languages.js';
import type { QueryHandler } from './context.js';

/** What a client may ask: search's own options (the handler checks each, since they come from any client). */
export type SearchArgs = SearchOptions;

const TIERS: readonly TierChoice[] = ['auto', 'structural', 'semantic', 'literal'];

export const search: QueryHandler<SearchArgs, SearchResult> = async (ctx, args) => {
  if (typeof args?.query !== 'string') throw new TldrError('search needs a query', 'tldr search <query>', 2);
  const tier = args.tier ?? 'auto';
  if (!TIERS.includes(tier)) throw new TldrError(`unknown tier ${String(tier)}`, `one of ${TIERS.join(', ')}`, 2);
  const limit = args.limit ?? undefined;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) throw new TldrError(`limit must be a non-negative integer, got ${String(limit)}`, 'e.g. --limit 20', 2);
  const globs = args.glob ?? [];
  if (!Array.isArray(globs) || !globs.every((glob) => typeof glob === 'string')) throw new TldrError('glob must be a list of patterns', 'e.g. --glob "*.ts"', 2);
  const lang = args.lang;
  if (lang !== undefined && !LANGUAGES.some((language) => language.id === lang)) {
    throw new TldrError(`unknown language ${String(lang)}`, `one of ${LANGUAGES.map((language) => language.id).join(', ')}`, 2);
  }
  const path = args.path === undefined ? undefined : projectPath(ctx.index.root, args.path, ctx.cwd);
  return searchProject(ctx.index, { query: args.query, tier, limit, path, glob: globs, lang: lang as LanguageId | undefined });
};

/** A user path as a project-relative one: looked up from cwd first, then from the project root. */
function projectPath(root: string, path: string, cwd: string): string {
  if (typeof path !== 'string') throw new TldrError('path must be a string', 'e.g. --path src', 2);
  const fromCwd = isAbsolute(path) ? path : resolve(cwd, path);
  return resolveInsideRoot(root, path, existsSync(fromCwd) || isAbsolute(path) ? cwd : root);
}
