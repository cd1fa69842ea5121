// msgpackr, loaded once per process, through its CommonJS build: one file, ≈ 11 ms to load where its
// ES modules take ≈ 16. On load it also loads its native string decoder (msgpackr-extract, found
// through detect-libc): ≈ 7 ms more, for decoding ≈ 25 % faster. A process that encodes records and
// decodes next to none — a CLI warm: its records, the cache's manifest — loads msgpackr without it.
import { createRequire } from 'node:module';

const DISABLE = 'MSGPACKR_NATIVE_ACCELERATION_DISABLED';
let nativeDecoding = true;

/** Declares that this process decodes next to nothing; it takes effect if msgpackr is not loaded yet. */
export function encodingOnly(): void {
  nativeDecoding = false;
}

export function loadMsgpackr(): typeof import('msgpackr') {
  const require = createRequire(import.meta.url);
  if (nativeDecoding) return require('msgpackr') as typeof import('msgpackr');
  // msgpackr reads the variable as it loads; children and worker threads started later do not see it.
  const saved = process.env[DISABLE];
  process.env[DISABLE] = 'true';
  try {
    return require('msgpackr') as typeof import('msgpackr');
  } finally {
    if (saved === undefined) delete process.env[DISABLE];
    else process.env[DISABLE] = saved;
  }
}
