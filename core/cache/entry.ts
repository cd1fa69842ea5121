// One file's entry in the cache: the stats it was built from (to skip unchanged files without
// reading them), its content hash (to skip touched-but-identical files without parsing them),
// and the outcome: a packed record, a skip reason, or an extraction error.
import type { LanguageId } from '../types.js';
import type { RecordStore } from './record-store.js';

export interface CacheEntry {
  path: string;
  language: LanguageId;
  size: number;
  mtimeMs: number;
  /** sha1 hex of the bytes. */
  hash: string;
  lines: number;
  status: 'record' | 'skipped' | 'error';
  /** Skip reason or error message. */
  detail?: string;
  /**
   * The packed FileRecord (status `record`) while only memory holds it: extracted and not yet
   * written to an index file. Dropped once written; `stored` says where to read it back.
   */
  data?: Uint8Array;
  /** Where the packed record (status `record`) sits in an index file, read when first needed. */
  stored?: StoredRecord;
}

export interface StoredRecord {
  store: RecordStore;
  /** Offset and length in the file's record area. */
  offset: number;
  length: number;
  /** crc32 of the bytes, checked every time they are read back. */
  crc: number;
}
