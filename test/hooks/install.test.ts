// `tldr hooks install|uninstall|status` on real settings files: merging with other tools' hooks,
// idempotence, backups, refusing files it cannot parse, the three scopes and both transports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HOOK_CATALOG } from '../../dist/core/hooks/catalog.js';
import { HOOK_NAMES } from '../../dist/core/hooks/contract.js';
import { tldrHandlers, type Settings } from '../../dist/core/hooks/settings.js';
import { CLI, cleanupProjects, cli, cliEnv, makeProject } from '../daemon/helpers.js';

const PACKAGE_ROOT = resolve(CLI, '../../..');

afterAll(cleanupProjects);

/** Another tool's hooks and settings, as a user's file might hold them. */
const FOREIGN = {
  permissions: { allow: ['Bash(npm test)'], deny: [] },
  env: { FOO: 'bar' },
  hooks: {
    PreToolUse: [
      { matcher: 'Read', hooks: [{ type: 'command', command: 'other-tool check-read', timeout: 3 }] },
      { matcher: 'Bash', hooks: [{ type: 'command', command: './scripts/guard.sh' }, { type: 'http', url: 'http://127.0.0.1:9/other' }] },
    ],
    Stop: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }],
    PreCompact: [],
  },
};

function setup(files: Record<string, string> = {}) {
  const project = makeProject({ 'src/app.ts': 'export const x = 1;\n', ...files });
  const home = join(project.root, 'home');
  mkdirSync(home);
  const run = (...args: string[]) => cli(['hooks', ...args], project.root, { HOME: home });
  const local = join(project.root, '.claude/settings.local.json');
  const read = (path = local) => JSON.parse(readFileSync(path, 'utf8')) as Settings;
  return { root: project.root, home, run, local, read, write: project.write };
}

/** Handler entries a full install writes: one per registration and `if` filter. */
const ENTRIES = Object.values(HOOK_CATALOG).reduce((sum, spec) => sum + spec.registrations.reduce((n, r) => n + (r.if?.length ?? 1), 0), 0);

const tokenFile = (root: string) => JSON.parse(readFileSync(join(root, '.tldr/hooks.json'), 'utf8')) as { port: number; token: string };

describe('install (local scope, http)', () => {
  it('writes every hook: http with its own URL and the token, session-start as a command, if filters and timeouts', () => {
    const { root, run, local, read } = setup();
    const result = run('install');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('installed 14 tldr hooks in .claude/settings.local.json');
    const settings = read();
    const handlers = tldrHandlers(settings);
    expect(new Set(handlers.map((h) => h.name))).toEqual(new Set(HOOK_NAMES));
    const { port, token } = tokenFile(root);
    for (const { name, handler, transport } of handlers) {
      expect(handler.timeout).toBe(HOOK_CATALOG[name].timeoutSec);
      expect(handler.async, name).toBe(name === 'edit-notify' ? true : undefined);
      if (name === 'session-start') {
        expect(transport).toBe('command');
        expect(handler.command).toMatch(/ hook session-start$/);
        continue;
      }
      expect(transport).toBe('http');
      expect(handler.url).toBe(`http://127.0.0.1:${port}/hooks/${name}`);
      expect(handler.headers).toEqual({ 'x-tldr-token': token });
    }
    const searchFilters = handlers.filter((h) => h.name === 'search-router' && h.handler.if).map((h) => h.handler.if);
    expect(searchFilters).toEqual(expect.arrayContaining(['Bash(grep *)', 'Bash(rg *)', 'Bash(git grep *)', 'Bash(find *)']));
    expect(handlers.filter((h) => h.name === 'edit-recovery').map((h) => h.event)).toContain('PostToolUseFailure');
    expect(handlers.find((h) => h.name === 'edit-recovery' && h.event === 'PreToolUse' && h.group.matcher === 'Read')).toBeDefined();
    expect(handlers.find((h) => h.event === 'PostToolBatch')).toBeUndefined();
    // Secrets are readable by the user only.
    expect(statSync(local).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, '.tldr/hooks.json')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(root, '.tldr/.gitignore'), 'utf8')).toContain('*');
  });

  it('merges with other tools\' hooks and settings, and uninstall gives them back exactly', () => {
    const { root, run, local, read } = setup();
    mkdirSync(join(root, '.claude'));
    writeFileSync(local, JSON.stringify(FOREIGN));
    expect(run('install').status).toBe(0);
    const installed = read();
    expect(installed.permissions).toEqual(FOREIGN.permissions);
    expect(installed.env).toEqual(FOREIGN.env);
    const pre = installed.hooks!.PreToolUse as { matcher?: string }[];
    expect(pre.slice(0, 2)).toEqual(FOREIGN.hooks.PreToolUse);
    expect(installed.hooks!.Stop).toEqual(FOREIGN.hooks.Stop);
    expect(readFileSync(`${local}.tldr-backup`, 'utf8')).toBe(JSON.stringify(FOREIGN));
    const removed = run('uninstall');
    expect(removed.status, removed.stderr).toBe(0);
    expect(removed.stdout).toContain(`removed ${ENTRIES} tldr hook entries`);
    expect(read()).toEqual(FOREIGN);
    expect(existsSync(join(root, '.tldr/hooks.json'))).toBe(false);
    expect(run('uninstall').stdout).toContain('no tldr hooks in .claude/settings.local.json');
  });

  it('is idempotent: a second install changes nothing, keeps the port and token and makes no backup', () => {
    const { root, run, local } = setup();
    run('install');
    const first = readFileSync(local, 'utf8');
    const firstToken = tokenFile(root);
    const again = run('install');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('nothing changed');
    expect(readFileSync(local, 'utf8')).toBe(first);
    expect(tokenFile(root)).toEqual(firstToken);
    expect(existsSync(`${local}.tldr-backup`)).toBe(false);
  });

  it('replaces its own entries when the choice changes, never duplicating them', () => {
    const { run, read } = setup();
    run('install');
    expect(run('install', '--transport', 'command').status).toBe(0);
    const handlers = tldrHandlers(read());
    expect(handlers.every((h) => h.transport === 'command')).toBe(true);
    expect(handlers).toHaveLength(ENTRIES);
    const notify = handlers.filter((h) => h.name === 'edit-notify');
    expect(notify.every((h) => h.handler.async === true)).toBe(true);
    expect(run('install', '--only', 'search-router,read-enforcer').status).toBe(0);
    const only = tldrHandlers(read());
    // http adds session-start: it is what starts the daemon the http hooks talk to.
    expect(new Set(only.map((h) => h.name))).toEqual(new Set(['session-start', 'read-enforcer', 'search-router']));
    expect(only.filter((h) => h.name === 'read-enforcer')).toHaveLength(1);
  });

  it('refuses a settings file it cannot parse, and leaves it alone', () => {
    for (const text of ['{ "hooks": { "PreToolUse": [ ', '[1, 2]', '{"hooks": []}', '{"hooks": {"PreToolUse": {}}}']) {
      const { root, run, local } = setup();
      mkdirSync(join(root, '.claude'));
      writeFileSync(local, text);
      const result = run('install');
      expect(result.status, text).toBe(1);
      expect(result.stderr.trim().split('\n'), text).toHaveLength(1);
      expect(result.stderr).toMatch(/^tldr: .*settings\.local\.json/);
      expect(readFileSync(local, 'utf8')).toBe(text);
      expect(existsSync(`${local}.tldr-backup`)).toBe(false);
      expect(run('uninstall').status).toBe(1);
      expect(readFileSync(local, 'utf8')).toBe(text);
    }
  });

  it('rejects bad options with a usage error', () => {
    const { run } = setup();
    expect(run('install', '--only', 'read-enforcer,nope').status).toBe(2);
    expect(run('install', '--scope', 'global').status).toBe(2);
    expect(run('install', '--transport', 'grpc').status).toBe(2);
    expect(run('reinstall').status).toBe(2);
  });
});

describe('project and user scopes', () => {
  it('project scope writes command hooks only, never a secret, running tldr from the project', () => {
    const { root, run, read } = setup();
    const refused = run('install', '--scope', 'project', '--transport', 'http');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^tldr: http hooks need the project's token/);
    // Teammates share the file: tldr must come with the project, not from this machine's paths.
    const missing = run('install', '--scope', 'project');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^tldr: project-scope hooks run tldr from the project .*npm install --save-dev tldr-code-intel/);
    expect(existsSync(join(root, '.claude/settings.json'))).toBe(false);
    mkdirSync(join(root, 'node_modules'));
    symlinkSync(PACKAGE_ROOT, join(root, 'node_modules/tldr-code-intel'));
    const result = run('install', '--scope', 'project');
    expect(result.status, result.stderr).toBe(0);
    const path = join(root, '.claude/settings.json');
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('x-tldr-token');
    expect(text).not.toContain(PACKAGE_ROOT);
    expect(existsSync(join(root, '.tldr/hooks.json'))).toBe(false);
    const handlers = tldrHandlers(read(path));
    expect(handlers).toHaveLength(ENTRIES);
    for (const { handler, name } of handlers) {
      expect(handler.command).toBe(`node "$CLAUDE_PROJECT_DIR"/node_modules/tldr-code-intel/dist/cli/tldr.cjs hook ${name}`);
    }
    // Claude Code runs it through the shell with $CLAUDE_PROJECT_DIR set.
    const hook = spawnSync('sh', ['-c', handlers[1].handler.command!], { cwd: root, input: '{}', env: cliEnv({ CLAUDE_PROJECT_DIR: root }), encoding: 'utf8' });
    expect({ status: hook.status, stdout: hook.stdout }).toEqual({ status: 0, stdout: '{}\n' });
  });

  it('user scope writes command hooks into ~/.claude/settings.json, resolving the project at run time', () => {
    const { home, run, read } = setup();
    const result = run('install', '--scope', 'user');
    expect(result.status, result.stderr).toBe(0);
    const handlers = tldrHandlers(read(join(home, '.claude/settings.json')));
    expect(handlers).toHaveLength(ENTRIES);
    for (const { handler, name } of handlers) {
      expect(handler.command).toMatch(new RegExp(`^\\S+node \\S+/cli/tldr\\.cjs hook ${name}$`));
      expect(handler.command).not.toContain('--project');
    }
    expect(run('uninstall', '--scope', 'user').status).toBe(0);
    expect(read(join(home, '.claude/settings.json'))).toEqual({});
  });
});

describe('status', () => {
  it('says what is installed where, with which transport, and flags a command whose paths are gone', () => {
    const { root, run, local, read } = setup();
    run('install', '--only', 'read-enforcer');
    run('install', '--scope', 'user', '--only', 'edit-notify');
    const settings = read();
    const session = tldrHandlers(settings).find((h) => h.name === 'session-start')!;
    session.handler.command = session.handler.command!.replace(/^\S+/, '/gone/bin/node');
    writeFileSync(local, JSON.stringify(settings));
    const status = run('status', '--json');
    expect(status.status, status.stderr).toBe(0);
    const report = JSON.parse(status.stdout);
    expect(report.root).toBe(root);
    const [localScope, projectScope, userScope] = report.scopes;
    expect(localScope).toMatchObject({ scope: 'local', state: 'read' });
    expect(localScope.hooks.map((hook: { name: string; transport: string }) => `${hook.name}:${hook.transport}`)).toEqual(['session-start:command', 'read-enforcer:http']);
    expect(localScope.hooks[0].problem).toContain('/gone/bin/node no longer exists');
    expect(projectScope).toMatchObject({ scope: 'project', state: 'absent', hooks: [] });
    expect(userScope.hooks).toEqual([{ name: 'edit-notify', transport: 'command', events: ['PostToolUse:Edit|Write|MultiEdit|Bash', 'FileChanged'] }]);
    expect(report.http).toMatchObject({ port: tokenFile(root).port, probe: 'nothing' });
    expect(report.daemon).toEqual({ running: false });
    const text = run('status').stdout;
    expect(text).toContain('local: 2 tldr hooks in .claude/settings.local.json (command + http)');
    expect(text).toContain('daemon: not running');
  });

  it('reports an unparseable settings file instead of failing', () => {
    const { root, run, local } = setup();
    mkdirSync(join(root, '.claude'));
    writeFileSync(local, '{oops');
    const status = run('status');
    expect(status.status).toBe(0);
    expect(status.stdout).toMatch(/local: .*cannot parse/);
  });
});
