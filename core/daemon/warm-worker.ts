// The daemon's first re-parse after an edit must be as quick as its hundredth (DESIGN §8: an edit
// visible within 50 ms). A cold worker would first start, load web-tree-sitter, the grammar and its
// query (≈ 0.15 s for TypeScript's), then run the grammar's code cold: ≈ 0.5 s in all. So once the
// index is loaded, the pool's standing worker loads the project's languages and parses a few of
// its files, whose results are dropped.
import { join } from 'node:path';
import { defaultPolicy } from '../files/policy.js';
import type { ProjectIndex } from '../index/project-index.js';
import type { ExtractJob } from '../pool/outcome.js';
import type { FileRecord, LanguageId } from '../types.js';
import { grammarsToRead } from '../../grammars/languages.js';

/** Files parsed per language: enough to run the grammar's and the extractor's common paths. */
const SAMPLES_PER_LANGUAGE = 2;
/** Samples are the largest files up to this size: representative, yet quick. */
const SAMPLE_MAX_BYTES = 32 * 1024;

/** The samples to parse: per language, its largest files up to SAMPLE_MAX_BYTES, most used languages first. */
export function warmUpSamples(root: string, records: ReadonlyMap<string, FileRecord>): ExtractJob[] {
  const byLanguage = new Map<LanguageId, FileRecord[]>();
  for (const record of records.values()) {
    const list = byLanguage.get(record.language) ?? [];
    list.push(record);
    byLanguage.set(record.language, list);
  }
  return [...byLanguage.values()]
    .sort((a, b) => b.length - a.length)
    .flatMap((list) =>
      list
        .filter((record) => record.size <= SAMPLE_MAX_BYTES)
        .sort((a, b) => b.size - a.size || (a.path < b.path ? -1 : 1))
        .slice(0, SAMPLES_PER_LANGUAGE),
    )
    .map((record) => ({ abs: join(root, record.path), path: record.path, language: record.language }));
}

/** Warms the pool's worker for the project's languages once the index has loaded its records. */
export async function warmWorkerFor(index: ProjectIndex, maxFileBytes = defaultPolicy().maxFileBytes): Promise<void> {
  const records = await index.records();
  const bytes = new Map<LanguageId, number>();
  for (const record of records.values()) bytes.set(record.language, (bytes.get(record.language) ?? 0) + record.size);
  // The grammars the index reads the project's files with (JavaScript's may be TypeScript's).
  const grammars = grammarsToRead(bytes);
  const samples = warmUpSamples(index.root, records).map((job) => (grammars.has(job.language) ? { ...job, grammar: grammars.get(job.language) } : job));
  const languages = [...new Set([...bytes.keys()].map((language) => grammars.get(language) ?? language))];
  if (languages.length === 0) return;
  const { warmUpPool } = await import('../pool/extract-pool.js');
  await warmUpPool(languages, samples, maxFileBytes);
}
