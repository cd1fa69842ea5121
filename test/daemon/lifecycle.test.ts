// Daemon lifecycle: start, status, stop, concurrent starts, stale locks and sockets, signals,
// idle shutdown and the version handshake — all on real daemon processes.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { DaemonConnection, FrameDecoder, daemonPaths, encodeFrame } from '../../dist/core/daemon/wire.cjs';
import { ensureRuntimeDir as ensureDir } from '../../dist/core/daemon/paths.js';
import { alive, cleanupProjects, cli, cliAsync, daemonProcesses, lockPid, makeProject, waitFor } from './helpers.js';

const SOURCE = {
  'src/shapes.ts': 'export class Circle {\n  area(r: number): number {\n    return 3.14 * r * r;\n  }\n}\nexport function unit(): Circle {\n  return new Circle();\n}\n',
  'lib/util.py': 'def double(x):\n    return 2 * x\n\n\ndef triple(x):\n    return 3 * x\n',
};

afterAll(cleanupProjects);

function status(root: string): Record<string, any> {
  const run = cli(['daemon', 'status', '--json'], root);
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout);
}

describe('daemon start, status, stop', () => {
  it('starts one daemon that reports pid, files, symbols, memory and version, on a private socket', async () => {
    const project = makeProject(SOURCE);
    const start = cli(['daemon', 'start', '--json'], project.root);
    expect(start.status).toBe(0);
    const started = JSON.parse(start.stdout);
    expect(started).toMatchObject({ running: true, started: true, root: project.root });
    expect(alive(started.pid)).toBe(true);

    await waitFor(() => status(project.root).files === 2, 'the index to load');
    // Its parsing worker is warmed with the project's languages in the background.
    await waitFor(() => status(project.root).workers === 'warm', 'the worker to be warmed');
    const s = status(project.root);
    expect(s).toMatchObject({ running: true, pid: started.pid, root: project.root, ready: true, files: 2, pending_reparses: 0 });
    // Circle, Circle.area, unit, double, triple
    expect(s.symbols).toBe(5);
    expect(s.rss_bytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(s.version).toMatch(/^\d+\.\d+\.\d+.*\/p\d+$/);
    expect(s.uptime_ms).toBeGreaterThanOrEqual(0);
    expect(s.last_error).toBeUndefined();

    const paths = daemonPaths(project.root);
    expect(statSync(paths.dir).mode & 0o777).toBe(0o700);
    expect(statSync(paths.socket).mode & 0o777).toBe(0o600);
    expect(statSync(paths.socket).isSocket()).toBe(true);

    const again = JSON.parse(cli(['daemon', 'start', '--json'], project.root).stdout);
    expect(again).toMatchObject({ started: false, pid: started.pid });

    const text = cli(['daemon', 'status'], project.root).stdout;
    expect(text).toContain(`daemon running (pid ${started.pid}`);
    expect(text).toMatch(/2 files, 5 symbols/);
    expect(text).toMatch(/^parsing worker: warm$/m);

    const stop = cli(['daemon', 'stop', '--json'], project.root);
    expect(JSON.parse(stop.stdout)).toMatchObject({ stopped: true, pid: started.pid });
    expect(alive(started.pid)).toBe(false);
    expect(existsSync(paths.socket)).toBe(false);
    expect(existsSync(paths.lock)).toBe(false);
    expect(JSON.parse(cli(['daemon', 'status', '--json'], project.root).stdout)).toEqual({ running: false, root: project.root });
    expect(cli(['daemon', 'stop'], project.root).stdout).toContain('no daemon running');
  });

  it('ten simultaneous starts yield exactly one daemon', async () => {
    const project = makeProject(SOURCE);
    const runs = await Promise.all(Array.from({ length: 10 }, () => cliAsync(['daemon', 'start', '--json'], project.root)));
    for (const run of runs) expect(run.status, run.stderr).toBe(0);
    const pids = new Set(runs.map((run) => JSON.parse(run.stdout).pid));
    expect(pids.size).toBe(1);
    const [pid] = pids;
    expect(lockPid(project.root)).toBe(pid);
    // The losers of the race exit on their own once the winner answers.
    await waitFor(() => daemonProcesses(project.root).length === 1, 'the other starters to exit');
    expect(daemonProcesses(project.root)).toEqual([pid]);
  });

  it('replaces a daemon killed with SIGKILL (stale socket and lock left behind)', async () => {
    const project = makeProject(SOURCE);
    const first = JSON.parse(cli(['daemon', 'start', '--json'], project.root).stdout);
    process.kill(first.pid, 'SIGKILL');
    await waitFor(() => !alive(first.pid), 'the daemon to die');
    const paths = daemonPaths(project.root);
    expect(existsSync(paths.socket)).toBe(true);
    expect(lockPid(project.root)).toBe(first.pid);

    // A query meanwhile is answered in-process, as if no daemon existed, and starts a new one.
    const tree = cli(['tree', '--json'], project.root);
    expect(tree.status, tree.stderr).toBe(0);
    expect(JSON.parse(tree.stdout).files.map((f: { path: string }) => f.path)).toEqual(['lib/util.py', 'src/shapes.ts']);

    // Whether that one is up yet or this call starts it, one new daemon answers.
    const second = JSON.parse(cli(['daemon', 'start', '--json'], project.root).stdout);
    expect(second.running).toBe(true);
    expect(second.pid).not.toBe(first.pid);
    // A starter that lost the race to the lock exits on its own.
    await waitFor(() => daemonProcesses(project.root).length === 1, 'one daemon to remain');
    expect(daemonProcesses(project.root)).toEqual([second.pid]);
    expect(lockPid(project.root)).toBe(second.pid);
    await waitFor(() => status(project.root).files === 2, 'the new daemon to load the index');
  });

  it('SIGTERM shuts down cleanly: socket and lock removed', async () => {
    const project = makeProject(SOURCE);
    const { pid } = JSON.parse(cli(['daemon', 'start', '--json'], project.root).stdout);
    process.kill(pid, 'SIGTERM');
    await waitFor(() => !alive(pid), 'the daemon to exit');
    const paths = daemonPaths(project.root);
    expect(existsSync(paths.socket)).toBe(false);
    expect(existsSync(paths.lock)).toBe(false);
  });

  it('a daemon whose project directory is deleted shuts down without recreating it', async () => {
    const project = makeProject(SOURCE);
    const { pid } = JSON.parse(cli(['daemon', 'start', '--json'], project.root).stdout);
    // Deleted once the daemon has written what it writes after loading (the search index, a
    // warm worker): a write racing the deletion would make the directory not empty.
    await waitFor(() => {
      const now = status(project.root);
      return now.files === 2 && now.workers === 'warm' && existsSync(join(project.root, '.tldr', 'search.bin'));
    }, 'the index to load and the daemon to settle');
    project.remove('');
    // The watcher sees the files go; writing that to the cache would recreate the directory.
    await waitFor(() => !alive(pid), 'the daemon to exit', 15_000);
    expect(existsSync(project.root)).toBe(false);
  });

  it('shuts down after the idle timeout', async () => {
    const project = makeProject(SOURCE);
    const { pid } = JSON.parse(cli(['daemon', 'start', '--json', '--idle-ms', '400'], project.root).stdout);
    expect(status(project.root).idle_timeout_ms).toBe(400);
    await waitFor(() => !alive(pid), 'the idle daemon to exit');
    expect(existsSync(daemonPaths(project.root).socket)).toBe(false);
  });

  it('the hook path starts a missing daemon in the background, and only one for a burst of hooks', async () => {
    const project = makeProject(SOURCE);
    // Whatever the hook answers (or whether the hook command exists yet), the daemon comes up.
    await Promise.all(Array.from({ length: 5 }, () => cliAsync(['hook', 'read-enforcer'], project.root)));
    await waitFor(() => daemonProcesses(project.root).length === 1 && lockPid(project.root) !== undefined, 'a daemon to start');
    await waitFor(() => status(project.root).files === 2, 'it to load the index');
    expect(daemonProcesses(project.root)).toEqual([lockPid(project.root)]);
    // With a daemon up, other query commands do not start another.
    expect(cli(['tree'], project.root).status).toBe(0);
    expect(daemonProcesses(project.root)).toHaveLength(1);
  });

  it('a query answered in-process leaves the daemon starting: the next one is a daemon answer', async () => {
    const project = makeProject(SOURCE);
    const first = cli(['structure', 'src/shapes.ts', '--json'], project.root);
    expect(first.status, first.stderr).toBe(0);
    await waitFor(() => daemonProcesses(project.root).length === 1 && status(project.root).files === 2, 'the daemon the query left starting');
    const served = status(project.root).requests;
    const second = cli(['structure', 'src/shapes.ts', '--json'], project.root);
    expect(second.stdout).toBe(first.stdout);
    // The status request itself counts one more.
    expect(status(project.root).requests).toBe(served + 2);
    expect(daemonProcesses(project.root)).toHaveLength(1);
  });

  it('no daemon is started with --no-daemon or TLDR_NO_DAEMON=1, and TLDR_NO_DAEMON keeps queries off a running one', async () => {
    const project = makeProject(SOURCE);
    expect(cli(['tree', '--no-daemon'], project.root).status).toBe(0);
    expect(cli(['structure', 'src/shapes.ts'], project.root, { TLDR_NO_DAEMON: '1' }).status).toBe(0);
    expect(cli(['warm'], project.root, { TLDR_NO_DAEMON: '1' }).status).toBe(0);
    // A spawned daemon would take the start lock within a few milliseconds.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lockPid(project.root)).toBeUndefined();
    expect(daemonProcesses(project.root)).toEqual([]);

    // `daemon start` is an explicit request and is obeyed; the daemon it starts does not inherit the setting.
    expect(cli(['daemon', 'start'], project.root, { TLDR_NO_DAEMON: '1' }).status).toBe(0);
    await waitFor(() => status(project.root).files === 2, 'the daemon to load the index');
    const served = status(project.root).requests;
    expect(cli(['tree'], project.root, { TLDR_NO_DAEMON: '1' }).status).toBe(0);
    expect(status(project.root).requests).toBe(served + 1);
    expect(cli(['tree'], project.root, { TLDR_NO_DAEMON: '0' }).status).toBe(0);
    expect(status(project.root).requests).toBe(served + 3);
  });

  it('`warm` starts the daemon unless --no-daemon', async () => {
    const project = makeProject(SOURCE);
    expect(cli(['warm', '--no-daemon'], project.root).status).toBe(0);
    expect(daemonProcesses(project.root)).toEqual([]);
    expect(cli(['warm'], project.root).status).toBe(0);
    await waitFor(() => lockPid(project.root) !== undefined && status(project.root).files === 2, 'the daemon started by warm');
  });

  it('the CLI meeting a daemon of another version answers in-process and starts a current daemon', async () => {
    const project = makeProject(SOURCE);
    const paths = daemonPaths(project.root);
    ensureDir(paths.dir);
    // A stand-in for an old daemon: a live "daemon" process holds the start lock, and the socket
    // answers the version error, then closes and lets go of the lock, as a real one steps down.
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'daemon'], { stdio: 'ignore' });
    writeFileSync(paths.lock, `${holder.pid}\n`);
    const impostor = createServer((socket) => {
      const decoder = new FrameDecoder();
      socket.on('error', () => undefined);
      socket.on('data', (chunk) => {
        for (const message of decoder.push(chunk) as { id: number }[]) {
          socket.end(encodeFrame({ id: message.id, ok: false, error: { message: 'old daemon', exitCode: 1, code: 'version' } }));
          impostor.close(() => holder.kill());
        }
      });
    });
    await new Promise<void>((resolve) => impostor.listen(paths.socket, resolve));
    try {
      // Not spawnSync: the stand-in lives in this process and must keep answering meanwhile.
      const run = await cliAsync(['tree', '--json'], project.root);
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).files.map((f: { path: string }) => f.path)).toEqual(['lib/util.py', 'src/shapes.ts']);
      await waitFor(() => daemonProcesses(project.root).length === 1 && lockPid(project.root) === daemonProcesses(project.root)[0], 'a current daemon to start');
      await waitFor(() => JSON.parse(cli(['daemon', 'status', '--json'], project.root).stdout).running === true, 'it to answer');
      expect(status(project.root).pid).toBe(lockPid(project.root));
    } finally {
      impostor.close();
      holder.kill();
    }
  });

  it('a client of another version gets a clear answer and the old daemon is replaced', async () => {
    const project = makeProject(SOURCE);
    const old = JSON.parse(cli(['daemon', 'start', '--json'], project.root).stdout);
    const connection = await DaemonConnection.open(daemonPaths(project.root).socket);
    // Speak the protocol by hand with a foreign version in the handshake.
    const reply = await new Promise<any>((resolve) => {
      const socket = (connection as any).socket as import('node:net').Socket;
      const body = Buffer.from(JSON.stringify({ id: 7, v: '99.0.0/p9', op: 'ping' }));
      const header = Buffer.alloc(4);
      header.writeUInt32BE(body.length);
      socket.removeAllListeners('data');
      socket.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.subarray(4).toString())));
      socket.write(Buffer.concat([header, body]));
    });
    connection.close();
    expect(reply).toMatchObject({ id: 7, ok: false, error: { code: 'version', exitCode: 1 } });
    expect(reply.error.message).toMatch(/does not match this client \(99\.0\.0\/p9\)/);
    await waitFor(() => !alive(old.pid), 'the old daemon to step down');

    const fresh = JSON.parse(cli(['daemon', 'start', '--json'], project.root).stdout);
    expect(fresh.started).toBe(true);
    expect(fresh.pid).not.toBe(old.pid);
  });
});
