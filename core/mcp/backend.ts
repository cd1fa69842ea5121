// Where the MCP server's answers come from: the project's daemon — the same one the CLI and the
// hooks use, so they share one hot index — over one connection kept open for the session, the
// daemon started on demand when none answers. Only when it cannot be started are queries computed
// here, on an index this process keeps open (a new start is tried again a minute later).
import { startDaemon } from '../daemon/lifecycle.js';
import { queryAnswer, type DaemonAnswer } from '../daemon/remote.js';
import { DaemonConnection, DaemonUnavailable, daemonPaths, replyTimeoutMs } from '../daemon/wire.cjs';
import type { CachedProjectIndex } from '../index/open.js';
import { TldrError } from '../errors.js';
import { queryHandler } from '../query/handlers.js';

const RETRY_START_MS = 60_000;

export class QueryBackend {
  private lastFailedStart = -Infinity;
  private starting: Promise<boolean> | undefined;
  private local: Promise<CachedProjectIndex> | undefined;
  private connection: Promise<DaemonConnection> | undefined;

  constructor(
    /** The project root (absolute, symlinks resolved). */
    readonly root: string,
    /** Where relative paths in arguments are resolved. */
    readonly cwd: string,
    /** false: never ask or start a daemon (`tldr mcp --no-daemon`). */
    private readonly useDaemon = true,
  ) {}

  async run(name: string, args: unknown): Promise<unknown> {
    if (!this.useDaemon) return this.inProcess(name, args);
    const first = await this.ask(name, args);
    if (first.answered) return first.result;
    if (await this.startDaemon()) {
      const second = await this.ask(name, args);
      if (second.answered) return second.result;
    }
    return this.inProcess(name, args);
  }

  async close(): Promise<void> {
    this.dropConnection();
    const local = this.local;
    this.local = undefined;
    if (local) await (await local).close();
  }

  /** The query through the daemon; a connection that failed is dropped (the next call opens a new one). */
  private async ask(name: string, args: unknown): Promise<DaemonAnswer> {
    try {
      this.connection ??= DaemonConnection.open(daemonPaths(this.root).socket);
      const reply = await (await this.connection).send({ op: 'query', name, args, cwd: this.cwd }, replyTimeoutMs());
      if (!reply.ok && reply.error.code !== 'failed') this.dropConnection();
      return queryAnswer(this.root, reply);
    } catch (error) {
      if (!(error instanceof DaemonUnavailable)) throw error;
      this.dropConnection();
      return { answered: false };
    }
  }

  private dropConnection(): void {
    const connection = this.connection;
    this.connection = undefined;
    connection?.then((open) => open.close(), () => undefined);
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
