// Executes a query: through the project's daemon when one is running, else in-process — and then
// the daemon is left starting in the background, so the next call on the project is a daemon
// answer. Both paths hand back the same plain-data result (the in-process one goes through the
// same JSON round trip the socket applies), so the caller prints identical bytes either way.
import { TldrError } from '../core/errors.js';
import type { ProjectIndex } from '../core/index/project-index.js';
import { resolveProjectRoot } from '../core/project/root.js';
import { queryHandler } from '../core/query/handlers.js';
import type { GlobalOptions } from './globals.js';

export async function runQuery(name: string, args: unknown, globals: GlobalOptions): Promise<unknown> {
  const root = resolveProjectRoot(globals.project);
  if (globals.daemon) {
    const { queryDaemon } = await import('../core/daemon/remote.js');
    const answer = await queryDaemon(root, name, args, process.cwd());
    if (answer.answered) return answer.result;
  }
  const [{ openProjectIndex }, { markShortLivedProcess }] = await Promise.all([import('../core/index/open.js'), import('../core/parse/wasm-tiering.js')]);
  // This process answers one query and exits.
  markShortLivedProcess();
  const index = await openProjectIndex(root);
  try {
    return await computeQuery(name, index, process.cwd(), args);
  } finally {
    // After the index is written back: the daemon loads the cache this process just refreshed.
    await index.close();
    if (globals.daemon) {
      const { startDaemonInBackground } = await import('../core/daemon/lifecycle.js');
      startDaemonInBackground(root);
    }
  }
}

/** Runs the named handler on an open index; the result is plain JSON data. */
export async function computeQuery(name: string, index: ProjectIndex, cwd: string, args: unknown): Promise<unknown> {
  const handler = queryHandler(name);
  if (!handler) throw new TldrError(`unknown query ${name}`);
  const result = await handler({ index, cwd }, args);
  return result === undefined ? result : JSON.parse(JSON.stringify(result));
}
