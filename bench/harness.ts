// `tldr bench`: runs the suites in bench/suites/ — timed tasks through tinybench, one-shot metrics
// measured by the suite — checks every threshold, and optionally compares with a saved baseline.
// A broken threshold or a suite that fails to run fails the bench (exit 1); a regression against
// the baseline is reported but does not fail it (timings on a shared machine are noisy).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { Bench } from 'tinybench';
import type { BenchSuite, Metric, TimedTask } from './suite.js';

/** A task or metric this much worse than its baseline is flagged. */
const REGRESSION_FACTOR = 1.25;
/** Differences below this are noise whatever the ratio. */
const REGRESSION_FLOOR_MS = 0.1;

export interface BenchRunOptions {
  /** Suites to run instead of those in bench/suites/ (programmatic use). */
  suites?: BenchSuite[];
  suite?: string;
  baseline?: string;
  saveBaseline?: string;
  /** Told which suite is starting (the CLI prints it on stderr). */
  onSuite?: (name: string) => void;
}

export interface TaskReport {
  name: string;
  mean_ms: number;
  p50_ms: number;
  p99_ms: number;
  samples: number;
  limits: { mean_ms?: number; p50_ms?: number; p99_ms?: number };
  failures: string[];
  regression?: string;
}

export interface MetricReport extends Metric {
  failure?: string;
  regression?: string;
}

export interface SuiteReport {
  name: string;
  tasks: TaskReport[];
  metrics: MetricReport[];
  error?: string;
}

export interface BenchReport {
  machine: { cores: number; node: string; load_1m: number };
  suites: SuiteReport[];
  failures: string[];
  regressions: string[];
}

export async function availableSuites(): Promise<BenchSuite[]> {
  const dir = new URL('./suites/', import.meta.url);
  const files = readdirSync(dir).filter((name) => name.endsWith('.js')).sort();
  const suites: BenchSuite[] = [];
  for (const file of files) {
    const module = (await import(new URL(file, dir).href)) as { suite?: BenchSuite };
    if (module.suite) suites.push(module.suite);
  }
  return suites;
}

export async function runBench(options: BenchRunOptions = {}): Promise<BenchReport> {
  const all = options.suites ?? (await availableSuites());
  const chosen = options.suite === undefined ? all.filter((suite) => !suite.optIn) : all.filter((suite) => suite.name === options.suite);
  if (chosen.length === 0) {
    const { TldrError } = await import('../core/errors.js');
    throw new TldrError(`no bench suite named ${options.suite}`, `suites: ${all.map((suite) => suite.name).join(', ')}`, 2);
  }
  const report: BenchReport = {
    machine: { cores: availableParallelism(), node: process.version, load_1m: Math.round(loadavg()[0] * 100) / 100 },
    suites: [],
    failures: [],
    regressions: [],
  };
  for (const suite of chosen) {
    options.onSuite?.(suite.name);
    report.suites.push(await runSuite(suite));
  }
  if (options.baseline !== undefined) compareWithBaseline(report, await readBaseline(options.baseline));
  for (const suite of report.suites) {
    if (suite.error) report.failures.push(`${suite.name}: ${suite.error}`);
    for (const task of suite.tasks) for (const failure of task.failures) report.failures.push(`${suite.name} / ${task.name}: ${failure}`);
    for (const metric of suite.metrics) if (metric.failure) report.failures.push(`${suite.name} / ${metric.name}: ${metric.failure}`);
  }
  if (options.saveBaseline !== undefined) writeFileSync(options.saveBaseline, `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

async function runSuite(suite: BenchSuite): Promise<SuiteReport> {
  const report: SuiteReport = { name: suite.name, tasks: [], metrics: [] };
  try {
    await suite.setup?.();
    for (const task of (await suite.tasks?.()) ?? []) report.tasks.push(await runTask(task));
    for (const metric of (await suite.metrics?.()) ?? []) report.metrics.push(checkMetric(metric));
  } catch (error) {
    report.error = (error as Error)?.message ?? String(error);
  } finally {
    try {
      await suite.teardown?.();
    } catch (error) {
      report.error ??= `teardown failed: ${(error as Error)?.message ?? String(error)}`;
    }
  }
  return report;
}

async function runTask(task: TimedTask): Promise<TaskReport> {
  const bench = new Bench({ iterations: task.iterations ?? 20, time: task.timeMs ?? 500, throws: true });
  bench.add(task.name, task.fn);
  await bench.run();
  const result = bench.tasks[0].result;
  if (!('latency' in result)) throw new Error(`task ${task.name} did not complete (${result.state})`);
  const { latency } = result;
  const report: TaskReport = {
    name: task.name,
    mean_ms: round(latency.mean),
    p50_ms: round(latency.p50),
    p99_ms: round(latency.p99),
    samples: latency.samplesCount,
    limits: {},
    failures: [],
  };
  const limit = (stat: 'mean' | 'p50' | 'p99', value: number, max: number | undefined) => {
    if (max === undefined) return;
    report.limits[`${stat}_ms`] = max;
    if (value > max) report.failures.push(`${stat} ${fmtMs(value)} > ${fmtMs(max)}`);
  };
  limit('mean', latency.mean, task.maxMeanMs);
  limit('p50', latency.p50, task.maxP50Ms);
  limit('p99', latency.p99, task.maxP99Ms);
  return report;
}

function checkMetric(metric: Metric): MetricReport {
  const checked: MetricReport = { ...metric, value: round(metric.value) };
  if (!Number.isFinite(metric.value)) checked.failure = `not measured (${metric.value})`;
  else if (metric.min !== undefined && metric.value < metric.min) checked.failure = `${fmt(metric.value)} ${metric.unit} < ${metric.min}`;
  else if (metric.max !== undefined && metric.value > metric.max) checked.failure = `${fmt(metric.value)} ${metric.unit} > ${metric.max}`;
  return checked;
}

async function readBaseline(path: string): Promise<BenchReport> {
  const { TldrError } = await import('../core/errors.js');
  let parsed: BenchReport;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as BenchReport;
  } catch (error) {
    throw new TldrError(`cannot read baseline ${path}: ${(error as Error).message}`, 'write one with --save-baseline FILE');
  }
  if (!Array.isArray(parsed?.suites)) throw new TldrError(`${path} is not a bench report`, 'write one with --save-baseline FILE');
  return parsed;
}

/** Flags tasks slower, and metrics worse in their threshold's direction, than the baseline. */
function compareWithBaseline(report: BenchReport, baseline: BenchReport): void {
  for (const suite of report.suites) {
    const before = baseline.suites.find((candidate) => candidate.name === suite.name);
    if (!before) continue;
    for (const task of suite.tasks) {
      const old = before.tasks.find((candidate) => candidate.name === task.name);
      if (!old || task.mean_ms - old.mean_ms < REGRESSION_FLOOR_MS || task.mean_ms <= old.mean_ms * REGRESSION_FACTOR) continue;
      task.regression = `mean ${fmtMs(task.mean_ms)} vs ${fmtMs(old.mean_ms)} (${percent(task.mean_ms, old.mean_ms)})`;
      report.regressions.push(`${suite.name} / ${task.name}: ${task.regression}`);
    }
    for (const metric of suite.metrics) {
      const old = before.metrics.find((candidate) => candidate.name === metric.name);
      if (!old || old.value === 0) continue;
      const better = metric.better ?? (metric.max !== undefined ? 'lower' : metric.min !== undefined ? 'higher' : undefined);
      const worse =
        better === 'lower' ? metric.value > old.value * REGRESSION_FACTOR : better === 'higher' ? metric.value * REGRESSION_FACTOR < old.value : false;
      if (!worse) continue;
      metric.regression = `${fmt(metric.value)} vs ${fmt(old.value)} ${metric.unit} (${percent(metric.value, old.value)})`;
      report.regressions.push(`${suite.name} / ${metric.name}: ${metric.regression}`);
    }
  }
}

export function formatReport(report: BenchReport): string {
  const out: string[] = [`machine: ${report.machine.cores} cores, node ${report.machine.node}, load ${report.machine.load_1m}`];
  for (const suite of report.suites) {
    out.push('', `${suite.name}${suite.error ? `  FAILED: ${suite.error}` : ''}`);
    if (suite.tasks.length > 0) {
      const width = Math.max(4, ...suite.tasks.map((task) => task.name.length));
      out.push(`  ${'task'.padEnd(width)}  ${'mean'.padStart(10)}  ${'p50'.padStart(10)}  ${'p99'.padStart(10)}  limit`);
      for (const task of suite.tasks) {
        const limits = Object.entries(task.limits).map(([stat, max]) => `${stat.replace('_ms', '')} ≤ ${fmtMs(max)}`).join(', ');
        const verdict = task.failures.length > 0 ? `FAIL (${task.failures.join('; ')})` : limits ? 'ok' : '';
        out.push(
          `  ${task.name.padEnd(width)}  ${fmtMs(task.mean_ms).padStart(10)}  ${fmtMs(task.p50_ms).padStart(10)}  ${fmtMs(task.p99_ms).padStart(10)}  ${[limits, verdict].filter(Boolean).join('  ')}${task.regression ? `  REGRESSION ${task.regression}` : ''}`,
        );
      }
    }
    if (suite.metrics.length > 0) {
      const width = Math.max(6, ...suite.metrics.map((metric) => metric.name.length));
      out.push(`  ${'metric'.padEnd(width)}  ${'value'.padStart(12)}  limit`);
      for (const metric of suite.metrics) {
        const limits = [metric.min !== undefined ? `≥ ${metric.min}` : '', metric.max !== undefined ? `≤ ${metric.max}` : ''].filter(Boolean).join(' and ');
        const verdict = metric.failure ? `FAIL (${metric.failure})` : limits ? 'ok' : '';
        out.push(
          `  ${metric.name.padEnd(width)}  ${`${fmt(metric.value)} ${metric.unit}`.padStart(12)}  ${[limits, verdict].filter(Boolean).join('  ')}${metric.regression ? `  REGRESSION ${metric.regression}` : ''}`,
        );
      }
    }
  }
  out.push('');
  if (report.regressions.length > 0) out.push(`regressions against the baseline: ${report.regressions.length}`, ...report.regressions.map((line) => `  ${line}`));
  out.push(report.failures.length === 0 ? 'all thresholds met' : `FAILED: ${report.failures.length}`, ...report.failures.map((line) => `  ${line}`));
  return `${out.join('\n')}\n`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function fmt(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en-US');
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

function fmtMs(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : value >= 1 ? `${value.toFixed(2)} ms` : `${(value * 1000).toFixed(0)} µs`;
}

function percent(now: number, before: number): string {
  const change = ((now - before) / before) * 100;
  return `${change >= 0 ? '+' : ''}${change.toFixed(0)}%`;
}
