// `search`: one entry point for every caller (the query handler behind the CLI, the daemon and
// MCP; the search-router hook inside the daemon). Picks the tier (the classifier under `auto`),
// runs it over the indexed files in scope, and falls back to the literal tier when an automatically
// chosen tier finds nothing; a bare name it reads as literal lists the lines defining it first.
// Pure apart from reading the project: the same index gives the same answer in any process.
import { isTestFile } from '../change/tests.js';
import { TldrError } from '../errors.js';
import type { ProjectIndex } from '../index/project-index.js';
import type { FileRecord, LanguageId } from '../types.js';
import { classifyQuery, structuralShape, type StructuralShape } from './classify.js';
import { enclosingSymbol } from './enclosing.js';
import { literalPattern } from './literal/pattern.js';
import { searchLines } from './literal/search.js';
import { SourceLines, preview } from './preview.js';
import { fileFilter, type FileFilter } from './scope.js';
import { semanticIndexFor } from './semantic/for-index.js';
import { parseQuestion, questionForm, rank } from './semantic/rank.js';
import { findCalls, findDefinitions, findQualified } from './structural/lookup.js';
import { findPattern } from './structural/patterns.js';
import { symbolTable } from './structural/symbol-table.js';
import { DEFAULT_LIMIT, type SearchHit, type SearchOptions, type SearchResult, type Tier } from './types.js';

interface Scope {
  project: ProjectIndex;
  records: ReadonlyMap<string, FileRecord>;
  accept: FileFilter;
  /** In-scope files, sorted by path. */
  files: string[];
  limit: number;
  options: SearchOptions;
  /** inTests() per file, worked out once: sorts ask it at every comparison. */
  inTests: Map<string, number>;
}

export async function searchProject(project: ProjectIndex, options: SearchOptions): Promise<SearchResult> {
  const raw = options.query;
  if (typeof raw !== 'string' || raw.trim() === '') throw new TldrError('empty search query', 'give a name, a pattern, a phrase or a question', 2);
  const limit = options.limit ?? DEFAULT_LIMIT;
  const records = await project.records();
  const accept = fileFilter(options.path, options.glob);
  const scope: Scope = { project, records, accept, files: [...records.keys()].filter(accept), limit, options, inTests: new Map() };
  const choice = options.tier ?? 'auto';
  const query = raw.trim();
  if (choice !== 'auto') return { query: raw, tier: choice, hits: await runTier(choice, query, scope) };
  const verdict = classifyQuery(query);
  if (verdict.tier === 'literal' && IDENTIFIER.test(query) && limit > 0) return { query: raw, tier: 'literal', hits: await nameLines(query, scope) };
  const hits = limit === 0 ? [] : await runTier(verdict.tier, query, scope, verdict.tier === 'structural' ? verdict.shape : undefined);
  if (hits.length > 0 || verdict.tier === 'literal' || limit === 0) return { query: raw, tier: verdict.tier, hits };
  return { query: raw, tier: 'literal', hits: await runTier('literal', query, scope) };
}

async function runTier(tier: Tier, query: string, scope: Scope, shape?: StructuralShape): Promise<SearchHit[]> {
  if (scope.limit === 0) return [];
  switch (tier) {
    case 'structural':
      return structural(shape ?? structuralShape(query), query, scope);
    case 'semantic':
      return semantic(oneLine(query), scope);
    case 'literal':
      return literal(oneLine(query), scope);
  }
}

/** Whitespace runs (newlines included) as one space: prose and literals are one line. */
function oneLine(query: string): string {
  return query.replace(/\s*\n\s*/g, ' ');
}

/** By file, then line. */
function byPlace(a: { file: string; line: number }, b: { file: string; line: number }): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line;
}

/** Best first; ties by file then line (the product's files before test code's when `scope` is given); one hit per line; scores rounded for stable output. */
function finish(hits: SearchHit[], limit: number, scope?: Scope): SearchHit[] {
  const best = new Map<string, SearchHit>();
  for (const hit of hits) {
    const key = `${hit.file}:${hit.line}`;
    const seen = best.get(key);
    if (!seen || hit.score > seen.score) best.set(key, hit);
  }
  return [...best.values()]
    .map((hit) => ({ ...hit, score: Math.round(hit.score * 10000) / 10000 }))
    .sort((a, b) => b.score - a.score || (scope ? inTests(scope, a.file) - inTests(scope, b.file) : 0) || byPlace(a, b))
    .slice(0, limit);
}

// ── structural ──────────────────────────────────────────────────────────────────────────────

async function structural(shape: StructuralShape, query: string, scope: Scope): Promise<SearchHit[]> {
  const table = symbolTable(scope.records);
  const hits: SearchHit[] = [];
  const definitionHit = (entry: { file: string; line: number; qualified_name: string; signature: string }, score: number): SearchHit => ({
    file: entry.file, line: entry.line, symbol: entry.qualified_name, text: preview(entry.signature), tier: 'structural', score,
  });
  const lines = new SourceLines(scope.project);
  const callHits = async (callee: string) => {
    const found = findCalls(table, callee).filter((hit) => scope.accept(hit.call.file));
    // Only the calls that can make the answer are read for their preview.
    found.sort((a, b) => b.score - a.score || inTests(scope, a.call.file) - inTests(scope, b.call.file) || byPlace(a.call, b.call));
    for (const { call, score } of found.slice(0, scope.limit)) {
      hits.push({
        file: call.file, line: call.line, symbol: enclosingSymbol(scope.records.get(call.file), call.line),
        text: await lines.preview(call.file, scope.records.get(call.file)!.hash, call.line), tier: 'structural', score,
      });
    }
  };
  switch (shape.kind) {
    case 'definition':
      for (const { entry, score } of findDefinitions(table, shape.name, shape.wants, shape.qualifier)) {
        if (scope.accept(entry.file)) hits.push(definitionHit(entry, score));
      }
      break;
    case 'call': {
      // A bare name's definitions lead its calls; a member path names calls only.
      if (!/[.#:>]/.test(shape.callee)) {
        for (const { entry, score } of findDefinitions(table, shape.callee, 'any')) {
          if (score === 1 && scope.accept(entry.file)) hits.push(definitionHit(entry, score));
        }
      }
      await callHits(shape.callee);
      break;
    }
    case 'dotted':
      for (const { entry, score } of findQualified(table, shape.path)) if (scope.accept(entry.file)) hits.push(definitionHit(entry, score));
      await callHits(shape.path);
      break;
    case 'pattern': {
      // Matches are collected a file at a time up to the limit: the product's files go first.
      const product: { path: string; language: LanguageId }[] = [];
      const tests: { path: string; language: LanguageId }[] = [];
      for (const path of scope.files) (inTests(scope, path) ? tests : product).push({ path, language: scope.records.get(path)!.language });
      const lang = scope.options.lang as LanguageId | undefined;
      for (const match of await findPattern(scope.project.root, [...product, ...tests], query, scope.limit, lang)) {
        hits.push({
          file: match.file, line: match.line, symbol: enclosingSymbol(scope.records.get(match.file), match.line),
          text: preview(match.text), tier: 'structural', score: 1,
        });
      }
      break;
    }
  }
  return finish(hits, scope.limit, scope);
}

/** 1 for a file of test code, else 0: of equal hits, the product's come first (who looks for a shape mostly means the code under test). */
function inTests(scope: Scope, file: string): number {
  let known = scope.inTests.get(file);
  if (known === undefined) {
    const record = scope.records.get(file);
    scope.inTests.set(file, (known = record && isTestFile(file, record.language) ? 1 : 0));
  }
  return known;
}

// ── semantic ────────────────────────────────────────────────────────────────────────────────

async function semantic(query: string, scope: Scope): Promise<SearchHit[]> {
  const index = await semanticIndexFor(scope.project);
  const ranked = rank(index, parseQuestion(index, query), scope.limit, scope.accept, questionForm(query));
  return finish(
    ranked.map(({ doc, score }) => {
      const info = index.docs[doc]!;
      return { file: info.file, line: info.line, symbol: info.qualified_name, text: preview(info.signature), tier: 'semantic' as const, score };
    }),
    scope.limit,
  );
}

// ── literal ─────────────────────────────────────────────────────────────────────────────────

/** A bare name (`HtmlStash`, `parse_args`): what a grep for an identifier looks like. */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The lines holding a bare name, the lines defining it first: who greps for a name mostly wants
 * where it is defined, then where it is used. Every hit is a line holding the name, as grep's are.
 */
async function nameLines(name: string, scope: Scope): Promise<SearchHit[]> {
  const lines = new SourceLines(scope.project);
  const defining: SearchHit[] = [];
  for (const { entry, score } of findDefinitions(symbolTable(scope.records), name, 'any')) {
    if (score !== 1 || !scope.accept(entry.file)) continue;
    const text = await lines.preview(entry.file, scope.records.get(entry.file)!.hash, entry.line);
    if (text.includes(name)) defining.push({ file: entry.file, line: entry.line, symbol: entry.qualified_name, text, tier: 'literal', score: 1 });
  }
  defining.sort((a, b) => inTests(scope, a.file) - inTests(scope, b.file) || byPlace(a, b));
  const seen = new Set(defining.map((hit) => `${hit.file}:${hit.line}`));
  const using = (await literal(name, scope)).filter((hit) => !seen.has(`${hit.file}:${hit.line}`)).map((hit) => ({ ...hit, score: USE_SCORE }));
  return [...defining, ...using].slice(0, scope.limit);
}

/** A line using a name ranks below one defining it. */
const USE_SCORE = 0.5;

async function literal(query: string, scope: Scope): Promise<SearchHit[]> {
  const { matches } = await searchLines(scope.project.root, scope.files, literalPattern(query), scope.limit);
  return matches.slice(0, scope.limit).map((match) => ({
    file: match.file, line: match.line, symbol: enclosingSymbol(scope.records.get(match.file), match.line),
    text: preview(match.text), tier: 'literal' as const, score: 1,
  }));
}
