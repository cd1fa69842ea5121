// Documents in a form that leaves this process: term ids (process-wide, terms.ts) renumbered to a
// vocabulary carried along, fields packed as bytes. Used by `.tldr/search.bin` (store.ts) and by
// the extraction workers, which build a file's documents with its record and hand them over.
import { loadMsgpackr } from '../../cache/msgpackr.js';
import { FIELD_COUNT, type DocumentKind, type IndexedDocument, type SourceDocument } from './documents.js';
import { termId, termWord } from './terms.js';


/** tf per field, 8 bits each, packed into two int32 (fields 0–3, 4–7). */
export const TF_MAX = 255;

const KINDS: DocumentKind[] = ['function', 'method', 'class'];

/** A document without its file: what a file's documents are built into. */
export type FileDocument = Omit<IndexedDocument, 'file'>;

/** [name, qualified_name, kind, line, end_line, signature, test, internal, callees, entries, lengths] */
export type StoredDocument = [string, string, number, number, number, string, 0 | 1, 0 | 1, string[], Uint8Array, Uint8Array];

let msgpack: import('msgpackr').Packr | undefined;

/** The msgpack codec of documents and of search.bin: the same build of msgpackr as the cache's (core/cache/codec.ts), loaded on first use. */
export function packr(): import('msgpackr').Packr {
  msgpack ??= new (loadMsgpackr().Packr)({ useRecords: false, mapsAsObjects: true });
  return msgpack;
}

/** Scratch of encodeDocument(): each term's slot in its counts (−1: not in this document). */
let slots = new Int32Array(1024).fill(-1);

/** A built document's field terms as entries [termId, tfLow, tfHigh] (sorted by term id), and field lengths. */
export function encodeDocument(source: SourceDocument): FileDocument {
  const lengths = new Uint16Array(FIELD_COUNT);
  const seen: number[] = [];
  const counts: number[] = [];
  source.fields.forEach((fieldTerms, field) => {
    lengths[field] = Math.min(65535, fieldTerms.length);
    for (const id of fieldTerms) {
      if (id >= slots.length) {
        const grown = new Int32Array(Math.max(id + 1, slots.length * 2)).fill(-1);
        grown.set(slots);
        slots = grown;
      }
      let slot = slots[id];
      if (slot === -1) {
        slot = slots[id] = seen.length;
        seen.push(id);
        for (let f = 0; f < FIELD_COUNT; f++) counts.push(0);
      }
      const at = slot * FIELD_COUNT + field;
      if (counts[at] < TF_MAX) counts[at]++;
    }
  });
  const order = Int32Array.from(seen).sort();
  const entries = new Int32Array(order.length * 3);
  for (let i = 0; i < order.length; i++) {
    const id = order[i];
    const c = slots[id] * FIELD_COUNT;
    entries[i * 3] = id;
    entries[i * 3 + 1] = counts[c] | (counts[c + 1] << 8) | (counts[c + 2] << 16) | (counts[c + 3] << 24);
    entries[i * 3 + 2] = counts[c + 4] | (counts[c + 5] << 8) | (counts[c + 6] << 16) | (counts[c + 7] << 24);
    slots[id] = -1;
  }
  return {
    name: source.name, qualified_name: source.qualified_name, kind: source.kind, line: source.line, end_line: source.end_line,
    signature: source.signature, test: source.test, internal: source.internal, callees: source.callees, entries, lengths,
  };
}

/** A document for storage: term ids renumbered through `remap` (process id → stored id). */
export function storeDocument(doc: FileDocument, remap: (id: number) => number): StoredDocument {
  const entries = new Int32Array(doc.entries);
  for (let i = 0; i < entries.length; i += 3) entries[i] = remap(entries[i]);
  return [doc.name, doc.qualified_name, KINDS.indexOf(doc.kind), doc.line, doc.end_line, doc.signature, doc.test ? 1 : 0, doc.internal ? 1 : 0, doc.callees,
    new Uint8Array(entries.buffer), new Uint8Array(doc.lengths.buffer.slice(doc.lengths.byteOffset, doc.lengths.byteOffset + doc.lengths.byteLength))];
}

/** A stored document back in this process: stored term ids mapped through `ids`. Throws on malformed input. */
export function restoreDocument(stored: StoredDocument, ids: Int32Array): FileDocument {
  const [name, qualified_name, kind, line, end_line, signature, test, internal, callees, entryBytes, lengthBytes] = stored;
  const entries = new Int32Array(entryBytes.buffer.slice(entryBytes.byteOffset, entryBytes.byteOffset + entryBytes.byteLength));
  for (let i = 0; i < entries.length; i += 3) {
    const id = ids[entries[i]];
    if (id === undefined) throw new Error('malformed search document');
    entries[i] = id;
  }
  const lengths = new Uint16Array(lengthBytes.buffer.slice(lengthBytes.byteOffset, lengthBytes.byteOffset + lengthBytes.byteLength));
  return { name, qualified_name, kind: KINDS[kind] ?? 'function', line, end_line, signature, test: test === 1, internal: internal === 1, callees, entries, lengths };
}

/** One file's documents as bytes, with their own vocabulary (for crossing a thread boundary). */
export function packDocuments(docs: FileDocument[]): Uint8Array {
  const words: string[] = [];
  const local = new Map<number, number>();
  const remap = (id: number) => {
    let at = local.get(id);
    if (at === undefined) {
      at = words.length;
      words.push(termWord(id));
      local.set(id, at);
    }
    return at;
  };
  const stored = docs.map((doc) => storeDocument(doc, remap));
  return packr().pack({ words, docs: stored });
}

/** Documents packed by packDocuments, in this process's term ids; undefined when the bytes are not that. */
export function unpackDocuments(bytes: Uint8Array): FileDocument[] | undefined {
  try {
    const { words, docs } = packr().unpack(bytes) as { words: string[]; docs: StoredDocument[] };
    const ids = Int32Array.from(words, (word) => termId(word));
    return docs.map((doc) => restoreDocument(doc, ids));
  } catch {
    return undefined;
  }
}
