// Opening a project's index, and the warm built on it.
import { realpathSync, statSync } from 'node:fs';
import { TldrError } from '../errors.js';
import type { WarmResult } from '../types.js';
import { CachedProjectIndex, type IndexOptions, type SyncOptions } from './cached-index.js';

export type { ExtractionMode, IndexOptions, SyncOptions, WarmProgress } from './cached-index.js';
export { CachedProjectIndex } from './cached-index.js';

/**
 * The index of the project at `root`. Opening is cheap: the cache is read on first use, and
 * records are decoded only when asked for. `close()` writes refreshed records back to the cache.
 */
export async function openProjectIndex(root: string, options: IndexOptions = {}): Promise<CachedProjectIndex> {
  let real: string;
  try {
    real = realpathSync(root);
  } catch {
    throw new TldrError(`project directory not found: ${root}`, 'check --project');
  }
  if (!statSync(real).isDirectory()) throw new TldrError(`project root is not a directory: ${root}`, 'check --project');
  return new CachedProjectIndex(real, options);
}

/** Indexes the whole project and writes the cache; only changed files are extracted again. */
export async function warmProject(root: string, options: IndexOptions & SyncOptions = {}): Promise<WarmResult> {
  const index = await openProjectIndex(root, options);
  try {
    const { collectExtractedDocuments, warmSearchIndex } = await import('../search/semantic/for-index.js');
    const extracted = collectExtractedDocuments(index);
    const result = await index.sync(options);
    return await warmSearchIndex(index, result, extracted.stop());
  } finally {
    await index.close();
  }
}
