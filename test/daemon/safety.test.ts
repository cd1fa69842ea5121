// The daemon answers only about its own project: paths outside the root (`..`, absolute, through
// symlinks) are refused on every route, and two projects get two daemons that never mix answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DaemonConnection, daemonPaths } from '../../dist/core/daemon/wire.cjs';
import { cleanupProjects, cli, lockPid, makeProject, type TempProject } from './helpers.js';

afterAll(cleanupProjects);

describe('paths outside the project are refused', () => {
  let project: TempProject;
  let outside: TempProject;
  let connection: DaemonConnection;

  beforeAll(async () => {
    outside = makeProject({ 'secret.py': 'def secret():\n    return "do not read"\n' });
    project = makeProject({ 'src/ok.py': 'def ok():\n    return 1\n' });
    symlinkSync(outside.root, join(project.root, 'src', 'escape'));
    symlinkSync(join(outside.root, 'secret.py'), join(project.root, 'src', 'secret.py'));
    expect(cli(['daemon', 'start'], project.root).status).toBe(0);
    connection = await DaemonConnection.open(daemonPaths(project.root).socket);
  });
  afterAll(() => connection.close());

  const attempts = (): string[] => ['..', '../..', '/etc', '/', 'src/../..', 'src/escape', 'src/escape/secret.py', `${project.root}/../`];

  it('through the CLI fast path', () => {
    for (const path of attempts()) {
      const run = cli(['tree', path], project.root);
      expect(run.status, path).toBe(1);
      expect(run.stderr, path).toMatch(/^tldr: (path is outside the project|file not found)/);
      expect(run.stdout).toBe('');
    }
  });

  it('through a raw query, whatever cwd the client claims', async () => {
    for (const [path, cwd] of [['/etc', project.root], ['etc', '/'], ['..', project.root], ['secret.py', outside.root], ['escape', join(project.root, 'src')]]) {
      const reply = await connection.send({ op: 'query', name: 'tree', args: { path }, cwd });
      expect(reply.ok, `${path} from ${cwd}`).toBe(false);
      expect((reply as any).error).toMatchObject({ code: 'failed', exitCode: 1 });
      expect((reply as any).error.message).toMatch(/outside the project/);
    }
  });

  it('a symlinked file pointing outside is not indexed or answered', async () => {
    const reply = await connection.send({ op: 'query', name: 'tree', args: {}, cwd: project.root });
    expect(reply.ok).toBe(true);
    expect((reply as any).result.files.map((f: { path: string }) => f.path)).toEqual(['src/ok.py']);
  });

  it('notify refuses paths outside the root and marks the rest', async () => {
    const reply = await connection.send({ op: 'notify', paths: ['src/ok.py', '/etc/passwd', '../x.py', 'src/escape/secret.py', 'src/deleted-long-ago.py'], cwd: project.root });
    expect(reply).toMatchObject({ ok: true, result: { marked: ['src/ok.py', 'src/deleted-long-ago.py'], refused: ['/etc/passwd', '../x.py', 'src/escape/secret.py'] } });
    const run = cli(['notify', 'src/escape/secret.py'], project.root);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^tldr: path is outside the project: src\/escape\/secret.py/);
  });
});

describe('two projects at once', () => {
  it('get two daemons that never answer for each other', async () => {
    const a = makeProject({ 'alpha.py': 'def alpha():\n    pass\n' });
    const b = makeProject({ 'beta/beta.ts': 'export function beta(): void {}\n' });
    // Nested inside a: a root of its own (it has its own .git), so its own daemon; a's index still
    // covers its files, as a directory of a.
    const nested = join(a.root, 'vendor-tool');
    mkdirSync(join(nested, '.git'), { recursive: true });
    writeFileSync(join(nested, 'tool.py'), 'def tool():\n    pass\n');
    for (const root of [a.root, b.root, nested]) expect(cli(['daemon', 'start'], root).status).toBe(0);
    const pids = [a.root, b.root, nested].map(lockPid);
    expect(new Set(pids).size).toBe(3);
    const sockets = new Set([a.root, b.root, nested].map((root) => daemonPaths(root).socket));
    expect(sockets.size).toBe(3);

    const files = (root: string, cwd = root) => JSON.parse(cli(['tree', '--json'], cwd).stdout).files.map((f: { path: string }) => f.path);
    for (let round = 0; round < 3; round++) {
      expect(files(a.root)).toEqual(['alpha.py', 'vendor-tool/tool.py']);
      expect(files(b.root)).toEqual(['beta/beta.ts']);
      expect(files(nested)).toEqual(['tool.py']);
    }
    // --project picks the daemon, not the cwd.
    expect(JSON.parse(cli(['tree', '--json', '--project', b.root], a.root).stdout).files.map((f: { path: string }) => f.path)).toEqual(['beta/beta.ts']);
    for (const root of [a.root, b.root, nested]) {
      const status = JSON.parse(cli(['daemon', 'status', '--json'], root).stdout);
      expect(status.root).toBe(root);
      expect(status.files).toBe(root === a.root ? 2 : 1);
    }
  });
});
