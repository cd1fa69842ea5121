// Every query command by name. The CLI and the daemon both dispatch through this table.
import type { QueryHandler } from './context.js';
import { treeQuery } from './tree.js';
import { cfgQuery } from './cfg.js';
import { dfgQuery } from './dfg.js';
import { pdgQuery } from './pdg.js';
import { sliceQuery } from './slice.js';
import { arch } from './arch.js';
import { calls } from './calls.js';
import { dead } from './dead.js';
import { functionContext } from './function-context.js';
import { impact } from './impact.js';
import { importers } from './importers.js';
import { signature } from './signature.js';
import { structure } from './structure.js';
import { extract } from './extract.js';
import { summary } from './summary.js';
import { imports } from './imports.js';
import { search } from './search.js';
import { diagnosticsQuery } from './diagnostics.js';
import { changeImpact } from './change-impact.js';

export const QUERIES: Record<string, QueryHandler> = {
  tree: treeQuery,
  cfg: cfgQuery,
  dfg: dfgQuery,
  pdg: pdgQuery,
  slice: sliceQuery,
  calls,
  impact,
  context: functionContext,
  signature,
  importers,
  dead,
  arch,
  structure,
  extract,
  summary,
  imports,
  search,
  diagnostics: diagnosticsQuery,
  'change-impact': changeImpact,
};

export function queryHandler(name: string): QueryHandler | undefined {
  return Object.hasOwn(QUERIES, name) ? QUERIES[name] : undefined;
}
