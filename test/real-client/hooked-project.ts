// A fixture project with tldr's hooks installed the way a user installs them (`tldr hooks install`
// through the built CLI) and its daemon warm, for the end-to-end suite and the `hooks` bench: the
// real Claude Code then runs in it against an ApiStandIn.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HookCall } from '../../core/hooks/call-log.js';
import type { StatusResult } from '../../core/daemon/protocol.js';
import { daemonPaths } from '../../core/daemon/wire.cjs';
import { makeFixtureProject, type FixtureProject } from './fixture-project.js';

const CLI = fileURLToPath(new URL('../../cli/main.js', import.meta.url));

export type HookSetup = 'http' | 'command' | 'none';

export interface HookedProject extends FixtureProject {
  setup: HookSetup;
  /** Runs the built CLI in the project; throws on a non-zero exit. */
  tldr(...args: string[]): string;
  /** The daemon's status, or undefined when none answers. */
  status(): StatusResult | undefined;
  /** The hook calls the daemon logged, oldest first. */
  hookCalls(): HookCall[];
  stopDaemon(): void;
  /** Stops the daemon and deletes the project. */
  remove(): void;
}

/**
 * Environment of tldr and of Claude Code's hook commands: daemons allowed (vitest.config.ts turns
 * them off for other tests; remove() stops this one), no CA bundle scan, a short idle timeout as a
 * safety net.
 */
export function tldrEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TLDR_DAEMON_IDLE_MS: '300000' };
  delete env.NODE_EXTRA_CA_CERTS;
  delete env.TLDR_NO_DAEMON;
  return env;
}

/**
 * A fresh fixture project; with hooks (`http` or `command`) installed in the local scope and the
 * daemon started with its index loaded and call graph built, or none of it (`none`).
 */
export async function hookedProject(setup: HookSetup, prefix = 'claude-e2e-'): Promise<HookedProject> {
  const project = makeFixtureProject(prefix);
  const tldr = (...args: string[]) => {
    const run = spawnSync(process.execPath, [CLI, ...args], { cwd: project.root, env: tldrEnv(), encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`tldr ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
    return run.stdout;
  };
  const status = (): StatusResult | undefined => {
    const answer = JSON.parse(tldr('daemon', 'status', '--json')) as { running: boolean } & StatusResult;
    return answer.running ? answer : undefined;
  };
  const stopDaemon = () => void tldr('daemon', 'stop');
  const hooked: HookedProject = {
    ...project,
    setup,
    tldr,
    status,
    hookCalls: () => status()?.hooks?.recent ?? [],
    stopDaemon,
    remove() {
      stopDaemon();
      rmSync(project.root, { recursive: true, force: true });
      rmSync(daemonPaths(project.root).log, { force: true });
    },
  };
  if (setup === 'none') return hooked;
  tldr('hooks', 'install', '--transport', setup);
  tldr('daemon', 'start');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const current = status();
    if (current?.ready && current.call_graph === 'ready') break;
    if (Date.now() > deadline) throw new Error(`the daemon did not get ready: ${JSON.stringify(current)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return hooked;
}
