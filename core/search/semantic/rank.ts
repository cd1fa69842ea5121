// Ranking for the semantic tier. A question becomes concepts (one per meaningful word), each
// reaching its own term and, at a discount, its near-synonyms (lexicon.ts). A document scores
// BM25F per concept — term frequencies of all fields weighted and length-normalised per field,
// then saturated once — taking a concept's best alternative only, so a synonym never counts
// twice. Documents that cover more of the question's concepts are preferred, test code is
// discounted, and the call graph adds evidence: a function whose callers' names match the
// question is likely what it describes.
import { FIELD_COUNT } from './documents.js';
import type { SemanticIndex } from './semantic-index.js';
import { SYNONYM_GROUPS } from './lexicon.js';
import { isStopword, splitWords, term } from './terms.js';

export interface RankParams {
  /** Per field (documents.ts FIELDS order): weight and length normalisation. */
  weights: number[];
  b: number[];
  k1: number;
  /** Weight of a near-synonym relative to the word itself. */
  synonym: number;
  /** Weight of another term of the word's derivational family (`parser` for "parse"). */
  family: number;
  /** Exponent of the share of concepts a document covers. */
  coverage: number;
  /** Factor for documents in test code. */
  test: number;
  /** Weight of a concept found in a caller's name, relative to the name field. */
  callers: number;
  /** Callers considered at most per document: a name called from everywhere says nothing. */
  maxCallers: number;
  /** Documents the call-graph evidence is computed for. */
  rerank: number;
}

export const DEFAULT_PARAMS: RankParams = {
  //        name context signature summary doc body text calls
  weights: [0.3125, 0.1875, 0.75, 0.375, 1.5, 1.0, 0.3, 2.25],
  b: [1.0, 0.5, 1.0, 1.0, 0.8, 0.6, 0.4, 0.5],
  k1: 1.2,
  synonym: 0.4,
  family: 0.9,
  coverage: 1.0,
  test: 0.3,
  callers: 0.3,
  maxCallers: 30,
  rerank: 100,
};

interface Alternative {
  term: number;
  weight: number;
}

export interface Concept {
  word: string;
  alternatives: Alternative[];
}

let synonymsByTerm: Map<string, Set<string>> | undefined;

function synonymsOf(word: string): Set<string> {
  if (!synonymsByTerm) {
    synonymsByTerm = new Map();
    for (const group of SYNONYM_GROUPS) {
      const stems = group.map(term);
      for (const stem of stems) {
        let set = synonymsByTerm.get(stem);
        if (!set) synonymsByTerm.set(stem, (set = new Set()));
        for (const other of stems) if (other !== stem) set.add(other);
      }
    }
  }
  return synonymsByTerm.get(word) ?? new Set();
}

/** The concepts of a question that the index knows at least one word of. */
export function parseQuestion(index: SemanticIndex, question: string, params: RankParams = DEFAULT_PARAMS): Concept[] {
  const words = splitWords(question);
  const meaningful = words.filter((word) => !isStopword(word));
  const chosen = meaningful.length > 0 ? meaningful : words;
  const concepts = new Map<string, Concept>();
  for (const word of chosen) {
    const own = term(word);
    if (concepts.has(own)) continue;
    const alternatives: Alternative[] = [];
    const ownId = index.termId(own);
    const add = (id: number | undefined, weight: number) => {
      if (id === undefined) return;
      const existing = alternatives.find((alternative) => alternative.term === id);
      if (!existing) alternatives.push({ term: id, weight });
      else existing.weight = Math.max(existing.weight, weight);
    };
    add(ownId, 1);
    for (const id of index.relatives(own)) add(id, params.family);
    for (const synonym of synonymsOf(own)) {
      add(index.termId(synonym), params.synonym);
      for (const id of index.relatives(synonym)) add(id, params.synonym * params.family);
    }
    if (alternatives.length > 0) concepts.set(own, { word: own, alternatives });
  }
  return [...concepts.values()];
}

export interface RankedDocument {
  doc: number;
  score: number;
}

/** Documents answering the question, best first; `accept` filters by file. */
export function rank(index: SemanticIndex, concepts: Concept[], limit: number, accept: (file: string) => boolean, params: RankParams = DEFAULT_PARAMS): RankedDocument[] {
  if (concepts.length === 0 || index.liveDocs === 0) return [];
  const size = index.docs.length;
  const total = new Float64Array(size);
  const covered = new Uint8Array(size);
  const best = new Float64Array(size);
  const touched: number[] = [];
  const averages = Array.from({ length: FIELD_COUNT }, (_, field) => Math.max(1, index.lengthSums[field] / index.liveDocs));
  const n = index.liveDocs;
  const tf = new Float64Array(8);
  for (const concept of concepts) {
    for (const alternative of concept.alternatives) {
      const df = index.documentFrequency(alternative.term);
      if (df === 0) continue;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      index.postings(alternative.term, (doc, low, high) => {
        tf[0] = low & 255;
        tf[1] = (low >>> 8) & 255;
        tf[2] = (low >>> 16) & 255;
        tf[3] = (low >>> 24) & 255;
        tf[4] = high & 255;
        tf[5] = (high >>> 8) & 255;
        tf[6] = (high >>> 16) & 255;
        tf[7] = (high >>> 24) & 255;
        const lengths = index.docs[doc]!.lengths;
        let weighted = 0;
        for (let field = 0; field < FIELD_COUNT; field++) {
          if (tf[field] === 0) continue;
          const norm = 1 - params.b[field] + (params.b[field] * lengths[field]) / averages[field];
          weighted += (params.weights[field] * tf[field]) / norm;
        }
        const score = (alternative.weight * idf * weighted * (params.k1 + 1)) / (params.k1 + weighted);
        if (best[doc] === 0) touched.push(doc);
        if (score > best[doc]) best[doc] = score;
      });
    }
    for (const doc of touched) {
      total[doc] += best[doc];
      covered[doc]++;
      best[doc] = 0;
    }
    touched.length = 0;
  }
  const candidates: RankedDocument[] = [];
  for (let doc = 0; doc < size; doc++) {
    if (covered[doc] === 0) continue;
    const info = index.docs[doc]!;
    if (!accept(info.file)) continue;
    let score = total[doc] * Math.pow(covered[doc] / concepts.length, params.coverage);
    if (info.test) score *= params.test;
    candidates.push({ doc, score });
  }
  candidates.sort((a, b) => b.score - a.score || tieBreak(index, a.doc, b.doc));
  const head = candidates.slice(0, Math.max(limit, params.rerank));
  for (const candidate of head) candidate.score += callerEvidence(index, candidate.doc, concepts, params);
  head.sort((a, b) => b.score - a.score || tieBreak(index, a.doc, b.doc));
  return head.slice(0, limit);
}

/** How strongly the names of a document's callers match the question's concepts. */
function callerEvidence(index: SemanticIndex, doc: number, concepts: Concept[], params: RankParams): number {
  if (params.callers === 0) return 0;
  const info = index.docs[doc]!;
  const callers = index.callersOf(info.name).filter((caller) => caller !== doc);
  if (callers.length === 0 || callers.length > params.maxCallers) return 0;
  const n = index.liveDocs;
  let evidence = 0;
  for (const concept of concepts) {
    let found = 0;
    for (const alternative of concept.alternatives) {
      if (alternative.weight <= found) continue;
      if (callers.some((caller) => nameHas(index, caller, alternative.term))) {
        const df = index.documentFrequency(alternative.term);
        found = alternative.weight * Math.log(1 + (n - df + 0.5) / (df + 0.5));
      }
    }
    evidence += found;
  }
  return evidence * params.callers * params.weights[0] / (params.k1 + 1);
}

/** Whether a document's name field holds the term (its entries are sorted by term id). */
function nameHas(index: SemanticIndex, doc: number, termId: number): boolean {
  const entries = index.docs[doc]!.entries;
  let low = 0;
  let high = entries.length / 3 - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const at = entries[mid * 3];
    if (at === termId) return (entries[mid * 3 + 1] & 255) > 0;
    if (at < termId) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

function tieBreak(index: SemanticIndex, a: number, b: number): number {
  const x = index.docs[a]!;
  const y = index.docs[b]!;
  return x.file < y.file ? -1 : x.file > y.file ? 1 : x.line - y.line;
}
