// The daemon writes what it re-parses back to `.tldr/` as it goes, not only when it shuts down: a
// daemon killed with SIGKILL leaves a cache that already holds its work. A `tldr warm` run while it
// is up is the daemon's own warm, so its index is current and the cache keeps one writer.
import { afterAll, describe, expect, it } from 'vitest';
import { loadIndex } from '../../dist/core/cache/index-file.js';
import { alive, cleanupProjects, cli, lockPid, makeProject, waitFor, type TempProject } from './helpers.js';

afterAll(cleanupProjects);

const pyLines = (n: number) => Array.from({ length: n }, (_, i) => `def f${i}():\n    return ${i}\n`).join('');
const status = (project: TempProject) => JSON.parse(cli(['daemon', 'status', '--json'], project.root).stdout);

/** Line counts of the files in `.tldr/index.bin` as it is on disk now. */
function cachedLines(project: TempProject): Record<string, number> {
  const loaded = loadIndex(project.root);
  if (loaded.state !== 'loaded') return {};
  loaded.store.close();
  return Object.fromEntries([...loaded.entries].map(([path, entry]) => [path, entry.lines]));
}

function startedProject(files: Record<string, string>): TempProject {
  const project = makeProject(files);
  expect(cli(['daemon', 'start'], project.root).status).toBe(0);
  return project;
}

describe('the daemon keeps the cache on disk current', () => {
  it('re-parsed files reach the cache without a shutdown; after kill -9 a warm re-parses nothing', async () => {
    const project = startedProject({ 'src/a.py': pyLines(2), 'src/b.py': pyLines(1) });
    await waitFor(() => status(project).files === 2, 'the index to load');
    project.write('src/a.py', pyLines(7));
    project.write('src/c.py', pyLines(3));
    const expected = { 'src/a.py': 14, 'src/b.py': 2, 'src/c.py': 6 };
    await waitFor(() => JSON.stringify(cachedLines(project)) === JSON.stringify(expected), 'the cache to hold the edits', 15_000);

    const pid = lockPid(project.root)!;
    process.kill(pid, 'SIGKILL');
    await waitFor(() => !alive(pid), 'the daemon to die');
    const warm = JSON.parse(cli(['warm', '--json', '--no-daemon'], project.root).stdout);
    expect(warm).toMatchObject({ files: 3, parsed: 0, reused: 3, cache: 'unchanged' });
  });

  it('`tldr warm` while the daemon runs is done by the daemon, whose answers and cache are then current', async () => {
    const project = startedProject({ 'src/a.py': pyLines(2) });
    await waitFor(() => status(project).files === 1, 'the index to load');
    const { pid } = status(project);
    project.write('src/new.py', pyLines(4));
    const warm = JSON.parse(cli(['warm', '--json'], project.root).stdout);
    expect(warm).toMatchObject({ daemon_pid: pid, files: 2, lines: 12 });
    expect(cli(['warm'], project.root).stdout).toMatch(new RegExp(`^indexed 2 files, 12 lines in .* \\(parsed 0, reused 2, removed 0; by the daemon, pid ${pid}\\)\n`));
    expect(JSON.parse(cli(['tree', '--json'], project.root).stdout).lines).toBe(12);
    // The daemon wrote the cache: a warm without it finds nothing to do.
    expect(JSON.parse(cli(['warm', '--json', '--no-daemon'], project.root).stdout)).toMatchObject({ parsed: 0, reused: 2, cache: 'unchanged' });
    expect(status(project).pid).toBe(pid);
  });
});
