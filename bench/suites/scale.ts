// A million lines and more (issue 11): a whole large repository indexed, graphed and served on this
// machine. The tree is TLDR_SCALE_TREE, by default Go's standard library sources (golang-1.19-src,
// ≈ 1.6M lines indexed), copied to a temp directory since the cache lives in the project. Opt-in
// (`tldr bench --suite scale`): it takes minutes. Measured as a user meets it: a cold `tldr warm` and
// no-change warms in fresh processes, then the daemon — index load, call graph built in the
// background, memory, query latency, and how soon an edit reaches `impact`.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDaemon, stopDaemon } from '../../core/daemon/lifecycle.js';
import type { StatusResult } from '../../core/daemon/protocol.js';
import { DaemonConnection, daemonPaths } from '../../core/daemon/wire.cjs';
import type { FileRecord, WarmResult } from '../../core/types.js';
import type { BenchSuite, Metric, TimedTask } from '../suite.js';

const CLI = fileURLToPath(new URL('../../cli/main.js', import.meta.url));
export const DEFAULT_SCALE_TREE = '/usr/share/go-1.19/src';
const NO_CHANGE_RUNS = 3;
/** Names asked about (signature, impact) and files (structure, summary): spread evenly over the tree. */
const SAMPLES = 300;
const EDIT_SAMPLES = 5;
const MB = 1024 * 1024;

let root: string | undefined;
let connection: DaemonConnection | undefined;
let cold: { seconds: number; cpuSeconds: number; peakRssMb: number; result: WarmResult } | undefined;
let noChange: number[] = [];
let loadMs = 0;
let graphMs = 0;
let graphStatus: StatusResult | undefined;
let files: string[] = [];
let names: string[] = [];

/**
 * `tldr warm` in a fresh process: wall time, CPU time of all its threads (which other load on the
 * machine does not inflate) and peak RSS, reported by the process itself as it exits.
 */
function cliWarm(dir: string): { seconds: number; cpuSeconds: number; peakRssMb: number; result: WarmResult } {
  const env = { ...process.env };
  delete env.NODE_EXTRA_CA_CERTS;
  const script = [
    `process.argv = [process.argv[0], ${JSON.stringify(CLI)}, 'warm', ${JSON.stringify(dir)}, '--no-daemon', '--json'];`,
    "process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write(`\\nusage ${u.maxRSS} ${(u.userCPUTime + u.systemCPUTime) / 1e6}\\n`); });",
    `await import(${JSON.stringify(CLI)});`,
  ].join('\n');
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env, maxBuffer: 64 * MB });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`tldr warm failed: ${run.stderr.trim()}`);
  const usage = /usage (\d+) ([\d.]+)/.exec(run.stderr);
  return {
    seconds,
    cpuSeconds: usage ? Number(usage[2]) : Number.NaN,
    peakRssMb: usage ? Number(usage[1]) / 1024 : Number.NaN,
    result: JSON.parse(run.stdout) as WarmResult,
  };
}

async function ask(body: Parameters<DaemonConnection['send']>[0]): Promise<unknown> {
  const reply = await connection!.send(body);
  if (!reply.ok) throw new Error(`daemon error: ${reply.error.message}`);
  return reply.result;
}

const query = (name: string, args: unknown) => ask({ op: 'query', name, args, cwd: root! });
const status = () => ask({ op: 'status' }) as Promise<StatusResult>;

async function until(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Every k-th of the sorted values, `count` of them. */
function spread<T>(values: T[], count: number): T[] {
  const step = Math.max(1, Math.floor(values.length / count));
  return values.filter((_, i) => i % step === 0).slice(0, count);
}

/** How long until a query shows an edit appended to `path` (the watcher, a re-parse, the graph patched). */
async function editToImpact(path: string, name: string): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < EDIT_SAMPLES; i++) {
    const before = ((await query('tree', { path })) as { lines: number }).lines;
    const started = performance.now();
    appendFileSync(join(root!, path), '\n');
    await until(async () => ((await query('tree', { path })) as { lines: number }).lines > before, 'the edit to show', 30_000);
    // impact reads the patched graph: it waits for the edited file's re-parse and the patch.
    await query('impact', { name });
    latencies.push(performance.now() - started);
  }
  return latencies;
}

export const suite: BenchSuite = {
  name: 'scale',
  optIn: true,
  async setup() {
    const source = process.env.TLDR_SCALE_TREE || DEFAULT_SCALE_TREE;
    if (!existsSync(source)) throw new Error(`scale tree not found: ${source} (install golang-1.19-src, or set TLDR_SCALE_TREE)`);
    root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-bench-scale-')));
    cpSync(source, root, { recursive: true, filter: (path) => !path.endsWith('/.tldr') });

    cold = cliWarm(root);
    noChange = [];
    for (let run = 0; run < NO_CHANGE_RUNS; run++) {
      const { seconds, result } = cliWarm(root);
      if (result.parsed !== 0) throw new Error(`a no-change warm re-parsed ${result.parsed} files`);
      noChange.push(seconds);
    }

    const started = performance.now();
    await startDaemon(root, { wait: true, idleMs: 30 * 60 * 1000, timeoutMs: 60_000 });
    connection = await DaemonConnection.open(daemonPaths(root).socket);
    await until(async () => (await status()).watched_directories > 0, 'the daemon to load the index', 300_000);
    loadMs = performance.now() - started;
    await until(async () => (await status()).call_graph === 'ready', 'the call graph', 600_000);
    graphStatus = await status();
    graphMs = graphStatus.call_graph_build_ms ?? Number.NaN;

    const tree = (await query('tree', {})) as { files: { path: string; lines: number }[] };
    files = spread(tree.files.filter((file) => file.lines >= 300).map((file) => file.path).sort(), SAMPLES);
    const found = new Set<string>();
    for (const path of files) {
      const record = (await query('extract', { file: path })) as FileRecord;
      for (const fn of [...record.functions, ...record.classes.flatMap((cls) => cls.methods)]) if (!fn.name.startsWith('<')) found.add(fn.name);
    }
    names = spread([...found].sort(), SAMPLES);
    if (files.length === 0 || names.length === 0) throw new Error('no file of 300 lines or more in the scale tree');
  },
  tasks(): TimedTask[] {
    let next = 0;
    const file = () => files[next++ % files.length];
    const name = () => names[next++ % names.length];
    const limits = { iterations: 300, timeMs: 1000, maxP50Ms: 2, maxP99Ms: 20 };
    return [
      { name: `structure <file> (${files.length} files ≥ 300 lines)`, fn: () => query('structure', { path: file() }), ...limits },
      { name: `summary <file>`, fn: () => query('summary', { file: file() }), ...limits },
      { name: `signature <name> (${names.length} names)`, fn: () => query('signature', { name: name() }), ...limits },
      { name: `impact <name> --depth 3`, fn: () => query('impact', { name: name(), depth: 3 }), ...limits },
    ];
  },
  async metrics(): Promise<Metric[]> {
    const result = cold!.result;
    const metrics: Metric[] = [
      { name: `tree: ${process.env.TLDR_SCALE_TREE || DEFAULT_SCALE_TREE}, lines indexed`, value: result.lines, unit: 'lines', min: 1_000_000 },
      { name: 'files indexed', value: result.files, unit: 'files' },
      { name: 'bytes indexed', value: result.bytes / 1e6, unit: 'MB' },
      { name: `full warm, cold cache (tldr warm, ${result.workers} workers)`, value: cold!.seconds, unit: 's', max: 40 },
      { name: '  CPU time, all threads (unaffected by other load)', value: cold!.cpuSeconds, unit: 's', better: 'lower' },
      { name: '  peak RSS of the warm', value: cold!.peakRssMb, unit: 'MB', better: 'lower' },
      { name: '  files with errors', value: result.errors.length, unit: 'files' },
      { name: `no-change warm (tldr warm, median of ${NO_CHANGE_RUNS})`, value: median(noChange), unit: 's', max: 2 },
      { name: 'daemon: start to index loaded', value: loadMs, unit: 'ms', better: 'lower' },
      { name: 'daemon: call-graph build (in the background, once loaded)', value: graphMs, unit: 'ms', better: 'lower' },
      { name: 'daemon: directories watched', value: graphStatus!.watched_directories, unit: 'dirs' },
      { name: `daemon RSS with the call graph (${graphStatus!.files} files, ${graphStatus!.symbols} symbols)`, value: graphStatus!.rss_bytes / MB, unit: 'MB', max: 1536 },
    ];
    const edited = files[Math.floor(files.length / 2)];
    const edits = await editToImpact(edited, names[0]);
    metrics.push({ name: `edit to ${edited} visible to impact (re-parse + graph patch), median of ${EDIT_SAMPLES}`, value: median(edits), unit: 'ms', better: 'lower' });
    const final = await status();
    metrics.push(
      { name: 'daemon RSS after the queries and edits', value: final.rss_bytes / MB, unit: 'MB', max: 1536 },
      { name: 'daemon errors', value: final.last_error ? 1 : 0, unit: 'errors', max: 0 },
    );
    return metrics;
  },
  async teardown() {
    connection?.close();
    connection = undefined;
    if (root) {
      await stopDaemon(root);
      rmSync(root, { recursive: true, force: true });
    }
    root = undefined;
    cold = undefined;
  },
};
