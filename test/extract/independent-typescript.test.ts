// tldr's TypeScript and JavaScript definitions against the TypeScript compiler's parser on real
// sources shipped in node_modules (rxjs, piscina and gpt-tokenizer ship their .ts sources;
// commander, picomatch, ignore, msgpackr and cli-progress hand-written .js). The categories
// compared are those both sides define (see bench/oracle/ts-definitions.ts): functions and classes that no
// named definition encloses, class members, `const f = () => …`. tldr's extra definitions
// (object members bound to a name, `exports.x = function`, prototype methods) are left out.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { agreementRate, compareWithCompiler, isJs, isTs, walk } from '../../dist/bench/oracle/structure-agreement.js';

const MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));

describe('typescript/javascript definitions vs the TypeScript compiler', () => {
  it('agree on TypeScript sources', async () => {
    const files = ['rxjs/src', 'piscina/src', 'gpt-tokenizer/src'].flatMap((dir) => walk(join(MODULES, dir), isTs));
    expect(files.length).toBeGreaterThan(200);
    const result = await compareWithCompiler(files);
    const { agreed, mismatches } = result;
    const rate = agreementRate(result);
    console.log(`typescript vs tsc: ${files.length} files, ${agreed} definitions agree, ${mismatches.length} differ (${(rate * 100).toFixed(2)}%)`);
    expect(agreed).toBeGreaterThan(600); // an overloaded function counts once
    expect(rate, mismatches.slice(0, 20).join('\n')).toBeGreaterThanOrEqual(0.995);
  }, 180_000);

  it('compare a class tldr names after its line (one name in several test callbacks) by its name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tldr-agreement-'));
    try {
      const file = join(dir, 'network.test.ts');
      writeFileSync(file, [
        "it('a', () => {",
        '  class Source extends Base {',
        '    enable = () => {}',
        '  }',
        '})',
        "it('b', () => {",
        '  class Source extends Base {',
        '    enable = () => {}',
        '  }',
        '})',
      ].join('\n'));
      const result = await compareWithCompiler([file]);
      expect(result.mismatches).toEqual([]);
      expect(result.agreed).toBe(4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('agree on hand-written JavaScript (CommonJS and ESM)', async () => {
    const files = [
      ...['commander/lib', 'picomatch/lib', 'cli-progress/lib'].flatMap((dir) => walk(join(MODULES, dir), isJs)),
      ...['ignore/index.js', 'msgpackr/pack.js', 'msgpackr/unpack.js', 'msgpackr/stream.js', 'msgpackr/iterators.js'].map((f) => join(MODULES, f)),
    ];
    const result = await compareWithCompiler(files);
    const { agreed, mismatches } = result;
    const rate = agreementRate(result);
    console.log(`javascript vs tsc: ${files.length} files, ${agreed} definitions agree, ${mismatches.length} differ (${(rate * 100).toFixed(2)}%)`);
    expect(agreed).toBeGreaterThan(300);
    expect(rate, mismatches.slice(0, 20).join('\n')).toBeGreaterThanOrEqual(0.995);
  }, 180_000);
});
