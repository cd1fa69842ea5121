// `tree [path]`: the indexed files of the project (or of one directory), as a flat list sorted by
// path. Flat rather than nested because consumers filter and count it; the CLI draws the nesting.
import { resolveInsideRoot } from '../project/root.js';
import type { LanguageId } from '../types.js';
import type { QueryContext } from './context.js';

export interface TreeArgs {
  /** A directory or file, relative to the caller's cwd or absolute; the whole project when absent. */
  path?: string;
}

export interface TreeFile {
  path: string;
  language: LanguageId;
  lines: number;
}

export interface TreeResult {
  /** The directory listed, relative to the project root ('' for the root). */
  path: string;
  files: TreeFile[];
  lines: number;
}

export async function treeQuery(ctx: QueryContext, args: TreeArgs): Promise<TreeResult> {
  const base = args.path === undefined ? '' : resolveInsideRoot(ctx.index.root, args.path, ctx.cwd);
  const records = await ctx.index.records();
  const files: TreeFile[] = [];
  let lines = 0;
  for (const [path, record] of records) {
    if (base !== '' && path !== base && !path.startsWith(`${base}/`)) continue;
    files.push({ path, language: record.language, lines: record.line_count });
    lines += record.line_count;
  }
  return { path: base, files, lines };
}
