// `tldr bench`: the benchmark suites with their thresholds (bench/harness.ts). Exit 1 when a
// threshold is broken or a suite fails to run.
import type { CommandSpec } from '../command.js';

export const benchCommand: CommandSpec = {
  name: 'bench',
  summary: 'run the benchmark suites (throughput, warm, query latency, token savings) against their thresholds',
  options: (command) =>
    command
      .option('--suite <name>', 'run one suite only (extract, queries, warm, …; scale, a ≥ 1M-line tree, runs only when named)')
      .option('--baseline <file>', 'compare with a report saved by --save-baseline and flag regressions')
      .option('--save-baseline <file>', 'write this run as a JSON report to compare later runs with'),
  async run(_positional, options, globals) {
    const { importEsm } = await import('../import-esm.cjs');
    const { runBench, formatReport } = await importEsm<typeof import('../../bench/harness.js')>(new URL('../../bench/harness.js', import.meta.url));
    const report = await runBench({
      suite: options.suite as string | undefined,
      baseline: options.baseline as string | undefined,
      saveBaseline: options.saveBaseline as string | undefined,
      onSuite: (name) => process.stderr.write(`bench: running ${name}…\n`),
    });
    process.stdout.write(globals.json ? `${JSON.stringify(report)}\n` : formatReport(report));
    return report.failures.length === 0 ? 0 : 1;
  },
};
