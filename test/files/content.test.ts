import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeContent, isMinified } from '../../dist/core/files/content.js';
import { FIXTURES } from './fixture-project.js';

const mixed = (rel: string) => readFileSync(join(FIXTURES, 'mixed', rel));

describe('decodeContent', () => {
  it('decodes UTF-8 source exactly', () => {
    const verdict = decodeContent(mixed('src/app.ts'));
    expect(verdict).toMatchObject({ kind: 'text', lossy: false });
    expect(verdict.kind === 'text' && verdict.text.startsWith("import { formatName }")).toBe(true);
  });

  it('decodes Latin-1 text lossily and says so', () => {
    const verdict = decodeContent(mixed('src/latin1.py'));
    expect(verdict.kind).toBe('text');
    if (verdict.kind !== 'text') return;
    expect(verdict.lossy).toBe(true);
    expect(verdict.text).toContain('Caf\uFFFD cr\uFFFDme');
    expect(verdict.text).toContain('def price(item):');
  });

  it('calls a file with NUL bytes binary (an MPEG transport stream named .ts)', () => {
    expect(decodeContent(mixed('media/clip.ts'))).toEqual({ kind: 'skip', reason: 'binary' });
  });

  it('reads UTF-16 with a byte-order mark as text despite its NUL bytes', () => {
    const source = 'class Wide { void Run() {} }\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(source, 'utf16le')]);
    expect(decodeContent(le)).toEqual({ kind: 'text', text: source, lossy: false });
    const be = Buffer.from(le);
    be.swap16();
    expect(decodeContent(be)).toEqual({ kind: 'text', text: source, lossy: false });
  });

  it('calls a one-line bundle minified but not ordinary code with one long line', () => {
    expect(decodeContent(mixed('public/bundle.js'))).toEqual({ kind: 'skip', reason: 'minified' });
    const longLine = `const table = "${'x'.repeat(5000)}";\n`;
    const ordinary = `${'function f() {\n  return 1;\n}\n'.repeat(100)}${longLine}`;
    expect(isMinified(ordinary)).toBe(false);
    expect(isMinified('x'.repeat(500))).toBe(false);
  });
});
