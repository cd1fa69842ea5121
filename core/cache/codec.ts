// The one msgpack configuration shared by the extraction workers and the on-disk cache, so that
// bytes packed in a worker are stored verbatim and decoded by any thread.
// Records mode (`useRecords`) stores each object shape once per buffer: 2–3× faster to decode than
// JSON at about half the size. Every buffer is self-describing (no shared structures), which lets a
// record packed in one worker be copied into the cache file and decoded alone, lazily.
import { loadMsgpackr } from './msgpackr.js';

const { Packr } = loadMsgpackr();

export const packr = new Packr({ useRecords: true, mapsAsObjects: true });

/** Packs a value into a fresh, exactly-sized buffer that owns its memory (safe to transfer). */
export function packOwned(value: unknown): Uint8Array {
  const packed = packr.pack(value);
  const owned = new Uint8Array(packed.length);
  owned.set(packed);
  return owned;
}
