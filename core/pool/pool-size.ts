// How many extraction workers to use, and whether the pool is up, without loading piscina: the
// in-process path for a few files must not pay for importing the pool.
import { availableParallelism } from 'node:os';
import type { LanguageId } from '../types.js';

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

/**
 * Below this much source for workers, this thread extracts it all. Two threads extracting at once
 * run ≈ 1.3× as fast as one on the 2-core machine, not 2× (they share its caches), so a worker's
 * start-up — ≈ 0.3 s of CPU — is not repaid below ≈ 2 MB. Measured, first warms from process start
 * (`tldr warm`, the search index left to the daemon), with a worker / in-process only: asyncio
 * (0.49 MB) 0.71 / 0.62 s, rxjs/src (0.74 MB) 0.78 / 0.77 s, 1.1 MB of Python 0.93 / 0.85 s,
 * 2.0 MB 1.30 / 1.27 s, each with a third less CPU in-process; the 3.6 MB bench tree (search
 * documents built too) 2.6 / 2.85 s. Nor does a bare worker (no piscina, queries from snapshots)
 * started with the warm command: ready ≈ 0.2 s after this thread, it took a quarter of rxjs/src's
 * files, and the warm took 578 ms where this thread alone took 530 (median of 7, RT), with 1006 ms
 * of CPU for 719: its extraction code runs cold in its own isolate, on the core that this
 * thread's JIT and GC tasks already use.
 */
const WORKERS_MIN_BYTES = 2 * 1024 * 1024;

let running = false;

/** Worker count: TLDR_WORKERS when set (0 = always extract in-process), else one per core up to MAX_WORKERS. */
export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  const fromEnv = Number(env.TLDR_WORKERS);
  if (env.TLDR_WORKERS !== undefined && Number.isInteger(fromEnv) && fromEnv >= 0) return Math.min(fromEnv, MAX_WORKERS);
  return Math.max(1, Math.min(availableParallelism(), MAX_WORKERS));
}

/**
 * Below this much source in a language, loading its grammar and query in a worker (≈ 0.05-0.15 s,
 * what parsing a few hundred KB costs) does not pay: this thread parses it alone.
 */
const WORKER_LANGUAGE_MIN_BYTES = 128 * 1024;

/**
 * How a process that may parse on its own thread (the CLI: extraction mode `auto`) extracts files:
 * `inProcess` parses here; `workers` pool workers join as they become ready, taking files of
 * `workerLanguages` from the same queue (files of other languages stay here).
 */
export interface ExtractionPlan {
  inProcess: boolean;
  workers: number;
  workerLanguages: LanguageId[];
}

/**
 * A few files or a few MB: here, nothing else. More: here from the start, with workers sized to the
 * work in the languages worth their loading — this thread counts as one of the cores, unless TLDR_WORKERS
 * names the worker count. A pool left running by an earlier extraction in this process has its
 * grammars loaded: it does it all.
 */
export function planExtraction(files: number, bytesByLanguage: ReadonlyMap<LanguageId, number>, env: NodeJS.ProcessEnv = process.env): ExtractionPlan {
  const available = workerCount(env);
  const bytes = [...bytesByLanguage.values()].reduce((sum, value) => sum + value, 0);
  const here: ExtractionPlan = { inProcess: true, workers: 0, workerLanguages: [] };
  if (available === 0 || (files <= IN_PROCESS_MAX_FILES && bytes <= IN_PROCESS_MAX_BYTES)) return here;
  if (running) return { inProcess: false, workers: available, workerLanguages: [...bytesByLanguage.keys()] };
  const worth = [...bytesByLanguage].filter(([, total]) => total >= WORKER_LANGUAGE_MIN_BYTES);
  if (worth.length === 0) return here;
  const workerBytes = worth.reduce((sum, [, total]) => sum + total, 0);
  if (workerBytes < WORKERS_MIN_BYTES) return here;
  const cap = env.TLDR_WORKERS !== undefined ? available : Math.max(1, available - 1);
  return {
    inProcess: true,
    workers: Math.min(cap, Math.max(1, Math.floor(workerBytes / BYTES_PER_WORKER))),
    workerLanguages: worth.map(([language]) => language),
  };
}

export function poolRunning(): boolean {
  return running;
}

export function setPoolRunning(value: boolean): void {
  running = value;
}
