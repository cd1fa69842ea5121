// Piscina worker: extracts a batch of files and returns the outcomes as one msgpack buffer,
// transferred (not copied) back to the main thread; its `flow` task runs one flow analysis (the
// daemon's cfg/dfg/pdg/slice) and returns the report as plain data. web-tree-sitter and each
// grammar are initialised once per worker, on first use (or ahead of it, by the `prepare` task),
// and stay loaded for the worker's lifetime.
import { move, workerData } from 'piscina';
import { packOwned } from '../core/cache/codec.js';
import { baselineGrammarCode } from '../core/parse/wasm-tiering.js';
import { prepareLanguage } from '../core/extract/index.js';
import { extractFile } from '../core/pool/extract-file.js';
import type { FlowJob, FlowOutcome } from '../core/flow/compute.js';
import type { ExtractJob, ExtractOptions, FileOutcome } from '../core/pool/outcome.js';
import type { LanguageId } from '../core/types.js';

/** What the pool tells each of its workers when it starts them. */
export interface ExtractWorkerData {
  /** Compile grammars as baseline code only (core/parse/wasm-tiering.ts). */
  baselineGrammars: boolean;
}

if ((workerData as ExtractWorkerData | undefined)?.baselineGrammars) await baselineGrammarCode();

export interface ExtractTask extends ExtractOptions {
  jobs: ExtractJob[];
  /**
   * Every language of the current warm. Their grammars and queries are loaded before the first
   * parse: loading a grammar right after heavy parsing with another can stall while V8 re-optimises
   * (DESIGN §10). A language that fails to load fails its files one by one, with the reason.
   */
  languages: LanguageId[];
}

export default async function extractBatch(task: ExtractTask): Promise<unknown> {
  await Promise.all(task.languages.map((language) => prepareLanguage(language).catch(() => undefined)));
  const outcomes: FileOutcome[] = [];
  for (const job of task.jobs) outcomes.push(await extractFile(job, task));
  const packed = packOwned(outcomes);
  return move(packed.buffer as ArrayBuffer);
}

/** Loads grammars and queries ahead of work, then parses `samples` (results dropped) to run their code once. */
export interface PrepareTask {
  languages: LanguageId[];
  samples: ExtractJob[];
  maxFileBytes: number;
}

export async function prepare(task: PrepareTask): Promise<void> {
  await Promise.all(task.languages.map((language) => prepareLanguage(language).catch(() => undefined)));
  for (const job of task.samples) await extractFile(job, { maxFileBytes: task.maxFileBytes, documents: true });
}

/** Flow analyses load on first use: a worker that only extracts never pays for them. */
export async function flow(job: FlowJob): Promise<FlowOutcome> {
  const { computeFlow } = await import('../core/flow/compute.js');
  return computeFlow(job);
}
