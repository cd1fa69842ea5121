// One file's entry in the cache: the stats it was built from (to skip unchanged files without
// reading them), its content hash (to skip touched-but-identical files without parsing them),
// and the outcome: a packed record, a skip reason, or an extraction error.
import type { LanguageId } from '../types.js';

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
  /** The packed FileRecord (status `record`). */
  data?: Uint8Array;
  /** crc32 of `data` as stored on disk; checked on first decode, then cleared. */
  crc?: number;
}

