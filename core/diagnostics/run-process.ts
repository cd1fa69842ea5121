// Runs one external checker: its own process group (so a time-out kills the whole tree — cargo
// and go start compilers), output captured up to a cap, never a shell. Every process still running
// when this process exits is killed with it.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ProcessOutcome {
  /** Exit code; null when killed or when it could not start. */
  code: number | null;
  stdout: string;
  stderr: string;
  elapsedMs: number;
  timedOut: boolean;
  /** Set when the process could not be started at all (ENOENT, EACCES). */
  startError?: string;
}

/** More output than this from a checker is cut: it is a crash or a runaway, not diagnostics. */
const MAX_OUTPUT_BYTES = 32 * 1024 * 1024;

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', killRunningProcesses);
}

/** Kills every checker still running, with its process group (their runs end as `crashed`, killed by a signal). */
export function killRunningProcesses(): void {
  for (const child of running) killGroup(child);
}

export function runProcess(
  command: string,
  args: string[],
  options: { cwd: string; timeoutMs: number; env?: NodeJS.ProcessEnv },
): Promise<ProcessOutcome> {
  installExitHook();
  const started = performance.now();
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      resolve({ code: null, stdout: '', stderr: '', elapsedMs: 0, timedOut: false, startError: (error as Error).message });
      return;
    }
    running.add(child);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let bytes = 0;
    let timedOut = false;
    let startError: string | undefined;
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= MAX_OUTPUT_BYTES) into.push(chunk);
      else killGroup(child);
    };
    child.stdout!.on('data', collect(out));
    child.stderr!.on('data', collect(err));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, options.timeoutMs);
    child.on('error', (error) => {
      startError = error.message;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        elapsedMs: performance.now() - started,
        timedOut,
        ...(startError ? { startError } : {}),
      });
    });
  });
}
