// tldr's Python definitions against Python's own parser (`ast`) on the standard library of the
// python3 on this machine: top-level functions and classes and the methods of top-level classes,
// with first and last lines exactly as ast reports them (a decorated definition starts at its
// `def`/`class` line in both). Lambdas bound to names are definitions for tldr, not for ast, and are left out.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { diffDefinitions } from '../../dist/bench/oracle/definition-diff.js';
import { extractSource } from './helpers.js';

const DUMP = fileURLToPath(new URL('python-ast-dump.py', import.meta.url));

function stdlibFiles(): string[] {
  const dir = execFileSync('python3', ['-c', 'import os; print(os.path.dirname(os.__file__))'], { encoding: 'utf8' }).trim();
  return readdirSync(dir).filter((f) => f.endsWith('.py')).sort().map((f) => join(dir, f));
}

describe('python definitions vs the ast module', () => {
  it('agree on names, lines and end lines across the standard library', async () => {
    const files = stdlibFiles();
    expect(files.length).toBeGreaterThan(100);
    const reference = JSON.parse(execFileSync('python3', [DUMP], { input: files.join('\n'), encoding: 'utf8', maxBuffer: 1 << 28 })) as
      Record<string, Array<{ kind: string; name: string; line: number; end_line: number }> | null>;
    let agreed = 0;
    const mismatches: string[] = [];
    for (const file of files) {
      const theirs = reference[file];
      if (!theirs) continue; // ast could not parse it either (a test file of deliberately bad syntax)
      const record = await extractSource(file, readFileSync(file, 'utf8'));
      const ours: string[] = [];
      for (const c of record.classes) {
        if (c.qualified_name !== c.name) continue;
        ours.push(`class ${c.name} ${c.line} ${c.end_line}`);
        for (const m of c.methods) if (m.kind !== 'arrow') ours.push(`method ${m.qualified_name} ${m.line} ${m.end_line}`);
      }
      for (const f of record.functions) if (!f.parent_function && f.kind !== 'arrow') ours.push(`function ${f.name} ${f.line} ${f.end_line}`);
      const diff = diffDefinitions(file, ours, theirs, 'ast');
      agreed += diff.agreed;
      mismatches.push(...diff.mismatches);
    }
    const rate = agreed / (agreed + mismatches.length);
    console.log(`python vs ast: ${files.length} files, ${agreed} definitions agree, ${mismatches.length} differ (${(rate * 100).toFixed(2)}%)`);
    expect(agreed).toBeGreaterThan(5000);
    expect(rate, mismatches.slice(0, 20).join('\n')).toBeGreaterThanOrEqual(0.995);
  }, 180_000);
});
