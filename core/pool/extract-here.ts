// Extraction on the calling thread, for the CLI's share of a warm (extract-pool.ts): the same
// per-file code the workers run, with the same preparation.
import { prepareLanguage } from '../extract/index.js';
import type { LanguageId } from '../types.js';
import { extractFile } from './extract-file.js';
import type { ExtractJob, ExtractOptions, FileOutcome } from './outcome.js';

/**
 * Loads every language's grammar and query before the first parse, as a worker does: loading one
 * right after heavy parsing with another can stall (DESIGN §10). A language that fails to load
 * fails its files one by one, with the reason.
 */
export async function prepareHere(languages: LanguageId[]): Promise<void> {
  for (const language of languages) await prepareLanguage(language).catch(() => undefined);
}

/** Extracts a batch here, one file after the other (each yields to the event loop first). */
export async function extractHere(batch: ExtractJob[], options: ExtractOptions): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = [];
  for (const job of batch) outcomes.push(await extractFile(job, options));
  return outcomes;
}
