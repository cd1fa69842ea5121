// Every parse has a deadline: one that runs past it is cancelled with a clear error (the file is
// reported, the warm goes on), and the parser is usable again afterwards.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TldrError } from '../../dist/core/errors.js';
import { warmProject } from '../../dist/core/index/open.js';
import { parseSource } from '../../dist/core/parse/parser.js';
import { closeExtractPool } from '../../dist/core/pool/extract-pool.js';

/** ≈ 900 KB of Python (under the 1 MB file limit): a few hundred ms to parse, far more than the deadlines below. */
const big = Array.from({ length: 25_000 }, (_, i) => `def f${i}(x):\n    return x + ${i}\n`).join('');

afterEach(async () => {
  delete process.env.TLDR_PARSE_TIMEOUT_MS;
  await closeExtractPool();
});

describe('parse deadline', () => {
  it('a parse past its deadline throws a TldrError saying so; the parser then parses normally', async () => {
    const failure = await parseSource('python', big, { deadlineMs: 5 }).then(() => undefined, (error: unknown) => error);
    expect(failure).toBeInstanceOf(TldrError);
    expect((failure as TldrError).message).toBe('parsing took longer than the 5 ms deadline');
    expect((failure as TldrError).hint).toMatch(/TLDR_PARSE_TIMEOUT_MS/);
    // A cancelled parser would resume the old input unless reset.
    const tree = await parseSource('python', 'def g():\n    return 1\n');
    expect(tree.rootNode.hasError).toBe(false);
    expect(tree.rootNode.text).toBe('def g():\n    return 1\n');
    expect(tree.rootNode.namedChildren.map((node) => node.type)).toEqual(['function_definition']);
    tree.delete();
    const whole = await parseSource('python', big);
    expect(whole.rootNode.namedChildCount).toBe(25_000);
    whole.delete();
  });

  for (const extraction of ['in-process', 'pool'] as const) {
    it(`a warm (${extraction}) reports the file that overran TLDR_PARSE_TIMEOUT_MS and indexes the rest`, async () => {
      const root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-deadline-')));
      try {
        writeFileSync(join(root, 'big.py'), big);
        writeFileSync(join(root, 'small.py'), 'def small():\n    return 1\n');
        process.env.TLDR_PARSE_TIMEOUT_MS = '20';
        const result = await warmProject(root, { extraction });
        expect(result.errors).toEqual([{ path: 'big.py', message: 'extraction failed: parsing took longer than the 20 ms deadline' }]);
        expect(result.files).toBe(1);
        expect(result.languages.python?.files).toBe(1);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
  }
});
