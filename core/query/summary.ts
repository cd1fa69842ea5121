// `summary <file>`: the token-lean text an agent reads instead of the file. Every definition is
// listed — classes, methods, functions, nested ones under their parent — always with its name and
// first line. Within a token budget (see summaryBudget) detail is added in priority order:
// signatures with `Lstart-end` ranges and first doc lines for everything; when that does not fit,
// docs go first (private ones before public ones), then signatures of private members, of methods,
// of functions, of classes, then import detail, and for the densest files the line numbers of
// members (their owner keeps its line). Definitions reduced to names are listed compactly,
// `name line`, one line per run. Syntax errors are always reported. An overloaded function is one
// definition: with full detail its other overload signatures follow it, one `overload L…` line
// each; with signatures only, their count.
import type { ClassRecord, FileRecord, FunctionRecord, ImportRecord, ImportedName, LanguageId } from '../types.js';
import { otherOverloads } from '../extract/overloads.js';
import { estimateTokens } from '../extract/tokens.js';
import type { QueryHandler } from './context.js';
import { fileRecord } from './file-record.js';

export interface SummaryArgs {
  file: string;
}

export interface SummaryResult {
  file: string;
  language: LanguageId;
  lines: number;
  /** Number of definitions listed (classes, methods, functions). */
  definitions: number;
  /** Estimated tokens of the summary and of the file it replaces. */
  tokens: number;
  source_tokens: number;
  /** Detail reductions applied to fit the budget (0 = signatures, ranges and docs for everything). */
  reductions: number;
  text: string;
}

const DOC_MAX = 72;
const SIGNATURE_MAX = 140;

/** 2 = signature, range and doc; 1 = signature and range; 0 = `name line` in a compact run. */
type Detail = 0 | 1 | 2;

interface Item {
  name: string;
  line: number;
  end: number;
  signature: string;
  doc?: string;
  isClass: boolean;
  topLevel: boolean;
  isPrivate: boolean;
  children: Item[];
  detail: Detail;
  /** The other overload signatures of a function (its own is `signature`). */
  overloads: Array<{ line: number; signature: string }>;
}

function short(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function isPrivateName(name: string, modifiers?: string[]): boolean {
  return /^[_#]/.test(name) && !/^__\w+__$/.test(name) || (modifiers?.includes('private') ?? false);
}

function fromFunction(f: FunctionRecord): Item {
  return {
    name: f.name, line: f.decorated_line ?? f.line, end: f.end_line, signature: f.signature, doc: f.doc, isClass: false, topLevel: false,
    isPrivate: isPrivateName(f.name, f.modifiers) || f.parent_function !== undefined, children: [], detail: 2,
    overloads: otherOverloads(f),
  };
}

function fromClass(c: ClassRecord): Item {
  return {
    name: c.name, line: c.decorated_line ?? c.line, end: c.end_line, signature: c.signature, doc: c.doc, isClass: true, topLevel: false,
    isPrivate: isPrivateName(c.name), children: [], detail: 2, overloads: [],
  };
}

/** Definitions as a tree by line-range containment, in file order. */
function definitionTree(record: FileRecord): { roots: Item[]; all: Item[] } {
  const all: Item[] = [];
  for (const c of record.classes) {
    all.push(fromClass(c));
    for (const m of c.methods) all.push(fromFunction(m));
  }
  for (const f of record.functions) all.push(fromFunction(f));
  all.sort((a, b) => a.line - b.line || b.end - a.end || Number(b.isClass) - Number(a.isClass));
  const roots: Item[] = [];
  const open: Item[] = [];
  for (const item of all) {
    while (open.length > 0 && !(item.line >= open[open.length - 1].line && item.end <= open[open.length - 1].end)) open.pop();
    const parent = open[open.length - 1];
    if (parent) parent.children.push(item);
    else {
      item.topLevel = true;
      roots.push(item);
    }
    open.push(item);
  }
  return { roots, all };
}

function range(item: Item): string {
  return item.end > item.line ? `L${item.line}-${item.end}` : `L${item.line}`;
}

/** What a rendering keeps beyond per-item detail, lowered step by step until the summary fits its budget. */
interface Rendering {
  imports: ImportDetail;
  /** Members listed with their line. */
  memberLines: boolean;
  /** Top-level items listed with their line. */
  topLines: boolean;
  /** The module doc on the header line. */
  moduleDoc: boolean;
}

/**
 * `name line {members…}`. Members without lines are names only, and then overloads (the same name
 * again) are named once: the name is the definition a reader asks for.
 */
function compact(item: Item, rendering: Rendering): string {
  const members = item.children.map((c) => compact(c, rendering));
  const shown = rendering.memberLines ? members : [...new Set(members)];
  const inner = shown.length > 0 ? ` {${shown.join(', ')}}` : '';
  const withLine = item.topLevel ? rendering.topLines : rendering.memberLines;
  return withLine ? `${item.name} ${item.line}${inner}` : `${item.name}${inner}`;
}

function renderItems(items: Item[], depth: number, out: string[], rendering: Rendering): void {
  const indent = '  '.repeat(depth);
  let run: string[] = [];
  const flush = () => {
    if (run.length > 0) out.push(`${indent}${run.join(', ')}`);
    run = [];
  };
  for (const item of items) {
    if (item.detail === 0) {
      run.push(compact(item, rendering));
      continue;
    }
    flush();
    const doc = item.detail === 2 && item.doc ? `  # ${short(item.doc, DOC_MAX)}` : '';
    const count = item.detail === 1 && item.overloads.length > 0 ? ` (+${item.overloads.length} overloads)` : '';
    out.push(`${indent}${range(item)} ${short(item.signature, SIGNATURE_MAX)}${count}${doc}`);
    if (item.detail === 2) {
      for (const o of item.overloads) out.push(`${indent}  overload L${o.line} ${short(o.signature, SIGNATURE_MAX)}`);
    }
    renderItems(item.children, depth + 1, out, rendering);
  }
  flush();
}

function lastSegment(module: string): string {
  return module.split(/[/.:\\]+/).filter(Boolean).pop() ?? module;
}

function bindingText(b: ImportedName, module: string): string | undefined {
  if (b.name === '*') return b.alias && b.alias !== lastSegment(module) && b.alias !== module ? `* as ${b.alias}` : undefined;
  return b.alias ? `${b.name} as ${b.alias}` : b.name;
}

function importText(imp: ImportRecord): string {
  const names = imp.bindings.map((b) => bindingText(b, imp.module)).filter((n): n is string => n !== undefined);
  if (imp.bindings.some((b) => b.name === '*' && !b.alias)) names.unshift('*');
  return names.length > 0 ? `${imp.module} {${names.join(', ')}}` : imp.module;
}

type ImportDetail = 'full' | 'modules' | 'count';

function importLine(imports: ImportRecord[], detail: ImportDetail): string | undefined {
  if (imports.length === 0) return undefined;
  if (detail === 'count') return `imports: ${imports.length} statements`;
  const parts = detail === 'full' ? imports.map(importText) : [...new Set(imports.map((i) => i.module))];
  return `imports: ${parts.join('; ')}`;
}

function render(record: FileRecord, roots: Item[], rendering: Rendering): string {
  const doc = rendering.moduleDoc && record.doc ? `: ${short(record.doc, 100)}` : '';
  const out: string[] = [`${record.path} (${record.language}, ${record.line_count} lines)${doc}`];
  const importsText = importLine(record.imports, rendering.imports);
  if (importsText) out.push(importsText);
  renderItems(roots, 0, out, rendering);
  if (record.errors.length > 0) {
    const shown = record.errors.slice(0, 5).map((e) => `L${e.line}:${e.column} ${e.message}`);
    const more = record.errors.length > shown.length ? ` (+${record.errors.length - shown.length} more)` : '';
    out.push(`syntax errors: ${shown.join('; ')}${more}`);
  }
  return `${out.join('\n')}\n`;
}

/**
 * The token budget. From 300 lines on (where the contract asks for ≥ 90 % savings) 7.5 % of the
 * file's estimated tokens — the estimate errs by up to ~30 % on a summary, so the margin keeps the
 * real saving above 90 %. A file of up to 100 lines keeps full detail unless the summary would be
 * longer than the file itself; in between, the share falls linearly from 100 % to 7.5 %.
 */
export function summaryBudget(record: FileRecord): number {
  const source = record.source_tokens ?? Math.ceil(record.size / 4);
  const lines = record.line_count;
  const share = lines >= 300 ? 0.075 : lines <= 100 ? 1 : 1 - (0.925 * (lines - 100)) / 200;
  // A floor keeps a tiny file's few definitions in full (its summary may then be as long as it).
  return Math.max(80, Math.floor(source * share));
}

export interface RenderedSummary {
  text: string;
  definitions: number;
  /** Estimated tokens of `text`. */
  tokens: number;
  /** How many detail reductions were needed to fit the budget (0 = full detail). */
  reductions: number;
}

/** The summary of `record` within `budget` tokens (default: summaryBudget). */
export function renderSummary(record: FileRecord, budget = summaryBudget(record)): RenderedSummary {
  const { roots, all } = definitionTree(record);
  // Each step lowers detail for one group; stop at the first rendering within budget.
  const rendering: Rendering = { imports: 'full', memberLines: true, topLines: true, moduleDoc: true };
  const steps: Array<() => void> = [
    () => all.forEach((i) => { if (i.isPrivate && i.detail > 1) i.detail = 1; }),
    () => all.forEach((i) => { if (i.detail > 1) i.detail = 1; }),
    () => all.forEach((i) => { if (i.isPrivate && !i.isClass) i.detail = 0; }),
    () => all.forEach((i) => { if (!i.topLevel && !i.isClass) i.detail = 0; }),
    () => { rendering.imports = 'modules'; },
    () => all.forEach((i) => { if (!i.isClass) i.detail = 0; }),
    () => all.forEach((i) => { i.detail = 0; }),
    () => { rendering.imports = 'count'; },
    // Last resorts for very dense files, where the names alone approach the budget: members by
    // name only, then no module doc, then top-level items without their line.
    () => { rendering.memberLines = false; },
    () => { rendering.moduleDoc = false; },
    () => { rendering.topLines = false; },
  ];
  let text = render(record, roots, rendering);
  let tokens = estimateTokens(text);
  let reductions = 0;
  for (const step of steps) {
    if (tokens <= budget) break;
    step();
    reductions++;
    text = render(record, roots, rendering);
    tokens = estimateTokens(text);
  }
  return { text, definitions: all.length, tokens, reductions };
}

export const summary: QueryHandler<SummaryArgs, SummaryResult> = async (ctx, args) => {
  const record = await fileRecord(ctx, args.file);
  const { text, definitions, tokens, reductions } = renderSummary(record);
  return {
    file: record.path, language: record.language, lines: record.line_count, definitions, tokens,
    source_tokens: record.source_tokens ?? Math.ceil(record.size / 4), reductions, text,
  };
};
