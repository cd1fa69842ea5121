// Parse + extract throughput per language, single-threaded, on real code (bench/real-code.ts):
// what one pool worker achieves. Parse-only throughput is reported beside it so a slowdown can be
// placed in the grammar or in the extraction. No limits of their own (the issue sets none; the warm
// suite holds the end-to-end one): a baseline comparison flags a language that got slower.
import { extractRecord, prepareLanguage } from '../../core/extract/index.js';
import { parseSource } from '../../core/parse/parser.js';
import { cleanupRealCode, realSamples, type RealSample } from '../real-code.js';
import type { BenchSuite, Metric } from '../suite.js';

const PASSES = 3;

let samples: RealSample[] = [];

export const suite: BenchSuite = {
  name: 'extract',
  async setup() {
    samples = realSamples();
  },
  async metrics() {
    const metrics: Metric[] = [];
    for (const sample of samples) {
      const mb = sample.bytes / 1e6;
      const name = `${sample.language} parse+extract (${sample.files.length} files, ${mb.toFixed(2)} MB)`;
      try {
        await prepareLanguage(sample.language);
        // One untimed pass lets V8 optimise the extraction code for this grammar's trees.
        await extractAll(sample);
      } catch (error) {
        // One language that cannot be extracted fails its own line, not the whole suite.
        metrics.push({ name: `${name}: ${(error as Error).message}`, value: Number.NaN, unit: 'MB/s' });
        continue;
      }
      const parse = median(await timed(PASSES, () => parseAll(sample)));
      const full = median(await timed(PASSES, () => extractAll(sample)));
      metrics.push({ name, value: mb / (full / 1000), unit: 'MB/s', better: 'higher' });
      metrics.push({ name: `${sample.language} parse only`, value: mb / (parse / 1000), unit: 'MB/s', better: 'higher' });
    }
    return metrics;
  },
  async teardown() {
    cleanupRealCode();
  },
};

async function parseAll(sample: RealSample): Promise<void> {
  for (const file of sample.files) (await parseSource(sample.language, file.text)).delete();
}

async function extractAll(sample: RealSample): Promise<void> {
  for (const file of sample.files) {
    await extractRecord({ path: file.path, language: sample.language, source: file.text, hash: '', size: file.bytes });
  }
}

async function timed(passes: number, fn: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let pass = 0; pass < passes; pass++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
