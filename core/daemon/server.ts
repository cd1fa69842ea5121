// The daemon: one process per project root serving queries from a hot ProjectIndex over a Unix
// socket. Each request runs as its own async task and every parse runs in the worker pool, so a
// slow one (a re-parse, a flow analysis) never holds up the others; replies carry the request id
// and may go out of order. Once the index is loaded, the call graph is built in the background
// (in slices, between requests) and changes are written back to `.tldr/` as they happen.
import { chmodSync, existsSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { isAbsolute } from 'node:path';
import { TldrError } from '../errors.js';
import { DaemonHooks } from '../hooks/daemon-hooks.js';
import type { ProjectIndex } from '../index/project-index.js';
import { queryHandler } from '../query/handlers.js';
import type { WarmResult } from '../types.js';
import { trackChanges } from '../change/journal.js';
import { CacheWriter } from './cache-writer.js';
import { Freshness } from './freshness.js';
import { relativeInsideRoot } from './inside-root.js';
import type {
  NotifyResult,
  PingResult,
  Reply,
  Request,
  RunResult,
  StatusResult,
  WireError,
} from './protocol.js';
import { BadMessage, DAEMON_VERSION, FrameDecoder, FrameError, encodeFrame, type DaemonPaths } from './wire.cjs';

export type OpenedIndex = ProjectIndex & {
  /** Writes pending changes to the cache; resolves with the reason when it cannot. */
  flush(): Promise<string | undefined>;
  /** Walks the whole tree, brings every record up to date and writes the cache (a warm). */
  sync(): Promise<WarmResult>;
  close(): Promise<void>;
};

/** What a command answered inside the daemon can use. */
export interface ServeContext {
  /** The index once loaded; changes heard of so far are handed to it first (it re-checks them on read). */
  index(): Promise<ProjectIndex>;
  /** The client's working directory: relative paths in arguments resolve against it. */
  cwd: string;
  /** Marks files as changed (paths absolute or relative to cwd); they are re-parsed shortly. */
  notify(paths: string[]): NotifyResult;
  /** The client's standard input, when it sent it (the fast path does for hook commands). */
  stdin?: string;
  /** Answers a Claude Code hook through the daemon's hook runtime (the command transport). */
  runHook?(name: string, raw: string): Promise<string>;
}

/** Serves a CLI command line from inside the daemon (the CLI and hook fast path). */
export type CommandLineRunner = (argv: string[], context: ServeContext) => Promise<RunResult>;

export interface DaemonConfig {
  root: string;
  paths: DaemonPaths;
  /** Shut down after this long without a request. */
  idleMs: number;
  openIndex(root: string): Promise<OpenedIndex>;
  runCommandLine?: CommandLineRunner;
  log(line: string): void;
}

/** One stat: the watcher may never report a deleted root (it can go before the watcher is up, or with it). */
const ROOT_CHECK_MS = 2_000;

const OPS = new Set(['ping', 'status', 'query', 'run', 'notify', 'warm', 'shutdown']);

export class DaemonServer {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly startedAt = Date.now();
  private index: OpenedIndex | undefined;
  private freshness: Freshness | undefined;
  private cacheWriter: CacheWriter | undefined;
  private callGraph: StatusResult['call_graph'] = 'none';
  private callGraphBuildMs: number | undefined;
  private workers: StatusResult['workers'] = 'cold';
  private ready: Promise<OpenedIndex> | undefined;
  /**
   * Settles once every record has loaded. After an upgrade that changed the cache schema that is a
   * full re-parse: hooks answer "warming" meanwhile instead of spending their budget waiting.
   */
  private loaded: Promise<OpenedIndex> | undefined;
  private recordsLoaded = false;
  private idleTimer: NodeJS.Timeout | undefined;
  private rootCheck: NodeJS.Timeout | undefined;
  private active = 0;
  private served = 0;
  private lastError: { at: string; message: string } | undefined;
  private stopping: Promise<void> | undefined;
  private socketIno = 0;
  private resolveClosed!: () => void;
  private readonly hooks: DaemonHooks;
  /** Settles once the daemon has shut down (socket removed, index closed). */
  readonly closed = new Promise<void>((resolve) => (this.resolveClosed = resolve));

  constructor(private readonly config: DaemonConfig) {
    this.server = createServer((socket) => this.accept(socket));
    this.hooks = new DaemonHooks({
      root: config.root,
      index: () => this.loadedIndex(),
      readiness: () => ({ index: this.recordsLoaded, callGraph: this.callGraph === 'ready' }),
      notify: (paths) => void this.notify(paths, config.root),
      activity: () => this.armIdleTimer(),
      log: (line) => config.log(line),
      identity: { tldr: DAEMON_VERSION, root: config.root, pid: process.pid },
    });
  }

  /** Listens on the socket (the caller holds the start lock and removed any stale socket). */
  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.config.paths.socket, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    chmodSync(this.config.paths.socket, 0o600);
    this.socketIno = statSync(this.config.paths.socket).ino;
    this.server.on('error', (error) => this.recordError(error));
    this.ready = this.config.openIndex(this.config.root).then((index) => {
      this.index = index;
      // Before the first refresh: files changed while no daemon ran are changes too (change-impact).
      trackChanges(index);
      this.freshness = new Freshness(index, (error) => this.recordError(error));
      const writer = new CacheWriter(() => this.writeCache(index), (error) => this.recordError(error));
      this.cacheWriter = writer;
      index.onChange(() => writer.changed());
      const freshness = this.freshness;
      this.loaded = freshness.load().then(() => {
        this.recordsLoaded = true;
        return index;
      });
      this.loaded
        .then(() => {
          this.warmWorkers(index);
          // A project deleted before its watcher was set up sends no events: look once it is.
          return Promise.all([freshness.watch().finally(() => this.checkRoot()), this.buildCallGraph(index).then(() => this.refreshSearchIndex(index))]);
        })
        .catch((error: Error) => this.recordError(error));
      return index;
    });
    this.ready.catch((error: Error) => {
      this.recordError(error);
      void this.shutdown(`cannot open the index: ${error.message}`);
    });
    this.armIdleTimer();
    void this.hooks.reconcile();
    // A daemon whose project was deleted (a temp dir, a removed checkout) has nothing left to serve.
    this.rootCheck = setInterval(() => this.checkRoot(), ROOT_CHECK_MS).unref();
  }

  private checkRoot(): void {
    if (!existsSync(this.config.root)) void this.shutdown('the project directory is gone');
  }

  /** So that the first `impact` or `calls` does not pay for it (seconds on a large project). */
  private async buildCallGraph(index: OpenedIndex): Promise<void> {
    if (this.stopping) return;
    this.callGraph = 'building';
    const started = performance.now();
    const { prepareCallGraph } = await import('../graph/for-index.js');
    try {
      await prepareCallGraph(index);
      this.callGraph = 'ready';
      this.callGraphBuildMs = Math.round(performance.now() - started);
    } catch (error) {
      this.callGraph = 'none';
      throw error;
    }
  }

  /** A small warm leaves `.tldr/search.bin` to the daemon (for-index.ts): brought up to date once the graph is built. */
  private async refreshSearchIndex(index: OpenedIndex): Promise<void> {
    this.checkRoot();
    if (this.stopping) return;
    const { refreshSavedSearchIndex } = await import('../search/semantic/for-index.js');
    await refreshSavedSearchIndex(index);
  }

  /** Writes changes back to the cache, unless the project is gone: that would recreate its directory. */
  private writeCache(index: OpenedIndex): Promise<string | undefined> {
    this.checkRoot();
    return this.stopping ? Promise.resolve(undefined) : index.flush();
  }

  /** So that the first re-parse after an edit does not start a worker and load grammars (warm-worker.ts). */
  private warmWorkers(index: OpenedIndex): void {
    if (this.stopping || index.analysis !== 'pool') return;
    this.workers = 'warming';
    import('./warm-worker.js')
      .then(({ warmWorkerFor }) => warmWorkerFor(index))
      .then(() => (this.workers = 'warm'))
      .catch((error: Error) => {
        this.workers = 'cold';
        this.recordError(error);
      });
  }

  recordError(error: Error): void {
    this.lastError = { at: new Date().toISOString(), message: error.message };
    this.config.log(`error: ${error.stack ?? error.message}`);
  }

  /** Stops accepting, closes connections and the index, removes the socket. Idempotent. */
  shutdown(reason: string): Promise<void> {
    this.stopping ??= this.stop(reason);
    return this.stopping;
  }

  private async stop(reason: string): Promise<void> {
    this.config.log(`shutting down: ${reason}`);
    clearTimeout(this.idleTimer);
    clearInterval(this.rootCheck);
    const serverClosed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await Promise.all([serverClosed, this.hooks.close()]);
    this.removeOwnSocket();
    this.freshness?.close();
    this.cacheWriter?.close();
    try {
      // Closing writes the cache back; into a deleted project it would only recreate directories.
      if (existsSync(this.config.root)) await this.index?.close();
    } catch (error) {
      this.recordError(error as Error);
    }
    // Type checkers still running would keep this process alive until they finish.
    if (this.index) (await import('../diagnostics/index.js')).closeDiagnostics(this.index);
    // A log without errors says nothing worth keeping; one with errors stays for the user.
    if (!this.lastError) rmSync(this.config.paths.log, { force: true });
    this.resolveClosed();
  }

  /** Node removes a listening socket file on close, but only ever delete the file we created. */
  private removeOwnSocket(): void {
    try {
      if (statSync(this.config.paths.socket).ino === this.socketIno) unlinkSync(this.config.paths.socket);
    } catch {
      // already gone
    }
  }

  private accept(socket: Socket): void {
    if (this.stopping) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    const decoder = new FrameDecoder();
    let broken = false;
    socket.on('data', (chunk: Buffer) => {
      if (broken) return;
      let messages: unknown[];
      try {
        messages = decoder.push(chunk);
      } catch (error) {
        if (!(error instanceof FrameError)) throw error;
        broken = true;
        // The stream cannot be resynchronised after a refused header: answer, then hang up.
        socket.end(encodeFrame(errorReply(null, { message: error.message, exitCode: 1, code: 'too_large' })), () => socket.destroy());
        return;
      }
      for (const message of messages) void this.handle(socket, message);
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  private async handle(socket: Socket, message: unknown): Promise<void> {
    const request = validate(message);
    if ('error' in request) {
      this.send(socket, errorReply(request.id, request.error));
      return;
    }
    if (request.v !== DAEMON_VERSION) {
      this.send(socket, errorReply(request.id, {
        message: `the tldr daemon (${DAEMON_VERSION}) does not match this client (${request.v})`,
        hint: 'the old daemon is shutting down; the next start runs the current version',
        exitCode: 1,
        code: 'version',
      }));
      void this.shutdown(`client of version ${request.v}`);
      return;
    }
    this.active++;
    this.served++;
    clearTimeout(this.idleTimer);
    try {
      const result = await this.dispatch(request);
      this.send(socket, { id: request.id, ok: true, result });
      if (request.op === 'shutdown') void this.shutdown('shutdown requested');
    } catch (error) {
      this.send(socket, errorReply(request.id, this.toWireError(error)));
    } finally {
      this.active--;
      this.armIdleTimer();
    }
  }

  private async dispatch(request: Request): Promise<unknown> {
    switch (request.op) {
      case 'ping':
        return { pid: process.pid, version: DAEMON_VERSION, root: this.config.root } satisfies PingResult;
      case 'status':
        await this.hooks.reconcile();
        return this.status();
      case 'shutdown':
        return { pid: process.pid };
      case 'notify':
        return this.notify(request.paths, request.cwd);
      case 'warm': {
        // One writer for the cache: a warm asked for while the daemon runs is the daemon's own.
        const index = await this.freshIndex();
        const { collectExtractedDocuments, warmSearchIndex } = await import('../search/semantic/for-index.js');
        const extracted = collectExtractedDocuments(index);
        const result = await index.sync();
        return { ...(await warmSearchIndex(index, result, extracted.stop())), daemon_pid: process.pid } satisfies WarmResult;
      }
      case 'query': {
        const handler = queryHandler(request.name);
        if (!handler) throw new TldrError(`unknown query ${request.name}`, 'see tldr --help', 2);
        const index = await this.freshIndex();
        return handler({ index, cwd: request.cwd }, request.args);
      }
      case 'run': {
        if (!this.config.runCommandLine) return { handled: false } satisfies RunResult;
        const cwd = request.cwd;
        return this.config.runCommandLine(request.argv, {
          index: () => this.freshIndex(),
          cwd,
          notify: (paths) => this.notify(paths, cwd),
          stdin: request.stdin,
          runHook: (name, raw) => this.hooks.answer(name, raw, 'command'),
        });
      }
    }
  }

  private async loadedIndex(): Promise<OpenedIndex> {
    await this.ready;
    await this.loaded;
    return this.freshIndex();
  }

  private async freshIndex(): Promise<OpenedIndex> {
    const index = await this.ready!;
    this.freshness?.applyPending();
    return index;
  }

  private notify(paths: string[], cwd: string): NotifyResult {
    const marked: string[] = [];
    const refused: string[] = [];
    for (const path of paths) {
      const rel = relativeInsideRoot(this.config.root, path, cwd, (candidate) => this.freshness?.isIndexed(candidate) ?? false);
      if (rel === undefined) refused.push(path);
      else marked.push(rel);
    }
    if (marked.length > 0) {
      if (this.freshness) this.freshness.mark(marked);
      else this.index?.invalidate(marked);
    }
    return { marked, refused };
  }

  private status(): StatusResult {
    const counts = this.freshness?.counts();
    const memory = process.memoryUsage();
    return {
      pid: process.pid,
      version: DAEMON_VERSION,
      root: this.config.root,
      socket: this.config.paths.socket,
      started_at: new Date(this.startedAt).toISOString(),
      uptime_ms: Date.now() - this.startedAt,
      idle_timeout_ms: this.config.idleMs,
      ready: this.recordsLoaded,
      files: counts?.files ?? 0,
      symbols: counts?.symbols ?? 0,
      rss_bytes: memory.rss,
      heap_used_bytes: memory.heapUsed,
      external_bytes: memory.external,
      pending_reparses: counts?.pending ?? 0,
      call_graph: this.callGraph,
      ...(this.callGraphBuildMs !== undefined ? { call_graph_build_ms: this.callGraphBuildMs } : {}),
      workers: this.workers,
      watched_directories: counts?.watchedDirectories ?? 0,
      requests: this.served,
      active_requests: this.active - 1,
      hooks: this.hooks.status(),
      ...(this.lastError ? { last_error: this.lastError } : {}),
    };
  }

  private toWireError(error: unknown): WireError {
    if (error instanceof TldrError) return { ...error.toJSON(), code: 'failed' };
    const failure = error instanceof Error ? error : new Error(String(error));
    this.recordError(failure);
    return { message: `internal error in the daemon: ${failure.message}`, exitCode: 1, code: 'internal' };
  }

  private send(socket: Socket, reply: Reply): void {
    if (socket.destroyed) return;
    let frame: Buffer;
    try {
      frame = encodeFrame(reply);
    } catch (error) {
      frame = encodeFrame(errorReply(reply.id, this.toWireError(error)));
    }
    socket.write(frame);
  }

  private armIdleTimer(): void {
    clearTimeout(this.idleTimer);
    if (this.stopping || this.active > 0) return;
    this.idleTimer = setTimeout(() => void this.shutdown(`idle for ${this.config.idleMs} ms`), this.config.idleMs);
  }
}

function errorReply(id: number | null, error: WireError): Reply {
  return { id, ok: false, error };
}

/** Checks a decoded message's shape; the daemon trusts nothing that arrives on the socket. */
function validate(message: unknown): Request | { id: number | null; error: WireError } {
  const bad = (id: number | null, why: string) => ({
    id,
    error: { message: `malformed request: ${why}`, exitCode: 2 as const, code: 'bad_request' as const },
  });
  if (message instanceof BadMessage) return bad(null, message.reason);
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return bad(null, 'not an object');
  const m = message as Record<string, unknown>;
  const id = typeof m.id === 'number' && Number.isSafeInteger(m.id) ? m.id : null;
  if (id === null) return bad(null, 'missing numeric id');
  if (typeof m.v !== 'string') return bad(id, 'missing version');
  if (typeof m.op !== 'string' || !OPS.has(m.op)) return bad(id, `unknown op ${JSON.stringify(m.op)}`);
  const absoluteCwd = typeof m.cwd === 'string' && isAbsolute(m.cwd);
  switch (m.op) {
    case 'query':
      if (typeof m.name !== 'string') return bad(id, 'query needs a name');
      if (!absoluteCwd) return bad(id, 'query needs an absolute cwd');
      break;
    case 'run':
      if (!Array.isArray(m.argv) || !m.argv.every((a) => typeof a === 'string')) return bad(id, 'run needs argv: string[]');
      if (m.stdin !== undefined && typeof m.stdin !== 'string') return bad(id, 'run stdin must be a string');
      if (!absoluteCwd) return bad(id, 'run needs an absolute cwd');
      break;
    case 'notify':
      if (!Array.isArray(m.paths) || !m.paths.every((p) => typeof p === 'string')) return bad(id, 'notify needs paths: string[]');
      if (!absoluteCwd) return bad(id, 'notify needs an absolute cwd');
      break;
  }
  return message as Request;
}
