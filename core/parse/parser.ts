// Loads web-tree-sitter and grammars lazily, once per thread, and parses source text.
// Grammars are loaded on first use only: loading one right after heavy parsing with another can
// stall while V8 optimises, and most projects touch few languages.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Language, Parser, Query, type Tree } from 'web-tree-sitter';
import type { LanguageId } from '../types.js';
import { languageById } from '../../grammars/languages.js';

const require = createRequire(import.meta.url);
const wasmDir = join(dirname(require.resolve('@cursorless/tree-sitter-wasms/package.json')), 'out');

let initialised: Promise<void> | undefined;
const languages = new Map<LanguageId, Promise<Language>>();
const parsers = new Map<LanguageId, Parser>();

function init(): Promise<void> {
  initialised ??= Parser.init();
  return initialised;
}

export function loadLanguage(id: LanguageId): Promise<Language> {
  let pending = languages.get(id);
  if (!pending) {
    pending = init().then(() => Language.load(join(wasmDir, languageById(id).wasm)));
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

/** Parses source text; the caller owns the tree and must `delete()` it when done. */
export async function parseSource(id: LanguageId, source: string): Promise<Tree> {
  const parser = await parserFor(id);
  const tree = parser.parse(source);
  if (!tree) throw new Error(`tree-sitter returned no tree for ${id}`);
  return tree;
}

const queries = new Map<string, Promise<Query>>();

/** A compiled query for the language, cached by (language, key). */
export function compileQuery(id: LanguageId, key: string, source: string): Promise<Query> {
  const cacheKey = `${id}\0${key}`;
  let pending = queries.get(cacheKey);
  if (!pending) {
    pending = loadLanguage(id).then((language) => new Query(language, source));
    queries.set(cacheKey, pending);
  }
  return pending;
}
