// `tldr hooks status | log`: what is installed where (each scope's settings file), with which
// transport, whether the daemon answers and its http listener is reachable, and the latest calls.
import { request } from 'node:http';
import { daemonStatus } from '../daemon/lifecycle.js';
import type { HookCall } from './call-log.js';
import { HOOK_NAMES, type HookName } from './contract.js';
import type { HooksStatus } from './daemon-hooks.js';
import { TOKEN_HEADER, httpConfigPath, readHttpConfig, type HttpHookConfig } from './http-config.js';
import { commandProblem } from './install.js';
import { SCOPES, readSettings, settingsPath, tldrHandlers, type HookScope } from './settings.js';

export interface InstalledHook {
  name: HookName;
  transport: 'http' | 'command';
  /** `Event` or `Event:matcher`, each once. */
  events: string[];
  problem?: string;
}

export interface ScopeReport {
  scope: HookScope;
  path: string;
  state: 'absent' | 'read' | 'unreadable';
  error?: string;
  hooks: InstalledHook[];
}

/** What a request to the configured port found. */
export type ListenerProbe = 'tldr' | 'other-program' | 'nothing';

export interface HooksReport {
  root: string;
  scopes: ScopeReport[];
  http?: { port: number; config: string; probe: ListenerProbe };
  daemon: { running: false } | { running: true; pid: number; ready: boolean; hooks?: HooksStatus };
}

export async function hooksReport(root: string, home?: string): Promise<HooksReport> {
  const scopes = SCOPES.map((scope) => scopeReport(root, scope, home));
  const config = readHttpConfig(root);
  const [status, probe] = await Promise.all([daemonStatus(root), config ? probeListener(config) : undefined]);
  return {
    root,
    scopes,
    ...(config && probe ? { http: { port: config.port, config: httpConfigPath(root), probe } } : {}),
    daemon: status ? { running: true, pid: status.pid, ready: status.ready, hooks: status.hooks } : { running: false },
  };
}

/** The latest hook calls the daemon saw (none when it does not run). */
export async function recentHookCalls(root: string): Promise<HookCall[] | undefined> {
  return (await daemonStatus(root))?.hooks?.recent;
}

function scopeReport(root: string, scope: HookScope, home: string | undefined): ScopeReport {
  const path = settingsPath(root, scope, home);
  let read;
  try {
    read = readSettings(path);
  } catch (error) {
    return { scope, path, state: 'unreadable', error: (error as Error).message, hooks: [] };
  }
  if (read.text === undefined) return { scope, path, state: 'absent', hooks: [] };
  const byName = new Map<HookName, InstalledHook>();
  for (const { event, group, handler, name, transport } of tldrHandlers(read.settings)) {
    const hook = byName.get(name) ?? { name, transport, events: [] };
    byName.set(name, hook);
    const where = typeof group.matcher === 'string' && group.matcher !== '' ? `${event}:${group.matcher}` : event;
    if (!hook.events.includes(where)) hook.events.push(where);
    const problem = typeof handler.command === 'string' ? commandProblem(handler.command) : undefined;
    if (problem) hook.problem = problem;
  }
  return { scope, path, state: 'read', hooks: HOOK_NAMES.flatMap((name) => byName.get(name) ?? []) };
}

/** Asks the configured port who listens: tldr's daemon (its identity, with our token), another program, or nobody. */
export function probeListener(config: HttpHookConfig, timeoutMs = 1000): Promise<ListenerProbe> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port: config.port, path: '/hooks/', method: 'GET', headers: { [TOKEN_HEADER]: config.token }, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve(res.statusCode === 200 && 'tldr' in JSON.parse(Buffer.concat(chunks).toString('utf8')) ? 'tldr' : 'other-program');
          } catch {
            resolve('other-program');
          }
        });
        res.on('error', () => resolve('other-program'));
      },
    );
    req.on('timeout', () => {
      req.destroy();
      resolve('other-program');
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'nothing' : 'other-program'));
    req.end();
  });
}
