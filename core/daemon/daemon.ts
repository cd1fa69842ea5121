// The daemon process's life: take the start lock (or find that another daemon already serves the
// root), replace a stale socket, serve until idle, SIGTERM or a version change, then clean up.
import { appendFileSync, statSync, truncateSync, unlinkSync } from 'node:fs';
import { tryAcquireLock } from './lock.js';
import { ensureRuntimeDir } from './paths.js';
import type { PingResult } from './protocol.js';
import { DaemonServer, type CommandLineRunner, type OpenedIndex } from './server.js';
import { DAEMON_VERSION, DaemonConnection, DaemonUnavailable, daemonPaths, type DaemonPaths } from './wire.cjs';

export const DEFAULT_IDLE_MS = 30 * 60 * 1000;
/** How long a starting daemon waits for another one that holds the lock to answer or go away. */
const LOCK_WAIT_MS = 15_000;
const LOG_LIMIT_BYTES = 1024 * 1024;

export interface RunDaemonOptions {
  root: string;
  idleMs?: number;
  openIndex(root: string): Promise<OpenedIndex>;
  runCommandLine?: CommandLineRunner;
}

export type DaemonOutcome =
  | { kind: 'served' }
  | { kind: 'already-running'; pid: number }
  | { kind: 'lock-timeout' };

/** Idle timeout from `TLDR_DAEMON_IDLE_MS`, else 30 minutes. */
export function idleMsFromEnv(): number {
  const value = Number(process.env.TLDR_DAEMON_IDLE_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_IDLE_MS;
}

/** Runs a daemon for `root` in this process until it shuts down. */
export async function runDaemon(options: RunDaemonOptions): Promise<DaemonOutcome> {
  const paths = daemonPaths(options.root);
  ensureRuntimeDir(paths.dir);
  const log = logger(paths);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const lock = tryAcquireLock(paths.lock);
    if (lock.acquired) {
      try {
        return await serve(options, paths, log);
      } finally {
        lock.release();
      }
    }
    const running = await pingSameVersion(paths.socket);
    if (running) return { kind: 'already-running', pid: running.pid };
    if (Date.now() > deadline) return { kind: 'lock-timeout' };
    // The holder is starting up, or is an old version shutting down: wait for it.
    await sleep(50);
  }
}

async function serve(options: RunDaemonOptions, paths: DaemonPaths, log: (line: string) => void): Promise<DaemonOutcome> {
  // We hold the lock, so a socket file left here belongs to a daemon that died.
  removeIfExists(paths.socket);
  const server = new DaemonServer({
    root: options.root,
    paths,
    idleMs: options.idleMs ?? idleMsFromEnv(),
    openIndex: options.openIndex,
    runCommandLine: options.runCommandLine,
    log,
  });
  const onSignal = (signal: NodeJS.Signals) => void server.shutdown(signal);
  const onRejection = (reason: unknown) => server.recordError(reason instanceof Error ? reason : new Error(String(reason)));
  const onException = (error: Error) => {
    server.recordError(error);
    void server.shutdown('uncaught exception');
  };
  process.on('SIGTERM', onSignal).on('SIGINT', onSignal).on('SIGHUP', onSignal);
  process.on('unhandledRejection', onRejection).on('uncaughtException', onException);
  try {
    await server.listen();
    log(`listening pid=${process.pid} root=${options.root} version=${DAEMON_VERSION}`);
    await server.closed;
  } finally {
    process.off('SIGTERM', onSignal).off('SIGINT', onSignal).off('SIGHUP', onSignal);
    process.off('unhandledRejection', onRejection).off('uncaughtException', onException);
  }
  return { kind: 'served' };
}

async function pingSameVersion(socket: string): Promise<PingResult | undefined> {
  let connection: DaemonConnection;
  try {
    connection = await DaemonConnection.open(socket, 1000);
  } catch (error) {
    if (error instanceof DaemonUnavailable) return undefined;
    throw error;
  }
  try {
    const reply = await connection.send({ op: 'ping' }, 2000);
    return reply.ok ? (reply.result as PingResult) : undefined;
  } catch {
    return undefined;
  } finally {
    connection.close();
  }
}

function logger(paths: DaemonPaths): (line: string) => void {
  try {
    if (statSync(paths.log).size > LOG_LIMIT_BYTES) truncateSync(paths.log, 0);
  } catch {
    // no log yet
  }
  return (line) => {
    try {
      appendFileSync(paths.log, `${new Date().toISOString()} [${process.pid}] ${line}\n`, { mode: 0o600 });
    } catch {
      // logging must never take the daemon down
    }
  };
}

function removeIfExists(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
