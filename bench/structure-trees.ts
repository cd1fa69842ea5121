// Structure against the TypeScript compiler on real TypeScript trees that are not in the
// repository (npm packages that ship `src/`, unpacked with `npm pack` + `tar`), run by hand:
//   node dist/bench/structure-trees.js /tmp/pkgs/a/package/src /tmp/pkgs/b/package/src
// Per tree: files, files whose parse has errors before recovery and whose record still reports
// errors after it, the lines inside those errors, files missing a compiler definition, the agreement (target ≥ 99.5 %), and
// what recovery costs on the files with errors (whole-file parse vs parse + recovery + extraction).
// Exit 1 when a tree agrees less than the target.
import { statSync } from 'node:fs';
import { agreementRate, compareWithCompiler, isTs, walk } from './oracle/structure-agreement.js';

const TARGET = 0.995;
const SHOWN = 15;

async function main(trees: string[]): Promise<number> {
  if (trees.length === 0) {
    process.stderr.write('usage: node dist/bench/structure-trees.js <src-dir>...\n');
    return 2;
  }
  const missing = trees.find((tree) => !statSync(tree, { throwIfNoEntry: false })?.isDirectory());
  if (missing !== undefined) {
    process.stderr.write(`structure-trees: ${missing} is not a directory (give the src/ of an unpacked package)\n`);
    return 2;
  }
  let failed = false;
  for (const tree of trees) {
    const result = await compareWithCompiler(walk(tree, isTs));
    const rate = agreementRate(result);
    failed ||= rate < TARGET;
    process.stdout.write([
      `${tree}: ${result.files} files; with errors: ${result.filesParsedWithErrors} before recovery, ${result.filesWithErrors} after; ${result.filesMissingDefinitions} missing a definition`,
      `  lines inside syntax errors: ${result.errorLinesBefore} before recovery, ${result.errorLinesAfter} after`,
      `  ${result.compiler} compiler definitions, ${result.agreed} agree, ${result.mismatches.length} differ: ${(rate * 100).toFixed(2)} %`,
      `  files with errors: whole-file parse ${result.parseMs.toFixed(0)} ms, parse + recovery + extraction ${result.extractMs.toFixed(0)} ms`,
      ...result.mismatches.slice(0, SHOWN).map((m) => `  ${m}`),
      '',
    ].join('\n'));
  }
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
