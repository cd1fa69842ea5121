// Loads a language's extraction query from grammars/queries/*.scm (shipped with the package,
// read relative to this compiled module: dist/core/extract → repo root is three levels up) and
// compiles it once per thread.
import { readFileSync } from 'node:fs';
import type { Query } from 'web-tree-sitter';
import type { LanguageId } from '../types.js';
import { languageById } from '../../grammars/languages.js';
import { compileQuery } from '../parse/parser.js';

const QUERY_DIR = new URL('../../../grammars/queries/', import.meta.url);

const sources = new Map<string, string>();

function querySource(name: string): string {
  let text = sources.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(`${name}.scm`, QUERY_DIR), 'utf8');
    sources.set(name, text);
  }
  return text;
}

/**
 * The compiled extraction query of a language (definitions, imports, calls, bindings, fields).
 * Asked for once per file: its text (≈ 20 KB for TypeScript) is put together once per language.
 */
export function extractionQuery(id: LanguageId): Promise<Query> {
  return compileQuery(id, 'extract', () => languageById(id).extract.queries.map(querySource).join('\n'));
}
