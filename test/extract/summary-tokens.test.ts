// The summary replaces reading a file: on real third-party files of 300+ lines it must cost at
// least 90 % fewer tokens (counted with a real tokenizer, gpt-tokenizer's cl100k) than the file
// while still naming every definition — every file, the dense ones too (operator.py: dozens of
// one-line wrappers), whose summaries fall back to names only. The budget is kept with a token
// *estimate* (core/extract/tokens.ts); this test holds it to the real tokenizer.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encode } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { renderSummary } from '../../dist/core/query/summary.js';
import { allFunctions, extractSource } from './helpers.js';

const MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));

function realFiles(): string[] {
  const stdlib = execFileSync('python3', ['-c', 'import os; print(os.path.dirname(os.__file__))'], { encoding: 'utf8' }).trim();
  const python = readdirSync(stdlib).filter((f) => f.endsWith('.py')).sort().map((f) => join(stdlib, f));
  const ecma = [
    'rxjs/src/internal/Observable.ts', 'rxjs/src/internal/Subscriber.ts', 'rxjs/src/internal/ajax/ajax.ts', 'piscina/src/index.ts',
    'gpt-tokenizer/src/GptEncoding.ts', 'commander/lib/command.js', 'commander/lib/help.js', 'picomatch/lib/parse.js',
    'msgpackr/unpack.js', 'msgpackr/pack.js', 'ignore/index.js',
  ].map((f) => join(MODULES, f));
  return [...python, ...ecma].filter((f) => readFileSync(f, 'utf8').split('\n').length > 300);
}

describe('summary vs raw file tokens', () => {
  it('saves ≥ 90 % of the tokens on 300+ line files and names every definition', async () => {
    const files = realFiles();
    expect(files.length).toBeGreaterThan(80);
    let rawTotal = 0;
    let summaryTotal = 0;
    const short: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const record = await extractSource(file, source);
      const summary = renderSummary(record);
      const raw = encode(source).length;
      const tokens = encode(summary.text).length;
      rawTotal += raw;
      summaryTotal += tokens;
      for (const def of [...record.classes, ...allFunctions(record)]) {
        expect(summary.text, `${file}: ${def.name}`).toContain(def.name);
      }
      if (tokens > raw * 0.1) short.push(`${file}: ${((1 - tokens / raw) * 100).toFixed(1)}% saved`);
    }
    const saved = 1 - summaryTotal / rawTotal;
    console.log(`summary: ${files.length} files, ${rawTotal} raw tokens → ${summaryTotal} (${(saved * 100).toFixed(1)}% saved); under 90%: ${short.join('; ') || 'none'}`);
    expect(saved).toBeGreaterThanOrEqual(0.9);
    expect(short, short.join('\n')).toEqual([]);
  }, 300_000);

  it('keeps full detail for a small file', async () => {
    const record = await extractSource('small.py', 'def add(a: int, b: int) -> int:\n    """Adds."""\n    return a + b\n');
    const summary = renderSummary(record);
    expect(summary.reductions).toBe(0);
    expect(summary.text).toBe('small.py (python, 3 lines)\nL1-3 def add(a: int, b: int) -> int  # Adds.\n');
  });
});
