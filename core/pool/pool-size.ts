// How many extraction workers to use, and whether the pool is up, without loading piscina: the
// in-process path for a few files must not pay for importing the pool.
import { availableParallelism } from 'node:os';

/** Workers beyond this add memory (each holds its own grammars) for little gain. */
const MAX_WORKERS = 8;

/** Below these, extracting in-process beats starting workers (≈ 75 ms each, plus its grammars). */
const IN_PROCESS_MAX_FILES = 8;
const IN_PROCESS_MAX_BYTES = 128 * 1024;

/**
 * Source bytes that justify one more worker. A worker is ready to parse ≈ 0.25-0.35 s after it is
 * started (thread, modules, web-tree-sitter, grammars and their queries — the TypeScript query
 * alone compiles in ≈ 0.15 s); this thread parses ≈ 1.5-2.5 MB/s meanwhile, so a worker per
 * ~0.5 MB takes on about as much parsing as its start-up costs.
 */
const BYTES_PER_WORKER = 512 * 1024;

let running = false;

/** Worker count: TLDR_WORKERS when set (0 = always extract in-process), else one per core up to MAX_WORKERS. */
export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  const fromEnv = Number(env.TLDR_WORKERS);
  if (env.TLDR_WORKERS !== undefined && Number.isInteger(fromEnv) && fromEnv >= 0) return Math.min(fromEnv, MAX_WORKERS);
  return Math.max(1, Math.min(availableParallelism(), MAX_WORKERS));
}

/**
 * How a process that may parse on its own thread (the CLI: extraction mode `auto`) extracts files:
 * `inProcess` parses here, `workers` pool workers join as they become ready, all from one queue.
 */
export interface ExtractionPlan {
  inProcess: boolean;
  workers: number;
}

/**
 * A few files: here, nothing else. More: here from the start, with workers sized to the work —
 * this thread counts as one of the cores, unless TLDR_WORKERS names the worker count. A pool left
 * running by an earlier extraction in this process has its grammars loaded: it does it all.
 */
export function planExtraction(files: number, bytes: number, env: NodeJS.ProcessEnv = process.env): ExtractionPlan {
  const available = workerCount(env);
  if (available === 0 || (files <= IN_PROCESS_MAX_FILES && bytes <= IN_PROCESS_MAX_BYTES)) return { inProcess: true, workers: 0 };
  if (running) return { inProcess: false, workers: available };
  const cap = env.TLDR_WORKERS !== undefined ? available : Math.max(1, available - 1);
  return { inProcess: true, workers: Math.min(cap, Math.max(1, Math.floor(bytes / BYTES_PER_WORKER))) };
}

export function poolRunning(): boolean {
  return running;
}

export function setPoolRunning(value: boolean): void {
  running = value;
}
