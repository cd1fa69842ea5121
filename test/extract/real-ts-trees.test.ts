// Opt-in: structure against the TypeScript compiler on real TypeScript trees that are not in the
// repository (npm packages that ship `src/`, unpacked into a temp directory with `npm pack`).
//   TLDR_TS_TREES=/tmp/pkgs/a/package/src:/tmp/pkgs/b/package/src npx vitest run test/extract/real-ts-trees.test.ts
// Per tree it prints the files, the files whose parse has syntax errors, the files where the
// compiler finds a definition tldr misses, and the agreement; each tree must agree ≥ 99.5 %.
import { delimiter } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agreementRate, compareWithCompiler, isTs, walk } from './ts-agreement.js';

const trees = (process.env.TLDR_TS_TREES ?? '').split(delimiter).filter(Boolean);

describe.runIf(trees.length > 0)('structure vs the TypeScript compiler on real trees (TLDR_TS_TREES)', () => {
  it.each(trees)('%s', async (tree) => {
    const files = walk(tree, isTs);
    const result = await compareWithCompiler(files);
    const rate = agreementRate(result);
    const missing = new Set(result.mismatches.filter((m) => m.includes(': only tsc:')).map((m) => m.slice(0, m.indexOf(': only'))));
    console.log([
      `${tree}: ${files.length} files, ${result.filesWithErrors} with syntax errors, ${missing.size} missing a definition;`,
      `${result.compiler} compiler definitions, ${result.agreed} agree, ${result.mismatches.length} differ (${(rate * 100).toFixed(2)} %)`,
      ...result.mismatches.slice(0, 15).map((m) => `  ${m}`),
    ].join('\n'));
    expect(rate, result.mismatches.slice(0, 20).join('\n')).toBeGreaterThanOrEqual(0.995);
  }, 600_000);
});
