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

export interface WarmOptions extends IndexOptions, Omit<SyncOptions, 'documents'> {
  /** A daemon is being started for the project: a small warm leaves the search index to it. */
  daemonFollows?: boolean;
}

/** Indexes the whole project and writes the cache; only changed files are extracted again. */
export async function warmProject(root: string, options: WarmOptions = {}): Promise<WarmResult> {
  const index = await openProjectIndex(root, options);
  try {
    const search = await import('../search/semantic/for-index.js');
    const extracted = search.collectExtractedDocuments(index);
    let leftToDaemon = false;
    const documents = (projectBytes: number): boolean => !(leftToDaemon = options.daemonFollows === true && search.daemonBuildsSearchIndex(projectBytes));
    const result = await index.sync({ onProgress: options.onProgress, documents });
    if (!leftToDaemon) return await search.warmSearchIndex(index, result, extracted.stop());
    extracted.stop();
    return search.searchIndexLeftToDaemon(index, result);
  } finally {
    await index.close();
  }
}
