// Shared by the daemon tests: temp projects, running the compiled CLI, and making sure every
// daemon a test starts is gone when the test file ends.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { daemonPaths } from '../../dist/core/daemon/wire.cjs';

export const CLI = resolve(dirname(fileURLToPath(import.meta.url)), '../../dist/cli/main.js');

/**
 * Environment of every CLI call: daemons allowed (vitest.config.ts turns them off for other
 * tests), no CA bundle scan, a short idle timeout as a safety net.
 */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TLDR_DAEMON_IDLE_MS: '120000' };
  delete env.NODE_EXTRA_CA_CERTS;
  delete env.TLDR_NO_DAEMON;
  return { ...env, ...extra };
}

export interface CliResult {
  stdout: string;
  stderr: string;
  status: number | null;
}

export function cli(args: string[], cwd: string, extraEnv: Record<string, string> = {}): CliResult {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd, env: cliEnv(extraEnv), encoding: 'utf8' });
  return { stdout: run.stdout, stderr: run.stderr, status: run.status };
}

/** The CLI run without blocking this process; `entry` is the program run (default main.js, the full CLI). */
export function cliAsync(args: string[], cwd: string, extraEnv: Record<string, string> = {}, input = '', entry = CLI): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [entry, ...args], { cwd, env: cliEnv(extraEnv) });
    // A command that reads no input may exit before the write: its closed pipe is no failure.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (status) => done({ stdout, stderr, status }));
  });
}

export interface TempProject {
  root: string;
  write(path: string, text: string): void;
  remove(path: string): void;
}

const projects: string[] = [];

/** A temp project (a `.git` marker makes it a root) holding `files`. */
export function makeProject(files: Record<string, string>): TempProject {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-daemon-test-')));
  mkdirSync(join(root, '.git'));
  projects.push(root);
  const project: TempProject = {
    root,
    write(path, text) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    },
    remove(path) {
      // A daemon still writing its cache (the search index, built after the load) can add a file
      // between rmSync's listing and its rmdir: retry, as a user's `rm -rf` would be run again.
      rmSync(join(root, path), { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    },
  };
  for (const [path, text] of Object.entries(files)) project.write(path, text);
  return project;
}

/** The pid in the project's start lock, if any. */
export function lockPid(root: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(daemonPaths(root).lock, 'utf8'), 10);
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2] !== 'Z';
  } catch {
    return false;
  }
}

/** Pids of daemon processes for this root, or also for roots under it (from /proc, not from the lock). */
export function daemonProcesses(root: string, nested = false): number[] {
  const pids: number[] = [];
  for (const entry of readdirSafe('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    const argv = cmdline.split('\0');
    const isDaemon = argv.some((arg) => arg.endsWith('/cli/daemon-process.js'));
    const project = argv[argv.indexOf('--project') + 1] ?? '';
    const matches = project === root || (nested && project.startsWith(`${root}/`));
    if (isDaemon && matches && alive(Number(entry))) pids.push(Number(entry));
  }
  return pids;
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Stops every daemon of every project this test file made, then deletes the projects. */
export async function cleanupProjects(): Promise<void> {
  for (const root of projects.splice(0)) {
    if (existsSync(root)) cli(['daemon', 'stop'], root);
    // Daemons of roots nested in this one (or of a stop that failed): SIGTERM, then SIGKILL.
    const stragglers = daemonProcesses(root, true);
    for (const pid of stragglers) signal(pid, 'SIGTERM');
    await waitFor(() => stragglers.every((pid) => !alive(pid)), 'daemons to exit on SIGTERM', 3000).catch(() => {
      for (const pid of stragglers) signal(pid, 'SIGKILL');
    });
    rmSync(root, { recursive: true, force: true });
    rmSync(daemonPaths(root).log, { force: true });
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}
