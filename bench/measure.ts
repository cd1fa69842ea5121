// Measuring helpers the suites share: percentiles of samples, and the wall time of a process run
// (without NODE_EXTRA_CA_CERTS, which adds ~120 ms to every Node start on this machine).
import { spawnSync } from 'node:child_process';

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Wall time of one `node <args>` run in `cwd`, in ms, from spawn to exit; throws when it fails. */
export function timeProcess(args: string[], cwd: string, input?: string): number {
  const env = { ...process.env };
  delete env.NODE_EXTRA_CA_CERTS;
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd, env, input, stdio: [input === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'] });
  const elapsed = performance.now() - started;
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed: ${run.stderr}`);
  return elapsed;
}
