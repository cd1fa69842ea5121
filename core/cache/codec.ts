// How the cache's bytes are encoded, in one place for the extraction workers, the index and the
// daemon: bytes made in a worker are stored verbatim and decoded by any thread, alone and lazily.
//
// A file's record (FileRecord) is V8-serialized: V8 writes it natively, where msgpack's encoder runs
// as JavaScript that a short-lived CLI process pays to compile and warm up. Measured on the records
// of tanstack router-core (557 KB of TypeScript, 75 files): msgpack records mode 74 ms in a fresh
// process (24 ms hot), v8.serialize 5-9 ms; decoding 7-40 ms vs 7-16 ms. The bytes are about twice
// msgpack's (1.48 MB vs 0.79 MB: every object carries its keys), and Node keeps the format
// readable by later versions ("safe to store to disk"). Garbage or truncated bytes make
// deserialize throw, which the readers treat as a missing record.
//
// So is the index's manifest (an array of rows). Batches of outcomes between threads are msgpack in
// records mode, which stores each object shape once per buffer: 2–3× faster to decode than JSON at
// about half the size, each buffer self-describing (no shared structures). msgpack is loaded on
// first use: a CLI warm that parses in-process never needs it.
import { deserialize, serialize } from 'node:v8';
import type { FileRecord } from '../types.js';
import { loadMsgpackr } from './msgpackr.js';

let msgpack: import('msgpackr').Packr | undefined;

function packr(): import('msgpackr').Packr {
  msgpack ??= new (loadMsgpackr().Packr)({ useRecords: true, mapsAsObjects: true });
  return msgpack;
}

/** Packs a value into a fresh, exactly-sized buffer that owns its memory (safe to transfer). */
export function packOwned(value: unknown): Uint8Array {
  const packed = packr().pack(value);
  const owned = new Uint8Array(packed.length);
  owned.set(packed);
  return owned;
}

/** The value packOwned's bytes hold. */
export function unpackOwned(bytes: Uint8Array): unknown {
  return packr().unpack(bytes);
}

/** A record's (or the manifest's) bytes, in a buffer of their own. */
export function packRecord(value: FileRecord | unknown[]): Buffer {
  return serialize(value);
}

/** The value packRecord's bytes hold (throws on bytes that are not such a value). */
export function unpackRecord(bytes: Uint8Array): unknown {
  return deserialize(bytes);
}
