// The worker pool: one per process, started on first use and kept alive for reuse (the daemon
// extracts and analyses through the same workers for its whole life). Files are batched so that
// small files share one message, largest first so the last batches finish together.
import { Piscina } from 'piscina';
import { packr } from '../cache/codec.js';
import { TldrError } from '../errors.js';
import type { FlowJob, FlowOutcome } from '../flow/compute.js';
import type { LanguageId } from '../types.js';
import type { ExtractJob, FileOutcome } from './outcome.js';
import { setPoolRunning, workerCount } from './pool-size.js';
import type { ExtractTask } from '../../workers/extract-worker.js';

export { poolRunning, workerCount } from './pool-size.js';

/** A batch closes once it holds this many bytes or files. */
const BATCH_BYTES = 96 * 1024;
const BATCH_FILES = 48;

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

/**
 * Lets the pool start up to `count` workers beyond workerCount() while all of those are busy: the
 * daemon's single worker may be deep in a long flow analysis, and a re-parse must not queue behind
 * it. Applies to the next pool started.
 */
export function allowBurstWorkers(count: number): void {
  burstWorkers = count;
}

/** The running pool, if any: for status reports (threads, queue) and for tests that kill a worker. */
export function currentExtractPool(): Piscina | undefined {
  return pool;
}

function workerPool(): Piscina {
  if (!pool) {
    const threads = Math.max(1, workerCount());
    pool = new Piscina({
      filename: new URL('../../workers/extract-worker.js', import.meta.url).href,
      // Idle workers keep their loaded grammars; they do not hold the process open (piscina unrefs them).
      minThreads: threads,
      // Burst workers start only while every other one is busy, and exit after idling a while.
      maxThreads: threads + burstWorkers,
      idleTimeout: BURST_WORKER_IDLE_MS,
    });
    setPoolRunning(true);
  }
  return pool;
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
  languages: LanguageId[];
  /** Sizes of the jobs' files in bytes (for batching); unknown sizes count as small. */
  sizes: Map<string, number>;
  onProgress?: (done: number) => void;
}

/** Extracts the files in the pool. Never rejects: a failed batch becomes per-file error outcomes. */
export async function extractInPool(jobs: ExtractJob[], options: PoolRunOptions): Promise<FileOutcome[]> {
  const results: FileOutcome[][] = [];
  await extractEachInPool(jobs, options, (outcomes, batch) => (results[batch] = outcomes));
  return results.flat();
}

/**
 * extractInPool, handing each batch's outcomes to `onOutcomes` as soon as it is done: a caller
 * that streams them into the cache never holds every packed record at once.
 */
export async function extractEachInPool(
  jobs: ExtractJob[],
  options: PoolRunOptions,
  onOutcomes: (outcomes: FileOutcome[], batch: number) => void,
): Promise<void> {
  const piscina = workerPool();
  const batches = makeBatches(jobs, options.sizes);
  // Two batches in flight per worker keep every worker busy while a batch's timeout measures its
  // own run rather than time spent queued behind others.
  const inFlight = Math.max(1, piscina.maxThreads * 2);
  let next = 0;
  let done = 0;
  const lane = async (): Promise<void> => {
    while (next < batches.length) {
      const index = next++;
      onOutcomes(await runBatch(piscina, batches[index], options), index);
      done += batches[index].length;
      options.onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, batches.length) }, lane));
}

function makeBatches(jobs: ExtractJob[], sizes: Map<string, number>): ExtractJob[][] {
  const sized = jobs.map((job) => ({ job, size: sizes.get(job.path) ?? 0 })).sort((a, b) => b.size - a.size);
  const batches: ExtractJob[][] = [];
  let current: ExtractJob[] = [];
  let bytes = 0;
  for (const { job, size } of sized) {
    current.push(job);
    bytes += size;
    if (bytes >= BATCH_BYTES || current.length >= BATCH_FILES) {
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
  const task: ExtractTask = { jobs: batch, maxFileBytes: options.maxFileBytes, languages: options.languages };
  try {
    const buffer: ArrayBuffer = await piscina.run(task, { signal: AbortSignal.timeout(timeoutFor(batch, options.sizes)) });
    return packr.unpack(new Uint8Array(buffer)) as FileOutcome[];
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
