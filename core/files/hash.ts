// Content hashes: sha1 of the raw bytes (the FileRecord.hash contract).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

/** Hash of a file's current bytes; undefined when it cannot be read. */
export function hashFileSync(abs: string): string | undefined {
  try {
    return hashBytes(readFileSync(abs));
  } catch {
    return undefined;
  }
}
