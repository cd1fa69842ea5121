// How many extraction workers to use, and whether the pool is up, without loading piscina: the
// in-process path for a few files must not pay for importing the pool.
import { availableParallelism } from 'node:os';

/** Workers beyond this add memory (each holds its own grammars) for little gain. */
const MAX_WORKERS = 8;

let running = false;

/** Worker count: TLDR_WORKERS when set (0 = always extract in-process), else one per core up to MAX_WORKERS. */
export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  const fromEnv = Number(env.TLDR_WORKERS);
  if (env.TLDR_WORKERS !== undefined && Number.isInteger(fromEnv) && fromEnv >= 0) return Math.min(fromEnv, MAX_WORKERS);
  return Math.max(1, Math.min(availableParallelism(), MAX_WORKERS));
}

export function poolRunning(): boolean {
  return running;
}

export function setPoolRunning(value: boolean): void {
  running = value;
}
