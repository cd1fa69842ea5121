// JavaScript read by the TypeScript (or TSX) grammar and query in a project mostly in one of them:
// which projects do, that the records are those of the file's own grammar, and that a file the
// other grammar reads with errors (JSX in a .js file) falls back to its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { extractRecord } from '../../dist/core/extract/index.js';
import { openProjectIndex } from '../../dist/core/index/open.js';
import { grammarsToRead } from '../../dist/grammars/languages.js';
import type { FileRecord, LanguageId } from '../../dist/core/types.js';
import { FIXTURES, outline } from './helpers.js';

function extractAs(path: string, source: string, grammar?: LanguageId): Promise<FileRecord> {
  return extractRecord({ path, language: 'javascript', source, hash: 'test', size: Buffer.byteLength(source), ...(grammar ? { grammar } : {}) });
}

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
    expect(grammarsToRead(new Map<LanguageId, number>([['tsx', 500], ['typescript', 300], ['javascript', 400]]))).toEqual(new Map([['javascript', 'tsx']]));
    expect(grammarsToRead(new Map<LanguageId, number>([['typescript', 100], ['javascript', 100]]))).toEqual(new Map([['javascript', 'typescript']]));
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
