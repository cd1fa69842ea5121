// Where the MCP server's answers come from: the project's daemon — the same one the CLI and the
// hooks use, so they share one hot index — started on demand when none answers. Only when it
// cannot be started are queries computed here, on an index this process keeps open (a new start
// is tried again a minute later).
import { startDaemon } from '../daemon/lifecycle.js';
import { queryDaemon } from '../daemon/remote.js';
import type { CachedProjectIndex } from '../index/open.js';
import { TldrError } from '../errors.js';
import { queryHandler } from '../query/handlers.js';

const RETRY_START_MS = 60_000;

export class QueryBackend {
  private lastFailedStart = -Infinity;
  private starting: Promise<boolean> | undefined;
  private local: Promise<CachedProjectIndex> | undefined;

  constructor(
    /** The project root (absolute, symlinks resolved). */
    readonly root: string,
    /** Where relative paths in arguments are resolved. */
    readonly cwd: string,
  ) {}

  async run(name: string, args: unknown): Promise<unknown> {
    const first = await queryDaemon(this.root, name, args, this.cwd);
    if (first.answered) return first.result;
    if (await this.startDaemon()) {
      const second = await queryDaemon(this.root, name, args, this.cwd);
      if (second.answered) return second.result;
    }
    return this.inProcess(name, args);
  }

  async close(): Promise<void> {
    const local = this.local;
    this.local = undefined;
    if (local) await (await local).close();
  }

  /** One start at a time, shared by the calls waiting for it; true when a daemon answers. */
  private startDaemon(): Promise<boolean> {
    if (performance.now() - this.lastFailedStart < RETRY_START_MS) return Promise.resolve(false);
    this.starting ??= startDaemon(this.root, { wait: true })
      .then(() => true, () => {
        this.lastFailedStart = performance.now();
        return false;
      })
      .finally(() => {
        this.starting = undefined;
      });
    return this.starting;
  }

  private async inProcess(name: string, args: unknown): Promise<unknown> {
    const handler = queryHandler(name);
    if (!handler) throw new TldrError(`unknown query ${name}`);
    if (!this.local) {
      const { openProjectIndex } = await import('../index/open.js');
      this.local = openProjectIndex(this.root);
      this.local.catch(() => (this.local = undefined));
    }
    const result = await handler({ index: await this.local, cwd: this.cwd }, args);
    // The same plain data the daemon's socket would carry.
    return result === undefined ? result : JSON.parse(JSON.stringify(result));
  }
}
