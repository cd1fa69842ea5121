// The daemon process's entry point: `node dist/cli/daemon-process.js --project ROOT`, what
// `tldr daemon start` and the auto-starts spawn in the background (core/daemon/lifecycle.ts). Its
// own entry rather than a CLI command because it answers command lines with the whole program
// (cli/serve.ts → program.ts → every command): as a command it would import the program importing it.
import { keepHeapNearLiveSize } from '../core/daemon/heap.js';
import { TldrError, formatError } from '../core/errors.js';

async function main(argv: string[]): Promise<number> {
  const at = argv.indexOf('--project');
  const root = at >= 0 ? argv[at + 1] : undefined;
  if (root === undefined) throw new TldrError('the daemon needs --project ROOT', 'start it with tldr daemon start', 2);
  keepHeapNearLiveSize();
  // Between warms the daemon re-parses a file or a few at a time: one worker does that as fast as
  // two and holds one set of grammars instead of two (~50 MB). TLDR_WORKERS still overrides.
  process.env.TLDR_WORKERS ??= '1';
  const [{ runDaemon }, { openProjectIndex }, { allowBurstWorkers, baselineGrammarsInPool, closeExtractPool, startExtractPool }, { commandLineServer }, { resolveProjectRoot }, { indexFileExists }] = await Promise.all([
    import('../core/daemon/daemon.js'),
    import('../core/index/open.js'),
    import('../core/pool/extract-pool.js'),
    import('./serve.js'),
    import('../core/project/root.js'),
    import('../core/cache/index-file.js'),
  ]);
  const realRoot = resolveProjectRoot(root);
  // A second worker while the first is busy: a re-parse never waits behind a long flow analysis.
  allowBurstWorkers(1);
  // Started on a cache, the daemon re-parses a file at a time: baseline grammar code is enough.
  if (indexFileExists(realRoot)) baselineGrammarsInPool();
  const outcome = await runDaemon({
    root: realRoot,
    // Re-parses go to the worker pool even for one file: the daemon's event loop stays free for
    // other clients, and tree-sitter's WASM memory stays out of the main thread.
    openIndex: (dir) => {
      // The standing worker boots while the index loads; the daemon then warms it (warm-worker.ts).
      startExtractPool();
      return openProjectIndex(dir, { extraction: 'pool' });
    },
    runCommandLine: commandLineServer(realRoot),
  });
  await closeExtractPool();
  if (outcome.kind === 'lock-timeout') {
    throw new TldrError(`another daemon holds the start lock for ${realRoot} but does not answer`, 'try tldr daemon stop');
  }
  if (outcome.kind === 'already-running') process.stdout.write(`a daemon already serves ${realRoot} (pid ${outcome.pid})\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof TldrError ? formatError(error) : `tldr daemon: ${(error as Error)?.stack ?? String(error)}`}\n`);
    process.exitCode = 1;
  },
);
