// Client-side management of a project's daemon: find it, start it in the background, stop it,
// ask its status. Starting is always a detached child with ignored stdio; only `daemon start`
// waits for it to answer, never the hook path.
import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDaemonProcess, lockHolder } from './lock.js';
import type { PingResult, StatusResult, WireError } from './protocol.js';
import { DaemonUnavailable, daemonPaths, requestOnce } from './wire.cjs';

const DAEMON_ENTRY = fileURLToPath(new URL('../../cli/daemon-process.js', import.meta.url));

export type Probe =
  | { state: 'running'; ping: PingResult }
  | { state: 'absent' }
  /** A daemon of another version answered; it is shutting down to be replaced. */
  | { state: 'replaced'; error: WireError }
  /** It answered with an error or did not answer in time. */
  | { state: 'unhealthy'; message: string };

export async function probeDaemon(root: string, timeoutMs = 2000): Promise<Probe> {
  try {
    const reply = await requestOnce(daemonPaths(root).socket, { op: 'ping' }, timeoutMs);
    if (reply.ok) return { state: 'running', ping: reply.result as PingResult };
    if (reply.error.code === 'version') return { state: 'replaced', error: reply.error };
    return { state: 'unhealthy', message: reply.error.message };
  } catch (error) {
    if (!(error instanceof DaemonUnavailable)) throw error;
    const holder = lockHolder(daemonPaths(root).lock);
    if (holder !== undefined && isDaemonProcess(holder)) return { state: 'unhealthy', message: error.message };
    return { state: 'absent' };
  }
}

/**
 * V8 options of the daemon process. Its work is many small requests, so a 2 MB young generation
 * (the default grows to 16 MB per semi-space) costs nothing measurable in query latency and keeps
 * ≈ 30 MB less resident on the 100k-line bench tree (`tldr bench --suite daemon`).
 */
const DAEMON_NODE_FLAGS = ['--max-semi-space-size=2'];

/** Starts a daemon for `root` as a detached background process and returns at once. */
export function spawnDaemon(root: string, env: NodeJS.ProcessEnv = process.env): number | undefined {
  // TLDR_NO_DAEMON is the client's choice; a daemon started anyway (`tldr daemon start`) serves.
  const { TLDR_NO_DAEMON: _, ...daemonEnv } = env;
  const child = spawn(process.execPath, [...DAEMON_NODE_FLAGS, DAEMON_ENTRY, '--project', root], {
    detached: true,
    stdio: 'ignore',
    env: daemonEnv,
  });
  child.on('error', () => undefined);
  child.unref();
  return child.pid;
}

/**
 * The hook path's auto-start, for when the socket did not answer: starts a daemon in the background
 * unless one is already starting (a live process holds the start lock). Never waits.
 */
export function startDaemonInBackground(root: string): void {
  // A hook run outside any project (user-scope hooks in the home directory) must not index it all.
  if (isHomeOrFilesystemRoot(root)) return;
  const holder = lockHolder(daemonPaths(root).lock);
  if (holder !== undefined && isDaemonProcess(holder)) return;
  spawnDaemon(root);
}

function isHomeOrFilesystemRoot(dir: string): boolean {
  if (dirname(dir) === dir) return true;
  try {
    return realpathSync(homedir()) === dir;
  } catch {
    return false;
  }
}

/** Starts the daemon unless one of this version already answers; optionally waits until it does. */
export async function startDaemon(
  root: string,
  options: { wait: boolean; timeoutMs?: number; idleMs?: number },
): Promise<{ started: boolean; ping?: PingResult }> {
  const probe = await probeDaemon(root);
  if (probe.state === 'running') return { started: false, ping: probe.ping };
  spawnDaemon(root, options.idleMs === undefined ? process.env : { ...process.env, TLDR_DAEMON_IDLE_MS: String(options.idleMs) });
  if (!options.wait) return { started: true };
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  while (Date.now() < deadline) {
    await sleep(25);
    const next = await probeDaemon(root);
    if (next.state === 'running') return { started: true, ping: next.ping };
  }
  throw new DaemonUnavailable(`the daemon did not come up within ${options.timeoutMs ?? 20_000} ms (see ${daemonPaths(root).log})`);
}

/**
 * Asks the daemon to shut down and waits until its process is gone; a daemon that does not
 * answer is sent SIGTERM, then SIGKILL. Returns the pid stopped, if any.
 */
export async function stopDaemon(root: string, timeoutMs = 5000): Promise<number | undefined> {
  const paths = daemonPaths(root);
  const pid = lockHolder(paths.lock);
  try {
    await requestOnce(paths.socket, { op: 'shutdown' }, timeoutMs);
  } catch (error) {
    if (!(error instanceof DaemonUnavailable)) throw error;
    if (pid === undefined || !isDaemonProcess(pid)) return undefined;
    signal(pid, 'SIGTERM');
  }
  if (pid === undefined) return undefined;
  if (await waitForExit(pid, timeoutMs)) return pid;
  signal(pid, 'SIGKILL');
  await waitForExit(pid, 1000);
  return pid;
}

export async function daemonStatus(root: string): Promise<StatusResult | undefined> {
  try {
    const reply = await requestOnce(daemonPaths(root).socket, { op: 'status' }, 5000);
    return reply.ok ? (reply.result as StatusResult) : undefined;
  } catch (error) {
    if (error instanceof DaemonUnavailable) return undefined;
    throw error;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isDaemonProcess(pid)) return true;
    await sleep(20);
  }
  return !isDaemonProcess(pid);
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
