// Diagnostics in the daemon on the rxjs sources (≈ 300 TypeScript files) as a project of their own,
// type-checked by "its" typescript (node_modules/typescript linked in): the first check (the
// language service builds the program), then one file edited and re-checked again and again in
// the warm service — what the post-edit hook and an agent's "did I break it" ask cost — and the
// tree-sitter syntax errors of a file.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DiagnosticsResult } from '../../core/diagnostics/types.js';
import { serveProject, type ServedProject } from '../served-project.js';
import type { BenchSuite, Metric, TimedTask } from '../suite.js';

const NODE_MODULES = fileURLToPath(new URL('../../../node_modules/', import.meta.url));
/** A central file and a typical operator: the one everything imports, and a leaf. */
const TARGETS = ['internal/Observable.ts', 'internal/operators/switchMap.ts'];
const TSCONFIG = {
  compilerOptions: { strict: true, target: 'es2018', module: 'esnext', moduleResolution: 'node', lib: ['es2018', 'dom'], noEmit: true, skipLibCheck: true },
  include: ['**/*.ts'],
};

let root: string | undefined;
let served: ServedProject | undefined;
let firstCheckMs = 0;
let edits = 0;

async function check(path: string, types = true): Promise<DiagnosticsResult> {
  const result = (await served!.query('diagnostics', { path, types })) as DiagnosticsResult;
  const typescript = result.tools.find((tool) => tool.tool === 'typescript');
  if (types && typescript?.status !== 'ok') throw new Error(`typescript did not answer: ${JSON.stringify(result.tools)}`);
  return result;
}

/** Edits a function body's worth of code at the end of the file (new content each time), then checks it. */
function editAndCheck(path: string): () => Promise<unknown> {
  const original = readFileSync(join(root!, path), 'utf8');
  return () => {
    edits++;
    writeFileSync(join(root!, path), `${original}\nexport function tldrBenchProbe${edits}(n: number): number {\n  return n * ${edits};\n}\n`);
    return check(path);
  };
}

export const suite: BenchSuite = {
  name: 'diagnostics',
  async setup() {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-bench-diagnostics-')));
    cpSync(join(NODE_MODULES, 'rxjs', 'src'), root, { recursive: true });
    writeFileSync(join(root, 'package.json'), '{"name":"rxjs-sources","private":true}\n');
    writeFileSync(join(root, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    mkdirSync(join(root, 'node_modules'));
    symlinkSync(join(NODE_MODULES, 'typescript'), join(root, 'node_modules', 'typescript'));
    served = await serveProject(root);
    const started = performance.now();
    await check(TARGETS[0]);
    firstCheckMs = performance.now() - started;
    // The second target's first check, so that every timed one is a re-check after an edit.
    await check(TARGETS[1]);
  },
  tasks(): TimedTask[] {
    return [
      ...TARGETS.map((path): TimedTask => ({
        name: `TypeScript diagnostics of ${path} after an edit (warm language service)`,
        fn: editAndCheck(path),
        maxP50Ms: 300,
        iterations: 20,
        timeMs: 1000,
      })),
      { name: `tree-sitter diagnostics of ${TARGETS[0]} (syntax only)`, fn: () => check(TARGETS[0], false), maxP50Ms: 10, iterations: 200, timeMs: 500 },
    ];
  },
  async metrics(): Promise<Metric[]> {
    const status = await served!.status();
    return [
      { name: `first TypeScript check (language service builds the program of ${status.files} files)`, value: firstCheckMs, unit: 'ms' },
      // The language services live in the daemon's TypeScript worker, on top of its index.
      { name: 'daemon RSS with the warm language service', value: status.rss_bytes / 1024 / 1024, unit: 'MB' },
    ];
  },
  async teardown() {
    await served?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
    served = undefined;
    root = undefined;
  },
};
