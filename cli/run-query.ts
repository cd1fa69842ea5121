// Executes a query: through the project's daemon when one is running, else in-process.
import { TldrError } from '../core/errors.js';
import { resolveProjectRoot } from '../core/project/root.js';
import { queryHandler } from '../core/query/handlers.js';
import { openProjectIndex } from '../core/index/open.js';
import type { GlobalOptions } from './command.js';

export async function runQuery(name: string, args: unknown, globals: GlobalOptions): Promise<unknown> {
  const root = resolveProjectRoot(globals.project);
  const handler = queryHandler(name);
  if (!handler) throw new TldrError(`unknown query ${name}`);
  const index = await openProjectIndex(root);
  try {
    return await handler({ index, cwd: process.cwd() }, args);
  } finally {
    await index.close();
  }
}
