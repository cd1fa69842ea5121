// `structure` and `summary` on a warm index of the real ≈ 100k-line tree: latency of the answer
// as the daemon computes it (handler, JSON round trip, text formatting), and how many tokens the summary saves over reading the raw file,
// counted with a real tokenizer (gpt-tokenizer, o200k) on the exact text `tldr summary` prints.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer';
import { openProjectIndex, type CachedProjectIndex } from '../../core/index/open.js';
import { closeExtractPool } from '../../core/pool/extract-pool.js';
import type { FileRecord } from '../../core/types.js';
import { COMMANDS } from '../../cli/commands/index.js';
import type { CommandSpec } from '../../cli/command.js';
import { buildRealTree, type RealTree } from '../real-code.js';
import type { BenchSuite, Metric, TimedTask } from '../suite.js';

/** Files this long or longer are the ones an agent would otherwise read whole (DESIGN §8). */
const LONG_FILE_LINES = 300;

let tree: RealTree | undefined;
let index: CachedProjectIndex | undefined;
let longFiles: FileRecord[] = [];

function command(name: string): CommandSpec & Required<Pick<CommandSpec, 'serve'>> {
  const spec = COMMANDS.find((candidate) => candidate.name === name);
  if (!spec?.serve) throw new Error(`command ${name} is not available`);
  return spec as CommandSpec & Required<Pick<CommandSpec, 'serve'>>;
}

/** What `tldr <name> <file>` prints, answered on the open index as the daemon answers it. */
function answer(name: string, path: string): Promise<string> {
  return command(name).serve([path], {}, { json: false, daemon: false }, {
    index: async () => index!,
    cwd: tree!.root,
    notify: () => ({ marked: [], refused: [] }),
  });
}

/** Every definition name a summary must keep. */
function definitionNames(record: FileRecord): string[] {
  return [
    ...record.functions.map((fn) => fn.name),
    ...record.classes.flatMap((cls) => [cls.name, ...cls.methods.map((method) => method.name)]),
  ].filter((name) => !name.startsWith('<'));
}

export const suite: BenchSuite = {
  name: 'queries',
  async setup() {
    tree = buildRealTree(100_000);
    index = await openProjectIndex(tree.root);
    const records = await index.records();
    longFiles = [...records.values()].filter((record) => record.line_count >= LONG_FILE_LINES);
    if (longFiles.length === 0) throw new Error('no file of 300 lines or more in the tree');
  },
  tasks(): TimedTask[] {
    let next = 0;
    // Cycle through the long files so the numbers are not one file's.
    const file = () => longFiles[next++ % longFiles.length].path;
    return [
      { name: `structure <file> (${longFiles.length} files ≥ ${LONG_FILE_LINES} lines)`, fn: () => answer('structure', file()), maxP50Ms: 2, maxP99Ms: 20 },
      { name: 'summary <file>', fn: () => answer('summary', file()), maxP50Ms: 2, maxP99Ms: 20 },
    ];
  },
  async metrics() {
    let rawTokens = 0;
    let summaryTokens = 0;
    let worst = 0;
    let worstFile = '';
    let missing = 0;
    const missingExamples: string[] = [];
    for (const record of longFiles) {
      const raw = countTokens(readFileSync(join(tree!.root, record.path), 'utf8'));
      const text = await answer('summary', record.path);
      const short = countTokens(text);
      rawTokens += raw;
      summaryTokens += short;
      if (short / raw > worst) {
        worst = short / raw;
        worstFile = record.path;
      }
      for (const name of new Set(definitionNames(record))) {
        if (text.includes(name)) continue;
        missing++;
        if (missingExamples.length < 3) missingExamples.push(`${record.path}:${name}`);
      }
    }
    return [
      { name: `summary tokens saved vs raw file (${longFiles.length} files ≥ ${LONG_FILE_LINES} lines)`, value: (1 - summaryTokens / rawTokens) * 100, unit: '%', min: 90 },
      { name: `summary tokens saved, worst file (${worstFile})`, value: (1 - worst) * 100, unit: '%' },
      { name: `definitions missing from summaries${missingExamples.length ? ` (e.g. ${missingExamples.join(', ')})` : ''}`, value: missing, unit: 'names', max: 0 },
    ] satisfies Metric[];
  },
  async teardown() {
    await index?.close();
    await closeExtractPool();
    tree?.cleanup();
  },
};
