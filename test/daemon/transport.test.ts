// The socket protocol under load and abuse: concurrent clients, frames of any size, malformed and
// oversized requests, requests that are not what they claim — answered with errors, never a crash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, copyFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { pythonStdlib } from '../../dist/bench/real-code.js';
import { DAEMON_VERSION, DaemonConnection, FrameDecoder, MAX_FRAME_BYTES, daemonPaths, encodeFrame } from '../../dist/core/daemon/wire.cjs';
import { cleanupProjects, cli, makeProject, waitFor, type TempProject } from './helpers.js';

afterAll(cleanupProjects);

/** Sends raw bytes on a fresh connection; resolves with every reply frame until the daemon hangs up or `count` arrive. */
function rawExchange(socketPath: string, bytes: Buffer, count: number): Promise<{ replies: any[]; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    const decoder = new FrameDecoder();
    const replies: any[] = [];
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk) => {
      replies.push(...decoder.push(chunk));
      if (replies.length >= count) {
        socket.destroy();
        resolve({ replies, closed: false });
      }
    });
    socket.on('close', () => resolve({ replies, closed: true }));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

const frame = (message: unknown) => encodeFrame(message);
const rawFrame = (text: string) => {
  const body = Buffer.from(text);
  const header = Buffer.alloc(4);
  header.writeUInt32BE(body.length);
  return Buffer.concat([header, body]);
};

describe('daemon transport', () => {
  let project: TempProject;
  let socketPath: string;
  const fileCount = 1000;

  beforeAll(async () => {
    const files: Record<string, string> = {};
    // Long names so that the tree result is far larger than one socket read (~64 KB).
    for (let i = 0; i < fileCount; i++) {
      files[`pkg/module_with_a_rather_long_descriptive_name_${String(i).padStart(4, '0')}.py`] = `def f${i}(x):\n    return x + ${i}\n`;
    }
    project = makeProject(files);
    expect(cli(['warm', '--no-daemon'], project.root).status).toBe(0);
    expect(cli(['daemon', 'start'], project.root).status).toBe(0);
    socketPath = daemonPaths(project.root).socket;
  });

  it('answers fifty concurrent clients, each on its own connection', async () => {
    const clients = await Promise.all(Array.from({ length: 50 }, () => DaemonConnection.open(socketPath)));
    const replies = await Promise.all(clients.map((client, i) =>
      client.send(i % 2 === 0
        ? { op: 'query', name: 'tree', args: {}, cwd: project.root }
        : { op: 'run', argv: ['tree', '--json'], cwd: project.root })));
    for (const client of clients) client.close();
    for (const [i, reply] of replies.entries()) {
      expect(reply.ok).toBe(true);
      const tree = i % 2 === 0 ? (reply as any).result : JSON.parse((reply as any).result.stdout);
      expect(tree.files).toHaveLength(fileCount);
    }
  });

  it('answers fifty concurrent CLI processes', async () => {
    const { cliAsync } = await import('./helpers.js');
    const runs = await Promise.all(Array.from({ length: 50 }, () => cliAsync(['tree', '--json'], project.root)));
    for (const run of runs) {
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).files).toHaveLength(fileCount);
    }
  });

  it('carries replies far larger than a socket read, and many requests on one connection out of order', async () => {
    const client = await DaemonConnection.open(socketPath);
    const [big, ping] = await Promise.all([
      client.send({ op: 'run', argv: ['tree', '--json'], cwd: project.root }),
      client.send({ op: 'ping' }),
    ]);
    client.close();
    expect(ping).toMatchObject({ ok: true, result: { root: project.root, version: DAEMON_VERSION } });
    const stdout = (big as any).result.stdout as string;
    expect(Buffer.byteLength(stdout)).toBeGreaterThan(64 * 1024);
    expect(JSON.parse(stdout).files).toHaveLength(fileCount);
  });

  it('accepts a request far larger than a socket read', async () => {
    const paths = Array.from({ length: 20_000 }, (_, i) => `pkg/not_there_${i}_${'x'.repeat(40)}.py`);
    const client = await DaemonConnection.open(socketPath);
    const reply = await client.send({ op: 'notify', paths, cwd: project.root });
    client.close();
    expect(reply.ok).toBe(true);
    expect((reply as any).result.marked).toHaveLength(paths.length);
  });

  it('answers a frame that is not JSON with an error and keeps the connection usable', async () => {
    const bytes = Buffer.concat([rawFrame('{"id": 1, "op": "pi'), frame({ id: 2, v: DAEMON_VERSION, op: 'ping' })]);
    const { replies } = await rawExchange(socketPath, bytes, 2);
    expect(replies[0]).toMatchObject({ id: null, ok: false, error: { code: 'bad_request', exitCode: 2 } });
    expect(replies[0].error.message).toMatch(/^malformed request: /);
    expect(replies[1]).toMatchObject({ id: 2, ok: true });
  });

  it('refuses requests of the wrong shape', async () => {
    const bad = [
      [1, 2, 3],
      { v: DAEMON_VERSION, op: 'ping' },
      { id: 3, op: 'ping' },
      { id: 4, v: DAEMON_VERSION, op: 'rm -rf' },
      { id: 5, v: DAEMON_VERSION, op: 'query', name: 'tree', args: {}, cwd: 'relative/dir' },
      { id: 6, v: DAEMON_VERSION, op: 'run', argv: 'tree --json', cwd: project.root },
      { id: 7, v: DAEMON_VERSION, op: 'notify', paths: [1, 2], cwd: project.root },
      { id: 8, v: DAEMON_VERSION, op: 'query', name: 'constructor', args: {}, cwd: project.root },
      { id: 9, v: DAEMON_VERSION, op: 'query', name: '__proto__', args: {}, cwd: project.root },
      { id: 10, v: DAEMON_VERSION, op: 'run', argv: ['tree'], cwd: project.root, stdin: { evil: true } },
    ];
    const { replies } = await rawExchange(socketPath, Buffer.concat(bad.map(frame)), bad.length);
    expect(replies).toHaveLength(bad.length);
    for (const reply of replies) expect(reply.ok).toBe(false);
    const byId = new Map(replies.map((reply) => [reply.id, reply.error]));
    expect(byId.get(4).message).toContain('unknown op');
    expect(byId.get(5).message).toContain('absolute cwd');
    expect(byId.get(6).message).toContain('argv');
    expect(byId.get(8)).toMatchObject({ message: 'unknown query constructor', exitCode: 2 });
    expect(byId.get(9)).toMatchObject({ message: 'unknown query __proto__', exitCode: 2 });
    expect(byId.get(10).message).toContain('stdin must be a string');
  });

  it('refuses an oversized frame before reading it, hangs up, and keeps serving others', async () => {
    const header = Buffer.alloc(4);
    header.writeUInt32BE(MAX_FRAME_BYTES + 1);
    const { replies, closed } = await rawExchange(socketPath, Buffer.concat([header, Buffer.alloc(1024)]), 2);
    expect(closed).toBe(true);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ id: null, ok: false, error: { code: 'too_large' } });
    const client = await DaemonConnection.open(socketPath);
    expect((await client.send({ op: 'ping' })).ok).toBe(true);
    client.close();
  });

  it('survives clients that vanish mid-frame or mid-request', async () => {
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => {
        const socket = createConnection(socketPath, () => {
          socket.write(frame({ id: 1, v: DAEMON_VERSION, op: 'run', argv: ['tree', '--json'], cwd: project.root }));
          socket.write(Buffer.from([0, 0, 1]));
          socket.destroy();
          resolve();
        });
      });
    }
    const client = await DaemonConnection.open(socketPath);
    expect((await client.send({ op: 'status' })).ok).toBe(true);
    client.close();
  });
});

describe('a slow request does not hold up the others', () => {
  it('queries of unchanged files answer while big changed files are re-parsed', async () => {
    const stdlib = pythonStdlib();
    expect(stdlib, 'python3 standard library').toBeDefined();
    const project = makeProject({ 'small.py': 'def small():\n    return 1\n' });
    const big = ['big1.py', 'big2.py', 'big3.py'];
    // _pydecimal.py: ~230 KB of real Python each, ~0.1 s of parsing.
    for (const name of big) copyFileSync(join(stdlib!, '_pydecimal.py'), join(project.root, name));
    expect(cli(['warm', '--no-daemon'], project.root).status).toBe(0);
    expect(cli(['daemon', 'start'], project.root).status).toBe(0);
    const client = await DaemonConnection.open(daemonPaths(project.root).socket);
    await waitFor(async () => ((await client.send({ op: 'status' })) as any).result.files === 4, 'the index to load');

    for (const name of big) appendFileSync(join(project.root, name), '\n\ndef appended_at_the_end():\n    return 2\n');
    await client.send({ op: 'notify', paths: big, cwd: project.root });
    const order: string[] = [];
    const ask = (label: string, body: Parameters<DaemonConnection['send']>[0]) =>
      client.send(body).then((reply) => {
        order.push(label);
        return reply;
      });
    const [slow, fast, ping] = await Promise.all([
      ask('big', { op: 'query', name: 'structure', args: { path: 'big1.py' }, cwd: project.root }),
      ask('small', { op: 'query', name: 'structure', args: { path: 'small.py' }, cwd: project.root }),
      ask('ping', { op: 'ping' }),
    ]);
    client.close();
    expect(order.indexOf('small')).toBeLessThan(order.indexOf('big'));
    expect(order.indexOf('ping')).toBeLessThan(order.indexOf('big'));
    expect((fast as any).result.functions.map((fn: { name: string }) => fn.name)).toEqual(['small']);
    // The slow answer is the fresh one.
    expect((slow as any).result.functions.map((fn: { name: string }) => fn.name)).toContain('appended_at_the_end');
    expect(ping.ok).toBe(true);
  });
});
