// tldr's TypeScript/JavaScript definitions against the TypeScript compiler's, file by file: the
// categories both sides define (see ts-definitions.ts) — functions and classes that no named
// definition encloses, class members, `const f = () => …`. tldr's extra definitions (object
// members bound to a name, `exports.x = function`, prototype methods) are left out. Also counted:
// the files whose whole-file parse has errors (what recovery starts from, core/parse/recover.ts)
// and the files whose record still reports errors after it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { unmarkedName } from '../../core/extract/definitions.js';
import { extractRecord, prepareLanguage } from '../../core/extract/index.js';
import { parseSource } from '../../core/parse/parser.js';
import { syntaxErrors } from '../../core/extract/errors.js';
import type { FileRecord, SyntaxErrorRecord } from '../../core/types.js';
import { languageForPath } from '../../grammars/languages.js';
import { diffDefinitions } from './definition-diff.js';
import { compilerDefinitions } from './ts-definitions.js';

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
    if (unmarkedName(c.qualified_name) !== c.name || c.kind !== 'class') continue;
    ours.push(`class ${c.name} ${c.line} ${c.end_line}`);
    for (const m of c.methods) if (m.line >= c.line && m.end_line <= c.end_line) ours.push(`method ${unmarkedName(m.qualified_name)} ${m.line} ${m.end_line}`);
  }
  for (const f of record.functions) {
    if (f.parent_function || f.class_name || f.name === 'default') continue;
    if (f.kind === 'function' ? FUNCTION_STATEMENT.test(f.signature) : BOUND_CONST.test(f.signature)) ours.push(`function ${f.name} ${f.line} ${f.end_line}`);
  }
  return ours;
}

export interface Agreement {
  files: number;
  /** Files whose whole-file parse has errors: the ones recovery works on. */
  filesParsedWithErrors: number;
  /** Files whose record still reports syntax errors after recovery. */
  filesWithErrors: number;
  /** Lines inside syntax errors (the first MAX_ERRORS of a file): of the whole-file parse, of the record after recovery. */
  errorLinesBefore: number;
  errorLinesAfter: number;
  /** Files where the compiler finds a definition tldr does not. */
  filesMissingDefinitions: number;
  /** Definitions the compiler finds. */
  compiler: number;
  /** Definitions found by both, same kind, name and lines. */
  agreed: number;
  mismatches: string[];
  /** Over the files parsed with errors: whole-file parse time, and parse + extraction with recovery. */
  parseMs: number;
  extractMs: number;
}

export async function compareWithCompiler(files: string[]): Promise<Agreement> {
  const out: Agreement = {
    files: files.length, filesParsedWithErrors: 0, filesWithErrors: 0, filesMissingDefinitions: 0, errorLinesBefore: 0, errorLinesAfter: 0,
    compiler: 0, agreed: 0, mismatches: [], parseMs: 0, extractMs: 0,
  };
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const language = languageForPath(file);
    if (!language) throw new Error(`no language for ${file}`);
    await prepareLanguage(language.id);
    const parseStart = performance.now();
    const tree = await parseSource(language.id, source);
    const parseMs = performance.now() - parseStart;
    const broken = tree.rootNode.hasError;
    out.errorLinesBefore += errorLines(syntaxErrors([{ tree, owns: [{ from: 0, to: source.length }] }], source));
    tree.delete();
    const extractStart = performance.now();
    const record = await extractRecord({ path: file, language: language.id, source, hash: 'oracle', size: Buffer.byteLength(source) });
    if (broken) {
      out.filesParsedWithErrors++;
      out.parseMs += parseMs;
      out.extractMs += performance.now() - extractStart;
    }
    if (record.errors.length > 0) out.filesWithErrors++;
    out.errorLinesAfter += errorLines(record.errors);
    const theirs = compilerDefinitions(file, source);
    const diff = diffDefinitions(file, comparableKeys(record), theirs, 'tsc');
    if (diff.mismatches.some((m) => m.includes(': only tsc:'))) out.filesMissingDefinitions++;
    out.compiler += theirs.length;
    out.agreed += diff.agreed;
    out.mismatches.push(...diff.mismatches);
  }
  return out;
}

function errorLines(errors: SyntaxErrorRecord[]): number {
  const lines = new Set<number>();
  for (const error of errors) for (let line = error.line; line <= error.end_line; line++) lines.add(line);
  return lines.size;
}

/** Agreed over everything either side found (a definition only one side has counts against). */
export function agreementRate(a: Agreement): number {
  return a.agreed / (a.agreed + a.mismatches.length);
}
