// The contract every query layer reads the project through. Implemented in-process from the
// .tldr cache (CLI without daemon) and kept hot by the daemon.
import type { FileRecord } from '../types.js';

export interface FileChange {
  path: string;
  /** Record before the change; absent for a new file. */
  before?: FileRecord;
  /** Record after the change; absent for a deleted file. */
  after?: FileRecord;
  /** The semantic search documents extracted with `after`, when the extraction built them. */
  documents?: Uint8Array;
}

/**
 * A change as its content hash, without the record: for listeners that need no record (the
 * search index during a warm), so that a warm decodes none.
 */
export interface ContentChange {
  path: string;
  /** Content hash of the new record; absent when the file no longer has one. */
  hash?: string;
  /** The semantic search documents extracted with the new record, when the extraction built them. */
  documents?: Uint8Array;
}

export interface ProjectIndex {
  /** Absolute, symlink-resolved project root. */
  readonly root: string;
  /**
   * Where parsing beyond the records (flow analyses) runs: `pool` keeps tree-sitter off this
   * thread (the daemon, whose event loop keeps serving other clients); absent means in-process.
   */
  readonly analysis?: 'pool' | 'in-process';
  /**
   * The fresh record of one file (path relative to the root). Re-parses it when the file changed
   * on disk. Throws TldrError for a missing, unsupported or outside-root file.
   */
  record(path: string): Promise<FileRecord>;
  /** Fresh records of every indexed file, keyed by relative path. */
  records(): Promise<ReadonlyMap<string, FileRecord>>;
  /** Content hash of every file records() would list, keyed by relative path, without decoding a record. */
  hashes(): Promise<ReadonlyMap<string, string>>;
  /** Current source text of a file inside the root. */
  source(path: string): Promise<string>;
  /** Marks files as possibly changed; the next read re-checks them. */
  invalidate(paths: string[]): void;
  /** Subscribes to record changes (used to patch graphs and search indexes incrementally). */
  onChange(listener: (changes: FileChange[]) => void): () => void;
  /** Subscribes to changes as content hashes (no record decoded for this listener). */
  onContentChange(listener: (changes: ContentChange[]) => void): () => void;
}
