// The worker pool: one per process, started on first use and kept alive for reuse (the daemon
// extracts and analyses through the same workers for its whole life). Files are batched so that
// small files share one message, largest first so the last batches finish together. The CLI also
// parses on its own thread from the same queue of batches, from the first moment: workers join
// once they have their grammars, so a small project is done before they would all be ready.
import { Piscina } from 'piscina';
import { unpackOwned } from '../cache/codec.js';
import { TldrError } from '../errors.js';
import type { FlowJob, FlowOutcome } from '../flow/compute.js';
import type { LanguageId } from '../types.js';
import type { ExtractJob, ExtractOptions, FileOutcome } from './outcome.js';
import { setPoolRunning, workerCount } from './pool-size.js';
import type { ExtractTask, ExtractWorkerData, PrepareTask } from '../../workers/extract-worker.js';

export { poolRunning, workerCount } from './pool-size.js';

/** A batch closes once it holds this many bytes or files. */
const BATCH_BYTES = 96 * 1024;
const BATCH_FILES = 48;
/**
 * Smaller batches when this thread takes part: the work is small then, and whoever takes the last
 * batch decides when it ends (a 96 KB batch is ≈ 50 ms of parsing).
 */
const SHARED_BATCH_BYTES = 32 * 1024;
const SHARED_BATCH_FILES = 16;

/**
 * A flow analysis still running after this long is abandoned (its worker is replaced): parsing
 * has its own deadline, this bounds the analysis of a pathological function, and it stays below
 * the clients' 30 s reply timeout so they get this answer rather than none.
 */
const FLOW_TIMEOUT_MS = 25_000;

/** How long a burst worker may sit idle before it exits. */
const BURST_WORKER_IDLE_MS = 10_000;

let pool: Piscina | undefined;
let burstWorkers = 0;
let baselineGrammars = false;

/**
 * Lets the pool start up to `count` workers beyond workerCount() while all of those are busy: the
 * daemon's single worker may be deep in a long flow analysis, and a re-parse must not queue behind
 * it. Applies to the next pool started.
 */
export function allowBurstWorkers(count: number): void {
  burstWorkers = count;
}

/**
 * Has the workers of the next pool started keep grammar code baseline (wasm-tiering.ts): for a
 * process that re-parses a file at a time, where memory matters more than the last 25 % of speed.
 */
export function baselineGrammarsInPool(): void {
  baselineGrammars = true;
}

/** The running pool, if any: for status reports (threads, queue) and for tests that kill a worker. */
export function currentExtractPool(): Piscina | undefined {
  return pool;
}

/** The pool, started with `threads` workers (default workerCount()) unless one already runs. */
function workerPool(threads = Math.max(1, workerCount())): Piscina {
  if (!pool) {
    pool = new Piscina({
      filename: new URL('../../workers/extract-worker.js', import.meta.url).href,
      // Idle workers keep their loaded grammars; they do not hold the process open (piscina unrefs them).
      minThreads: threads,
      // Burst workers start only while every other one is busy, and exit after idling a while.
      maxThreads: threads + burstWorkers,
      idleTimeout: BURST_WORKER_IDLE_MS,
      workerData: { baselineGrammars } satisfies ExtractWorkerData,
    });
    setPoolRunning(true);
  }
  return pool;
}

/** Starts the pool's standing workers now (`threads`, default workerCount()), ahead of the first task. */
export function startExtractPool(threads?: number): void {
  workerPool(threads);
}

/** Stops the workers. The next extraction starts a fresh pool. */
export async function closeExtractPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  setPoolRunning(false);
  await closing?.destroy();
}

export interface PoolRunOptions {
  maxFileBytes: number;
  /** Build each file's semantic search documents too (default: yes; see ExtractOptions). */
  documents?: boolean;
  /** The grammars that read the jobs (each job's `grammar`, else its language): loaded before the first parse. */
  languages: LanguageId[];
  /** Sizes of the jobs' files in bytes (for batching); unknown sizes count as small. */
  sizes: Map<string, number>;
  onProgress?: (done: number) => void;
  /**
   * Also extract on this thread, from the start: workers take batches only once their grammars
   * are loaded, and none is waited for when this thread has done everything first.
   */
  inProcess?: boolean;
  /** Workers to start when the pool is not running yet (default workerCount()). */
  workers?: number;
  /** With `inProcess`: the languages workers take; files of the others are parsed here only. */
  workerLanguages?: LanguageId[];
}

/** Extracts the files in the pool (and on this thread, with `inProcess`). A failed batch becomes per-file error outcomes. */
export async function extractInPool(jobs: ExtractJob[], options: PoolRunOptions): Promise<FileOutcome[]> {
  const results: FileOutcome[][] = [];
  await extractEachInPool(jobs, options, (outcomes) => results.push(outcomes));
  return results.flat();
}

/**
 * extractInPool, handing each batch's outcomes to `onOutcomes` as soon as it is done: a caller
 * that streams them into the cache never holds every packed record at once. Rejects only when
 * `onOutcomes` throws (a cache write failed) or this thread cannot load its grammars; no batch is
 * started after that.
 */
export async function extractEachInPool(jobs: ExtractJob[], options: PoolRunOptions, onOutcomes: (outcomes: FileOutcome[]) => void): Promise<void> {
  if (jobs.length === 0) return;
  let done = 0;
  let stopped = false;
  let settle!: { resolve: () => void; reject: (error: unknown) => void };
  const allDone = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  const stop = (error: unknown): void => {
    stopped = true;
    settle.reject(error);
  };
  const complete = (outcomes: FileOutcome[]): void => {
    if (stopped) return;
    try {
      onOutcomes(outcomes);
    } catch (error) {
      stop(error);
      return;
    }
    done += outcomes.length;
    options.onProgress?.(done);
    if (done === jobs.length) settle.resolve();
  };
  const forWorkers = new Set(options.inProcess ? options.workerLanguages ?? options.languages : options.languages);
  const [shared, own] = options.inProcess
    ? [jobs.filter((job) => forWorkers.has(job.grammar ?? job.language)), jobs.filter((job) => !forWorkers.has(job.grammar ?? job.language))].map((part) => makeBatches(part, options.sizes, SHARED_BATCH_BYTES, SHARED_BATCH_FILES))
    : [makeBatches(jobs, options.sizes), []];
  const take = (queue: ExtractJob[][]) => (stopped ? undefined : queue.shift());
  if (shared.length > 0) {
    const piscina = workerPool(options.workers);
    const languages = [...forWorkers];
    const poolLane = async (): Promise<void> => {
      // Sharing the queue with this thread, a worker starts taking batches only when it can parse
      // at once: a batch queued behind its start-up would wait while this thread could do it.
      if (options.inProcess && !(await prepareWorker(piscina, languages))) return;
      for (let batch = take(shared); batch; batch = take(shared)) complete(await runBatch(piscina, batch, { ...options, languages }));
    };
    // Two batches in flight per worker keep every worker busy while a batch's timeout measures its
    // own run rather than time spent queued behind others. Sharing the work, only the planned workers.
    const inFlight = Math.max(1, ((options.inProcess ? options.workers : undefined) ?? piscina.maxThreads) * 2);
    for (let lane = 0; lane < Math.min(inFlight, shared.length); lane++) poolLane().catch(stop);
  }
  if (options.inProcess) {
    (async () => {
      const here = await import('./extract-here.js');
      await here.prepareHere(options.languages);
      for (let batch = take(own) ?? take(shared); batch; batch = take(own) ?? take(shared)) {
        const current = batch;
        complete(await here.extractHere(current, extractOptions(options)).catch((error: unknown) => failed(current, error)));
      }
    })().catch(stop);
  }
  await allDone;
}

function extractOptions(options: PoolRunOptions): ExtractOptions {
  return { maxFileBytes: options.maxFileBytes, documents: options.documents ?? true };
}

/** Per-file error outcomes for a batch that could not be extracted at all. */
function failed(batch: ExtractJob[], error: unknown): FileOutcome[] {
  const message = `extraction failed: ${(error as Error)?.message ?? String(error)}`;
  return batch.map((job) => ({ status: 'error', path: job.path, message, transient: true }));
}

/**
 * Loads the languages' grammars and queries in a worker and parses `samples` there (the results
 * are dropped): the first parses of a grammar run its code cold, the later ones at full speed.
 * Resolves false when the pool went away meanwhile.
 */
async function prepareWorker(piscina: Piscina, languages: LanguageId[], samples: ExtractJob[] = [], maxFileBytes = 0): Promise<boolean> {
  const task: PrepareTask = { languages, samples, maxFileBytes };
  try {
    await piscina.run(task, { name: 'prepare' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the pool if needed and has one worker load the languages and parse the samples, so that
 * the next extraction (the daemon's first re-parse after an edit) starts at full speed.
 */
export async function warmUpPool(languages: LanguageId[], samples: ExtractJob[], maxFileBytes: number): Promise<void> {
  await prepareWorker(workerPool(), languages, samples, maxFileBytes);
}

function makeBatches(jobs: ExtractJob[], sizes: Map<string, number>, maxBytes = BATCH_BYTES, maxFiles = BATCH_FILES): ExtractJob[][] {
  const sized = jobs.map((job) => ({ job, size: sizes.get(job.path) ?? 0 })).sort((a, b) => b.size - a.size);
  const batches: ExtractJob[][] = [];
  let current: ExtractJob[] = [];
  let bytes = 0;
  for (const { job, size } of sized) {
    current.push(job);
    bytes += size;
    if (bytes >= maxBytes || current.length >= maxFiles) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Generous: parsing runs at ≈ 2.5 MB/s, so this only fires on a hung or pathological parse. */
function timeoutFor(batch: ExtractJob[], sizes: Map<string, number>): number {
  const bytes = batch.reduce((sum, job) => sum + (sizes.get(job.path) ?? 0), 0);
  return 20_000 + Math.ceil(bytes / 1024) * 2;
}

async function runBatch(piscina: Piscina, batch: ExtractJob[], options: PoolRunOptions): Promise<FileOutcome[]> {
  const task: ExtractTask = { jobs: batch, ...extractOptions(options), languages: options.languages };
  try {
    const buffer: ArrayBuffer = await piscina.run(task, { signal: AbortSignal.timeout(timeoutFor(batch, options.sizes)) });
    const outcomes = unpackOwned(new Uint8Array(buffer)) as FileOutcome[];
    // Unpacked bytes are views of the whole batch; documents outlive it (a warm hands them to the
    // search index at its end), so each gets its own copy instead of keeping every batch alive.
    for (const outcome of outcomes) if (outcome.status === 'record' && outcome.documents) outcome.documents = new Uint8Array(outcome.documents);
    return outcomes;
  } catch (error) {
    // A worker died (a crash in WASM, out of memory) or hung: retry the files one by one so that
    // only the file responsible fails.
    if (batch.length > 1) {
      const singles = await Promise.all(batch.map((job) => runBatch(piscina, [job], options)));
      return singles.flat();
    }
    const reason = (error as Error)?.name === 'AbortError' ? 'timed out' : `worker failed: ${(error as Error)?.message ?? String(error)}`;
    return [{ status: 'error', path: batch[0].path, message: `extraction ${reason}`, transient: true }];
  }
}

/** Runs one flow analysis in a worker; one that runs out of time becomes a TldrError. */
export async function analyseInPool(job: FlowJob): Promise<FlowOutcome> {
  try {
    return (await workerPool().run(job, { name: 'flow', signal: AbortSignal.timeout(FLOW_TIMEOUT_MS) })) as FlowOutcome;
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') {
      throw new TldrError(`analysing ${job.fn.qualified_name} took longer than ${FLOW_TIMEOUT_MS / 1000} s`, 'analyse a smaller function');
    }
    throw error;
  }
}
