// The bench harness's verdicts: thresholds, suite failures, baseline regressions, and the report.
// Limits here are impossible (0 ms) or unreachable (a billion ms), so no verdict depends on speed.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { formatReport, runBench, type BenchReport } from '../../dist/bench/harness.js';
import type { BenchSuite } from '../../dist/bench/suite.js';

const dir = mkdtempSync(join(tmpdir(), 'tldr-bench-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const work = () => {
  let sum = 0;
  for (let i = 0; i < 1000; i++) sum += Math.sqrt(i);
  return sum;
};

/** Without timed tasks, nothing in the report depends on how fast this machine is right now. */
function suites(ratio: number, timed = true): BenchSuite[] {
  return [
    {
      name: 'demo',
      tasks: () =>
        timed
          ? [
              { name: 'within limits', fn: work, iterations: 5, timeMs: 10, maxMeanMs: 1e9, maxP99Ms: 1e9 },
              { name: 'impossible limit', fn: work, iterations: 5, timeMs: 10, maxP50Ms: 0 },
            ]
          : [],
      metrics: async () => [
        { name: 'ratio', value: ratio, unit: '%', min: 90 },
        { name: 'count', value: 3, unit: 'files', max: 2 },
        { name: 'info', value: 7, unit: 'MB' },
        { name: 'speed', value: ratio / 10, unit: 'MB/s', better: 'higher' },
      ],
    },
    {
      name: 'broken',
      setup: async () => {
        throw new Error('no real code here');
      },
      metrics: async () => [{ name: 'never', value: 1, unit: 'x' }],
    },
  ];
}

describe('bench harness', () => {
  it('fails tasks and metrics that break their limits, and suites that cannot run', async () => {
    const report = await runBench({ suites: suites(95) });
    const [demo, broken] = report.suites;
    expect(demo.tasks.map((task) => task.failures.length)).toEqual([0, 1]);
    expect(demo.tasks[1].failures[0]).toMatch(/^p50 .* > 0 µs$/);
    expect(demo.tasks[0].samples).toBeGreaterThanOrEqual(5);
    expect(demo.tasks[0].p99_ms).toBeGreaterThanOrEqual(demo.tasks[0].p50_ms);
    expect(demo.metrics.map((metric) => metric.failure)).toEqual([undefined, '3 files > 2', undefined, undefined]);
    expect(broken.error).toBe('no real code here');
    expect(report.failures).toEqual([
      expect.stringMatching(/^demo \/ impossible limit: p50/),
      'demo / count: 3 files > 2',
      'broken: no real code here',
    ]);
  });

  it('runs one suite by name and rejects an unknown name as a usage error', async () => {
    const report = await runBench({ suites: suites(95), suite: 'broken' });
    expect(report.suites.map((suite) => suite.name)).toEqual(['broken']);
    await expect(runBench({ suites: suites(95), suite: 'nope' })).rejects.toMatchObject({ exitCode: 2, message: 'no bench suite named nope' });
  });

  it('runs an opt-in suite only when it is named', async () => {
    const optIn: BenchSuite = { name: 'big', optIn: true, metrics: async () => [{ name: 'ran', value: 1, unit: 'x' }] };
    const all = [...suites(95, false), optIn];
    expect((await runBench({ suites: all })).suites.map((suite) => suite.name)).toEqual(['demo', 'broken']);
    expect((await runBench({ suites: all, suite: 'big' })).suites.map((suite) => suite.metrics.length)).toEqual([1]);
  });

  it('saves a baseline and flags metrics that got worse in their limit direction', async () => {
    const file = join(dir, 'baseline.json');
    await runBench({ suites: suites(99, false), saveBaseline: file });
    const saved = JSON.parse(readFileSync(file, 'utf8')) as BenchReport;
    expect(saved.suites[0].metrics[0].value).toBe(99);
    const report = await runBench({ suites: suites(70, false), baseline: file });
    expect(report.regressions).toEqual(['demo / ratio: 70 vs 99 % (-29%)', 'demo / speed: 7 vs 9.90 MB/s (-29%)']);
    expect(report.suites[0].metrics[2].regression).toBeUndefined();
    const text = formatReport(report);
    expect(text).toContain('REGRESSION 70 vs 99 % (-29%)');
    expect(text).toMatch(/ratio +70 % +≥ 90 +FAIL \(70 % < 90\)/);
    expect(text).toMatch(/FAILED: 3\n/);
  });

  it('refuses a baseline that is not a bench report', async () => {
    const file = join(dir, 'garbage.json');
    writeFileSync(file, '{"hello": 1}');
    await expect(runBench({ suites: suites(95), baseline: file })).rejects.toMatchObject({ message: `${file} is not a bench report` });
  });
});

describe('tldr bench', () => {
  it('exits 2 with one line for an unknown suite', () => {
    const env = { ...process.env };
    delete env.NODE_EXTRA_CA_CERTS;
    const run = spawnSync(process.execPath, [resolve('dist/cli/main.js'), 'bench', '--suite', 'nope', '--no-daemon'], { encoding: 'utf8', env });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^tldr: no bench suite named nope \(suites: [a-z, -]+\)\n$/);
    for (const name of ['extract', 'queries', 'warm']) expect(run.stderr).toMatch(new RegExp(`[ (]${name}[,)]`));
  });
});
