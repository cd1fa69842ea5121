// `tldr warm` and `tldr tree` end to end through the compiled CLI: output, exit codes, one-line
// errors, concurrent warms of one project, and an unreadable file seen by a non-root user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadIndex } from '../../dist/core/cache/index-file.js';
import { openProjectIndex } from '../../dist/core/index/open.js';
import type { WarmResult } from '../../dist/core/types.js';
import { CAN_READ_MODE_000, makeMixedProject, type TempProject } from '../files/fixture-project.js';

const CLI = resolve('dist/cli/main.js');
const env = { ...process.env };
delete env.NODE_EXTRA_CA_CERTS;

function tldr(args: string[], options: { cwd?: string; uid?: number; gid?: number } = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env, timeout: 60_000, ...options });
}

function tldrAsync(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

describe('tldr warm and tree', () => {
  let project: TempProject;
  beforeAll(() => {
    project = makeMixedProject();
  });
  afterAll(() => project.cleanup());

  it('warm --json prints one JSON document and nothing on a non-TTY stderr', () => {
    const run = tldr(['warm', project.root, '--no-daemon', '--json']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout) as WarmResult;
    expect(result.root).toBe(project.root);
    expect(result.cache).toBe('created');
    expect(result.files).toBeGreaterThan(8);
    expect(result.skipped.binary).toBe(1);
  });

  it('warm prints counts per language, skips and the cache state', () => {
    const run = tldr(['warm', '--no-daemon'], { cwd: join(project.root, 'src') });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^indexed \d+ files, \d+ lines in \d+\.\d\d s \(parsed 0, reused \d+, removed 0; in-process\)$/m);
    expect(run.stdout).toMatch(/^ {2}typescript +3 files +21 lines$/m);
    expect(run.stdout).toMatch(/^skipped: .*binary 1/m);
    expect(run.stdout).toContain('  media/clip.ts: binary');
    expect(run.stdout).toContain('cache: .tldr/index.bin unchanged');
  });

  it('tree --json lists the indexed files flat, sorted, with languages and line counts', () => {
    const run = tldr(['tree', '--project', project.root, '--no-daemon', '--json']);
    expect(run.status).toBe(0);
    const tree = JSON.parse(run.stdout) as { path: string; files: { path: string; language: string; lines: number }[]; lines: number };
    expect(tree.path).toBe('');
    const paths = tree.files.map((file) => file.path);
    expect(paths).toEqual([...paths].sort());
    expect(tree.files).toContainEqual({ path: 'src/app.ts', language: 'typescript', lines: 15 });
    expect(paths).not.toContain('media/clip.ts');
    expect(paths).not.toContain('node_modules/leftpad/index.js');
    expect(tree.lines).toBe(tree.files.reduce((sum, file) => sum + file.lines, 0));
  });

  it('tree [dir] draws the subtree relative to the working directory', () => {
    const run = tldr(['tree', 'nested', '--no-daemon'], { cwd: project.root });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('nested/\n  deeper/\n    deep.js (4)\n  kept.ts (3)\n2 files, 7 lines in nested\n');
  });

  it('fails with one line and the contract exit codes', () => {
    const cases: [string[], number, RegExp][] = [
      [['tree', 'no-such-dir', '--no-daemon'], 1, /^tldr: file not found: no-such-dir \(check the path\)\n$/],
      [['tree', '../..', '--no-daemon'], 1, /^tldr: path is outside the project: \.\.\/\.\. \(project root is .*\)\n$/],
      [['tree', '--project', join(project.root, 'missing'), '--no-daemon'], 1, /^tldr: project directory not found: .*\n$/],
      [['warm', join(project.root, 'missing'), '--no-daemon'], 1, /^tldr: directory not found: .*\n$/],
    ];
    for (const [args, status, stderr] of cases) {
      const run = tldr(args, { cwd: join(project.root, 'src') });
      expect(run.status, args.join(' ')).toBe(status);
      expect(run.stderr, args.join(' ')).toMatch(stderr);
      expect(run.stdout).toBe('');
    }
    const usage = tldr(['warm', '--bogus-flag']);
    expect(usage.status).toBe(2);
  });
});

describe('two concurrent warms of one project', () => {
  it('both succeed and leave one complete, consistent cache', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-concurrent-')));
    try {
      cpSync(resolve('node_modules/rxjs/src'), join(root, 'src'), { recursive: true });
      const [a, b] = await Promise.all([
        tldrAsync(['warm', root, '--no-daemon', '--json']),
        tldrAsync(['warm', root, '--no-daemon', '--json']),
      ]);
      expect([a.status, b.status, a.stderr, b.stderr]).toEqual([0, 0, '', '']);
      const [left, right] = [JSON.parse(a.stdout) as WarmResult, JSON.parse(b.stdout) as WarmResult];
      expect(left.files).toBe(right.files);
      const loaded = loadIndex(root);
      expect(loaded.state).toBe('loaded');
      if (loaded.state === 'loaded') loaded.store.close();
      expect(readdirSync(join(root, '.tldr')).sort()).toEqual(['.gitignore', 'index.bin', 'search.bin']);
      const third = JSON.parse(tldr(['warm', root, '--no-daemon', '--json']).stdout) as WarmResult;
      expect(third.parsed).toBe(0);
      expect(third.files).toBe(left.files);
      const records = await (await openProjectIndex(root)).records();
      expect(records.size).toBe(left.files);
      for (const [path, record] of records) expect(record.path).toBe(path);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

/**
 * As root every file is readable, so the unreadable case runs the CLI as `nobody` — possible only
 * when that user can reach this checkout; otherwise the test says so by being skipped.
 */
const NOBODY = { uid: 65534, gid: 65534 };
const canTestUnreadable = !CAN_READ_MODE_000 || spawnSync(process.execPath, [CLI, '--help'], { env, ...NOBODY }).status === 0;

describe('an unreadable file', () => {
  it.skipIf(!canTestUnreadable)('is skipped as unreadable for a user who cannot read it', () => {
    const project = makeMixedProject();
    try {
      if (CAN_READ_MODE_000) {
        // `nobody` owns the copy, except the locked file, which stays root's with mode 000.
        chmodSync(project.root, 0o755);
        chownTree(project.root, 65534, 65534, join(project.root, 'src', 'locked.py'));
      }
      const run = tldr(['warm', project.root, '--no-daemon', '--json'], CAN_READ_MODE_000 ? NOBODY : {});
      expect(run.stderr).toBe('');
      const result = JSON.parse(run.stdout) as WarmResult;
      expect(result.skipped_files).toContainEqual({ path: 'src/locked.py', reason: 'unreadable' });
      expect(result.errors.map((error) => error.path)).not.toContain('src/locked.py');
      // Not remembered: once readable, the next warm indexes it.
      chmodSync(join(project.root, 'src', 'locked.py'), 0o644);
      const again = JSON.parse(tldr(['warm', project.root, '--no-daemon', '--json'], CAN_READ_MODE_000 ? NOBODY : {}).stdout) as WarmResult;
      expect(again.parsed).toBe(1);
      expect(again.skipped_files.map((skip) => skip.path)).not.toContain('src/locked.py');
    } finally {
      project.cleanup();
    }
  });
});

function chownTree(dir: string, uid: number, gid: number, except: string): void {
  chownSync(dir, uid, gid);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (path === except || entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) chownTree(path, uid, gid, except);
    else if (statSync(path).isFile()) chownSync(path, uid, gid);
  }
}
