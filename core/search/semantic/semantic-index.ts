// The semantic tier's inverted index over every function, method and class: a vocabulary, per
// document the term frequencies of each field, and per term the documents holding it. Documents
// are added and removed a file at a time (the index's change events), never rebuilt whole: the
// bulk of the postings sits in one compact array (CSR), documents added since live in a small
// delta, removed ones are tombstones until the next compaction. Ranking reads it (rank.ts).
import { encodeDocument } from './document-codec.js';
import { FIELD_COUNT, type IndexedDocument, type SourceDocument } from './documents.js';
import { family, knownTermId, termCount, termId, termWord } from './terms.js';

export interface FileEntry {
  /** Content hash of the record the documents were built from ('' when the source read differed). */
  hash: string;
  docs: number[];
}

/** Compaction runs when tombstones or delta documents pass this share of the documents. */
const COMPACT_SHARE = 0.2;

export class SemanticIndex {
  /** Derivational family key → the terms of that family seen in this index (terms.ts family()). */
  private readonly families = new Map<string, number[]>();
  /** Per term id (terms.ts): documents holding it; terms this index has seen. */
  private df: Int32Array = new Int32Array(1024);
  private seen: Uint8Array = new Uint8Array(1024);
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
  /** Callee name → documents calling it. */
  private callers = new Map<string, number[]>();
  /** While loading a whole index: postings and call maps wait for the compact() that ends it. */
  private bulk = false;
  /** Bumped by every change to the documents: caches derived from them (rank.ts) check it. */
  version = 0;

  /** The id of a term some document of this index holds. */
  termId(word: string): number | undefined {
    const id = knownTermId(word);
    return id !== undefined && this.documentFrequency(id) > 0 ? id : undefined;
  }

  /** Other terms of the family of `word` that this index has seen. */
  relatives(word: string): number[] {
    const own = knownTermId(word);
    return (this.families.get(family(word)) ?? []).filter((id) => id !== own);
  }

  documentFrequency(termId: number): number {
    return termId < this.df.length ? this.df[termId] : 0;
  }

  /** Makes room for a term id and files it under its family the first time this index sees it. */
  private admit(id: number): void {
    if (id >= this.df.length) {
      const size = Math.max(id + 1, this.df.length * 2, termCount());
      const df = new Int32Array(size);
      df.set(this.df);
      this.df = df;
      const seen = new Uint8Array(size);
      seen.set(this.seen);
      this.seen = seen;
    }
    if (this.seen[id] === 1) return;
    this.seen[id] = 1;
    const key = family(termWord(id));
    const relatives = this.families.get(key);
    if (relatives) relatives.push(id);
    else this.families.set(key, [id]);
  }

  /** A built document in the index's form: its field terms become entries. */
  toIndexed(source: SourceDocument): Omit<IndexedDocument, 'file'> {
    return encodeDocument(source);
  }

  /** Replaces the documents of `file`. Call settle() after a batch of changes. */
  setFile(file: string, hash: string, documents: Omit<IndexedDocument, 'file'>[]): void {
    this.removeFile(file);
    const ids: number[] = [];
    for (const doc of documents) {
      // One literal, one property order: every document shares one shape, so reading its fields
      // in the ranking loops stays fast whichever way (built or loaded) it came in.
      ids.push(this.add({
        file, name: doc.name, qualified_name: doc.qualified_name, kind: doc.kind, line: doc.line, end_line: doc.end_line,
        signature: doc.signature, test: doc.test, internal: doc.internal, callees: doc.callees, entries: doc.entries, lengths: doc.lengths,
      }));
    }
    this.files.set(file, { hash, docs: ids });
  }

  removeFile(file: string): void {
    const entry = this.files.get(file);
    if (!entry) return;
    for (const id of entry.docs) this.remove(id);
    this.files.delete(file);
  }

  private add(doc: IndexedDocument): number {
    this.version++;
    const id = this.docs.length;
    this.docs.push(doc);
    this.liveDocs++;
    for (let field = 0; field < FIELD_COUNT; field++) this.lengthSums[field] += doc.lengths[field];
    const { entries } = doc;
    for (let i = 0; i < entries.length; i += 3) {
      const term = entries[i];
      this.admit(term);
      this.df[term]++;
      if (!this.bulk) {
        let list = this.delta.get(term);
        if (!list) this.delta.set(term, (list = []));
        list.push(id, entries[i + 1], entries[i + 2]);
      }
    }
    if (!this.bulk) for (const callee of new Set(doc.callees)) push(this.callers, callee, id);
    return id;
  }

  /** Starts loading many files at once; compact() ends it and builds the postings in one pass. */
  beginBulk(): void {
    this.bulk = true;
  }

  private remove(id: number): void {
    const doc = this.docs[id];
    if (!doc) return;
    this.version++;
    this.docs[id] = undefined;
    this.liveDocs--;
    for (let field = 0; field < FIELD_COUNT; field++) this.lengthSums[field] -= doc.lengths[field];
    for (let i = 0; i < doc.entries.length; i += 3) this.df[doc.entries[i]]--;
    if (id < this.csrLimit) this.csrDead++;
  }

  /**
   * The postings of `term` as [doc, tfLow, tfHigh] triplets: a slice of the compact array, then the
   * delta's list. Removed documents are still listed; callers skip those whose `docs` entry is gone.
   */
  postingsOf(term: number): { compact: Int32Array; start: number; end: number; delta: readonly number[] } {
    const inCompact = term + 1 < this.csrOffsets.length;
    return {
      compact: this.csrPostings,
      start: inCompact ? this.csrOffsets[term] : 0,
      end: inCompact ? this.csrOffsets[term + 1] : 0,
      delta: this.delta.get(term) ?? [],
    };
  }

  /** Documents that call a function of this simple name (removed ones included: check `docs`). */
  callersOf(name: string): readonly number[] {
    return this.callers.get(name) ?? [];
  }

  /** Compacts once enough documents were removed or added since the last compaction. */
  settle(): void {
    const deltaDocs = this.docs.length - this.csrLimit;
    if (this.csrDead + deltaDocs > Math.max(64, this.docs.length * COMPACT_SHARE)) this.compact();
  }

  /**
   * Renumbers the live documents densely and rebuilds the postings array from their entries
   * (no tokenising: the entries are the forward index), and the callers map.
   */
  compact(): void {
    this.bulk = false;
    this.version++;
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
    const counts = new Int32Array(this.df.length + 1);
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
    live.forEach((doc, id) => {
      for (const callee of new Set(doc.callees)) push(this.callers, callee, id);
    });
  }

  /** The vocabulary actually used by live documents, and each used term's new id (for saving). */
  usedVocabulary(): { words: string[]; remap: Int32Array } {
    const remap = new Int32Array(this.df.length).fill(-1);
    const words: string[] = [];
    for (const doc of this.docs) {
      if (!doc) continue;
      for (let i = 0; i < doc.entries.length; i += 3) {
        const term = doc.entries[i];
        if (remap[term] === -1) {
          remap[term] = words.length;
          words.push(termWord(term));
        }
      }
    }
    return { words, remap };
  }

  /** Ids of saved words, in order (for loading), each admitted to this index. */
  internAll(words: readonly string[]): Int32Array {
    const ids = new Int32Array(words.length);
    words.forEach((word, i) => {
      ids[i] = termId(word);
      this.admit(ids[i]);
    });
    return ids;
  }
}

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}
