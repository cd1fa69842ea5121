// change-impact in the daemon on the real ≈ 100k-line tree under git: ten files edited inside a
// function body each (five TypeScript, five Python), then the question an agent asks after an
// edit — what did I change, what calls it, which tests reach it — against `git diff HEAD`, and
// for the same files against the records the daemon held before the edits (no git).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChangeImpactResult } from '../../core/query/change-impact.js';
import type { FileRecord } from '../../core/types.js';
import { buildRealTree, type RealTree } from '../real-code.js';
import { serveProject, type ServedProject } from '../served-project.js';
import type { BenchSuite, Metric, TimedTask } from '../suite.js';

const EDITED_PER_LANGUAGE = 5;

let tree: RealTree | undefined;
let served: ServedProject | undefined;
let edited: string[] = [];

function git(...args: string[]): void {
  execFileSync('git', ['-c', 'user.email=bench@tldr', '-c', 'user.name=bench', ...args], { cwd: tree!.root, stdio: 'ignore' });
}

/**
 * Appends a comment to the last line of the longest function's body in each file: a change inside
 * one definition, whatever the language's syntax, that git and tldr's records both see.
 */
async function editFiles(): Promise<string[]> {
  const listed = (await served!.query('tree', {})) as { files: { path: string; language: string; lines: number }[] };
  const chosen: string[] = [];
  for (const [language, comment] of [['typescript', '//'], ['python', '#']] as const) {
    const candidates = listed.files.filter((file) => file.language === language && file.lines >= 200);
    let count = 0;
    // Files spread over the tree rather than one directory first, then the others.
    const stride = Math.max(1, Math.floor(candidates.length / (EDITED_PER_LANGUAGE + 1)));
    const order = [...candidates.filter((_, i) => i % stride === 0), ...candidates.filter((_, i) => i % stride !== 0)];
    for (const candidate of order) {
      if (count === EDITED_PER_LANGUAGE) break;
      const record = (await served!.query('extract', { file: candidate.path })) as FileRecord;
      const fn = [...record.functions, ...record.classes.flatMap((c) => c.methods)]
        .filter((f) => !f.is_declaration && f.end_line - f.line >= 3)
        .sort((a, b) => b.end_line - b.line - (a.end_line - a.line))[0];
      if (!fn) continue;
      const abs = join(tree!.root, record.path);
      const lines = readFileSync(abs, 'utf8').split('\n');
      // TypeScript bodies end with `}`: the line before it; Python bodies end on their last statement.
      const at = language === 'typescript' ? fn.end_line - 2 : fn.end_line - 1;
      lines[at] = `${lines[at]} ${comment} edited by the tldr bench`;
      writeFileSync(abs, lines.join('\n'));
      chosen.push(record.path);
      count++;
    }
  }
  return chosen;
}

function changeImpact(args: Record<string, unknown>): Promise<ChangeImpactResult> {
  return served!.query('change-impact', args) as Promise<ChangeImpactResult>;
}

export const suite: BenchSuite = {
  name: 'change-impact',
  async setup() {
    tree = buildRealTree(100_000);
    execFileSync('git', ['init', '-q'], { cwd: tree.root });
    git('add', '-A');
    git('commit', '-qm', 'the real tree');
    served = await serveProject(tree.root);
    edited = await editFiles();
    if (edited.length !== 2 * EDITED_PER_LANGUAGE) throw new Error(`could edit only ${edited.length} files`);
    const first = await changeImpact({});
    if (first.files.length !== edited.length) throw new Error(`git diff shows ${first.files.length} files, ${edited.length} were edited`);
  },
  tasks(): TimedTask[] {
    return [
      { name: `change-impact of a ${2 * EDITED_PER_LANGUAGE}-file diff (git diff HEAD, depth 3)`, fn: () => changeImpact({}), maxP50Ms: 200, iterations: 20, timeMs: 2000 },
      { name: `change-impact of the same ${2 * EDITED_PER_LANGUAGE} files against the daemon's records (no git)`, fn: () => changeImpact({ files: edited }), maxP50Ms: 200, iterations: 20, timeMs: 2000 },
    ];
  },
  async metrics(): Promise<Metric[]> {
    const viaGit = await changeImpact({});
    const viaRecords = await changeImpact({ files: edited });
    return [
      { name: 'changed definitions found (git / records)', value: viaGit.changed.length, unit: `/ ${viaRecords.changed.length}` },
      { name: 'callers to depth 3', value: viaGit.callers.length, unit: 'call sites' },
      { name: 'tests among them', value: viaGit.tests.length, unit: 'tests' },
    ];
  },
  async teardown() {
    await served?.stop();
    tree?.cleanup();
    served = undefined;
    tree = undefined;
    edited = [];
  },
};
