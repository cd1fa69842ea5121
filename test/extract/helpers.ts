// Shared helpers for the extraction tests: extract a fixture with the compiled extractor and look
// definitions up by qualified name.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractRecord } from '../../dist/core/extract/index.js';
import { languageForPath } from '../../dist/grammars/languages.js';
import type { CallSite, ClassRecord, FileRecord, FunctionRecord } from '../../dist/core/types.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/languages/', import.meta.url));

export async function extractSource(path: string, source: string): Promise<FileRecord> {
  const language = languageForPath(path);
  if (!language) throw new Error(`no language for ${path}`);
  return extractRecord({ path, language: language.id, source, hash: 'test', size: Buffer.byteLength(source) });
}

export async function extractFixture(name: string): Promise<FileRecord> {
  return extractSource(name, readFileSync(`${FIXTURES}${name}`, 'utf8'));
}

/** Every function record, methods included. */
export function allFunctions(record: FileRecord): FunctionRecord[] {
  return [...record.functions, ...record.classes.flatMap((c) => c.methods)];
}

/** The n-th function or method with that qualified name (overloads and accessors share one). */
export function fn(record: FileRecord, qualified: string, n = 0): FunctionRecord {
  const found = allFunctions(record).filter((f) => f.qualified_name === qualified).sort((a, b) => a.line - b.line)[n];
  if (!found) throw new Error(`no function ${qualified}#${n} in ${record.path}: ${allFunctions(record).map((f) => f.qualified_name).join(', ')}`);
  return found;
}

export function cls(record: FileRecord, qualified: string): ClassRecord {
  const found = record.classes.find((c) => c.qualified_name === qualified);
  if (!found) throw new Error(`no class ${qualified} in ${record.path}: ${record.classes.map((c) => c.qualified_name).join(', ')}`);
  return found;
}

/** `kind qualified Lstart-end` for compact whole-list assertions. */
export function outline(record: FileRecord): string[] {
  const out: string[] = [];
  for (const c of record.classes) {
    out.push(`${c.kind} ${c.qualified_name} L${c.line}-${c.end_line}`);
    for (const m of c.methods) out.push(`  ${m.kind} ${m.qualified_name} L${m.line}-${m.end_line}`);
  }
  for (const f of record.functions) out.push(`${f.kind} ${f.qualified_name} L${f.line}-${f.end_line}`);
  return out;
}

/** `caller -> callee @line` of every call site. */
export function callEdges(record: FileRecord): string[] {
  return record.calls.map((c: CallSite) => `${c.caller} -> ${c.callee} @${c.line}`);
}

export function importsOf(record: FileRecord): Array<[string, string[], number]> {
  return record.imports.map((i) => [i.module, i.names, i.line]);
}
