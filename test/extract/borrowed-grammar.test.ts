// JavaScript read by the TypeScript (or TSX) grammar and query in a project mostly in one of them,
// and TypeScript read by TSX's in a project mostly in TSX: which projects do, that the records are
// those of the file's own grammar, and that a file the other grammar reads with errors (JSX in a
// .js file, a `<T>x` assertion in a .ts file) falls back to its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { extractRecord } from '../../dist/core/extract/index.js';
import { openProjectIndex } from '../../dist/core/index/open.js';
import { parseWithoutErrors } from '../../dist/core/parse/recover.js';
import { grammarsToRead, languageById } from '../../dist/grammars/languages.js';
import type { FileRecord, LanguageId } from '../../dist/core/types.js';
import { FIXTURES, outline } from './helpers.js';

function extractAs(path: string, source: string, grammar?: LanguageId, language: LanguageId = 'javascript'): Promise<FileRecord> {
  return extractRecord({ path, language, source, hash: 'test', size: Buffer.byteLength(source), ...(grammar ? { grammar } : {}) });
}

/** Angle-bracket assertions and a generic arrow without a comma: TypeScript only, JSX to TSX's grammar. */
const ASSERTIONS = `export function first(items: unknown): string {
  const list = <string[]>items;
  return (<string>list[0]).trim();
}

export const identity = <T>(value: T): T => value;

export function last(items: string[]): string {
  return items[items.length - 1];
}
`;

const JSX_COMPONENT = `import { useState } from 'react';

export function Counter({ start }) {
  const [count, setCount] = useState(start);
  return <button onClick={() => setCount(count + 1)}>{count}</button>;
}

export function double(value) {
  return value * 2;
}
`;

describe('which grammar reads a language', () => {
  it('JavaScript is read by TypeScript or TSX when the project holds at least as much of it', () => {
    expect(grammarsToRead(new Map<LanguageId, number>([['typescript', 700_000], ['javascript', 200]]))).toEqual(new Map([['javascript', 'typescript']]));
    expect(grammarsToRead(new Map<LanguageId, number>([['tsx', 500], ['typescript', 300], ['javascript', 400]]))).toEqual(new Map([['typescript', 'tsx'], ['javascript', 'tsx']]));
    expect(grammarsToRead(new Map<LanguageId, number>([['typescript', 100], ['javascript', 100]]))).toEqual(new Map([['javascript', 'typescript']]));
  });

  it('TypeScript is read by TSX when the project holds at least as much TSX', () => {
    expect(grammarsToRead(new Map<LanguageId, number>([['tsx', 500], ['typescript', 500]]))).toEqual(new Map([['typescript', 'tsx']]));
    expect(grammarsToRead(new Map<LanguageId, number>([['typescript', 700], ['tsx', 100], ['javascript', 200]]))).toEqual(new Map([['javascript', 'typescript']]));
  });

  it('a project mostly in JavaScript, or without TypeScript, keeps every language on its own grammar', () => {
    expect(grammarsToRead(new Map<LanguageId, number>([['typescript', 100], ['javascript', 5_000]]))).toEqual(new Map());
    expect(grammarsToRead(new Map<LanguageId, number>([['javascript', 5_000], ['python', 90_000]]))).toEqual(new Map());
    expect(grammarsToRead(new Map<LanguageId, number>([['typescript', 5_000], ['python', 90_000]]))).toEqual(new Map());
  });
});

describe('a JavaScript file read by the TypeScript grammar', () => {
  const real = ['commander/lib/command.js', 'commander/lib/help.js', 'ignore/index.js', 'shell-quote/parse.js', 'msgpackr/pack.js'];

  it.each([...['commonjs.cjs', 'esm.mjs'].map((name) => join(FIXTURES, name)), ...real.map((path) => resolve('node_modules', path))])(
    'has the record its own grammar gives: %s',
    async (file) => {
      const source = readFileSync(file, 'utf8');
      const own = await extractAs('lib/file.js', source);
      const borrowed = await extractAs('lib/file.js', source, 'typescript');
      expect(own.errors).toEqual([]);
      expect(borrowed).toEqual(own);
    },
  );

  it('with JSX, which TypeScript cannot read, falls back to the JavaScript grammar', async () => {
    const record = await extractAs('src/counter.js', JSX_COMPONENT, 'typescript');
    expect(record.language).toBe('javascript');
    expect(record.errors).toEqual([]);
    expect(outline(record)).toEqual(await extractAs('src/counter.js', JSX_COMPONENT).then(outline));
    expect(outline(record)).toEqual(expect.arrayContaining([expect.stringContaining('Counter'), expect.stringContaining('double')]));
  });
});

describe('a TypeScript file read by the TSX grammar', () => {
  const real = ['typescript.ts', '../recovery/no-semicolon-members.ts', '../recovery/error-root.ts'];

  it.each(real.map((name) => join(FIXTURES, name)))('has the record its own grammar gives: %s', async (file) => {
    const source = readFileSync(file, 'utf8');
    const own = await extractAs('src/file.ts', source, undefined, 'typescript');
    const borrowed = await extractAs('src/file.ts', source, 'tsx', 'typescript');
    expect(borrowed).toEqual(own);
    expect(own.functions.length + own.classes.length).toBeGreaterThan(0);
  });

  it("is read with TypeScript's text repairs (no-semicolon call signatures), not left to its own grammar", async () => {
    const source = readFileSync(join(FIXTURES, '../recovery/no-semicolon-members.ts'), 'utf8');
    expect(await parseWithoutErrors('tsx', source)).toBeUndefined();
    const parsed = await parseWithoutErrors('tsx', source, {}, languageById('typescript').extract);
    expect(parsed).toBeDefined();
    parsed!.delete();
  });

  it('with angle-bracket assertions, which TSX reads as JSX, falls back to the TypeScript grammar', async () => {
    const record = await extractAs('src/lists.ts', ASSERTIONS, 'tsx', 'typescript');
    expect(record.language).toBe('typescript');
    expect(record.errors).toEqual([]);
    expect(record).toEqual(await extractAs('src/lists.ts', ASSERTIONS, undefined, 'typescript'));
    expect(outline(record)).toEqual(expect.arrayContaining([expect.stringContaining('first'), expect.stringContaining('identity'), expect.stringContaining('last')]));
  });
});

describe('a warm of a TypeScript project with JavaScript files', () => {
  let root: string;
  beforeAll(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-borrowed-')));
    mkdirSync(join(root, '.git'));
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'app.ts'), readFileSync(join(FIXTURES, 'typescript.ts')));
    writeFileSync(join(root, 'src', 'legacy.cjs'), readFileSync(join(FIXTURES, 'commonjs.cjs')));
    writeFileSync(join(root, 'src', 'counter.js'), JSX_COMPONENT);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('indexes them as JavaScript, with the records of their own grammar', async () => {
    const index = await openProjectIndex(root, { extraction: 'in-process' });
    try {
      const result = await index.sync();
      expect(result.errors).toEqual([]);
      expect(result.languages.javascript?.files).toBe(2);
      for (const [path, source] of [['src/legacy.cjs', readFileSync(join(FIXTURES, 'commonjs.cjs'), 'utf8')], ['src/counter.js', JSX_COMPONENT]]) {
        const record = await index.record(path);
        expect(record?.language).toBe('javascript');
        expect(record).toEqual({ ...(await extractAs(path, source)), hash: record!.hash, size: record!.size });
      }
    } finally {
      await index.close();
    }
  });
});

describe('a warm of a TSX project with TypeScript files', () => {
  let root: string;
  const util = `export function clamp(value: number, low: number, high: number): number {\n  return Math.min(high, Math.max(low, value));\n}\n`;
  beforeAll(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-borrowed-tsx-')));
    mkdirSync(join(root, '.git'));
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'view.tsx'), readFileSync(join(FIXTURES, 'tsx.tsx')));
    writeFileSync(join(root, 'src', 'lists.ts'), ASSERTIONS);
    writeFileSync(join(root, 'src', 'util.ts'), util);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('indexes them as TypeScript, with the records of their own grammar', async () => {
    const index = await openProjectIndex(root, { extraction: 'in-process' });
    try {
      const result = await index.sync();
      expect(result.errors).toEqual([]);
      expect(result.languages.typescript?.files).toBe(2);
      for (const [path, source] of [['src/lists.ts', ASSERTIONS], ['src/util.ts', util]]) {
        const record = await index.record(path);
        expect(record?.language).toBe('typescript');
        expect(record).toEqual({ ...(await extractAs(path, source, undefined, 'typescript')), hash: record!.hash, size: record!.size });
      }
    } finally {
      await index.close();
    }
  });
});
