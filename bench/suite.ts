// The shape every benchmark suite in bench/suites/ exports as `suite`. The `tldr bench` harness
// runs the timed tasks with tinybench and evaluates the measured metrics against thresholds.

export interface TimedTask {
  name: string;
  fn: () => unknown | Promise<unknown>;
  /** Minimum samples (default 20) and time budget in ms (default 500): slow tasks ask for fewer. */
  iterations?: number;
  timeMs?: number;
  /** Fails the bench run when the measured statistic exceeds the limit (milliseconds). */
  maxMeanMs?: number;
  maxP50Ms?: number;
  maxP99Ms?: number;
}

/** A number measured once per run (throughput, a ratio, a wall time, memory). */
export interface Metric {
  name: string;
  value: number;
  unit: string;
  /** Fails the run when value < min or value > max. */
  min?: number;
  max?: number;
  /** Which way is better, for baseline comparison; implied by `max` (lower) or `min` (higher) when absent. */
  better?: 'higher' | 'lower';
}

export interface BenchSuite {
  name: string;
  /** Runs only when asked for by name (`--suite NAME`): minutes of work, or inputs not every machine has. */
  optIn?: boolean;
  /** Prepares fixtures (temp copies, warm caches); may be slow, is not timed. */
  setup?(): Promise<void>;
  /** Tasks timed by tinybench. */
  tasks?(): Promise<TimedTask[]> | TimedTask[];
  /** One-shot measurements, run after the timed tasks. */
  metrics?(): Promise<Metric[]>;
  teardown?(): Promise<void>;
}
