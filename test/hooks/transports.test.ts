// Both transports on real daemons: the http listener opens when hooks are installed (and follows
// install/uninstall while the daemon runs), a taken port does not kill the daemon, `tldr hook`
// answers through the daemon's runtime and, with no daemon, prints {} and starts one; bad stdin of
// every kind answers {} with exit 0; session-start gives the cached overview before the daemon is up.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { daemonPaths } from '../../dist/core/daemon/wire.cjs';
import { ensureRuntimeDir } from '../../dist/core/daemon/paths.js';
import { CLI, alive, cleanupProjects, cli, cliAsync, cliEnv, type CliResult, daemonProcesses, lockPid, makeProject, waitFor } from '../daemon/helpers.js';

afterAll(cleanupProjects);

const BIN = join(CLI, '..', 'tldr.cjs');
const PAYLOADS = join(import.meta.dirname, '../fixtures/hook-payloads');

const SOURCE = {
  'src/shapes.ts': 'export class Circle {\n  area(r: number): number {\n    return 3.14 * r * r;\n  }\n}\nexport function unit(): Circle {\n  return new Circle();\n}\n',
  'lib/util.py': 'def double(x):\n    return 2 * x\n',
};

/** A recorded payload with its placeholders pointing into `root`. */
function payload(name: string, root: string, toolUseId?: string): string {
  const value = JSON.parse(readFileSync(join(PAYLOADS, `${name}.json`), 'utf8').replaceAll('${PROJECT}', root).replaceAll('${HOME}', '/home/nobody'));
  if (toolUseId !== undefined && 'tool_use_id' in value) value.tool_use_id = toolUseId;
  return JSON.stringify(value);
}

/** Runs the installed bin as Claude Code would: `tldr hook <name>`, the event on stdin. */
function hook(name: string, root: string, input: string | Buffer, extraEnv: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [BIN, 'hook', name], { cwd: root, input, env: cliEnv(extraEnv), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { stdout: run.stdout, stderr: run.stderr, status: run.status };
}

/** `hook` through the fast path without blocking this process (a stand-in daemon here must keep its event loop). */
function hookAsync(name: string, root: string, input: string): Promise<CliResult> {
  return cliAsync(['hook', name], root, {}, input, BIN);
}

function post(port: number, token: string, name: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: `/hooks/${name}`, method: 'POST', agent: false, headers: { 'x-tldr-token': token, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const tokenFile = (root: string) => JSON.parse(readFileSync(join(root, '.tldr/hooks.json'), 'utf8')) as { port: number; token: string };
const status = (root: string) => JSON.parse(cli(['daemon', 'status', '--json'], root).stdout);

describe('the http listener in the daemon', () => {
  it('opens with the daemon when hooks are installed, answers each payload like the command transport, and logs both', async () => {
    const project = makeProject(SOURCE);
    expect(cli(['hooks', 'install'], project.root).status).toBe(0);
    const { port, token } = tokenFile(project.root);
    expect(cli(['daemon', 'start'], project.root).status).toBe(0);
    await waitFor(() => status(project.root).ready, 'the index');
    expect(status(project.root).hooks.http).toMatchObject({ state: 'listening', port });
    const cases: [string, string][] = [
      ['read-enforcer', 'PreToolUse-Read'],
      ['search-router', 'PreToolUse-Bash'],
      ['tldr-inject', 'PreToolUse-Agent'],
      ['edit-inject', 'PreToolUse-Edit'],
      ['import-validator', 'PostToolUse-Write'],
      ['edit-notify', 'PostToolUse-Edit'],
      ['edit-recovery', 'PreToolUse-Edit'],
      ['impact-refactor', 'UserPromptSubmit'],
      ['subagent-start', 'SubagentStart'],
      ['transcript-safeguard', 'PostToolUse-Agent'],
    ];
    for (const [name, file] of cases) {
      const overHttp = await post(port, token, name, payload(file, project.root, 'over-http'));
      const overCommand = hook(name, project.root, payload(file, project.root, 'over-command'));
      expect(overHttp.status).toBe(200);
      expect(overCommand.status, overCommand.stderr).toBe(0);
      expect(overCommand.stderr).toBe('');
      // One behaviour behind both: the same answer, whatever it is.
      expect(JSON.parse(overCommand.stdout), name).toEqual(JSON.parse(overHttp.body));
    }
    const calls = status(project.root).hooks.recent as { hook: string; transport: string; outcome: string }[];
    expect(calls.filter((call) => call.transport === 'http')).toHaveLength(cases.length);
    expect(calls.filter((call) => call.transport === 'command')).toHaveLength(cases.length);
    expect(calls.every((call) => !['bad-input', 'not-for-hook', 'unknown-hook', 'failed'].includes(call.outcome))).toBe(true);
    const log = cli(['hooks', 'log', '--limit', '3'], project.root);
    expect(log.stdout.trim().split('\n')).toHaveLength(3);
    expect(log.stdout).toMatch(/subagent-start\s+SubagentStart\s+command/);
  });

  it('follows install and uninstall while the daemon runs', async () => {
    const project = makeProject(SOURCE);
    cli(['daemon', 'start'], project.root);
    expect(status(project.root).hooks.http).toEqual({ state: 'off' });
    const installed = cli(['hooks', 'install'], project.root);
    expect(installed.stdout).toContain('the running daemon now serves them');
    const { port, token } = tokenFile(project.root);
    expect((await post(port, token, 'read-enforcer', payload('PreToolUse-Read', project.root))).status).toBe(200);
    // Installing again while the daemon holds the port keeps port and token: nothing changes.
    expect(cli(['hooks', 'install'], project.root).stdout).toContain('nothing changed');
    expect(tokenFile(project.root)).toEqual({ port, token });
    cli(['hooks', 'uninstall'], project.root);
    await expect(post(port, token, 'read-enforcer', payload('PreToolUse-Read', project.root, 'again'))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(status(project.root).hooks.http).toEqual({ state: 'off' });
  });

  it('keeps serving when its port is taken, says so, and takes the port at the next session start once free', async () => {
    const project = makeProject(SOURCE);
    cli(['hooks', 'install'], project.root);
    const { port, token } = tokenFile(project.root);
    const squatter = createServer((socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nno'));
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      expect(cli(['daemon', 'start'], project.root).status).toBe(0);
      await waitFor(() => status(project.root).hooks.http.state === 'failed', 'the listener to fail');
      expect(status(project.root).hooks.http.error).toBe(`port ${port} is taken by another program`);
      const report = cli(['hooks', 'status'], project.root).stdout;
      expect(report).toContain(`http: 127.0.0.1:${port} taken by another program`);
      expect(report).toContain(`http listener failed on port ${port}`);
      // The command transport is unaffected.
      expect(hook('read-enforcer', project.root, payload('PreToolUse-Read', project.root)).status).toBe(0);
      expect(readFileSync(daemonPaths(project.root).log, 'utf8')).toContain(`cannot listen on 127.0.0.1:${port}`);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
    expect(hook('session-start', project.root, payload('SessionStart', project.root)).status).toBe(0);
    expect(status(project.root).hooks.http).toMatchObject({ state: 'listening', port });
    expect((await post(port, token, 'read-enforcer', payload('PreToolUse-Read', project.root, 'later'))).status).toBe(200);
  });
});

describe('tldr hook without a daemon', () => {
  it('prints {} at once, exits 0, and starts the daemon in the background for the next call', async () => {
    const project = makeProject(SOURCE);
    const first = hook('read-enforcer', project.root, payload('PreToolUse-Read', project.root));
    expect(first).toEqual({ stdout: '{}\n', stderr: '', status: 0 });
    await waitFor(() => lockPid(project.root) !== undefined && alive(lockPid(project.root)!), 'the daemon to start');
    await waitFor(() => status(project.root).running === true, 'the daemon to answer');
    hook('read-enforcer', project.root, payload('PreToolUse-Read', project.root, 'second'));
    expect(status(project.root).hooks.recent.map((call: { transport: string }) => call.transport)).toEqual(['command']);
  });

  it('prints {} after at most a few seconds when the daemon accepts but does not answer', async () => {
    const project = makeProject(SOURCE);
    const paths = daemonPaths(project.root);
    ensureRuntimeDir(paths.dir);
    // A live process in the lock: a daemon busy starting, which the hook must not start again.
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'daemon'], { stdio: 'ignore' });
    writeFileSync(paths.lock, `${holder.pid}\n`);
    const accepted = new Set<import('node:net').Socket>();
    const mute = createServer((socket) => {
      accepted.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => mute.listen(paths.socket, resolve));
    try {
      const started = performance.now();
      const run = await hookAsync('read-enforcer', project.root, payload('PreToolUse-Read', project.root));
      expect(run).toEqual({ stdout: '{}\n', stderr: '', status: 0 });
      // HOOK_REPLY_TIMEOUT_MS (3 s), far below Claude Code's 5 s timeout for the hook.
      expect(performance.now() - started).toBeLessThan(4900);
    } finally {
      for (const socket of accepted) socket.destroy();
      await new Promise((resolve) => mute.close(resolve));
      holder.kill();
      rmSync(paths.lock, { force: true });
    }
  });

  it('session-start gives the overview the last session cached, marked as such, else {}', () => {
    const project = makeProject(SOURCE);
    expect(hook('session-start', project.root, payload('SessionStart', project.root), { TLDR_DAEMON_IDLE_MS: '1' }).stdout).toBe('{}\n');
    project.write('.tldr/hooks-overview.json', JSON.stringify({ at: '2026-11-20T10:00:00.000Z', context: 'Project: 2 files (TypeScript, Python).' }));
    const cached = hook('session-start', project.root, payload('SessionStart', project.root), { TLDR_DAEMON_IDLE_MS: '1' });
    expect(cached.status).toBe(0);
    expect(JSON.parse(cached.stdout)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'SessionStart',
        additionalContext: "Project: 2 files (TypeScript, Python).\n(tldr's daemon is starting: this overview is from 2026-11-20 10:00 UTC)",
      },
    });
  });

  it('never starts a daemon for the home directory (user-scope hooks outside any project)', async () => {
    const project = makeProject({});
    const run = hook('read-enforcer', project.root, payload('PreToolUse-Read', project.root), { HOME: project.root });
    expect(run).toEqual({ stdout: '{}\n', stderr: '', status: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(daemonProcesses(project.root)).toEqual([]);
  });
});

describe('bad stdin and bad arguments: {} and exit 0, with or without a daemon', () => {
  const bad: [string, string | Buffer][] = [
    ['garbage', 'garbage \u0000 ]]'],
    ['empty', ''],
    ['binary', Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x7b])],
    ['a truncated event', '{"hook_event_name":"PreToolUse","tool_name":"Re'],
    ['a JSON array', '[{"hook_event_name":"PreToolUse"}]'],
    ['an unknown event', '{"hook_event_name":"SomethingNew","tool_name":"Read"}'],
    ['wrong field types', '{"hook_event_name":"PreToolUse","tool_name":7,"tool_input":"x"}'],
    ['20 MB', `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"${'a'.repeat(20 * 1024 * 1024)}"}}`],
  ];

  for (const withDaemon of [false, true]) {
    it(withDaemon ? 'with a daemon' : 'without a daemon', async () => {
      const project = makeProject(SOURCE);
      if (withDaemon) {
        cli(['daemon', 'start'], project.root);
        await waitFor(() => status(project.root).ready, 'the index');
      }
      for (const [what, input] of bad) {
        expect(hook('read-enforcer', project.root, input), what).toEqual({ stdout: '{}\n', stderr: '', status: 0 });
      }
      for (const args of [[], ['no-such-hook'], ['read-enforcer', 'extra', '--unknown-flag']]) {
        const run = spawnSync(process.execPath, [BIN, 'hook', ...args], { cwd: project.root, input: payload('PreToolUse-Read', project.root), env: cliEnv(), encoding: 'utf8' });
        expect({ stdout: run.stdout, status: run.status }, args.join(' ')).toEqual({ stdout: '{}\n', status: 0 });
      }
      if (withDaemon) {
        const outcomes = status(project.root).hooks.recent.map((call: { outcome: string }) => call.outcome);
        // The 20 MB input never reaches the daemon: the fast path answers it.
        expect(outcomes.slice(0, bad.length - 1)).toEqual(['bad-input', 'bad-input', 'bad-input', 'bad-input', 'bad-input', 'not-for-hook', 'not-for-hook']);
      }
    });
  }
});
