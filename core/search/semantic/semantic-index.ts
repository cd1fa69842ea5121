// The semantic tier's inverted index over every function, method and class: a vocabulary, per
// document the term frequencies of each field, and per term the documents holding it. Documents
// are added and removed a file at a time (the index's change events), never rebuilt whole: the
// bulk of the postings sits in one compact array (CSR), documents added since live in a small
// delta, removed ones are tombstones until the next compaction. Ranking reads it (rank.ts).
import { FIELD_COUNT, type DocumentKind, type SourceDocument } from './documents.js';
import { family } from './terms.js';

/** tf per field, 8 bits each, packed into two int32 (fields 0–3, 4–7). */
export const TF_MAX = 255;

export interface IndexedDocument {
  file: string;
  name: string;
  qualified_name: string;
  kind: DocumentKind;
  line: number;
  end_line: number;
  signature: string;
  test: boolean;
  callees: string[];
  /** [termId, tfLow, tfHigh] per distinct term, sorted by term id. */
  entries: Int32Array;
  /** Terms per field. */
  lengths: Uint16Array;
}

export interface FileEntry {
  /** Content hash of the record the documents were built from ('' when the source read differed). */
  hash: string;
  docs: number[];
}

/** Compaction runs when tombstones or delta documents pass this share of the documents. */
const COMPACT_SHARE = 0.2;

export class SemanticIndex {
  private readonly termIds = new Map<string, number>();
  readonly words: string[] = [];
  /** Derivational family key → the terms of that family (terms.ts family()). */
  private readonly families = new Map<string, number[]>();
  private df: Int32Array = new Int32Array(1024);
  readonly docs: (IndexedDocument | undefined)[] = [];
  readonly files = new Map<string, FileEntry>();
  readonly lengthSums = new Float64Array(FIELD_COUNT);
  liveDocs = 0;
  /** Postings of documents below csrLimit: per term, triplets [doc, tfLow, tfHigh]. */
  private csrOffsets = new Int32Array(1);
  private csrPostings = new Int32Array(0);
  private csrLimit = 0;
  private csrDead = 0;
  /** Postings of documents from csrLimit on. */
  private delta = new Map<number, number[]>();
  /** Callee name → documents calling it; simple name → documents of that name. */
  private callers = new Map<string, number[]>();
  private named = new Map<string, number[]>();
  /** While loading a whole index: postings and call maps wait for the compact() that ends it. */
  private bulk = false;

  termId(word: string): number | undefined {
    return this.termIds.get(word);
  }

  /** Other terms of the family of `word`. */
  relatives(word: string): number[] {
    const own = this.termIds.get(word);
    return (this.families.get(family(word)) ?? []).filter((id) => id !== own);
  }

  documentFrequency(termId: number): number {
    return termId < this.df.length ? this.df[termId] : 0;
  }

  private intern(word: string): number {
    let id = this.termIds.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.words.push(word);
      this.termIds.set(word, id);
      const key = family(word);
      const relatives = this.families.get(key);
      if (relatives) relatives.push(id);
      else this.families.set(key, [id]);
      if (id >= this.df.length) {
        const grown = new Int32Array(this.df.length * 2);
        grown.set(this.df);
        this.df = grown;
      }
    }
    return id;
  }

  /** A built document in the index's form: its field terms become entries. */
  toIndexed(source: SourceDocument): Omit<IndexedDocument, 'file'> {
    const { fields: _fields, ...meta } = source;
    return { ...meta, ...this.encode(source) };
  }

  /** Scratch for encode(): each term's slot in `counts` (−1: not in this document). */
  private slots = new Int32Array(1024).fill(-1);

  private encode(source: SourceDocument): { entries: Int32Array; lengths: Uint16Array } {
    const lengths = new Uint16Array(FIELD_COUNT);
    const seen: number[] = [];
    const counts: number[] = [];
    source.fields.forEach((fieldTerms, field) => {
      lengths[field] = Math.min(65535, fieldTerms.length);
      for (const word of fieldTerms) {
        const id = this.intern(word);
        if (id >= this.slots.length) {
          const grown = new Int32Array(Math.max(id + 1, this.slots.length * 2)).fill(-1);
          grown.set(this.slots);
          this.slots = grown;
        }
        let slot = this.slots[id];
        if (slot === -1) {
          slot = this.slots[id] = seen.length;
          seen.push(id);
          for (let f = 0; f < FIELD_COUNT; f++) counts.push(0);
        }
        const at = slot * FIELD_COUNT + field;
        if (counts[at] < TF_MAX) counts[at]++;
      }
    });
    const order = seen.map((id, slot) => [id, slot]).sort((a, b) => a[0] - b[0]);
    const entries = new Int32Array(seen.length * 3);
    order.forEach(([id, slot], i) => {
      const c = slot * FIELD_COUNT;
      entries[i * 3] = id;
      entries[i * 3 + 1] = counts[c] | (counts[c + 1] << 8) | (counts[c + 2] << 16) | (counts[c + 3] << 24);
      entries[i * 3 + 2] = counts[c + 4] | (counts[c + 5] << 8) | (counts[c + 6] << 16) | (counts[c + 7] << 24);
      this.slots[id] = -1;
    });
    return { entries, lengths };
  }

  /** Replaces the documents of `file`. Call settle() after a batch of changes. */
  setFile(file: string, hash: string, documents: Omit<IndexedDocument, 'file'>[]): void {
    this.removeFile(file);
    const ids: number[] = [];
    for (const doc of documents) ids.push(this.add({ ...doc, file }));
    this.files.set(file, { hash, docs: ids });
  }

  removeFile(file: string): void {
    const entry = this.files.get(file);
    if (!entry) return;
    for (const id of entry.docs) this.remove(id);
    this.files.delete(file);
  }

  private add(doc: IndexedDocument): number {
    const id = this.docs.length;
    this.docs.push(doc);
    this.liveDocs++;
    for (let field = 0; field < FIELD_COUNT; field++) this.lengthSums[field] += doc.lengths[field];
    const { entries } = doc;
    for (let i = 0; i < entries.length; i += 3) {
      const term = entries[i];
      this.df[term]++;
      if (!this.bulk) {
        let list = this.delta.get(term);
        if (!list) this.delta.set(term, (list = []));
        list.push(id, entries[i + 1], entries[i + 2]);
      }
    }
    if (!this.bulk) {
      for (const callee of new Set(doc.callees)) push(this.callers, callee, id);
      push(this.named, doc.name, id);
    }
    return id;
  }

  /** Starts loading many files at once; compact() ends it and builds the postings in one pass. */
  beginBulk(): void {
    this.bulk = true;
  }

  private remove(id: number): void {
    const doc = this.docs[id];
    if (!doc) return;
    this.docs[id] = undefined;
    this.liveDocs--;
    for (let field = 0; field < FIELD_COUNT; field++) this.lengthSums[field] -= doc.lengths[field];
    for (let i = 0; i < doc.entries.length; i += 3) this.df[doc.entries[i]]--;
    if (id < this.csrLimit) this.csrDead++;
  }

  /** Calls `visit(doc, tfLow, tfHigh)` for every live document holding `term`. */
  postings(term: number, visit: (doc: number, low: number, high: number) => void): void {
    if (term + 1 < this.csrOffsets.length) {
      const postings = this.csrPostings;
      for (let i = this.csrOffsets[term], end = this.csrOffsets[term + 1]; i < end; i += 3) {
        const doc = postings[i];
        if (this.docs[doc]) visit(doc, postings[i + 1], postings[i + 2]);
      }
    }
    const list = this.delta.get(term);
    if (list) for (let i = 0; i < list.length; i += 3) if (this.docs[list[i]]) visit(list[i], list[i + 1], list[i + 2]);
  }

  /** Live documents that call a function of this simple name. */
  callersOf(name: string): number[] {
    return (this.callers.get(name) ?? []).filter((id) => this.docs[id] !== undefined);
  }

  /** Live documents with this simple name. */
  documentsNamed(name: string): number[] {
    return (this.named.get(name) ?? []).filter((id) => this.docs[id] !== undefined);
  }

  /** Compacts once enough documents were removed or added since the last compaction. */
  settle(): void {
    const deltaDocs = this.docs.length - this.csrLimit;
    if (this.csrDead + deltaDocs > Math.max(64, this.docs.length * COMPACT_SHARE)) this.compact();
  }

  /**
   * Renumbers the live documents densely and rebuilds the postings array from their entries
   * (no tokenising: the entries are the forward index), and the call-graph maps.
   */
  compact(): void {
    this.bulk = false;
    const renumber = new Int32Array(this.docs.length).fill(-1);
    const live: IndexedDocument[] = [];
    this.docs.forEach((doc, id) => {
      if (doc) {
        renumber[id] = live.length;
        live.push(doc);
      }
    });
    for (const entry of this.files.values()) entry.docs = entry.docs.map((id) => renumber[id]).filter((id) => id >= 0);
    this.docs.length = 0;
    this.docs.push(...live);
    const counts = new Int32Array(this.words.length + 1);
    for (const doc of live) for (let i = 0; i < doc.entries.length; i += 3) counts[doc.entries[i] + 1] += 3;
    for (let term = 1; term < counts.length; term++) counts[term] += counts[term - 1];
    const offsets = counts.slice();
    const postings = new Int32Array(counts[counts.length - 1]);
    live.forEach((doc, id) => {
      for (let i = 0; i < doc.entries.length; i += 3) {
        const at = counts[doc.entries[i]];
        postings[at] = id;
        postings[at + 1] = doc.entries[i + 1];
        postings[at + 2] = doc.entries[i + 2];
        counts[doc.entries[i]] += 3;
      }
    });
    this.csrOffsets = offsets;
    this.csrPostings = postings;
    this.csrLimit = live.length;
    this.csrDead = 0;
    this.delta = new Map();
    this.callers = new Map();
    this.named = new Map();
    live.forEach((doc, id) => {
      for (const callee of new Set(doc.callees)) push(this.callers, callee, id);
      push(this.named, doc.name, id);
    });
  }

  /** The vocabulary actually used by live documents, and each used term's new id (for saving). */
  usedVocabulary(): { words: string[]; remap: Int32Array } {
    const remap = new Int32Array(this.words.length).fill(-1);
    const words: string[] = [];
    for (const doc of this.docs) {
      if (!doc) continue;
      for (let i = 0; i < doc.entries.length; i += 3) {
        const term = doc.entries[i];
        if (remap[term] === -1) {
          remap[term] = words.length;
          words.push(this.words[term]);
        }
      }
    }
    return { words, remap };
  }

  /** Interns saved words in order; returns their ids here (for loading). */
  internAll(words: readonly string[]): Int32Array {
    const ids = new Int32Array(words.length);
    words.forEach((word, i) => (ids[i] = this.intern(word)));
    return ids;
  }
}

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}
