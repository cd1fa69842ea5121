// The baseline `change-impact` compares files with when there is no git history to diff against:
// for every file that changed since the journal started, its record from before the first change
// (null for a file that did not exist). The daemon starts one as soon as its index opens, so the
// baseline is "as tldr knew the project when the daemon started" (its cache); in a CLI process the
// baseline is the cache on disk, since reading a changed file through the index reports the cached
// record as the file's `before`. A project without a cache has no baseline yet: the index's first
// load (every file "new") is not a change, and what it loaded becomes the baseline.
import { indexFileExists } from '../cache/index-file.js';
import type { ProjectIndex } from '../index/project-index.js';
import type { FileRecord } from '../types.js';

export class ChangeJournal {
  private readonly baseline = new Map<string, FileRecord | null>();

  constructor(index: ProjectIndex) {
    let initialLoad = !indexFileExists(index.root);
    index.onChange((changes) => {
      if (initialLoad) {
        initialLoad = false;
        return;
      }
      for (const change of changes) if (!this.baseline.has(change.path)) this.baseline.set(change.path, change.before ?? null);
    });
  }

  /** The file's record at the baseline: undefined when it has not changed since, null when it did not exist. */
  before(path: string): FileRecord | null | undefined {
    return this.baseline.get(path);
  }
}

const journals = new WeakMap<ProjectIndex, ChangeJournal>();

/** The index's journal, started now if it was not yet. */
export function trackChanges(index: ProjectIndex): ChangeJournal {
  let journal = journals.get(index);
  if (!journal) {
    journal = new ChangeJournal(index);
    journals.set(index, journal);
  }
  return journal;
}
