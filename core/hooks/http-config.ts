// The http transport's per-project settings, chosen by `tldr hooks install` and kept in
// `.tldr/hooks.json` (mode 0600): the port the daemon listens on and the token every request must
// carry. The file's existence is what tells the daemon to open its hook listener.
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ensureCacheDir } from '../cache/index-file.js';
import { TldrError } from '../errors.js';
import { isRecord } from './contract.js';

export interface HttpHookConfig {
  port: number;
  /** 64 hex digits. */
  token: string;
}

/** The header carrying the token (Claude Code sends the `headers` of an http hook as written). */
export const TOKEN_HEADER = 'x-tldr-token';

/**
 * Ports are chosen below Linux's ephemeral range (32768–60999), where outgoing connections would
 * otherwise take them, and above the usual development servers.
 */
const PORT_RANGE = { low: 20_000, high: 32_767 };

export function httpConfigPath(root: string): string {
  return join(root, '.tldr', 'hooks.json');
}

/** The configuration, or undefined when there is none (or it is not one we wrote). */
export function readHttpConfig(root: string): HttpHookConfig | undefined {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(httpConfigPath(root), 'utf8'));
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const { port, token } = value;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65_535) return undefined;
  if (typeof token !== 'string' || !/^[0-9a-f]{64}$/.test(token)) return undefined;
  return { port, token };
}

/** Modification time of the file (ms), or undefined: lets the daemon re-read it only on change. */
export function httpConfigStamp(root: string): number | undefined {
  try {
    return statSync(httpConfigPath(root)).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Writes the configuration atomically, readable by the user only. */
export function writeHttpConfig(root: string, config: HttpHookConfig): void {
  const file = httpConfigPath(root);
  ensureCacheDir(join(root, '.tldr'));
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(config)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
}

export function removeHttpConfig(root: string): void {
  rmSync(httpConfigPath(root), { force: true });
}

/** A new configuration: a free port in PORT_RANGE and a random token. */
export async function newHttpConfig(): Promise<HttpHookConfig> {
  return { port: await freePort(), token: randomBytes(32).toString('hex') };
}

async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = PORT_RANGE.low + Math.floor(Math.random() * (PORT_RANGE.high - PORT_RANGE.low + 1));
    if (await canListen(port)) return port;
  }
  throw new TldrError(`no free port found for the hook listener in ${PORT_RANGE.low}–${PORT_RANGE.high}`, 'use --transport command');
}

export function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
