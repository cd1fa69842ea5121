// What extracting one file produces, in the form that crosses the worker boundary: the record
// travels as msgpack bytes so the cache can store it without decoding or re-encoding it.
import type { LanguageId, SkipReason } from '../types.js';

export interface ExtractJob {
  /** Absolute path to read. */
  abs: string;
  /** Path relative to the project root, `/`-separated: the record's `path`. */
  path: string;
  language: LanguageId;
  /**
   * The language whose grammar and query read the file when not its own (grammarsToRead in
   * grammars/languages.ts); a file they read with syntax errors is read with its own.
   */
  grammar?: LanguageId;
}

/** How files are extracted, the same for every file of a run. */
export interface ExtractOptions {
  /** Larger files are skipped. */
  maxFileBytes: number;
  /**
   * Also build each file's semantic search documents from the text in hand. Off when nothing will
   * take them: a warm that leaves the search index to the daemon, records of base versions.
   */
  documents: boolean;
}

export type FileOutcome =
  | {
      status: 'record';
      path: string;
      hash: string;
      size: number;
      lines: number;
      /** The FileRecord packed with the shared codec (core/cache/codec.ts). */
      data: Uint8Array;
      /** The file's semantic search documents, built from the same text (core/search/semantic/document-codec.ts). */
      documents?: Uint8Array;
    }
  | {
      status: 'skipped';
      path: string;
      reason: SkipReason;
      hash?: string;
      size?: number;
    }
  | {
      status: 'error';
      path: string;
      message: string;
      hash?: string;
      size?: number;
      /**
       * The failure says nothing about the file itself (a worker crashed or timed out, the read
       * raced a deletion): do not remember it, retry on the next warm.
       */
      transient?: boolean;
    };
