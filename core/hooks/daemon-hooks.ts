// The hooks inside the daemon: the services behaviours get (the hot index, query handlers, one
// session store for both transports, notify), the runtime they run in, and the http listener,
// opened whenever the project has hooks installed (`.tldr/hooks.json` exists) and re-checked when
// a session starts or the status is asked. A port already taken is logged and shown in the
// status; the daemon serves on without it.
import type { ProjectIndex } from '../index/project-index.js';
import { queryHandler } from '../query/handlers.js';
import { TldrError } from '../errors.js';
import type { HookCall } from './call-log.js';
import { httpConfigStamp, readHttpConfig, type HttpHookConfig } from './http-config.js';
import { HookHttpListener } from './http-listener.js';
import { cachedOverview, saveOverview } from './overview-cache.js';
import { HookRuntime, IndexWarming, type HookHost, type HookRuntimeOptions } from './runtime.js';
import { SessionStore, type SessionState } from './session.js';

/** A hook arriving while the index loads waits this long for it, then answers `{}`. */
export const WARMING_WAIT_MS = 150;

export interface DaemonHooksConfig {
  root: string;
  /** The daemon's index once loaded (pending changes applied). */
  index(): Promise<ProjectIndex>;
  /** What has loaded: the index, the call graph (built in the background after it). */
  readiness(): { index: boolean; callGraph: boolean };
  notify(paths: string[]): void;
  /** Called on every hook call: it counts as use (the idle timer restarts). */
  activity(): void;
  log(line: string): void;
  /** Identity the listener answers `GET /hooks/` with (so `status` knows it reached tldr). */
  identity: object;
  runtime?: HookRuntimeOptions;
}

export interface HooksStatus {
  http:
    | { state: 'off' }
    | { state: 'listening'; port: number; since: string }
    | { state: 'failed'; port: number; error: string; since: string };
  /** Hook calls answered since the daemon started. */
  calls: number;
  /** The latest calls, oldest first. */
  recent: HookCall[];
}

export class DaemonHooks {
  readonly runtime: HookRuntime;
  private readonly sessions = new SessionStore();
  private listener: HookHttpListener | undefined;
  private http: HooksStatus['http'] = { state: 'off' };
  /** The config file's mtime when last applied (undefined: no file). */
  private appliedStamp: number | undefined;
  private reconciling: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly config: DaemonHooksConfig) {
    this.runtime = new HookRuntime(this.host(), config.runtime);
  }

  /** Answers one hook call through the runtime; the JSON text to send back. */
  async answer(name: string, raw: string, transport: 'http' | 'command'): Promise<string> {
    this.config.activity();
    if (name === 'session-start') await this.reconcile();
    const { text, call } = await this.runtime.run(name, raw, transport);
    if (name !== 'session-start') return text;
    // A session starting while the index loads gets the last overview this project produced.
    if (call.outcome === 'answered') saveOverview(this.config.root, text);
    else if (call.outcome === 'warming' || call.outcome === 'timeout') return cachedOverview(this.config.root) ?? text;
    return text;
  }

  /** Opens, moves or closes the http listener to match `.tldr/hooks.json`. Serialised. */
  reconcile(): Promise<void> {
    this.reconciling = this.reconciling.then(() => this.applyConfig()).catch((error: Error) => this.config.log(`hooks: ${error.message}`));
    return this.reconciling;
  }

  status(): HooksStatus {
    return { http: this.http, calls: this.runtime.log.count, recent: this.runtime.log.recent() };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.reconciling;
    await this.listener?.close();
    this.listener = undefined;
  }

  private async applyConfig(): Promise<void> {
    if (this.closed) return;
    const stamp = httpConfigStamp(this.config.root);
    // Unchanged file and a listener that works (or none wanted): nothing to do. A failed port is retried.
    if (stamp === this.appliedStamp && this.http.state !== 'failed') return;
    this.appliedStamp = stamp;
    const wanted = stamp === undefined ? undefined : readHttpConfig(this.config.root);
    const current = this.listener?.config;
    if (current && wanted && current.port === wanted.port && current.token === wanted.token) return;
    if (this.listener) {
      await this.listener.close();
      this.listener = undefined;
      this.config.log(`hooks: http listener on port ${current!.port} closed`);
    }
    this.http = { state: 'off' };
    if (wanted) await this.open(wanted);
  }

  private async open(wanted: HttpHookConfig): Promise<void> {
    const since = new Date().toISOString();
    try {
      this.listener = await HookHttpListener.open(
        wanted,
        (name, body) => this.answer(name, body, 'http'),
        () => this.config.identity,
      );
      this.http = { state: 'listening', port: wanted.port, since };
      this.config.log(`hooks: http listener on 127.0.0.1:${wanted.port}`);
    } catch (error) {
      const message = (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? `port ${wanted.port} is taken by another program`
        : (error as Error).message;
      this.http = { state: 'failed', port: wanted.port, error: message, since };
      this.config.log(`hooks: cannot listen on 127.0.0.1:${wanted.port}: ${message}`);
    }
  }

  private host(): HookHost {
    const config = this.config;
    return {
      root: config.root,
      index: () => this.warmIndex(),
      query: async <R>(name: string, args: unknown) => {
        const handler = queryHandler(name);
        if (!handler) throw new TldrError(`unknown query ${name}`);
        return (await handler({ index: await this.warmIndex(), cwd: config.root }, args)) as R;
      },
      session: (sessionId: string): SessionState => this.sessions.get(sessionId),
      notify: (paths: string[]) => config.notify(paths),
      readiness: () => config.readiness(),
    };
  }

  /** The index, or IndexWarming when it has not loaded within WARMING_WAIT_MS. */
  private async warmIndex(): Promise<ProjectIndex> {
    if (this.config.readiness().index) return this.config.index();
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new IndexWarming()), WARMING_WAIT_MS);
    });
    try {
      return await Promise.race([this.config.index(), waited]);
    } finally {
      clearTimeout(timer);
    }
  }
}
