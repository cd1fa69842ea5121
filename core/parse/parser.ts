// Loads web-tree-sitter and grammars lazily, once per thread, and parses source text.
// Grammars are loaded on first use only: loading one right after heavy parsing with another can
// stall while V8 optimises, and most projects touch few languages.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { endianness } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language, Parser, Query, type Tree } from 'web-tree-sitter';
import { TldrError } from '../errors.js';
import type { LanguageId } from '../types.js';
import { languageById } from '../../grammars/languages.js';
import { snapshotDirs, useQuerySnapshots, type RuntimeModule } from './query-snapshots.js';

const require = createRequire(import.meta.url);
const wasmDir = join(dirname(require.resolve('@cursorless/tree-sitter-wasms/package.json')), 'out');

let initialised: Promise<void> | undefined;
const languages = new Map<LanguageId, Promise<Language>>();
const parsers = new Map<LanguageId, Parser>();

/** Loads web-tree-sitter's runtime on this thread (once; every parse and grammar load waits for it). */
export function initParser(): Promise<void> {
  initialised ??= startRuntime();
  return initialised;
}

async function startRuntime(): Promise<void> {
  // Emscripten fills in the object Parser.init is given: it is the runtime's module.
  const module = {} as RuntimeModule & WordAccess;
  await Parser.init(module);
  directWordAccess(module);
  const wasm = readFileSync(require.resolve('web-tree-sitter/web-tree-sitter.wasm'));
  useQuerySnapshots(module, createHash('sha1').update(wasm).digest('hex'), snapshotDirs(fileURLToPath(new URL('../../', import.meta.url))));
}

/** Emscripten's memory accessors, through which web-tree-sitter moves every node across the JS/wasm boundary. */
interface WordAccess {
  HEAP32: Int32Array;
  getValue(ptr: number, type?: string): number;
  setValue(ptr: number, value: number, type?: string): void;
}

/**
 * Every node API call (`type`, `parent`, `childForFieldName`, each capture of a query match) copies
 * a node's five 32-bit words through `getValue`/`setValue`, which test their type argument's
 * string and go through a DataView each time: ≈ 1.5 million calls in the first warm of a 20k-line
 * TypeScript project. Their 32-bit case reads and writes the heap's Int32Array instead (the same
 * words: the DataView accessors are little-endian, the array is host-endian, so only on
 * little-endian hosts). When memory grows, Emscripten replaces `HEAP32` and the old one is left
 * empty (its buffer detached): then it is taken again.
 */
function directWordAccess(module: WordAccess): void {
  if (endianness() !== 'LE') return;
  const { getValue, setValue } = module;
  let heap = module.HEAP32;
  module.getValue = (ptr, type) => {
    if (type !== 'i32') return getValue(ptr, type);
    if (heap.length === 0) heap = module.HEAP32;
    return heap[ptr >> 2];
  };
  module.setValue = (ptr, value, type) => {
    if (type !== 'i32') return setValue(ptr, value, type);
    if (heap.length === 0) heap = module.HEAP32;
    heap[ptr >> 2] = value;
  };
}

export function loadLanguage(id: LanguageId): Promise<Language> {
  let pending = languages.get(id);
  if (!pending) {
    pending = initParser().then(() => Language.load(join(wasmDir, languageById(id).wasm)));
    languages.set(id, pending);
  }
  return pending;
}

/** A parser bound to the language, reused across calls on this thread. */
export async function parserFor(id: LanguageId): Promise<Parser> {
  let parser = parsers.get(id);
  if (!parser) {
    const language = await loadLanguage(id);
    parser = new Parser();
    parser.setLanguage(language);
    parsers.set(id, parser);
  }
  return parser;
}

/**
 * How long one parse may take. Parsing runs at ≈ 2.5 MB/s and files above 4 MB are skipped, so
 * only a pathological input (or a grammar bug) comes near this; it must not hold a thread forever.
 */
export const DEFAULT_PARSE_DEADLINE_MS = 10_000;

/** The parse deadline: TLDR_PARSE_TIMEOUT_MS when set to a positive number, else the default. */
export function parseDeadlineMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.TLDR_PARSE_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_PARSE_DEADLINE_MS;
}

export interface ParseOptions {
  /** Give up after this many milliseconds (default: parseDeadlineMs()). */
  deadlineMs?: number;
}

/**
 * Parses source text; the caller owns the tree and must `delete()` it when done. A parse that
 * runs past its deadline is cancelled (tree-sitter checks the progress callback every few hundred
 * bytes) and throws a TldrError saying so.
 */
export async function parseSource(id: LanguageId, source: string, options: ParseOptions = {}): Promise<Tree> {
  const parser = await parserFor(id);
  const deadlineMs = options.deadlineMs ?? parseDeadlineMs();
  return parseWithin(parser, id, source, performance.now() + deadlineMs, deadlineMs);
}

/**
 * parseSource with the parser and the deadline (a `performance.now()` time) given; `old`: a tree of
 * an earlier text, edited to match this one (tree-sitter reuses what the edits left alone).
 */
export function parseWithin(parser: Parser, id: LanguageId, source: string, deadline: number, deadlineMs: number, old?: Tree): Tree {
  let expired = false;
  // Returning true cancels the parse (web-tree-sitter's typings say void; its code and docs say boolean).
  const progressCallback = () => (expired = performance.now() > deadline);
  const tree = parser.parse(source, old ?? null, { progressCallback });
  if (!tree) {
    // A cancelled parser resumes where it stopped on its next call unless reset.
    parser.reset();
    if (expired) {
      throw new TldrError(`parsing took longer than the ${deadlineMs} ms deadline`, 'set TLDR_PARSE_TIMEOUT_MS to allow more');
    }
    throw new Error(`tree-sitter returned no tree for ${id}`);
  }
  return tree;
}

const queries = new Map<string, Promise<Query>>();

/** A compiled query for the language, cached by (language, key); `source` is asked for on the first call only. */
export function compileQuery(id: LanguageId, key: string, source: () => string): Promise<Query> {
  const cacheKey = `${id}\0${key}`;
  let pending = queries.get(cacheKey);
  if (!pending) {
    const text = source();
    pending = loadLanguage(id).then((language) => new Query(language, text));
    queries.set(cacheKey, pending);
  }
  return pending;
}
