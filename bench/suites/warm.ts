// Warming a real ≈ 100k-line tree (bench/real-code.ts) end to end through the CLI, as a user runs
// it: cold (no cache, fresh worker pool), with nothing changed, and after editing one file. Plus
// the cost of starting the worker pool, the in-process no-change re-check an open index does, and
// the first `tldr warm` of small real projects (10-20k lines) from process start, against bare
// `node -e ''` measured in the same run.
import { spawnSync } from 'node:child_process';
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openProjectIndex, type CachedProjectIndex } from '../../core/index/open.js';
import { closeExtractPool, extractInPool, workerCount } from '../../core/pool/extract-pool.js';
import type { WarmResult } from '../../core/types.js';
import { probeDaemon, stopDaemon } from '../../core/daemon/lifecycle.js';
import { buildRealTree, buildSmallProject, type RealTree } from '../real-code.js';
import { timeProcess } from '../measure.js';
import type { BenchSuite, Metric, TimedTask } from '../suite.js';

const BIN = fileURLToPath(new URL('../../cli/tldr.cjs', import.meta.url));
const COLD_RUNS = 3;
const WARM_RUNS = 5;

let tree: RealTree | undefined;
let index: CachedProjectIndex | undefined;

const FIRST_WARM_RUNS = 5;

/**
 * Runs `tldr warm` in a fresh process, timing it from spawn to exit. bash's `times` adds the CPU
 * seconds the process and its worker threads used, which other load on the machine does not inflate.
 * The process is the package's bin, as a user runs it.
 */
function cliWarm(root: string, extra: string[] = ['--no-daemon']): { seconds: number; cpuSeconds: number; result: WarmResult } {
  const env = { ...process.env };
  delete env.NODE_EXTRA_CA_CERTS;
  const started = performance.now();
  const run = spawnSync('bash', ['-c', '"$@"; code=$?; times >&2; exit $code', 'bash', process.execPath, BIN, 'warm', root, ...extra, '--json'], {
    encoding: 'utf8',
    env,
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`tldr warm failed: ${run.stderr.trim()}`);
  return { seconds, cpuSeconds: childCpuSeconds(run.stderr), result: JSON.parse(run.stdout) as WarmResult };
}

/** The children's user + system time from bash's `times` (its second line: `0m1.234s 0m0.056s`). */
function childCpuSeconds(stderr: string): number {
  const line = stderr.trim().split('\n').pop() ?? '';
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((match) => Number(match[1]) * 60 + Number(match[2]));
  return parts.length === 2 ? parts[0] + parts[1] : Number.NaN;
}

/** Wall time of bare `node -e ''`, in seconds: the floor every CLI call stands on. */
function nodeFloor(cwd: string): number {
  return timeProcess(['-e', ''], cwd) / 1000;
}

/** Stops the daemon `tldr warm` left starting, once it is up (stopped before, it would start after). */
async function stopStartedDaemon(root: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await probeDaemon(root)).state !== 'running' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  await stopDaemon(root);
}

/**
 * The first `tldr warm` of a small real project, as a user runs it (the daemon it starts is
 * stopped before the next run, the cache removed), interleaved with bare node for the floor.
 */
async function firstWarm(project: RealTree, label: string): Promise<Metric[]> {
  const seconds: number[] = [];
  const cpu: number[] = [];
  const floor: number[] = [];
  let result: WarmResult | undefined;
  for (let run = 0; run < FIRST_WARM_RUNS; run++) {
    rmSync(join(project.root, '.tldr'), { recursive: true, force: true });
    floor.push(nodeFloor(project.root));
    const warm = cliWarm(project.root, []);
    seconds.push(warm.seconds);
    cpu.push(warm.cpuSeconds);
    result = warm.result;
    await stopStartedDaemon(project.root);
  }
  const lines = `${(project.lines / 1000).toFixed(1)}k lines`;
  return [
    { name: `first warm, ${label} (${project.composition}, ${lines}, ${result!.workers} worker${result!.workers === 1 ? '' : 's'} + this thread): process start to exit, median of ${FIRST_WARM_RUNS}`, value: median(seconds), unit: 's', max: 0.5 },
    { name: '  CPU time, all threads', value: median(cpu), unit: 's', better: 'lower' },
    { name: "  bare `node -e ''` in the same runs", value: median(floor), unit: 's' },
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export const suite: BenchSuite = {
  name: 'warm',
  async setup() {
    tree = buildRealTree(100_000);
    index = await openProjectIndex(tree.root);
    await index.sync();
  },
  tasks(): TimedTask[] {
    return [
      {
        // What an open index (the daemon's) pays to re-check every file when nothing changed.
        name: 'no-change sync, open index (100k lines)',
        fn: () => index!.sync(),
        iterations: 10,
        timeMs: 1000,
        maxMeanMs: 500,
      },
    ];
  },
  async metrics() {
    const root = tree!.root;
    const metrics: Metric[] = [
      { name: `tree: ${tree!.composition}`, value: tree!.lines, unit: 'lines' },
      { name: 'tree files', value: tree!.files, unit: 'files' },
      { name: 'tree size', value: tree!.bytes / 1e6, unit: 'MB' },
    ];

    const cold: number[] = [];
    const coldCpu: number[] = [];
    const coldInside: number[] = [];
    let coldResult: WarmResult | undefined;
    for (let run = 0; run < COLD_RUNS; run++) {
      rmSync(join(root, '.tldr'), { recursive: true, force: true });
      const { seconds, cpuSeconds, result } = cliWarm(root);
      cold.push(seconds);
      coldCpu.push(cpuSeconds);
      coldInside.push(result.elapsed_ms / 1000);
      coldResult = result;
    }
    metrics.push({ name: `full warm, cold cache (tldr warm, ${coldResult!.workers} workers, median of ${COLD_RUNS})`, value: median(cold), unit: 's', max: 4 });
    metrics.push({ name: 'full warm, cold: time inside the warm (no process start)', value: median(coldInside), unit: 's', better: 'lower' });
    metrics.push({ name: 'full warm, cold: CPU time, all threads (unaffected by other load)', value: median(coldCpu), unit: 's', better: 'lower' });
    metrics.push({ name: 'full warm, cold: files with errors', value: coldResult!.errors.length, unit: 'files', max: 0 });

    const unchanged: number[] = [];
    let parsedUnchanged = 0;
    for (let run = 0; run < WARM_RUNS; run++) {
      const { seconds, result } = cliWarm(root);
      unchanged.push(seconds);
      parsedUnchanged = Math.max(parsedUnchanged, result.parsed);
    }
    metrics.push({ name: `no-change warm (tldr warm, median of ${WARM_RUNS})`, value: median(unchanged), unit: 's', max: 0.5 });
    metrics.push({ name: 'no-change warm: files re-parsed', value: parsedUnchanged, unit: 'files', max: 0 });

    appendFileSync(join(root, 'rxjs', 'internal', 'operators', 'map.ts'), '\nexport const benchEdit = 1;\n');
    const edited = cliWarm(root);
    // No limit of its own: a fresh process pays the grammar and query set-up of the edited file's
    // language, which the daemon (issue 5) pays once.
    metrics.push({ name: 'one-file-edit warm (tldr warm)', value: edited.seconds, unit: 's', better: 'lower' });
    metrics.push({ name: 'one-file-edit warm: files re-parsed', value: edited.result.parsed, unit: 'files', min: 1, max: 1 });

    await closeExtractPool();
    const started = performance.now();
    const [outcome] = await extractInPool([{ abs: join(root, 'rxjs', 'index.ts'), path: 'rxjs/index.ts', language: 'typescript' }], {
      maxFileBytes: 1 << 20,
      languages: ['typescript'],
      sizes: new Map(),
    });
    if (outcome.status !== 'record') throw new Error(`worker start probe failed: ${outcome.status}`);
    metrics.push({ name: `worker pool start (${workerCount()} workers) + first TypeScript file`, value: performance.now() - started, unit: 'ms', better: 'lower' });
    await closeExtractPool();

    for (const [language, label] of [['python', 'Python'], ['typescript', 'TypeScript']] as const) {
      const project = buildSmallProject(language);
      try {
        metrics.push(...(await firstWarm(project, label)));
      } finally {
        await stopDaemon(project.root);
        project.cleanup();
      }
    }
    return metrics;
  },
  async teardown() {
    await index?.close();
    await closeExtractPool();
    tree?.cleanup();
  },
};
