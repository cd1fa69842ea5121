// The daemon on the real ≈ 100k-line tree: query latency inside the daemon (over its socket, one
// open connection), the CLI round trip through the daemon against bare `node -e ''` measured in the
// same run, how soon an edited file shows in answers (the first edit after a start included), the
// call graph built in the background, how quick queries fare while slow flow analyses run, the
// daemon's memory, and the second `tldr impact` after a first one answered in-process.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDaemon, stopDaemon } from '../../core/daemon/lifecycle.js';
import type { StatusResult } from '../../core/daemon/protocol.js';
import { DaemonConnection, daemonPaths } from '../../core/daemon/wire.cjs';
import { warmProject } from '../../core/index/open.js';
import { closeExtractPool } from '../../core/pool/extract-pool.js';
import { queryHandler } from '../../core/query/handlers.js';
import type { FileRecord } from '../../core/types.js';
import { percentile, timeProcess } from '../measure.js';
import { buildRealTree, type RealTree } from '../real-code.js';
import type { BenchSuite, Metric, TimedTask } from '../suite.js';

/** The ES module entry and the package's `bin` (CommonJS), both through the same fast path. */
const CLI = fileURLToPath(new URL('../../cli/main.js', import.meta.url));
const BIN = fileURLToPath(new URL('../../cli/tldr.cjs', import.meta.url));
/** Process-start samples per command; interleaved so both see the same machine load. */
const START_SAMPLES = 30;
const EDIT_SAMPLES = 10;
/** Slow requests (cold slices of the longest functions) to measure quick queries against. */
const SLOW_SAMPLES = 8;
/** Daemon restarts, each followed by one edit: the first edit after a start. */
const RESTARTS = 3;

let tree: RealTree | undefined;
let connection: DaemonConnection | undefined;
/** Files of 300 lines or more: the ones an agent asks about instead of reading them. */
let paths: string[] = [];
let longFiles: { path: string; lines: number }[] = [];
let names: string[] = [];
/** The longest functions of the long files: their flow analyses are the slowest requests. */
let bigFunctions: { file: string; name: string; line: number; end_line: number }[] = [];
/** When the index had loaded, when the call graph was ready, and the first impact's latency. */
let graphReadyMs = 0;
let firstImpactMs = 0;

async function ask(body: Parameters<DaemonConnection['send']>[0]): Promise<unknown> {
  const reply = await connection!.send(body);
  if (!reply.ok) throw new Error(`daemon error: ${reply.error.message}`);
  return reply.result;
}

const query = (name: string, args: unknown) => ask({ op: 'query', name, args, cwd: tree!.root });
const status = () => ask({ op: 'status' }) as Promise<StatusResult>;

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

let probes = 0;

/** Appends a function to `path` EDIT_SAMPLES times; how long until answers show it, in ms. */
async function editLatency(path: string): Promise<{ projectWide: number[]; byPath: number[] }> {
  const projectWide: number[] = [];
  const byPath: number[] = [];
  const append = () => appendFileSync(join(tree!.root, path), `\n\ndef tldr_probe_${++probes}(x):\n    return x\n`);
  for (let i = 0; i < EDIT_SAMPLES; i++) {
    const before = ((await query('tree', { path })) as { lines: number }).lines;
    let started = performance.now();
    append();
    await until(async () => ((await query('tree', { path })) as { lines: number }).lines > before, 'the edit to show project-wide', 10_000);
    projectWide.push(performance.now() - started);
    if (queryHandler('structure')) {
      started = performance.now();
      append();
      const name = `tldr_probe_${probes}`;
      await until(async () => JSON.stringify(await query('structure', { path })).includes(name), 'the edit to show by path', 10_000);
      byPath.push(performance.now() - started);
    }
  }
  return { projectWide, byPath };
}

/**
 * `structure` of the long files, asked one after another while a cold (not memoised) slice of one
 * of the longest functions runs: how many were asked meanwhile, and their latency.
 */
async function quickDuringSlow(): Promise<Metric[]> {
  const quick: number[] = [];
  const slow: number[] = [];
  let next = 0;
  for (const fn of bigFunctions) {
    let done = false;
    const started = performance.now();
    const slice = query('slice', { file: fn.file, function: fn.name, line: fn.end_line }).catch(() => undefined).then(() => {
      done = true;
      slow.push(performance.now() - started);
    });
    // Every one of these is sent while the slice is pending; its latency is what a client sees.
    while (!done) {
      const asked = performance.now();
      await query('structure', { path: paths[next++ % paths.length] });
      quick.push(performance.now() - asked);
    }
    await slice;
  }
  return [
    { name: `cold slice of the ${bigFunctions.length} longest functions (${bigFunctions.at(-1)!.end_line - bigFunctions.at(-1)!.line + 1}+ lines) p50`, value: percentile(slow, 50), unit: 'ms' },
    { name: '  `structure` asked while one runs: count', value: quick.length, unit: 'queries' },
    { name: '  their latency p50', value: quick.length > 0 ? percentile(quick, 50) : 0, unit: 'ms', max: 2 },
    { name: '  their latency max', value: quick.length > 0 ? Math.max(...quick) : 0, unit: 'ms' },
  ];
}

/** A fresh connection to the tree's daemon once its socket answers. */
async function reconnect(): Promise<void> {
  connection?.close();
  await until(async () => {
    try {
      connection = await DaemonConnection.open(daemonPaths(tree!.root).socket);
      return true;
    } catch {
      return false;
    }
  }, 'the daemon to listen');
}

/**
 * The daemon restarted on a warm cache (what `tldr warm` leaves), given time to load the index,
 * build the call graph and warm its worker; then one edit, asked for by path like an agent would.
 */
async function firstEditAfterStart(path: string): Promise<Metric[]> {
  const latencies: number[] = [];
  const readyAfter: number[] = [];
  for (let i = 0; i < RESTARTS; i++) {
    connection?.close();
    await stopDaemon(tree!.root);
    const started = performance.now();
    await startDaemon(tree!.root, { wait: true, idleMs: 15 * 60 * 1000 });
    await reconnect();
    await until(async () => {
      const s = await status();
      return s.call_graph === 'ready' && s.workers === 'warm';
    }, 'the restarted daemon to be ready');
    readyAfter.push(performance.now() - started);
    const name = `tldr_first_edit_${++probes}`;
    const edited = performance.now();
    appendFileSync(join(tree!.root, path), path.endsWith('.py') ? `\n\ndef ${name}(x):\n    return x\n` : `\nexport function ${name}(x: number): number {\n  return x;\n}\n`);
    await until(async () => JSON.stringify(await query('structure', { path })).includes(name), 'the first edit to show', 10_000);
    latencies.push(performance.now() - edited);
  }
  return [
    { name: `first edit after a daemon start, visible to a query of that file (${path}), median of ${RESTARTS} starts`, value: percentile(latencies, 50), unit: 'ms', max: 50 },
    { name: '  worst', value: Math.max(...latencies), unit: 'ms' },
    { name: '  daemon start to index, call graph and worker ready (median)', value: percentile(readyAfter, 50), unit: 'ms' },
  ];
}

/**
 * No daemon: a first `tldr impact` is answered in-process and leaves the daemon starting; once it
 * is up, the second and later ones are daemon answers, timed against bare node in the same run.
 */
async function secondCliQuery(name: string): Promise<Metric[]> {
  connection?.close();
  connection = undefined;
  await stopDaemon(tree!.root);
  const command = [BIN, 'impact', name, '--json'];
  const first = timeProcess(command, tree!.root);
  await reconnect();
  await until(async () => (await status()).call_graph === 'ready', 'the daemon the first query started');
  const floor: number[] = [];
  const later: number[] = [];
  for (let i = 0; i < START_SAMPLES; i++) {
    floor.push(timeProcess(['-e', ''], tree!.root));
    later.push(timeProcess(command, tree!.root));
  }
  const floorP50 = percentile(floor, 50);
  return [
    { name: `first \`tldr impact ${name}\` without a daemon (in-process, leaves one starting)`, value: first, unit: 'ms' },
    { name: `  the second and later ones p50 (daemon answers), ${START_SAMPLES} samples`, value: percentile(later, 50), unit: 'ms' },
    { name: '  over bare node in the same run (p50)', value: percentile(later, 50) - floorP50, unit: 'ms', max: 15 },
  ];
}

export const suite: BenchSuite = {
  name: 'daemon',
  async setup() {
    tree = buildRealTree(100_000);
    await warmProject(tree.root);
    await closeExtractPool();
    await startDaemon(tree.root, { wait: true, idleMs: 15 * 60 * 1000 });
    connection = await DaemonConnection.open(daemonPaths(tree.root).socket);
    await until(async () => (await status()).watched_directories > 0, 'the daemon to load the index');
    const loadedAt = performance.now();
    // Built in the background once the index is loaded: nothing here asks for it.
    await until(async () => (await status()).call_graph === 'ready', 'the call graph to be built');
    graphReadyMs = performance.now() - loadedAt;
    const impactStarted = performance.now();
    await query('impact', { name: 'parse' });
    firstImpactMs = performance.now() - impactStarted;
    const all = (await query('tree', {})) as { files: { path: string; lines: number }[] };
    longFiles = all.files.filter((file) => file.lines >= 300);
    paths = longFiles.map((file) => file.path);
    if (queryHandler('extract')) {
      // Function names to ask signature/impact about, from the records the daemon holds.
      const records = await Promise.all(paths.map((path) => query('extract', { file: path }) as Promise<FileRecord>));
      names = [...new Set(records.flatMap((record) => record.functions.map((fn) => fn.name)))].filter((n) => !n.startsWith('<')).sort();
      bigFunctions = records
        .flatMap((record) => [...record.functions, ...record.classes.flatMap((c) => c.methods)].map((fn) => ({ file: record.path, name: fn.qualified_name, line: fn.line, end_line: fn.end_line })))
        .sort((a, b) => b.end_line - b.line - (a.end_line - a.line))
        .slice(0, SLOW_SAMPLES);
    }
  },
  tasks(): TimedTask[] {
    let next = 0;
    const file = () => paths[next++ % paths.length];
    const name = () => names[next++ % names.length];
    const tasks: TimedTask[] = [
      { name: 'ping (transport only)', fn: () => ask({ op: 'ping' }) },
      { name: `tree <file>`, fn: () => query('tree', { path: file() }) },
    ];
    // Each handler's argument object, as its CLI command builds it.
    const perFile: Record<string, (path: string) => unknown> = {
      structure: (path) => ({ path }),
      summary: (file) => ({ file }),
      extract: (file) => ({ file }),
      imports: (file) => ({ file }),
    };
    for (const [q, args] of Object.entries(perFile).filter(([q]) => queryHandler(q))) {
      tasks.push({ name: `${q} <file> (${paths.length} files ≥ 300 lines)`, fn: () => query(q, args(file())), maxP50Ms: 2, maxP99Ms: 20 });
    }
    for (const q of ['signature', 'impact'].filter((n) => queryHandler(n) && names.length > 0)) {
      tasks.push({ name: `${q} <name> (${names.length} names)`, fn: () => query(q, { name: name() }), maxP50Ms: 2, maxP99Ms: 20 });
    }
    if (queryHandler('structure')) {
      // The daemon's side of the CLI fast path: parse the command line, answer, format.
      tasks.push({ name: 'run `structure <file> --json` (fast path, daemon side)', fn: () => ask({ op: 'run', argv: ['structure', file(), '--json'], cwd: tree!.root }), maxP50Ms: 2, maxP99Ms: 20 });
    }
    return tasks;
  },
  async metrics() {
    const metrics: Metric[] = [];
    const target = paths[0];
    const command = queryHandler('structure') ? ['structure', target, '--json'] : ['tree', target, '--json'];
    const floor: number[] = [];
    const viaMain: number[] = [];
    const viaBin: number[] = [];
    const inProcess: number[] = [];
    for (let i = 0; i < START_SAMPLES; i++) {
      floor.push(timeProcess(['-e', ''], tree!.root));
      viaMain.push(timeProcess([CLI, ...command], tree!.root));
      viaBin.push(timeProcess([BIN, ...command], tree!.root));
      if (i < START_SAMPLES / 3) inProcess.push(timeProcess([BIN, ...command, '--no-daemon'], tree!.root));
    }
    const floorP50 = percentile(floor, 50);
    const shown = command.join(' ');
    metrics.push(
      { name: "bare `node -e ''` p50 (the floor)", value: floorP50, unit: 'ms' },
      { name: `\`node dist/cli/tldr.cjs ${shown}\` (the bin) through the daemon p50`, value: percentile(viaBin, 50), unit: 'ms' },
      { name: '  the bin over the floor (p50)', value: percentile(viaBin, 50) - floorP50, unit: 'ms', max: 15 },
      { name: `\`node dist/cli/main.js ${shown}\` (ES module entry) through the daemon p50`, value: percentile(viaMain, 50), unit: 'ms' },
      // No limit: an ES module entry alone costs 5-7 ms over bare node here; the bin is what runs.
      { name: '  main.js over the floor (p50)', value: percentile(viaMain, 50) - floorP50, unit: 'ms' },
      { name: '  main.js over the floor (best run of each)', value: Math.min(...viaMain) - Math.min(...floor), unit: 'ms' },
      { name: `the same with --no-daemon (in-process) p50`, value: percentile(inProcess, 50), unit: 'ms' },
    );

    // An edit appended to a file, then asked for without any notice: project-wide (the watcher's
    // invalidation; re-parse in the pool, then the call graph patched) and by path (the query's own
    // size+mtime check). On a file of median length among the long ones, and on the longest.
    const byLength = [...longFiles].sort((a, b) => a.lines - b.lines || (a.path < b.path ? -1 : 1));
    const typical = byLength[Math.floor(byLength.length / 2)];
    const longest = byLength[byLength.length - 1];
    for (const [label, file, limit] of [['a median long file', typical, 50], ['the longest file', longest, undefined]] as const) {
      const { projectWide, byPath } = await editLatency(file.path);
      const what = `${label} (${file.path}, ${file.lines} lines)`;
      metrics.push(
        { name: `edit visible project-wide (watcher), ${what}, median of ${EDIT_SAMPLES}`, value: percentile(projectWide, 50), unit: 'ms', max: limit },
        { name: '  worst', value: Math.max(...projectWide), unit: 'ms' },
      );
      if (byPath.length > 0) {
        metrics.push(
          { name: `edit visible to a query of that file, median of ${EDIT_SAMPLES}`, value: percentile(byPath, 50), unit: 'ms', max: limit },
          { name: '  worst', value: Math.max(...byPath), unit: 'ms' },
        );
      }
    }
    metrics.push(
      { name: 'call graph built in the background: ready after the index loaded', value: graphReadyMs, unit: 'ms' },
      { name: 'first `impact` once it is ready (no query had asked for the graph)', value: firstImpactMs, unit: 'ms', max: 100 },
    );
    const final = await status();
    metrics.push(
      { name: `daemon RSS (${final.files} files, ${final.symbols} symbols, ${tree!.lines} lines)`, value: final.rss_bytes / 1024 / 1024, unit: 'MB', max: 250 },
    );
    if (bigFunctions.length > 0) {
      metrics.push(...(await quickDuringSlow()));
      metrics.push({ name: '  daemon RSS after those analyses', value: (await status()).rss_bytes / 1024 / 1024, unit: 'MB', max: 250 });
    }
    metrics.push(...(await firstEditAfterStart(typical.path)));
    if (names.length > 0) metrics.push(...(await secondCliQuery(names[Math.floor(names.length / 2)])));
    return metrics;
  },
  async teardown() {
    connection?.close();
    if (tree) await stopDaemon(tree.root);
    tree?.cleanup();
    paths = [];
    longFiles = [];
    names = [];
    bigFunctions = [];
  },
};
