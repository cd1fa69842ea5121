// Freshness: edits, new, deleted and renamed files reach the daemon's answers through the watcher
// and `tldr notify`; a daemon killed mid re-parse or a damaged cache leaves nothing inconsistent.
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync, renameSync, truncateSync, utimesSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { alive, cleanupProjects, cli, lockPid, makeProject, waitFor, type TempProject } from './helpers.js';

afterAll(cleanupProjects);

interface TreeFile { path: string; lines: number }
const tree = (project: TempProject, extra: string[] = []): TreeFile[] => {
  const run = cli(['tree', '--json', ...extra], project.root);
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout).files;
};
const linesOf = (files: TreeFile[]) => Object.fromEntries(files.map((file) => [file.path, file.lines]));
const status = (project: TempProject) => JSON.parse(cli(['daemon', 'status', '--json'], project.root).stdout);
const pyLines = (n: number) => Array.from({ length: n }, (_, i) => `def f${i}():\n    return ${i}\n`).join('');

function startedProject(files: Record<string, string>): TempProject {
  const project = makeProject(files);
  expect(cli(['daemon', 'start'], project.root).status).toBe(0);
  return project;
}

async function eventually(project: TempProject, check: (lines: Record<string, number>) => boolean, what: string): Promise<void> {
  await waitFor(() => check(linesOf(tree(project))), what);
}

describe('the daemon follows the files on disk', () => {
  it('an edited file is visible to the next queries without any notice (watcher)', async () => {
    const project = startedProject({ 'src/a.py': pyLines(2), 'src/deep/er/b.py': pyLines(1) });
    await waitFor(() => status(project).files === 2, 'the index to load');
    expect(linesOf(tree(project))).toEqual({ 'src/a.py': 4, 'src/deep/er/b.py': 2 });
    project.write('src/a.py', pyLines(5));
    project.write('src/deep/er/b.py', pyLines(3));
    await eventually(project, (lines) => lines['src/a.py'] === 10 && lines['src/deep/er/b.py'] === 6, 'the edits to show');
    await waitFor(() => status(project).pending_reparses === 0, 'the re-parses to finish');
    expect(status(project).symbols).toBe(8);
  });

  it('after `tldr notify` the very next query sees the change, even one that kept size and mtime', async () => {
    const project = startedProject({ 'src/a.py': 'def aaa():\n    return 1\n' });
    await waitFor(() => status(project).files === 1, 'the index to load');
    const file = join(project.root, 'src/a.py');
    const before = statSync(file);
    // Same size, same mtime, another line count: only a content check can tell.
    writeFileSync(file, 'def a():\n\n\n    return 1\n');
    expect(statSync(file).size).toBe(before.size);
    utimesSync(file, before.atime, before.mtime);
    const notify = cli(['notify', 'src/a.py'], project.root);
    expect(notify.stdout).toBe('marked 1 file as changed\n');
    expect(linesOf(tree(project))).toEqual({ 'src/a.py': 4 });
  });

  it('a query of a file never answers from a record older than the file (no notice, no wait)', async () => {
    const project = startedProject({ 'src/a.py': 'def first():\n    return 1\n' });
    await waitFor(() => status(project).files === 1, 'the index to load');
    const names = () => {
      const run = cli(['structure', 'src/a.py', '--json'], project.root);
      return run.status === 0 ? JSON.parse(run.stdout).functions.map((fn: { name: string }) => fn.name) : run.stderr;
    };
    expect(names()).toEqual(['first']);
    for (let round = 0; round < 5; round++) {
      project.write('src/a.py', `def first():\n    return 1\n\n\ndef added_${round}(x):\n    return x\n`);
      expect(names()).toEqual(['first', `added_${round}`]);
    }
    project.remove('src/a.py');
    expect(names()).toMatch(/^tldr: file not found: src\/a.py/);
  });

  it('after notify, project-wide answers (the call graph) include the edit at once', async () => {
    const project = startedProject({
      'lib/shapes.py': 'def area(r):\n    return 3 * r * r\n',
      'app/main.py': 'from lib.shapes import area\n\n\ndef report():\n    return 1\n',
    });
    await waitFor(() => status(project).files === 2, 'the index to load');
    const callers = () => JSON.parse(cli(['impact', 'area', '--json'], project.root).stdout).callers.map((c: { function: string }) => c.function);
    expect(callers()).toEqual([]);
    project.write('app/main.py', 'from lib.shapes import area\n\n\ndef report():\n    return area(2)\n');
    cli(['notify', 'app/main.py'], project.root);
    expect(callers()).toEqual(['report']);
    project.write('app/main.py', 'from lib.shapes import area\n\n\ndef report():\n    return 1\n\n\ndef total():\n    return area(1) + area(2)\n');
    cli(['notify', 'app/main.py'], project.root);
    expect(callers()).toEqual(['total']);
  });

  it('new, deleted and renamed files and directories appear and disappear', async () => {
    const project = startedProject({ 'src/keep.py': pyLines(1), 'src/gone.py': pyLines(1), 'src/old_name.py': pyLines(2), 'pkg/sub/x.py': pyLines(1) });
    await waitFor(() => status(project).files === 4, 'the index to load');
    project.write('src/new.py', pyLines(3));
    project.remove('src/gone.py');
    renameSync(join(project.root, 'src/old_name.py'), join(project.root, 'src/new_name.py'));
    project.write('fresh/dir/deep/y.py', pyLines(4));
    project.remove('pkg');
    await eventually(project, (lines) => JSON.stringify(lines) === JSON.stringify({
      'fresh/dir/deep/y.py': 8, 'src/keep.py': 2, 'src/new.py': 6, 'src/new_name.py': 4,
    }), 'the tree to match the disk');
    await waitFor(() => status(project).files === 4, 'the file count to follow');
    // A file in the directory that appeared is watched too.
    project.write('fresh/dir/deep/y.py', pyLines(1));
    await eventually(project, (lines) => lines['fresh/dir/deep/y.py'] === 2, 'an edit in the new directory to show');
  });

  it('a new file shows in a directory that held no indexed file; ignored trees are not watched', async () => {
    const project = startedProject({
      'src/a.py': pyLines(1),
      'docs/guide/README.md': '# guide\n',
      'node_modules/dep/index.js': 'module.exports = 1;\n',
      'generated/out.py': pyLines(1),
      '.gitignore': 'generated/\n',
    });
    await waitFor(() => status(project).files === 1, 'the index to load');
    // root, src, docs, docs/guide — not node_modules/dep or generated.
    await waitFor(() => status(project).watched_directories === 4, 'the watcher to cover the tree');
    project.write('docs/guide/example.py', pyLines(2));
    await eventually(project, (lines) => lines['docs/guide/example.py'] === 4, 'the new file to show');
    project.write('generated/more.py', pyLines(1));
    project.write('node_modules/dep/more.py', pyLines(1));
    cli(['notify', 'src/a.py'], project.root);
    expect(Object.keys(linesOf(tree(project)))).toEqual(['docs/guide/example.py', 'src/a.py']);
    expect(status(project).watched_directories).toBe(4);
  });

  it('a .gitignore edit is followed', async () => {
    const project = startedProject({ 'src/a.py': pyLines(1), 'generated/gen.py': pyLines(1) });
    await waitFor(() => status(project).files === 2, 'the index to load');
    project.write('.gitignore', 'generated/\n');
    await eventually(project, (lines) => Object.keys(lines).join() === 'src/a.py', 'the ignored file to drop out');
  });

  it('a daemon killed with SIGKILL mid re-parse is replaced and answers correctly', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`m/f${i}.py`] = pyLines(2);
    const project = startedProject(files);
    await waitFor(() => status(project).files === 300, 'the index to load');
    // Big enough that re-parsing all of them takes a while.
    for (let i = 0; i < 300; i++) project.write(`m/f${i}.py`, pyLines(100 + (i % 4)));
    const pid = lockPid(project.root)!;
    cli(['notify', 'm'], project.root);
    await waitFor(() => status(project).pending_reparses > 0, 'the re-parse to start');
    process.kill(pid, 'SIGKILL');
    await waitFor(() => !alive(pid), 'the daemon to die');

    const expected = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`m/f${i}.py`, 2 * (100 + (i % 4))]));
    // No daemon: computed in-process from the cache the dead daemon left, checked against the disk.
    expect(linesOf(tree(project))).toEqual(expected);
    const restarted = JSON.parse(cli(['daemon', 'start', '--json'], project.root).stdout);
    expect(restarted).toMatchObject({ started: true });
    expect(restarted.pid).not.toBe(pid);
    expect(linesOf(tree(project))).toEqual(expected);
    expect(status(project).last_error).toBeUndefined();
  });

  it('a truncated cache file is discarded and rebuilt', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`m/f${i}.py`] = pyLines(1 + (i % 3));
    const project = makeProject(files);
    expect(cli(['warm', '--no-daemon'], project.root).status).toBe(0);
    const cache = join(project.root, '.tldr', 'index.bin');
    truncateSync(cache, Math.floor(statSync(cache).size / 2));

    expect(cli(['daemon', 'start'], project.root).status).toBe(0);
    const expected = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`m/f${i}.py`, 2 * (1 + (i % 3))]));
    expect(linesOf(tree(project))).toEqual(expected);
    expect(cli(['daemon', 'stop'], project.root).status).toBe(0);
    // The daemon wrote a whole cache back: a warm now re-parses nothing.
    const warm = JSON.parse(cli(['warm', '--json', '--no-daemon'], project.root).stdout);
    expect(warm).toMatchObject({ parsed: 0, reused: 40, cache: 'unchanged' });
    expect(readFileSync(cache).length).toBeGreaterThan(0);
  });
});
