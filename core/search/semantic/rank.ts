// Ranking for the semantic tier. A question becomes concepts: one per phrase of the lexicon it
// holds ("give up" → timeout, deadline), a weak one per stopword that names what code does ("where
// … null" → `whereNull`: terms.ts NAME_WORDS), one per other meaningful word, reaching its own term and,
// at a discount, its family, its near-synonyms (lexicon.ts) and the compounds it forms with a
// neighbour ("file name" → `filename`) or with a word a few words on ("read … until" →
// `readuntil`); a term belongs to the one concept that reaches it strongest. A document scores
// BM25F per concept — term frequencies of all fields weighted and length-normalised per field, then
// saturated once — taking a concept's best alternative only, so a synonym never counts twice.
// Documents that cover more of the question's concepts are preferred (a concept reached through a
// synonym covers it only as much as the synonym weighs), the more so where the concepts sit in what
// a document says it is (its name, its first doc sentence); test code and constructors are
// discounted, and classes when the question asks for an action rather than a thing. That ranking
// is fused, rank by rank, with the same ranking over what definitions say they are and do (their
// name, context, signature and doc, not their body): a long body brushes many words of any
// question. The call graph speaks through the names a definition calls (a field of its own) and
// the names of its callers: only a definition called from a few places (DEFAULT_PARAMS.maxCallers),
// since callers are found by the callee's simple name, which many definitions share (with up to 30
// they misled more than they helped).
import { FIELD_COUNT } from './documents.js';
import type { SemanticIndex } from './semantic-index.js';
import { PHRASES, SYNONYM_GROUPS } from './lexicon.js';
import { isStopword, NAME_WORDS, splitWords, term } from './terms.js';

export interface RankParams {
  /** Per field (documents.ts FIELDS order): weight and length normalisation. */
  weights: number[];
  b: number[];
  k1: number;
  /** Weight of a near-synonym relative to the word itself. */
  synonym: number;
  /** Weight of a word a question's phrase stands for ("give up" → timeout). */
  phrase: number;
  /** Weight of two adjacent words of a question written as one ("file name" → `filename`). */
  compound: number;
  /** Weight of two meaningful words a few words apart written as one ("read … until" → `readuntil`). */
  farCompound: number;
  /** Weight of another term of the word's derivational family (`parser` for "parse"). */
  family: number;
  /** Weight of a question's stopword that names what definitions do (terms.ts NAME_WORDS: "where … null" → `whereNull`). */
  nameWord: number;
  /** Exponent of the share of concepts a document covers. */
  coverage: number;
  /** Bonus per share of concepts found where a document says what it is (its name, its first doc sentence). */
  defining: number;
  /** Factor for documents in test code. */
  test: number;
  /** Factor for internal documents (unexported, private, nested): questions mostly ask for a module's surface. */
  internal: number;
  /** Factor for constructors: what a class does is asked of the class (or of its other methods). */
  constructors: number;
  /** Factor for classes when the question asks for an action, not a thing (questionForm()): an action is a function's or method's. */
  actionClasses: number;
  /** Factor for predicates (isValid, has_key, `-> bool`) when the question asks yes or no ("is a date …", "are two …"). */
  predicates: number;
  /** Weight of a concept found in a caller's name, relative to the name field. */
  callers: number;
  /** Callers considered at most per document: a name called from many places says nothing. */
  maxCallers: number;
  /** Documents the constructor discount and the caller evidence are applied to (the head of the ranking). */
  rerank: number;
  /**
   * Weight of the ranking by what definitions say they do (their described fields alone) fused
   * with the ranking by all their fields (weight 1); 0 ranks by all fields alone.
   */
  described: number;
  /** The constant of reciprocal-rank fusion: the larger, the less the first places of each ranking stand out. */
  fusion: number;
}

export const DEFAULT_PARAMS: RankParams = {
  //        name context signature summary doc body text calls
  weights: [0.3125, 0.1875, 0.75, 0.375, 1.5, 1.0, 0.3, 2.25],
  b: [1.0, 0.5, 1.0, 1.0, 0.8, 0.6, 0.4, 0.5],
  k1: 1.2,
  synonym: 0.4,
  phrase: 0.6,
  compound: 0.7,
  farCompound: 0.7,
  family: 0.9,
  nameWord: 0.6,
  coverage: 1.0,
  defining: 0.2,
  test: 0.3,
  internal: 0.75,
  constructors: 0.75,
  actionClasses: 0.6,
  predicates: 1.5,
  callers: 0.6,
  maxCallers: 3,
  rerank: 100,
  described: 0.5,
  fusion: 10,
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

interface Phrase {
  terms: string[];
  words: string[];
  key: string;
}

let phrasesByFirst: Map<string, Phrase[]> | undefined;

/** The lexicon's phrases by their first term, longest first. */
function phrasesStarting(first: string): Phrase[] {
  if (!phrasesByFirst) {
    phrasesByFirst = new Map();
    for (const [text, words] of PHRASES) {
      const terms = splitWords(text).map(term);
      const list = phrasesByFirst.get(terms[0]) ?? [];
      list.push({ terms, words, key: `"${text}"` });
      phrasesByFirst.set(terms[0], list.sort((a, b) => b.terms.length - a.terms.length));
    }
  }
  return phrasesByFirst.get(first) ?? [];
}

/** Collects a concept's alternatives, each term once at its highest weight. */
function alternativesOf(spread: (add: (id: number | undefined, weight: number) => void) => void): Alternative[] {
  const byTerm = new Map<number, number>();
  spread((id, weight) => {
    if (id !== undefined && weight > (byTerm.get(id) ?? 0)) byTerm.set(id, weight);
  });
  return [...byTerm].map(([term, weight]) => ({ term, weight }));
}

/**
 * A word's own term, its family and its near-synonyms with theirs, as the index knows them;
 * memoised per index version (questions repeat their words).
 */
const expansions = new WeakMap<SemanticIndex, { version: number; params: RankParams; words: Map<string, Alternative[]> }>();

function expansionOf(index: SemanticIndex, own: string, params: RankParams): Alternative[] {
  let memo = expansions.get(index);
  if (!memo || memo.version !== index.version || memo.params !== params || memo.words.size > 4096) {
    memo = { version: index.version, params, words: new Map() };
    expansions.set(index, memo);
  }
  let found = memo.words.get(own);
  if (!found) {
    found = alternativesOf((add) => {
      add(index.termId(own), 1);
      for (const id of index.relatives(own)) add(id, params.family);
      for (const synonym of synonymsOf(own)) {
        add(index.termId(synonym), params.synonym);
        for (const id of index.relatives(synonym)) add(id, params.synonym * params.family);
      }
    });
    memo.words.set(own, found);
  }
  return found;
}

/** Phrases of the lexicon in a question's terms, longest first where two start at one word. */
function phrasesIn(wordTerms: string[]): { at: number; phrase: Phrase }[] {
  const found: { at: number; phrase: Phrase }[] = [];
  for (let at = 0; at < wordTerms.length; at++) {
    const phrase = phrasesStarting(wordTerms[at]).find((p) => p.terms.every((t, i) => wordTerms[at + i] === t));
    if (!phrase) continue;
    found.push({ at, phrase });
    at += phrase.terms.length - 1;
  }
  return found;
}

/**
 * Terms of two words of a question written as one in code, per word of the pair, with their
 * weight: adjacent words ("real name" → `realname`, "starts with" → `startswith`) at
 * `compound`, the first not a stopword ("the file"); two meaningful words a few words apart
 * ("read bytes … until" → `readuntil`) at `farCompound`, names gluing a verb to its object or
 * condition across the question's other words.
 */
function compoundsIn(index: SemanticIndex, words: string[], wordTerms: string[], params: RankParams): Alternative[][] {
  const compounds = words.map((): Alternative[] => []);
  const join = (first: number, second: number, weight: number) => {
    for (const joined of new Set([words[first] + words[second], wordTerms[first] + words[second]])) {
      const id = index.termId(term(joined));
      if (id === undefined) continue;
      compounds[first].push({ term: id, weight });
      compounds[second].push({ term: id, weight });
    }
  };
  for (let at = 0; at + 1 < words.length; at++) if (!isStopword(words[at])) join(at, at + 1, params.compound);
  if (params.farCompound > 0) {
    const meaningful = words.map((_, at) => at).filter((at) => !isStopword(words[at]));
    for (let i = 0; i < meaningful.length; i++) {
      for (let j = i + 1; j < meaningful.length && j <= i + FAR_COMPOUND_SPAN; j++) {
        if (meaningful[j] > meaningful[i] + 1) join(meaningful[i], meaningful[j], params.farCompound);
      }
    }
  }
  return compounds;
}

/** How many meaningful words apart two words of a far compound may be. */
const FAR_COMPOUND_SPAN = 3;

/** Shortest part of a word split in two (`metacharacters` → meta, characters). */
const MIN_PART = 3;

/**
 * The terms of a word the index does not know, written as two words it knows ("metacharacters"
 * for docs that say "meta characters", "lookup" for `look_up`): the most even split wins.
 */
function partsOf(index: SemanticIndex, word: string, own: string): number[] {
  if (word.length < 2 * MIN_PART || index.termId(own) !== undefined) return [];
  let found: number[] = [];
  let balance = 0;
  for (let cut = MIN_PART; cut <= word.length - MIN_PART; cut++) {
    const left = word.slice(0, cut);
    const right = word.slice(cut);
    if (isStopword(left) || isStopword(right)) continue;
    const ids = [index.termId(term(left)), index.termId(term(right))];
    const shorter = Math.min(cut, word.length - cut);
    if (ids[0] !== undefined && ids[1] !== undefined && shorter > balance) {
      found = ids as number[];
      balance = shorter;
    }
  }
  return found;
}

/**
 * The concepts of a question that the index knows at least one word of: one per phrase of the
 * lexicon found in it, then one per other meaningful word — its own term, its family, its
 * near-synonyms and the compounds it forms with a neighbour.
 */
export function parseQuestion(index: SemanticIndex, question: string, params: RankParams = DEFAULT_PARAMS): Concept[] {
  const words = splitWords(question);
  const wordTerms = words.map(term);
  const concepts = new Map<string, Concept>();
  const inPhrase = new Uint8Array(words.length);
  for (const { at, phrase } of phrasesIn(wordTerms)) {
    inPhrase.fill(1, at, at + phrase.terms.length);
    const alternatives = alternativesOf((add) => {
      for (const word of phrase.words) {
        const own = term(word);
        add(index.termId(own), params.phrase);
        for (const id of index.relatives(own)) add(id, params.phrase * params.family);
      }
    });
    if (alternatives.length > 0) concepts.set(phrase.key, { word: phrase.key, alternatives });
  }
  const compounds = compoundsIn(index, words, wordTerms, params);
  words.forEach((word, at) => compounds[at].push(...partsOf(index, word, wordTerms[at]).map((id) => ({ term: id, weight: params.compound }))));
  const free = words.map((word, at) => ({ word, at })).filter(({ at }) => inPhrase[at] === 0);
  const meaningful = free.filter(({ word }) => !isStopword(word));
  // `where`, `null`, `each` say nothing in prose but name what a definition does (`whereNull`, `forEach`).
  if (params.nameWord > 0) {
    for (const { word } of free) {
      const id = NAME_WORDS.has(word) ? index.termId(term(word)) : undefined;
      if (id !== undefined && !concepts.has(word)) concepts.set(word, { word, alternatives: [{ term: id, weight: params.nameWord }] });
    }
  }
  // A question made of stopwords alone must still match something.
  const chosen = meaningful.length > 0 || concepts.size > 0 ? meaningful : free;
  for (const { word, at } of chosen) {
    const own = term(word);
    if (concepts.has(own)) continue;
    const alternatives = alternativesOf((add) => {
      for (const { term, weight } of expansionOf(index, own, params)) add(term, weight);
      for (const { term, weight } of compounds[at]) add(term, weight);
    });
    if (alternatives.length > 0) concepts.set(own, { word: own, alternatives });
  }
  return exclusive([...concepts.values()]);
}

/**
 * Each term stays with the concept that reaches it strongest: "ends … completed" must not count
 * `complete` twice, once as itself and once as a near-synonym of "end". Alternatives come out
 * strongest first (rank() relies on it).
 */
function exclusive(concepts: Concept[]): Concept[] {
  const strongest = new Map<number, number>();
  for (const concept of concepts) {
    for (const { term, weight } of concept.alternatives) strongest.set(term, Math.max(strongest.get(term) ?? 0, weight));
  }
  return concepts
    .map((concept) => ({
      ...concept,
      alternatives: concept.alternatives.filter(({ term, weight }) => weight >= strongest.get(term)!).sort((a, b) => b.weight - a.weight),
    }))
    .filter((concept) => concept.alternatives.length > 0);
}

/**
 * What a question asks for: a thing ("a lock that …", "the class that …"), an action ("parse …",
 * "where do we …"), or a yes or no ("is the date in the future"), which a predicate answers.
 */
export type QuestionForm = 'thing' | 'action' | 'yes-no';

const THING = /^\s*(a|an|the)\s|\b(class|classes|struct|structs|type|types|interface|interfaces|enum|enums|trait|traits)\b/i;

/**
 * A question that opens with an article describes a thing, a type ("a subject that holds the
 * current value"), as does one that names a kind of type; any other (an imperative, a
 * wh-question) asks for something done, which functions and methods do.
 */
export function questionForm(question: string): QuestionForm {
  if (YES_NO.test(question)) return 'yes-no';
  return THING.test(question) ? 'thing' : 'action';
}

/**
 * A question answered yes or no ("is a date in the future", "are two values equal", "check that
 * a value is a date"): what answers it is a predicate, which is an action too.
 */
const YES_NO = /^\s*(is|are|does|do|has|have|can|could|should|will|was|were|whether)\b|^\s*(check|tell|test|see|find out|know) (if|whether|that)\b/i;
/** A predicate: named as one in any casing (`isValid`, `has_key`, `Contains`), or declared to return a boolean. */
const PREDICATE_NAME = /^([iI]s|[aA]re|[hH]as|[hH]ave|[cC]an|[sS]hould|[dD]oes|[cC]ontains?|[eE]xists?|[iI]ncludes?|[eE]quals?|[mM]atches|[vV]alid|[wW]ithin)([A-Z_]|$)/;
const BOOLEAN_RESULT = /:\s*boolean\b|->\s*bool\b|\)\s*bool\s*(\{|$)|\bboolean\s+\w+\s*\(|\bbool\s+\w+\s*\(/;

function isPredicate(info: { name: string; signature: string }): boolean {
  return PREDICATE_NAME.test(info.name) || BOOLEAN_RESULT.test(info.signature);
}

export interface RankedDocument {
  doc: number;
  score: number;
}

/** Per-index working memory of rank(): reused across queries, sized to the index. */
interface Scratch {
  total: Float64Array;
  best: Float64Array;
  /** The same, from the described fields alone. */
  totalDescribed: Float64Array;
  bestDescribed: Float64Array;
  /** Per document, the concepts it holds, each counted by the weight of the strongest alternative that reached it. */
  covered: Float32Array;
  /** The same for the concepts found in its name or first doc sentence. */
  defining: Float32Array;
  /** Per document, the last concept (by `stamp`) counted in `defining`. */
  definingStamp: Int32Array;
  /** Bumped per concept ranked, so that `definingStamp` needs no clearing. */
  stamp: number;
  /** The documents that passed `accept`, with their scores over all fields and over the described ones; `work` for selecting the best. */
  candidates: Int32Array;
  wholeScores: Float64Array;
  describedScores: Float64Array;
  work: Float64Array;
  /** Per document and field: the field's weight over its length normalisation (BM25F). */
  scale: Float32Array;
  /** The index version and parameters `scale` was computed for. */
  version: number;
  params: RankParams | undefined;
}

const scratches = new WeakMap<SemanticIndex, Scratch>();

function scratchFor(index: SemanticIndex, params: RankParams): Scratch {
  const size = index.docs.length;
  let scratch = scratches.get(index);
  if (!scratch || scratch.total.length < size) {
    const capacity = Math.max(64, Math.ceil(size * 1.25));
    scratch = {
      total: new Float64Array(capacity), best: new Float64Array(capacity),
      totalDescribed: new Float64Array(capacity), bestDescribed: new Float64Array(capacity), covered: new Float32Array(capacity),
      defining: new Float32Array(capacity), definingStamp: new Int32Array(capacity), stamp: 0,
      candidates: new Int32Array(capacity), wholeScores: new Float64Array(capacity), describedScores: new Float64Array(capacity), work: new Float64Array(capacity),
      scale: new Float32Array(capacity * FIELD_COUNT), version: -1, params: undefined,
    };
    scratches.set(index, scratch);
  }
  if (scratch.version !== index.version || scratch.params !== params) {
    const averages = Array.from({ length: FIELD_COUNT }, (_, field) => Math.max(1, index.lengthSums[field] / Math.max(1, index.liveDocs)));
    for (let doc = 0; doc < size; doc++) {
      const lengths = index.docs[doc]?.lengths;
      if (!lengths) continue;
      for (let field = 0; field < FIELD_COUNT; field++) {
        // An empty field holds no term (and with b = 1 its normalisation would be 0).
        scratch.scale[doc * FIELD_COUNT + field] =
          lengths[field] === 0 ? 0 : params.weights[field] / (1 - params.b[field] + (params.b[field] * lengths[field]) / averages[field]);
      }
    }
    scratch.version = index.version;
    scratch.params = params;
  }
  return scratch;
}

function idfOf(index: SemanticIndex, term: number): number {
  const n = index.liveDocs;
  const df = index.documentFrequency(term);
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** The fields that say what a definition is (name, first doc sentence), in the low word of a posting's counts. */
const DEFINING_FIELDS = 0xff | (0xff << 24);

/** What scan() reads and writes: the scratch arrays, the alternative being read, the documents found so far. */
interface Scan {
  docs: SemanticIndex['docs'];
  scale: Float32Array;
  best: Float64Array;
  bestDescribed: Float64Array;
  covered: Float32Array;
  defining: Float32Array;
  definingStamp: Int32Array;
  /** Every document that matched any concept; `touched` those of the current concept. */
  matched: number[];
  touched: number[];
  k1: number;
  /** The alternative's weight, and its weight × idf × (k1 + 1). */
  weight: number;
  factor: number;
  stamp: number;
}

/**
 * Scores the postings [from, to) of one alternative (triplets [doc, tfLow, tfHigh]) for the
 * current concept: BM25F — field frequencies weighted and normalised per field, then saturated
 * once — keeping each document's best alternative, over all fields and over the described ones
 * alone. Alternatives come strongest first, so the first to reach a document reaches it
 * strongest: that weight counts towards its coverage.
 */
function scan(postings: Int32Array | readonly number[], from: number, to: number, s: Scan): void {
  const { docs, scale, best, bestDescribed, covered, defining, definingStamp, matched, touched, k1, weight, factor, stamp } = s;
  for (let i = from; i < to; i += 3) {
    const doc = postings[i];
    if (docs[doc] === undefined) continue;
    const low = postings[i + 1];
    const high = postings[i + 2];
    const at = doc * FIELD_COUNT;
    // The described fields (name, context, signature, summary, doc), then the others (body, text, calls).
    const described =
      (low & 255) * scale[at] + ((low >>> 8) & 255) * scale[at + 1] + ((low >>> 16) & 255) * scale[at + 2] +
      ((low >>> 24) & 255) * scale[at + 3] + (high & 255) * scale[at + 4];
    const weighted = described + ((high >>> 8) & 255) * scale[at + 5] + ((high >>> 16) & 255) * scale[at + 6] + ((high >>> 24) & 255) * scale[at + 7];
    const score = (factor * weighted) / (k1 + weighted);
    const scoreDescribed = (factor * described) / (k1 + described);
    if (scoreDescribed > bestDescribed[doc]) bestDescribed[doc] = scoreDescribed;
    if (best[doc] === 0) {
      if (covered[doc] === 0) matched.push(doc);
      touched.push(doc);
      covered[doc] += weight;
    }
    if (score > best[doc]) best[doc] = score;
    if ((low & DEFINING_FIELDS) !== 0 && definingStamp[doc] !== stamp) {
      definingStamp[doc] = stamp;
      defining[doc] += weight;
    }
  }
}

/** Documents answering the question, best first; `accept` filters by file. */
export function rank(
  index: SemanticIndex,
  concepts: Concept[],
  limit: number,
  accept: (file: string) => boolean,
  form: QuestionForm = 'thing',
  params: RankParams = DEFAULT_PARAMS,
): RankedDocument[] {
  if (concepts.length === 0 || index.liveDocs === 0) return [];
  const scratch = scratchFor(index, params);
  const { total, best, totalDescribed, bestDescribed, covered, defining, definingStamp } = scratch;
  const docs = index.docs;
  const state: Scan = {
    docs, scale: scratch.scale, best, bestDescribed, covered, defining, definingStamp, matched: [], touched: [], k1: params.k1, weight: 0, factor: 0, stamp: 0,
  };
  const { matched, touched } = state;
  for (const concept of concepts) {
    if (scratch.stamp === 0x7fffffff) {
      definingStamp.fill(0);
      scratch.stamp = 0;
    }
    state.stamp = ++scratch.stamp;
    for (const alternative of concept.alternatives) {
      if (index.documentFrequency(alternative.term) === 0) continue;
      state.weight = alternative.weight;
      state.factor = alternative.weight * idfOf(index, alternative.term) * (params.k1 + 1);
      const { compact, start, end, delta } = index.postingsOf(alternative.term);
      scan(compact, start, end, state);
      scan(delta, 0, delta.length, state);
    }
    for (const doc of touched) {
      total[doc] += best[doc];
      best[doc] = 0;
      totalDescribed[doc] += bestDescribed[doc];
      bestDescribed[doc] = 0;
    }
    touched.length = 0;
  }
  // Candidates go to scratch arrays, not objects: only the heads of the rankings become objects.
  const { candidates, wholeScores, describedScores } = scratch;
  let count = 0;
  for (const doc of matched) {
    const info = docs[doc]!;
    let factor = Math.pow(covered[doc] / concepts.length, params.coverage) * (1 + (params.defining * defining[doc]) / concepts.length);
    const whole = total[doc];
    const described = totalDescribed[doc];
    defining[doc] = 0;
    total[doc] = 0;
    totalDescribed[doc] = 0;
    covered[doc] = 0;
    if (!accept(info.file)) continue;
    if (info.test) factor *= params.test;
    if (info.internal) factor *= params.internal;
    if (info.kind === 'class' && form !== 'thing') factor *= params.actionClasses;
    if (form === 'yes-no' && isPredicate(info)) factor *= params.predicates;
    candidates[count] = doc;
    wholeScores[count] = whole * factor;
    describedScores[count++] = described * factor;
  }
  const depth = Math.max(limit, params.rerank);
  // Both heads mostly hold the same documents: their callers are read once.
  const evidence = new Map<number, number>();
  const head = reranked(index, topCandidates(scratch, wholeScores, count, depth, index), concepts, form, params, evidence);
  if (params.described === 0) return head.slice(0, limit);
  const describedHead = reranked(index, topCandidates(scratch, describedScores, count, depth, index), concepts, form, params, evidence);
  return fuse(index, head, describedHead, params).slice(0, limit);
}

/** The head of a ranking with its constructors discounted and its caller evidence (memoised in `evidence`) added, in order. */
function reranked(
  index: SemanticIndex,
  head: RankedDocument[],
  concepts: Concept[],
  form: QuestionForm,
  params: RankParams,
  evidence: Map<number, number>,
): RankedDocument[] {
  // A constructor stands for its class: it counts as the class does, and less.
  const constructors = params.constructors * (form === 'thing' ? 1 : params.actionClasses);
  for (const candidate of head) {
    if (isConstructor(index.docs[candidate.doc]!)) candidate.score *= constructors;
    let found = evidence.get(candidate.doc);
    if (found === undefined) evidence.set(candidate.doc, (found = callerEvidence(index, candidate.doc, concepts, params)));
    candidate.score += found;
  }
  return head.sort((a, b) => b.score - a.score || tieBreak(index, a.doc, b.doc));
}

/**
 * Reciprocal-rank fusion of the ranking by all fields with the ranking by what definitions say
 * they do. Bodies are strong evidence — much code has no doc — but a long body brushes many
 * words of any question (a scheduler's core names jobs, workers, threads and pools); a definition
 * whose own description answers the question climbs, one that only uses its words falls back.
 * Ranks, not scores, are fused, as the two scales differ; equal scores share a rank. A document
 * first in both scores 1.
 */
function fuse(index: SemanticIndex, whole: RankedDocument[], described: RankedDocument[], params: RankParams): RankedDocument[] {
  const scale = (params.fusion + 1) / (1 + params.described);
  // Per document: its fused score, and its place in the ranking by all fields (ties keep that order).
  const fused: { doc: number; score: number; at: number }[] = [];
  const entryOf = new Map<number, { doc: number; score: number; at: number }>();
  const add = (ranking: RankedDocument[], weight: number) => {
    let place = 0;
    for (let at = 0; at < ranking.length; at++) {
      const { doc, score } = ranking[at];
      if (at === 0 || score < ranking[at - 1].score) place = at + 1;
      let entry = entryOf.get(doc);
      if (!entry) {
        entry = { doc, score: 0, at: fused.length };
        entryOf.set(doc, entry);
        fused.push(entry);
      }
      entry.score += (weight * scale) / (params.fusion + place);
    }
  };
  add(whole, 1);
  add(described, params.described);
  return fused.sort((a, b) => b.score - a.score || a.at - b.at || tieBreak(index, a.doc, b.doc));
}

/** Constructors by name: JS/TS, Python, Swift/Objective-C, Ruby, PHP, and Rust's `new` (its constructor by convention). */
const CONSTRUCTOR = /^(constructor|__init__|__new__|init|initialize|__construct|new)$/;

/** A constructor: it sets its class up, and what the class does is asked of the class. */
function isConstructor(info: { kind: string; name: string; qualified_name: string }): boolean {
  if (info.kind !== 'method') return false;
  if (CONSTRUCTOR.test(info.name)) return true;
  const owner = info.qualified_name.slice(0, -info.name.length - 1);
  return owner.slice(owner.lastIndexOf('.') + 1) === info.name;
}

/** The `count` best of the first `size` candidates by `scores` (parallel to scratch.candidates), in order, sorting only those that can make it. */
function topCandidates(scratch: Scratch, scores: Float64Array, size: number, count: number, index: SemanticIndex): RankedDocument[] {
  let threshold = -Infinity;
  if (size > count) {
    const work = scratch.work.subarray(0, size);
    work.set(scores.subarray(0, size));
    threshold = kthLargest(work, count);
  }
  const kept: RankedDocument[] = [];
  // A document with no score in a ranking (no described field matched) is not part of it.
  for (let i = 0; i < size; i++) if (scores[i] > 0 && scores[i] >= threshold) kept.push({ doc: scratch.candidates[i], score: scores[i] });
  return kept.sort((a, b) => b.score - a.score || tieBreak(index, a.doc, b.doc)).slice(0, count);
}

/** The k-th largest value (1-based), by quickselect; reorders `values`. */
function kthLargest(values: Float64Array, k: number): number {
  const target = values.length - k;
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >> 1];
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const swap = values[i];
        values[i] = values[j];
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else return values[target];
  }
  return values[target];
}

/** How strongly the names of a document's callers match the question's concepts. */
function callerEvidence(index: SemanticIndex, doc: number, concepts: Concept[], params: RankParams): number {
  if (params.callers === 0) return 0;
  const info = index.docs[doc]!;
  const listed = index.callersOf(info.name);
  // A name called from everywhere (`get`, `next`) says nothing about the callee.
  if (listed.length === 0 || listed.length > params.maxCallers * 2) return 0;
  const callers = listed.filter((caller) => caller !== doc && index.docs[caller] !== undefined);
  if (callers.length === 0 || callers.length > params.maxCallers) return 0;
  const names = new Set<number>();
  for (const caller of callers) for (const term of nameTerms(index, caller)) names.add(term);
  let evidence = 0;
  for (const concept of concepts) {
    let strongest = 0;
    for (const alternative of concept.alternatives) {
      if (names.has(alternative.term)) strongest = Math.max(strongest, alternative.weight * idfOf(index, alternative.term));
    }
    evidence += strongest;
  }
  return (evidence * params.callers * params.weights[0]) / (params.k1 + 1);
}

const nameTermCache = new WeakMap<object, number[]>();

/** The terms of a document's name field (cached per document record). */
function nameTerms(index: SemanticIndex, doc: number): number[] {
  const info = index.docs[doc]!;
  let found = nameTermCache.get(info);
  if (!found) {
    found = [];
    for (let i = 0; i < info.entries.length; i += 3) if ((info.entries[i + 1] & 255) > 0) found.push(info.entries[i]);
    nameTermCache.set(info, found);
  }
  return found;
}

function tieBreak(index: SemanticIndex, a: number, b: number): number {
  const x = index.docs[a]!;
  const y = index.docs[b]!;
  return x.file < y.file ? -1 : x.file > y.file ? 1 : x.line - y.line;
}
