// Every query command by name. The CLI and the daemon both dispatch through this table.
import type { QueryHandler } from './context.js';
import { treeQuery } from './tree.js';

export const QUERIES: Record<string, QueryHandler> = {
  tree: treeQuery,
};

export function queryHandler(name: string): QueryHandler | undefined {
  return Object.hasOwn(QUERIES, name) ? QUERIES[name] : undefined;
}
