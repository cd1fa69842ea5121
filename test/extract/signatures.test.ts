// Signature edge cases: comments inside a declaration are cut out (and a doc comment after the
// attributes still documents it), comments after the opening `:` are not part of it, a name
// written after the body is appended, and overlong declarations are bounded.
import { describe, expect, it } from 'vitest';
import { extractSource, fn } from './helpers.js';

describe('signatures', () => {
  it('rust: a doc comment between attributes and fn is the doc, not signature', async () => {
    const r = await extractSource('a.rs', '#[inline]\n/// Attempt to downcast.\n///\n/// More.\npub fn downcast(self) -> u8 { 0 }\n');
    expect(fn(r, 'downcast')).toMatchObject({ line: 1, signature: '#[inline] pub fn downcast(self) -> u8', doc: 'Attempt to downcast.' });
  });

  it('typescript: parameter comments are dropped from the signature, not from params', async () => {
    const r = await extractSource('a.ts', 'class A {\n  constructor(\n    /** The raw event. */\n    public readonly event: Event, // first\n    n: number,\n  ) {}\n}\n');
    expect(fn(r, 'A.constructor').signature).toBe('constructor( public readonly event: Event, n: number, )');
    expect(fn(r, 'A.constructor').params).toEqual(['public readonly event: Event', 'n: number']);
  });

  it('python: a comment after the colon is not part of the signature', async () => {
    const r = await extractSource('a.py', 'def f(a,  # first\n      b):  # trailing\n    return a\n');
    expect(fn(r, 'f').signature).toBe('def f(a, b)');
  });

  it('bounds very long declarations', async () => {
    const params = Array.from({ length: 80 }, (_, i) => `p${i}: number`).join(', ');
    const r = await extractSource('a.ts', `function wide(${params}): void {}\n`);
    expect(fn(r, 'wide').signature.length).toBeLessThanOrEqual(300);
    expect(fn(r, 'wide').signature.endsWith('…')).toBe(true);
    expect(fn(r, 'wide').params).toHaveLength(80);
  });
});
