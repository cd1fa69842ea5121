// Per-file extraction: source text in, FileRecord out. One query run per file (compiled once
// per thread) lets WASM do the traversal; the modules here interpret its captures.
import type { Query } from 'web-tree-sitter';
import type { FileRecord, LanguageId } from '../types.js';
import { languageById } from '../../grammars/languages.js';
import { parseRecovering, parseWithoutErrors, type ParsedFile, type TreePart } from '../parse/recover.js';
import { buildBindings } from './bindings.js';
import { stampBodyHashes } from './body-hash.js';
import { buildCalls, buildReferences } from './calls.js';
import { collectMatches } from './captures.js';
import { buildDefinitions, markScriptLocals } from './definitions.js';
import { CommentFinder, moduleDoc } from './doc.js';
import { syntaxErrors } from './errors.js';
import { isScript, markExported } from './exports.js';
import { attachReturns } from './returns.js';
import { hooksFor } from './languages/index.js';
import { extractionQuery } from './queries.js';
import { estimateTokens } from './tokens.js';

export interface ExtractInput {
  /** Path relative to the project root, `/` separators. */
  path: string;
  language: LanguageId;
  /** Another language whose grammar and query read the file, falling back to its own on syntax errors (ExtractJob.grammar). */
  grammar?: LanguageId;
  source: string;
  /** Content hash (sha1 hex) of the bytes `source` was decoded from. */
  hash: string;
  /** Size in bytes of those bytes. */
  size: number;
  /** The bytes were not valid UTF-8 and were decoded lossily. */
  lossy?: boolean;
}

/** Parses and extracts one file (re-parsing what a grammar failure swallowed); the trees are freed before returning. */
export async function extractRecord(input: ExtractInput): Promise<FileRecord> {
  const { grammar, query, parsed } = await read(input);
  try {
    const record = buildRecord(query, parsed.parts, grammar, input.language, input.source, input.path);
    record.hash = input.hash;
    record.size = input.size;
    if (input.lossy) record.lossy_decode = true;
    return record;
  } finally {
    parsed.delete();
  }
}

/**
 * The file parsed, by the grammar given (when it reads the file without errors, with the text
 * repairs of the file's own language) or its own, and that grammar's query.
 */
async function read(input: ExtractInput): Promise<{ grammar: LanguageId; query: Query; parsed: ParsedFile }> {
  const other = input.grammar !== undefined && input.grammar !== input.language ? input.grammar : undefined;
  if (other) {
    const query = await extractionQuery(other);
    const parsed = await parseWithoutErrors(other, input.source, {}, languageById(input.language).extract);
    if (parsed) return { grammar: other, query, parsed };
  }
  return { grammar: input.language, query: await extractionQuery(input.language), parsed: await parseRecovering(input.language, input.source) };
}

/** Loads the grammar and compiles the query ahead of use (worker start-up). */
export async function prepareLanguage(language: LanguageId): Promise<void> {
  await extractionQuery(language);
}

function lineCount(source: string): number {
  if (source === '') return 0;
  let lines = 1;
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) lines++;
  return source.endsWith('\n') ? lines - 1 : lines;
}

/** `grammar`: the language the parts were parsed as and the query is of; `language`: the file's. */
function buildRecord(query: Query, parts: readonly TreePart[], grammar: LanguageId, language: LanguageId, source: string, path: string): FileRecord {
  const syntax = languageById(grammar).extract;
  const hooks = hooksFor(grammar);
  const root = parts[0].tree.rootNode;
  const matches = collectMatches(query, parts);
  const comments = new CommentFinder(source, syntax.comments);
  const definitions = buildDefinitions(matches.defs, matches.bases, matches.fields, { source, syntax, comments });
  attachReturns(matches.returns, definitions.scopes);
  const imports = matches.imports.flatMap((match) => hooks.imports(match, source)).sort((a, b) => a.line - b.line);
  const exports = hooks.exports?.(matches.exports, source) ?? [];
  markExported(definitions.topLevel, exports, hooks);
  if (syntax.callbackLocals && isScript({ imports, exports })) markScriptLocals(definitions.topLevel);
  const record: FileRecord = {
    path,
    language,
    hash: '',
    size: 0,
    line_count: lineCount(source),
    source_tokens: estimateTokens(source),
    functions: definitions.functions,
    classes: definitions.classes,
    imports,
    exports,
    calls: buildCalls(matches.calls, definitions.scopes, source, syntax.comments, hooks.callThis),
    bindings: buildBindings(matches.bindings, definitions.scopes, syntax.comments, hooks.classBodyScope === true),
    errors: syntaxErrors(parts, source),
  };
  const references = buildReferences(matches.refs, definitions.scopes, source, hooks.callThis);
  if (references.length > 0) record.references = references;
  // Annotations are the file's language's rule (JSDoc types are types in JavaScript read by TypeScript's grammar too).
  hooksFor(language).annotate?.(record, source);
  const namespaces = hooks.namespaces?.(root, source) ?? [];
  if (namespaces.length > 0) record.namespaces = namespaces;
  const doc = moduleDoc(root, syntax.comments, syntax.docstrings === true);
  if (doc) record.doc = doc;
  stampBodyHashes(record, source);
  return record;
}
