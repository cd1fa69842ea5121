// Asking the project's daemon for one query result, for callers that hold the handler's name and
// arguments (the CLI's full path, the MCP server). Anything short of an answer — no daemon, a
// daemon of another version, an internal failure — is reported as "not answered" so the caller
// computes in-process; a TldrError from the handler is the answer and is rethrown as such.
import { TldrError } from '../errors.js';
import { spawnDaemon } from './lifecycle.js';
import { DaemonUnavailable, daemonPaths, replyTimeoutMs, requestOnce } from './wire.cjs';
import type { NotifyResult, Reply } from './protocol.js';
import type { WarmResult } from '../types.js';

/** A warm through the daemon walks the tree and may re-parse everything (a fresh checkout). */
const WARM_TIMEOUT_MS = 10 * 60 * 1000;

export type DaemonAnswer = { answered: true; result: unknown } | { answered: false };

export async function queryDaemon(root: string, name: string, args: unknown, cwd: string): Promise<DaemonAnswer> {
  let reply;
  try {
    reply = await requestOnce(daemonPaths(root).socket, { op: 'query', name, args, cwd }, replyTimeoutMs());
  } catch (error) {
    if (error instanceof DaemonUnavailable) return { answered: false };
    throw error;
  }
  return queryAnswer(root, reply);
}

/** A query's reply as an answer: the result, the handler's TldrError thrown, or "not answered". */
export function queryAnswer(root: string, reply: Reply): DaemonAnswer {
  if (reply.ok) return { answered: true, result: reply.result };
  if (reply.error.code === 'failed') throw new TldrError(reply.error.message, reply.error.hint, reply.error.exitCode);
  if (reply.error.code === 'version') spawnDaemon(root);
  return { answered: false };
}

/** Tells the daemon that files changed; undefined when no daemon of this version answers. */
export async function notifyDaemon(root: string, paths: string[], cwd: string): Promise<NotifyResult | undefined> {
  try {
    const reply = await requestOnce(daemonPaths(root).socket, { op: 'notify', paths, cwd }, replyTimeoutMs());
    return reply.ok ? (reply.result as NotifyResult) : undefined;
  } catch (error) {
    if (error instanceof DaemonUnavailable) return undefined;
    throw error;
  }
}

/**
 * Has the running daemon warm the project (its index is then fresh, and it stays the one writer
 * of the cache); undefined when no daemon of this version answers, so the caller warms in-process.
 */
export async function warmThroughDaemon(root: string): Promise<WarmResult | undefined> {
  let reply;
  try {
    reply = await requestOnce(daemonPaths(root).socket, { op: 'warm' }, WARM_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof DaemonUnavailable) return undefined;
    throw error;
  }
  if (reply.ok) return reply.result as WarmResult;
  if (reply.error.code === 'failed') throw new TldrError(reply.error.message, reply.error.hint, reply.error.exitCode);
  return undefined;
}
