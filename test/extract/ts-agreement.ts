// tldr's TypeScript/JavaScript definitions against the TypeScript compiler's, file by file: the
// categories both sides define (see ts-compiler-defs.ts) — functions and classes that no named
// definition encloses, class members, `const f = () => …`. tldr's extra definitions (object
// members bound to a name, `exports.x = function`, prototype methods) are left out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FileRecord } from '../../dist/core/types.js';
import { diffDefinitions } from './definition-diff.js';
import { extractSource } from './helpers.js';
import { compilerDefinitions } from './ts-compiler-defs.js';

export function walk(dir: string, accept: (name: string) => boolean, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, accept, out);
    else if (accept(name)) out.push(path);
  }
  return out;
}

export const isTs = (name: string) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts');
export const isJs = (name: string) => name.endsWith('.js') && !name.endsWith('.min.js');

const FUNCTION_STATEMENT = /^(export\s+)?(default\s+)?(declare\s+)?(async\s+)?function\b/;
const BOUND_CONST = /^(export\s+)?(declare\s+)?(const|let|var)\b/;

/** tldr's definitions of the compared categories as `kind name line end_line` keys. */
export function comparableKeys(record: FileRecord): string[] {
  const ours: string[] = [];
  for (const c of record.classes) {
    if (c.qualified_name !== c.name || c.kind !== 'class') continue;
    ours.push(`class ${c.name} ${c.line} ${c.end_line}`);
    for (const m of c.methods) if (m.line >= c.line && m.end_line <= c.end_line) ours.push(`method ${m.qualified_name} ${m.line} ${m.end_line}`);
  }
  for (const f of record.functions) {
    if (f.parent_function || f.class_name || f.name === 'default') continue;
    if (f.kind === 'function' ? FUNCTION_STATEMENT.test(f.signature) : BOUND_CONST.test(f.signature)) ours.push(`function ${f.name} ${f.line} ${f.end_line}`);
  }
  return ours;
}

export interface Agreement {
  files: number;
  /** Files whose record reports syntax errors. */
  filesWithErrors: number;
  /** Definitions the compiler finds. */
  compiler: number;
  /** Definitions found by both, same kind, name and lines. */
  agreed: number;
  mismatches: string[];
}

export async function compareWithCompiler(files: string[]): Promise<Agreement> {
  const out: Agreement = { files: files.length, filesWithErrors: 0, compiler: 0, agreed: 0, mismatches: [] };
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const record = await extractSource(file, source);
    if (record.errors.length > 0) out.filesWithErrors++;
    const theirs = compilerDefinitions(file, source);
    const diff = diffDefinitions(file, comparableKeys(record), theirs, 'tsc');
    out.compiler += theirs.length;
    out.agreed += diff.agreed;
    out.mismatches.push(...diff.mismatches);
  }
  return out;
}

/** Agreed over everything either side found (a definition only one side has counts against). */
export function agreementRate(a: Agreement): number {
  return a.agreed / (a.agreed + a.mismatches.length);
}
