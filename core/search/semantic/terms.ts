// From text to index terms: identifiers split into words (camelCase, snake_case, acronyms,
// digits), lower-cased, abbreviations spelled out, light stemming (inflections only: plurals,
// -ed, -ing, a final -e), and words that carry no meaning in code or questions dropped. Queries
// and documents go through the same steps, so a question's "parsing URLs" meets `parseUrl`.
import { ABBREVIATIONS } from './abbreviations.js';

/** Words too common in code and in questions to tell documents apart. */
const STOPWORDS = new Set([
  // English function words
  'a', 'an', 'the', 'and', 'or', 'but', 'nor', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'from', 'into', 'onto',
  'about', 'as', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'it', 'its', 'this', 'that', 'these', 'those',
  'there', 'here', 'we', 'i', 'you', 'he', 'she', 'they', 'them', 'our', 'us', 'your', 'my', 'me', 'his', 'her', 'their',
  'do', 'does', 'did', 'done', 'doing', 'have', 'has', 'had', 'having', 'will', 'would', 'shall', 'should', 'can', 'could',
  'may', 'might', 'must', 'so', 'such', 'than', 'then', 'too', 'very', 'just', 'also', 'only', 'own', 'same', 'other',
  'some', 'any', 'each', 'both', 'few', 'more', 'most', 'much', 'many', 'what', 'which', 'who', 'whom', 'whose', 'where',
  'when', 'why', 'how', 'if', 'else', 'not', 'no', 'yes', 'via', 'per', 'etc', 'eg', 'ie', 'one', 'ones', 'way', 'thing',
  'things', 'something', 'somewhere', 'anything', 'whether', 'while', 'because', 'since', 'though', 'although', 'either',
  'neither', 'need', 'needs', 'want', 'wants', 'like', 'able',
  // words of questions about code
  'code', 'function', 'functions', 'method', 'methods', 'implementation', 'implement', 'implements', 'implemented',
  'find', 'show', 'tell', 'give', 'gives', 'given', 'use', 'used', 'uses', 'using', 'called', 'call', 'calls', 'happen',
  'happens', 'work', 'works', 'somehow', 'project', 'codebase', 'logic', 'responsible', 'defined', 'define', 'located',
  // names and keywords of the supported languages that say nothing in code or in questions; keywords
  // that are also words of questions (catch, throw, await, yield, switch, default, try) stay terms:
  // they name behaviour in names (`catchError`, `switchMap`), prose and bodies alike
  'self', 'cls', 'const', 'let', 'var', 'def', 'fn', 'func', 'fun', 'return', 'returns', 'new', 'null', 'nil', 'none',
  'undefined', 'true', 'false', 'void', 'class', 'elif', 'typeof', 'instanceof', 'interface', 'struct', 'pub', 'crate',
  'this', 'int', 'bool', 'boolean', 'char', 'unsigned', 'unknown', 'ok', 'kwargs', 'opts', 'ret', 'fmt', 'println', 'printf',
]);

/**
 * Stopwords that say what a definition does when its name holds them (`whereNull`, `isNotEmpty`,
 * `forEach`, `ifExists`): kept in names, and a question's such words are weak concepts.
 */
export const NAME_WORDS = new Set(['where', 'null', 'none', 'nil', 'undefined', 'not', 'each', 'every', 'if', 'true', 'false']);

/** The index terms of a definition's name: as terms() gives them, and its NAME_WORDS. */
export function definitionNameTerms(name: string): number[] {
  const out: number[] = [];
  for (const word of splitWords(name)) if (!STOPWORDS.has(word) || NAME_WORDS.has(word)) out.push(termId(term(word)));
  return out;
}

/** Stopwords stay searchable when they are the whole query (a question made of them must still match something). */
export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

const WORD = /[A-Za-z][A-Za-z0-9]*|[0-9]+/g;

/**
 * Words of an identifier or a stretch of prose: `parseHTTPResponse2` → parse, http, response;
 * `read_until` → read, until. Lower-cased; digits and one-letter pieces dropped.
 */
export function splitWords(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const token = match[0];
    if (/^[0-9]/.test(token)) continue;
    // Acronym runs end one letter before a capitalised word: HTTPResponse → HTTP, Response.
    const pieces = token.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').replace(/([A-Za-z])([0-9]+)/g, '$1 ').split(' ');
    for (const piece of pieces) if (piece.length > 1) out.push(piece.toLowerCase());
  }
  return out;
}

const stems = new Map<string, string>();

/** The index term of a lower-case word: abbreviation spelled out, then stemmed. Memoised. */
export function term(word: string): string {
  let stemmed = stems.get(word);
  if (stemmed === undefined) {
    stemmed = stem(ABBREVIATIONS.get(word) ?? word);
    if (stems.size < 200_000) stems.set(word, stemmed);
  }
  return stemmed;
}

// ── term ids: one dictionary per process, shared by every index in it ────────────────────────

const ids = new Map<string, number>();
const words: string[] = [];

/** The id of an index term (a new one for a term not seen before). */
export function termId(word: string): number {
  let id = ids.get(word);
  if (id === undefined) {
    id = words.length;
    words.push(word);
    ids.set(word, id);
  }
  return id;
}

/** The id of a term seen before, or undefined. */
export function knownTermId(word: string): number | undefined {
  return ids.get(word);
}

export function termWord(id: number): string {
  return words[id];
}

/** How many term ids exist: every id is below it. */
export function termCount(): number {
  return words.length;
}

/**
 * Term ids of every token seen (an identifier or a word), found by a hash of its characters in
 * the text, so that a token seen before costs no new string: code repeats its names, prose its words.
 */
interface TokenEntry {
  token: string;
  terms: number[];
}

const tokens = new Map<number, TokenEntry | TokenEntry[]>();
let tokenCount = 0;
const TOKEN_LIMIT = 500_000;

function sameToken(token: string, text: string, start: number, end: number): boolean {
  if (token.length !== end - start) return false;
  for (let i = 0; i < token.length; i++) if (token.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}

/** The term ids of text[start, end) whose FNV-1a hash is `hash`. */
function tokenTerms(text: string, start: number, end: number, hash: number): number[] {
  const found = tokens.get(hash);
  if (found !== undefined) {
    if (!Array.isArray(found)) {
      if (sameToken(found.token, text, start, end)) return found.terms;
    } else {
      for (const entry of found) if (sameToken(entry.token, text, start, end)) return entry.terms;
    }
  }
  const token = text.slice(start, end);
  const entry: TokenEntry = { token, terms: [] };
  for (const word of splitWords(token)) if (!STOPWORDS.has(word)) entry.terms.push(termId(term(word)));
  if (tokenCount < TOKEN_LIMIT) {
    tokenCount++;
    if (found === undefined) tokens.set(hash, entry);
    else if (Array.isArray(found)) found.push(entry);
    else tokens.set(hash, [found, entry]);
  }
  return entry.terms;
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isAlphanumeric(code: number): boolean {
  return isLetter(code) || (code >= 48 && code <= 57);
}

/** Index term ids of a text: split, stopwords dropped, normalised. */
export function terms(text: string): number[] {
  const out: number[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    let code = text.charCodeAt(i);
    if (!isLetter(code)) {
      i++;
      continue;
    }
    let hash = Math.imul(2166136261 ^ code, 16777619);
    let j = i + 1;
    while (j < n && isAlphanumeric((code = text.charCodeAt(j)))) {
      hash = Math.imul(hash ^ code, 16777619);
      j++;
    }
    for (const word of tokenTerms(text, i, j, hash)) out.push(word);
    i = j;
  }
  return out;
}

/** Index term ids of the identifiers at spans[from..to) of `text` (start/end pairs), all but those equal to `skip`. */
export function identifierTerms(text: string, starts: readonly number[], ends: readonly number[], from: number, to: number, skip?: string): number[] {
  const out: number[] = [];
  for (let k = from; k < to; k++) {
    const start = starts[k];
    const end = ends[k];
    if (skip !== undefined && sameToken(skip, text, start, end)) continue;
    let hash = 2166136261;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
    for (const word of tokenTerms(text, start, end, hash)) out.push(word);
  }
  return out;
}

// ── light stemming: Porter's steps for inflections (1a, 1b, 1c) and the final -e (5) ─────────

const VOWEL = /[aeiou]/;

function isConsonant(word: string, i: number): boolean {
  const ch = word[i];
  if (VOWEL.test(ch)) return false;
  if (ch === 'y') return i === 0 || !isConsonant(word, i - 1);
  return true;
}

/** Porter's m: the number of vowel-consonant sequences in the stem. */
function measure(stem: string): number {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && isConsonant(stem, i)) i++;
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) i++;
    if (i >= n) break;
    while (i < n && isConsonant(stem, i)) i++;
    m++;
  }
  return m;
}

function hasVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

/** Ends consonant-vowel-consonant, the last not w, x or y (`hop`, `fil`). */
function endsCvc(stem: string): boolean {
  const n = stem.length;
  if (n < 3) return false;
  const last = stem[n - 1];
  return isConsonant(stem, n - 3) && !isConsonant(stem, n - 2) && isConsonant(stem, n - 1) && !'wxy'.includes(last);
}

function endsDoubleConsonant(stem: string): boolean {
  const n = stem.length;
  return n >= 2 && stem[n - 1] === stem[n - 2] && isConsonant(stem, n - 1);
}

export function stem(word: string): string {
  if (word.length <= 3) return word;
  let w = word;
  // 1a: plurals
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies')) w = w.slice(0, -2);
  else if (!w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is') && w.endsWith('s')) w = w.slice(0, -1);
  // 1b: -eed, -ed, -ing
  let stripped = false;
  if (w.endsWith('eed')) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
  } else if (w.endsWith('ed') && hasVowel(w.slice(0, -2))) {
    w = w.slice(0, -2);
    stripped = true;
  } else if (w.endsWith('ing') && hasVowel(w.slice(0, -3)) && w.length > 5) {
    w = w.slice(0, -3);
    stripped = true;
  }
  if (stripped) {
    if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
    else if (endsDoubleConsonant(w) && !/[lsz]$/.test(w)) w = w.slice(0, -1);
    else if (measure(w) === 1 && endsCvc(w)) w += 'e';
  }
  // 1c: y → i after a vowel-bearing stem
  if (w.endsWith('y') && hasVowel(w.slice(0, -1))) w = `${w.slice(0, -1)}i`;
  // 5: a final -e, and -ll
  if (w.endsWith('e')) {
    const base = w.slice(0, -1);
    const m = measure(base);
    if (m > 1 || (m === 1 && !endsCvc(base))) w = base;
  }
  if (w.endsWith('ll') && measure(w) > 1) w = w.slice(0, -1);
  return w;
}

// ── derivational families ───────────────────────────────────────────────────────────────
// Not the index term (that would merge `user` with `use`): a key that groups the terms of one
// family — `parser` and `pars(e)`, `subscriber` and `subscrib(e)`, `compression` and `compress`,
// `formatter` and `format` — so that a query term reaches its relatives at a discount.

const DERIVATIONAL = ['ment', 'abl', 'ibl', 'ness', 'ion', 'er', 'or'];

const families = new Map<string, string>();

/** The family key of a (light-stemmed) term. */
export function family(lightStem: string): string {
  let found = families.get(lightStem);
  if (found !== undefined) return found;
  let key = lightStem;
  for (const suffix of DERIVATIONAL) {
    if (!lightStem.endsWith(suffix) || lightStem.length - suffix.length < 4) continue;
    key = lightStem.slice(0, -suffix.length);
    // `formatter` → format, `emitter` → emit: the doubled consonant belongs to the suffix.
    if (endsDoubleConsonant(key) && !/[lsz]$/.test(key)) key = key.slice(0, -1);
    break;
  }
  // `timer` → time: the light stem keeps the -e of a short word.
  if (key === lightStem && key.endsWith('er') && key.length >= 5) key = key.slice(0, -1);
  // `validation`, `validator`, `validate` → valid; `generation`, `generate` → gener.
  if (key.endsWith('at') && key.length >= 7) key = key.slice(0, -2);
  if (key.endsWith('e') && key.length > 4) key = key.slice(0, -1);
  if (families.size < 200_000) families.set(lightStem, key);
  return key;
}
