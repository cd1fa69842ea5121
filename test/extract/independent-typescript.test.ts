// tldr's TypeScript and JavaScript definitions against the TypeScript compiler's parser on real
// sources shipped in node_modules (rxjs, piscina and gpt-tokenizer ship their .ts sources;
// commander, picomatch, ignore, msgpackr and cli-progress hand-written .js). The categories
// compared are those both sides define (see ts-compiler-defs.ts): functions and classes that no
// named definition encloses, class members, `const f = () => …`. tldr's extra definitions
// (object members bound to a name, `exports.x = function`, prototype methods) are left out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { diffDefinitions } from './definition-diff.js';
import { extractSource } from './helpers.js';
import { compilerDefinitions } from './ts-compiler-defs.js';

const MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));

function walk(dir: string, accept: (name: string) => boolean, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, accept, out);
    else if (accept(name)) out.push(path);
  }
  return out;
}

const isTs = (name: string) => name.endsWith('.ts') && !name.endsWith('.d.ts');
const isJs = (name: string) => name.endsWith('.js') && !name.endsWith('.min.js');
const FUNCTION_STATEMENT = /^(export\s+)?(default\s+)?(declare\s+)?(async\s+)?function\b/;
const BOUND_CONST = /^(export\s+)?(declare\s+)?(const|let|var)\b/;

async function compare(files: string[]): Promise<{ agreed: number; mismatches: string[] }> {
  let agreed = 0;
  const mismatches: string[] = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const record = await extractSource(file, source);
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
    const diff = diffDefinitions(file, ours, compilerDefinitions(file, source), 'tsc');
    agreed += diff.agreed;
    mismatches.push(...diff.mismatches);
  }
  return { agreed, mismatches };
}

describe('typescript/javascript definitions vs the TypeScript compiler', () => {
  it('agree on TypeScript sources', async () => {
    const files = ['rxjs/src', 'piscina/src', 'gpt-tokenizer/src'].flatMap((dir) => walk(join(MODULES, dir), isTs));
    expect(files.length).toBeGreaterThan(200);
    const { agreed, mismatches } = await compare(files);
    const rate = agreed / (agreed + mismatches.length);
    console.log(`typescript vs tsc: ${files.length} files, ${agreed} definitions agree, ${mismatches.length} differ (${(rate * 100).toFixed(2)}%)`);
    expect(agreed).toBeGreaterThan(600); // an overloaded function counts once
    expect(rate, mismatches.slice(0, 20).join('\n')).toBeGreaterThanOrEqual(0.995);
  }, 180_000);

  it('agree on hand-written JavaScript (CommonJS and ESM)', async () => {
    const files = [
      ...['commander/lib', 'picomatch/lib', 'cli-progress/lib'].flatMap((dir) => walk(join(MODULES, dir), isJs)),
      ...['ignore/index.js', 'msgpackr/pack.js', 'msgpackr/unpack.js', 'msgpackr/stream.js', 'msgpackr/iterators.js'].map((f) => join(MODULES, f)),
    ];
    const { agreed, mismatches } = await compare(files);
    const rate = agreed / (agreed + mismatches.length);
    console.log(`javascript vs tsc: ${files.length} files, ${agreed} definitions agree, ${mismatches.length} differ (${(rate * 100).toFixed(2)}%)`);
    expect(agreed).toBeGreaterThan(300);
    expect(rate, mismatches.slice(0, 20).join('\n')).toBeGreaterThanOrEqual(0.995);
  }, 180_000);
});
