// `tldr hooks install | uninstall`: writes tldr's hooks (core/hooks/catalog.ts) into a Claude Code
// settings file, merged with what is there (other tools' hooks untouched, tldr's own replaced, so
// a second install changes nothing), and for the http transport the port and token the daemon
// listens with (.tldr/hooks.json).
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, quote } from 'shell-quote';
import { TldrError } from '../errors.js';
import { HOOK_CATALOG, type HookSpec } from './catalog.js';
import { HOOK_NAMES, isHookName, type HookName } from './contract.js';
import { TOKEN_HEADER, canListen, newHttpConfig, readHttpConfig, removeHttpConfig, writeHttpConfig, type HttpHookConfig } from './http-config.js';
import {
  readSettings,
  settingsPath,
  tldrHandlers,
  withGroups,
  withoutTldr,
  writeSettings,
  type HookGroup,
  type HookHandler,
  type HookScope,
} from './settings.js';

export type HookTransportChoice = 'http' | 'command';

/** The package's `bin` (CommonJS, the fast path), as installed, and the package around it. */
const BIN = fileURLToPath(new URL('../../cli/tldr.cjs', import.meta.url));
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGE_NAME = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { name: string }).name;

export interface InstallOptions {
  root: string;
  scope: HookScope;
  /** Default: http for the local scope, command for the others. */
  transport?: HookTransportChoice;
  /** Only these hooks (with http, session-start is always added: it starts the daemon). */
  only?: HookName[];
  /** Home directory (the user scope's settings); tests point it elsewhere. */
  home?: string;
  /** Checks that an http port already chosen still answers as tldr (a running daemon holds it). */
  portAnswersAsTldr?(config: HttpHookConfig): Promise<boolean>;
}

export interface InstallResult {
  path: string;
  scope: HookScope;
  transport: HookTransportChoice;
  hooks: HookName[];
  /** False when the file already held exactly these hooks. */
  changed: boolean;
  backup?: string;
  port?: number;
}

export interface UninstallResult {
  path: string;
  scope: HookScope;
  removed: number;
  changed: boolean;
  backup?: string;
}

export function defaultTransport(scope: HookScope): HookTransportChoice {
  return scope === 'local' ? 'http' : 'command';
}

/** Parses `--only a,b`; a TldrError (usage) naming the unknown hook. */
export function parseOnly(value: string): HookName[] {
  const names = value.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const unknown = names.find((name) => !isHookName(name));
  if (unknown !== undefined || names.length === 0) {
    throw new TldrError(`unknown hook ${JSON.stringify(unknown ?? value)}`, `hooks: ${HOOK_NAMES.join(', ')}`, 2);
  }
  return [...new Set(names as HookName[])];
}

export async function installHooks(options: InstallOptions): Promise<InstallResult> {
  const transport = options.transport ?? defaultTransport(options.scope);
  if (transport === 'http' && options.scope !== 'local') {
    throw new TldrError(
      `http hooks need the project's token, which only the local scope keeps (${options.scope} settings are shared or cover every project)`,
      'use --scope local, or --transport command',
      2,
    );
  }
  const selected = new Set(options.only ?? HOOK_NAMES);
  // The http hooks reach a daemon only once something started it: session-start does.
  if (transport === 'http') selected.add('session-start');
  const hooks = HOOK_NAMES.filter((name) => selected.has(name));
  const path = settingsPath(options.root, options.scope, options.home);
  const { settings, text } = readSettings(path);
  const http = transport === 'http' ? await httpConfigFor(options) : undefined;
  const handler = handlerFactory(options, http);
  const next = withGroups(withoutTldr(settings), groupsFor(hooks, handler));
  const changed = JSON.stringify(next) !== JSON.stringify(settings);
  const backup = changed ? writeSettings(path, next, text, http !== undefined) : undefined;
  if (http) writeHttpConfig(options.root, http);
  return { path, scope: options.scope, transport, hooks, changed, backup, port: http?.port };
}

export function uninstallHooks(options: { root: string; scope: HookScope; home?: string }): UninstallResult {
  const path = settingsPath(options.root, options.scope, options.home);
  const { settings, text } = readSettings(path);
  const removed = tldrHandlers(settings).length;
  let backup: string | undefined;
  if (removed > 0) backup = writeSettings(path, withoutTldr(settings), text, options.scope === 'local');
  // The listener's configuration goes with the last http hook of the project.
  if (options.scope === 'local') removeHttpConfig(options.root);
  return { path, scope: options.scope, removed, changed: removed > 0, backup };
}

/** The existing port and token when still usable (so reinstalling changes nothing), else new ones. */
async function httpConfigFor(options: InstallOptions): Promise<HttpHookConfig> {
  const existing = readHttpConfig(options.root);
  if (existing && ((await canListen(existing.port)) || (await options.portAnswersAsTldr?.(existing)))) return existing;
  return newHttpConfig();
}

type HandlerFactory = (spec: HookSpec, filter: string | undefined) => HookHandler;

function handlerFactory(options: InstallOptions, http: HttpHookConfig | undefined): HandlerFactory {
  const prefix = commandPrefix(options.root, options.scope);
  return (spec, filter) => {
    const base = http && !spec.commandOnly
      ? { type: 'http', url: `http://127.0.0.1:${http.port}/hooks/${spec.name}`, headers: { [TOKEN_HEADER]: http.token } }
      : { type: 'command', command: `${prefix} hook ${spec.name}` };
    return { ...base, timeout: spec.timeoutSec, ...(spec.async ? { async: true } : {}), ...(filter === undefined ? {} : { if: filter }) };
  };
}

/**
 * One group per event and matcher, holding every hook registered there (one handler per `if`
 * filter): Claude Code runs a group's handlers together.
 */
function groupsFor(hooks: HookName[], handler: HandlerFactory): Record<string, HookGroup[]> {
  const groups: Record<string, HookGroup[]> = {};
  const byMatcher = new Map<string, HookGroup>();
  for (const name of hooks) {
    const spec = HOOK_CATALOG[name];
    for (const registration of spec.registrations) {
      const handlers = (registration.if ?? [undefined]).map((filter) => handler(spec, filter));
      const key = `${registration.event}\0${registration.matcher ?? ''}`;
      const group = byMatcher.get(key);
      if (group) {
        group.hooks.push(...handlers);
        continue;
      }
      const created: HookGroup = { ...(registration.matcher ? { matcher: registration.matcher } : {}), hooks: handlers };
      byMatcher.set(key, created);
      (groups[registration.event] ??= []).push(created);
    }
  }
  return groups;
}

/**
 * How a command hook starts tldr. Local and user settings stay on this machine: the absolute node
 * and bin paths (no PATH lookup: another `tldr` on PATH, such as the tldr-pages client, would
 * answer instead; no npx: `npx --no-install tldr` adds about a second per call, README). Project
 * settings are shared: the bin inside the project (its node_modules, or tldr's own checkout),
 * through Claude Code's $CLAUDE_PROJECT_DIR; a TldrError when tldr is not installed there.
 */
export function commandPrefix(root: string, scope: HookScope): string {
  if (scope !== 'project') return quote([process.execPath, BIN]);
  const binInPackage = relative(PACKAGE_ROOT, BIN).split(sep).join('/');
  if (existsSync(join(root, 'node_modules', PACKAGE_NAME, binInPackage))) {
    return `node "$CLAUDE_PROJECT_DIR"/${quote([`node_modules/${PACKAGE_NAME}/${binInPackage}`])}`;
  }
  const inProject = relative(root, BIN);
  if (!inProject.startsWith('..') && !isAbsolute(inProject)) return `node "$CLAUDE_PROJECT_DIR"/${quote([inProject.split(sep).join('/')])}`;
  throw new TldrError(
    `project-scope hooks run tldr from the project (${PACKAGE_NAME} in its node_modules), and it is not installed there`,
    `npm install --save-dev ${PACKAGE_NAME} first, or use --scope local`,
  );
}

/** Problems with an installed command hook: a node or tldr path that no longer exists. */
export function commandProblem(command: string): string | undefined {
  // Variables stay as written: $CLAUDE_PROJECT_DIR is only known when Claude Code runs the hook.
  for (const word of parse(command, (name) => `$${name}`).slice(0, 2)) {
    if (typeof word === 'string' && word.startsWith('/') && !existsSync(word)) return `${word} no longer exists (reinstall: tldr hooks install)`;
  }
  return undefined;
}
