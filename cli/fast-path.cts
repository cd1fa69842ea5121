// The fast path: when the project's daemon runs, the command line goes to it as is and its answer
// is printed — the daemon parses and formats exactly like the full CLI, so the bytes are the same.
// CommonJS importing only node builtins, the wire module and root discovery: it runs at the start
// of every hook and CLI call, and commander alone would cost ~13 ms, nearly the whole budget a
// hook has over bare node (DESIGN §8).
import { existsSync, realpathSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RunResult } from '../core/daemon/protocol.js';
import { DaemonUnavailable, daemonDisabledByEnv, daemonPaths, replyTimeoutMs, requestOnce } from '../core/daemon/wire.cjs';
import { findProjectRoot } from '../core/project/find-root.cjs';
import { HOOK_REPLY_TIMEOUT_MS, MAX_HOOK_INPUT_BYTES } from '../core/hooks/limits.cjs';
import { readStdin } from './stdin.cjs';

/** Commands whose call starts a missing daemon in the background (answered in-process meanwhile). */
const AUTO_START_COMMANDS = new Set(['hook']);
/** Commands that read stdin: it goes to the daemon with the command line (and stays in stdin.cts). */
const STDIN_COMMANDS = new Set(['hook']);
/** Commands that always run in the CLI process: they manage the daemon or the index themselves. */
const LOCAL_COMMANDS = new Set(['daemon', 'warm', 'bench', 'mcp', 'hooks']);
const LOCAL_FLAGS = new Set(['--no-daemon', '--help', '-h', '--version', '-V']);

/** The exit code when the daemon answered (its output already written), else undefined: run the full CLI. */
export async function answerFromDaemon(argv: string[]): Promise<number | undefined> {
  if (argv.length === 0 || LOCAL_COMMANDS.has(argv[0]) || argv.some((arg) => LOCAL_FLAGS.has(arg)) || daemonDisabledByEnv()) return undefined;
  const cwd = process.cwd();
  const project = projectOption(argv);
  const projectDir = project === undefined ? undefined : resolve(cwd, project);
  // A --project that does not exist is the full CLI's to report.
  if (projectDir !== undefined && !existsSync(projectDir)) return undefined;
  const root = projectDir === undefined ? findProjectRoot(cwd) : realpathSync(projectDir);
  const stdin = STDIN_COMMANDS.has(argv[0]) ? await readStdin() : undefined;
  const hook = argv[0] === 'hook';
  // An oversized hook input is not worth carrying to the daemon: the runtime would answer `{}`.
  if (hook && stdin !== undefined && stdin.length > MAX_HOOK_INPUT_BYTES) return answerNothing();
  let reply;
  try {
    reply = await requestOnce(daemonPaths(root).socket, { op: 'run', argv, cwd, stdin }, hook ? HOOK_REPLY_TIMEOUT_MS : replyTimeoutMs());
  } catch (error) {
    if (!(error instanceof DaemonUnavailable)) throw error;
    if (AUTO_START_COMMANDS.has(argv[0])) {
      const { startDaemonInBackground } = await import('../core/daemon/lifecycle.js');
      startDaemonInBackground(root);
    }
    // A hook does not wait for the daemon it just started; only session-start has something to
    // say without it (the cached overview), which the full CLI gives.
    if (hook && argv[1] !== 'session-start') return answerNothing();
    return undefined;
  }
  if (!reply.ok) {
    if (reply.error.code === 'version') {
      // That daemon is shutting down: start the current one for the next call, answer this one here.
      const { spawnDaemon } = await import('../core/daemon/lifecycle.js');
      spawnDaemon(root);
    }
    return undefined;
  }
  const result = reply.result as RunResult;
  if (!result.handled) return undefined;
  writeAll(1, result.stdout);
  writeAll(2, result.stderr);
  return result.exitCode;
}

/** A hook's fail-open answer: nothing to add, the tool runs untouched. */
function answerNothing(): number {
  writeAll(1, '{}\n');
  return 0;
}

/** `--project DIR` or `--project=DIR`; the daemon re-parses argv and declines another root. */
function projectOption(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--') break;
    if (argv[i] === '--project') return argv[i + 1];
    if (argv[i].startsWith('--project=')) return argv[i].slice('--project='.length);
  }
  return undefined;
}

/** Writes straight to the descriptor: creating process.stdout costs ~1 ms. */
function writeAll(fd: 1 | 2, text: string): void {
  let bytes = Buffer.from(text, 'utf8');
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(fd, bytes));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') return; // the reader went away (`| head`): nothing left to do
      if (code !== 'EAGAIN') throw error;
      // A non-blocking pipe is full: let the stream queue the rest and drain it before exit.
      (fd === 1 ? process.stdout : process.stderr).write(bytes);
      return;
    }
  }
}
