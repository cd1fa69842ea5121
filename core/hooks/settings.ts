// Claude Code settings files as tldr reads and writes them: where each scope's file is, which of
// its hook entries are tldr's (recognised by the command or the URL, never by a field of our own:
// Claude Code validates the file), and safe writing (refuse what cannot be parsed, back up, write
// atomically).
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { TldrError } from '../errors.js';
import { isHookName, isRecord, type HookName } from './contract.js';

export const SCOPES = ['local', 'project', 'user'] as const;
export type HookScope = (typeof SCOPES)[number];

/** One handler of a settings file's hook group, as Claude Code reads it. */
export interface HookHandler {
  type: string;
  command?: string;
  url?: string;
  headers?: Record<string, string>;
  timeout?: number;
  async?: boolean;
  if?: string;
  [key: string]: unknown;
}

export interface HookGroup {
  matcher?: string;
  hooks: HookHandler[];
  [key: string]: unknown;
}

export type Settings = Record<string, unknown> & { hooks?: Record<string, unknown> };

export function settingsPath(root: string, scope: HookScope, home = homedir()): string {
  switch (scope) {
    case 'local':
      return join(root, '.claude', 'settings.local.json');
    case 'project':
      return join(root, '.claude', 'settings.json');
    case 'user':
      return join(home, '.claude', 'settings.json');
  }
}

/** The file's settings (`{}` when it does not exist); a TldrError when it cannot be read as settings. */
export function readSettings(path: string): { settings: Settings; text: string | undefined } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { settings: {}, text: undefined };
    throw new TldrError(`cannot read ${path}: ${(error as Error).message}`, 'check its permissions');
  }
  if (text.trim() === '') return { settings: {}, text };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new TldrError(`cannot parse ${path}: ${(error as Error).message}`, 'fix the file or move it away; tldr never rewrites a settings file it cannot read');
  }
  if (!isRecord(value)) throw new TldrError(`${path} is not a JSON object`, 'fix the file or move it away');
  if (value.hooks !== undefined) {
    if (!isRecord(value.hooks)) throw new TldrError(`${path}: "hooks" is not an object`, 'fix the file or move it away');
    for (const [event, groups] of Object.entries(value.hooks)) {
      if (!Array.isArray(groups)) throw new TldrError(`${path}: hooks.${event} is not a list`, 'fix the file or move it away');
    }
  }
  return { settings: value as Settings, text };
}

/**
 * Writes `settings` atomically (temp file + rename), after copying the previous file to
 * `<file>.tldr-backup`. `secret`: the file holds a token, so only the user may read it.
 */
export function writeSettings(path: string, settings: Settings, previous: string | undefined, secret: boolean): string | undefined {
  mkdirSync(dirname(path), { recursive: true });
  let backup: string | undefined;
  if (previous !== undefined) {
    backup = `${path}.tldr-backup`;
    copyFileSync(path, backup);
    if (secret) chmodSync(backup, 0o600);
  }
  const mode = secret ? 0o600 : existsSync(path) ? statSync(path).mode & 0o777 : 0o644;
  const temp = `${path}.${process.pid}.tldr-tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify(settings, null, 2)}\n`, { mode });
    chmodSync(temp, mode);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new TldrError(`cannot write ${path}: ${(error as Error).message}`, 'check its permissions');
  }
  return backup;
}

const COMMAND_PATTERN = /\btldr(?:\.cjs)?['"]?\s+hook\s+([a-z][a-z-]*)(?=\s|$)/;
const URL_PATTERN = /^http:\/\/(?:127\.0\.0\.1|localhost):\d+\/hooks\/([a-z][a-z-]*)$/;

/** The tldr hook a handler runs, or undefined for anyone else's handler. */
export function tldrHookOf(handler: unknown): { name: HookName; transport: 'http' | 'command' } | undefined {
  if (!isRecord(handler)) return undefined;
  if (handler.type === 'command' && typeof handler.command === 'string') {
    const name = COMMAND_PATTERN.exec(handler.command)?.[1];
    return name !== undefined && isHookName(name) ? { name, transport: 'command' } : undefined;
  }
  if (handler.type === 'http' && typeof handler.url === 'string') {
    const name = URL_PATTERN.exec(handler.url)?.[1];
    return name !== undefined && isHookName(name) ? { name, transport: 'http' } : undefined;
  }
  return undefined;
}

/** Every tldr handler of the settings, with the event and group it sits in. */
export function tldrHandlers(settings: Settings): { event: string; group: HookGroup; handler: HookHandler; name: HookName; transport: 'http' | 'command' }[] {
  const found: ReturnType<typeof tldrHandlers> = [];
  for (const [event, groups] of Object.entries(settings.hooks ?? {})) {
    for (const group of groups as unknown[]) {
      if (!isRecord(group) || !Array.isArray(group.hooks)) continue;
      for (const handler of group.hooks) {
        const hook = tldrHookOf(handler);
        if (hook) found.push({ event, group: group as HookGroup, handler: handler as HookHandler, ...hook });
      }
    }
  }
  return found;
}

/**
 * The settings without tldr's handlers: a group left with none of its own is dropped, an event
 * left with no group too, and `hooks` itself when nothing is left. Other tools' entries are kept
 * exactly as they were.
 */
export function withoutTldr(settings: Settings): Settings {
  if (!settings.hooks) return settings;
  const hooks: Record<string, unknown> = {};
  for (const [event, groups] of Object.entries(settings.hooks)) {
    const kept: unknown[] = [];
    for (const group of groups as unknown[]) {
      if (!isRecord(group) || !Array.isArray(group.hooks)) {
        kept.push(group);
        continue;
      }
      const handlers = group.hooks.filter((handler) => !tldrHookOf(handler));
      if (handlers.length === group.hooks.length) kept.push(group);
      else if (handlers.length > 0) kept.push({ ...group, hooks: handlers });
    }
    if (kept.length > 0 || (groups as unknown[]).length === 0) hooks[event] = kept;
  }
  const next: Settings = { ...settings, hooks };
  if (Object.keys(hooks).length === 0) delete next.hooks;
  return next;
}

/** The settings with `groups` appended, per event, after what is there. */
export function withGroups(settings: Settings, groups: Record<string, HookGroup[]>): Settings {
  const hooks: Record<string, unknown> = { ...(settings.hooks ?? {}) };
  for (const [event, added] of Object.entries(groups)) hooks[event] = [...((hooks[event] as unknown[] | undefined) ?? []), ...added];
  return { ...settings, hooks };
}
