// `summary <file>`: the token-lean text an agent reads instead of the whole file. Every
// definition is kept (classes, methods, functions — nested ones indented under their parent) as
// `L<start>-<end> <signature>`, with the first doc line when it is short; imports are one compact
// line; syntax errors close the summary. Bodies, comments and blank lines are what it drops.
import type { ClassRecord, FileRecord, FunctionRecord, ImportRecord, ImportedName, LanguageId } from '../types.js';
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
  text: string;
}

const DOC_MAX = 72;
const SIGNATURE_MAX = 180;

function range(line: number, end: number): string {
  return end > line ? `L${line}-${end}` : `L${line}`;
}

function short(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function docSuffix(doc: string | undefined): string {
  return doc ? `  # ${short(doc, DOC_MAX)}` : '';
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

interface Entry {
  line: number;
  end: number;
  text: string;
}

function functionEntry(f: FunctionRecord): Entry {
  return { line: f.line, end: f.end_line, text: `${range(f.line, f.end_line)} ${short(f.signature, SIGNATURE_MAX)}${docSuffix(f.doc)}` };
}

function classEntry(c: ClassRecord): Entry {
  return { line: c.line, end: c.end_line, text: `${range(c.line, c.end_line)} ${short(c.signature, SIGNATURE_MAX)}${docSuffix(c.doc)}` };
}

/** Definitions in file order, indented by how many listed definitions enclose them. */
function definitionLines(record: FileRecord): { lines: string[]; count: number } {
  const entries: Entry[] = [];
  for (const c of record.classes) {
    entries.push(classEntry(c));
    for (const m of c.methods) entries.push(functionEntry(m));
  }
  for (const f of record.functions) entries.push(functionEntry(f));
  entries.sort((a, b) => a.line - b.line || b.end - a.end);
  const lines: string[] = [];
  const open: Entry[] = [];
  for (const entry of entries) {
    while (open.length > 0 && !(open[open.length - 1].line <= entry.line && entry.end <= open[open.length - 1].end && open[open.length - 1] !== entry)) open.pop();
    lines.push(`${'  '.repeat(open.length)}${entry.text}`);
    open.push(entry);
  }
  return { lines, count: entries.length };
}

export function renderSummary(record: FileRecord): { text: string; definitions: number } {
  const out: string[] = [`${record.path} (${record.language}, ${record.line_count} lines)${record.doc ? `: ${short(record.doc, 100)}` : ''}`];
  if (record.imports.length > 0) out.push(`imports: ${record.imports.map(importText).join('; ')}`);
  const { lines, count } = definitionLines(record);
  out.push(...lines);
  if (record.errors.length > 0) {
    const shown = record.errors.slice(0, 5).map((e) => `L${e.line}:${e.column} ${e.message}`);
    const more = record.errors.length > shown.length ? ` (+${record.errors.length - shown.length} more)` : '';
    out.push(`syntax errors: ${shown.join('; ')}${more}`);
  }
  return { text: `${out.join('\n')}\n`, definitions: count };
}

export const summary: QueryHandler<SummaryArgs, SummaryResult> = async (ctx, args) => {
  const record = await fileRecord(ctx, args.file);
  const { text, definitions } = renderSummary(record);
  return { file: record.path, language: record.language, lines: record.line_count, definitions, text };
};
