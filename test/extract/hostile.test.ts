// Hostile input: broken syntax still yields a record (with its errors), deep nesting neither
// overflows the stack nor hangs, and empty, comment-only and garbage files give empty records.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../dist/grammars/languages.js';
import { extractRecord } from '../../dist/core/extract/index.js';
import { MAX_MATCH_DEPTH } from '../../dist/core/extract/captures.js';
import { packRecord } from '../../dist/core/cache/codec.js';
import type { LanguageId } from '../../dist/core/types.js';
import { callEdges, extractSource, outline } from './helpers.js';

const extract = (language: LanguageId, source: string) => extractRecord({ path: `x.${language}`, language, source, hash: '', size: source.length });

describe('broken syntax', () => {
  it('python: reports the error with its position and still extracts the rest', async () => {
    const r = await extractSource('broken.py', 'def broken(:\n    pass\n\nclass Kept:\n    def method(self):\n        return helper()\n');
    expect(r.errors.length).toBeGreaterThan(0);
    expect(r.errors[0]).toMatchObject({ line: 1, message: expect.stringMatching(/^(missing|syntax error)/) });
    expect(outline(r)).toContain('class Kept L4-6');
    expect(callEdges(r)).toContain('Kept.method -> helper @6');
  });

  it('typescript: an unclosed brace and a stray token are reported, later definitions survive', async () => {
    const r = await extractSource('broken.ts', 'function ok(): number {\n  return 1;\n}\nconst x = ;\nclass Later {\n  run() { go(); }\n}\nfunction open() {\n');
    expect(r.errors.map((e) => e.line)).toContain(4);
    expect(r.errors.every((e) => e.line >= 1 && e.column >= 1 && e.end_line >= e.line && e.message.length > 0)).toBe(true);
    expect(outline(r)).toEqual(expect.arrayContaining(['function ok L1-3', 'class Later L5-7', '  method Later.run L6-6']));
  });

  it('go: a missing closing paren is a MISSING error', async () => {
    const r = await extractSource('broken.go', 'package p\n\nfunc f(a int {\n\treturn\n}\n');
    expect(r.errors.length).toBeGreaterThan(0);
  });

  it('caps the error list on garbage', async () => {
    let garbage = '';
    for (let i = 0; i < 20_000; i++) garbage += String.fromCharCode(33 + ((i * 7919) % 90));
    const r = await extract('typescript', garbage);
    expect(r.errors.length).toBeGreaterThan(0);
    expect(r.errors.length).toBeLessThanOrEqual(50);
  });
});

describe('deep nesting', () => {
  it('survives 3000 nested arrays, and records nested calls down to the match depth limit', async () => {
    const arrays = await extract('javascript', `const a = ${'['.repeat(3000)}${']'.repeat(3000)};\n`);
    expect(arrays.errors).toEqual([]);
    const calls = await extract('javascript', `${'f('.repeat(3000)}${')'.repeat(3000)};\n`);
    // The outermost call sits at depth 2 (program, statement) and each nested one two levels lower (arguments, call).
    expect(calls.calls).toHaveLength(MAX_MATCH_DEPTH / 2);
    expect(calls.errors).toEqual([]);
  });

  it('qualifies 100 nested functions', async () => {
    let source = '';
    for (let i = 0; i < 100; i++) source += `function f${i}() {\n`;
    source += 'go();\n' + '}\n'.repeat(100);
    const r = await extract('javascript', source);
    expect(r.functions).toHaveLength(100);
    expect(r.functions[99].qualified_name.split('.')).toHaveLength(100);
    expect(r.calls[0].caller).toBe(r.functions[99].qualified_name);
  });

  // Hostile nesting used to cost time and record size quadratic in the depth (5,000 nested
  // functions: 7 s, a 140 MB record; 5,000 nested callbacks: 18 s in the query engine).
  // [shape, source, definitions + calls recorded at least]
  const hostile: Array<[string, string, number]> = [
    ['functions', `${Array.from({ length: 5000 }, (_, i) => `function f${i}(a) {\n`).join('')}go();\n${'}\n'.repeat(5000)}`, 200],
    ['arrow functions', `${Array.from({ length: 5000 }, (_, i) => `const f${i} = () => {\n`).join('')}go();\n${'};\n'.repeat(5000)}`, 100],
    ['callbacks', `${'on(function () {\n'.repeat(5000)}go();\n${'});\n'.repeat(5000)}`, 100],
    // Each link is a call of `a`, named from the callee's end however long the chain before it.
    ['chained calls', `x${'.a()'.repeat(5000)};\n`, 200],
  ];
  for (const [shape, source, recorded] of hostile) {
    it(`5,000 nested ${shape}: definitions and calls stop at the depth limit, the record stays small`, async () => {
      const r = await extract('javascript', source);
      expect(r.errors).toEqual([]);
      expect(r.functions.length).toBeLessThanOrEqual(MAX_MATCH_DEPTH / 2);
      expect(r.calls.length).toBeLessThanOrEqual(MAX_MATCH_DEPTH / 2);
      expect(r.functions.length + r.calls.length).toBeGreaterThanOrEqual(recorded);
      // Linear in the input: a few times its size (each call's callee and receiver text are capped;
      // the stored bytes spell every object's keys, core/cache/codec.ts), not the square of its depth.
      expect(packRecord(r).length).toBeLessThan(10 * source.length);
    });
  }

  it('survives Python indented 300 levels deep', async () => {
    let source = '';
    for (let i = 0; i < 300; i++) source += `${' '.repeat(i)}def f${i}():\n`;
    source += `${' '.repeat(300)}go()\n`;
    const r = await extract('python', source);
    expect(r.functions.length).toBeGreaterThan(0);
  });
});

describe('empty and comment-only files', () => {
  for (const { id } of LANGUAGES) {
    it(`${id}: an empty file gives an empty record`, async () => {
      const r = await extract(id, '');
      expect(r).toMatchObject({ line_count: 0, functions: [], classes: [], imports: [], exports: [], calls: [], bindings: [], errors: [] });
    });
  }

  const comments: Array<[LanguageId, string]> = [
    ['typescript', '// one\n/* two\n   three */\n'],
    ['python', '# one\n# two\n'],
    ['go', '// Package doc only.\n'],
    ['rust', '//! crate doc\n// more\n'],
    ['ruby', '# one\n=begin\nblock\n=end\n'],
    ['lua', '-- one\n--[[ two ]]\n'],
    ['bash', '#!/bin/sh\n# one\n'],
  ];
  for (const [language, source] of comments) {
    it(`${language}: a comment-only file has a doc and nothing else`, async () => {
      const r = await extract(language, source);
      expect(r.functions).toEqual([]);
      expect(r.classes).toEqual([]);
      expect(r.calls).toEqual([]);
      expect(r.errors).toEqual([]);
      expect(r.doc).toBeTruthy();
    });
  }
});
