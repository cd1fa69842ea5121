// A warmed project served by its daemon, for suites that time requests against a hot index: the
// cache written, the daemon started and loaded with its call graph built, and one open connection
// to ask it on.
import { startDaemon, stopDaemon } from '../core/daemon/lifecycle.js';
import type { StatusResult } from '../core/daemon/protocol.js';
import { DaemonConnection, daemonPaths } from '../core/daemon/wire.cjs';
import { warmProject } from '../core/index/open.js';
import { closeExtractPool } from '../core/pool/extract-pool.js';

export interface ServedProject {
  root: string;
  /** Runs a query handler in the daemon, with the project root as the client's cwd. */
  query(name: string, args: unknown): Promise<unknown>;
  status(): Promise<StatusResult>;
  stop(): Promise<void>;
}

export async function serveProject(root: string): Promise<ServedProject> {
  await warmProject(root);
  await closeExtractPool();
  await startDaemon(root, { wait: true, idleMs: 15 * 60 * 1000 });
  const connection = await DaemonConnection.open(daemonPaths(root).socket);
  const ask = async (body: Parameters<DaemonConnection['send']>[0]) => {
    const reply = await connection.send(body);
    if (!reply.ok) throw new Error(`daemon error: ${reply.error.message}`);
    return reply.result;
  };
  const served: ServedProject = {
    root,
    query: (name, args) => ask({ op: 'query', name, args, cwd: root }),
    status: () => ask({ op: 'status' }) as Promise<StatusResult>,
    async stop() {
      connection.close();
      await stopDaemon(root);
    },
  };
  const deadline = Date.now() + 180_000;
  while ((await served.status()).call_graph !== 'ready') {
    if (Date.now() > deadline) throw new Error('timed out waiting for the daemon to load the index and build the call graph');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return served;
}
