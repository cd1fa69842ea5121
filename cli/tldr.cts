#!/usr/bin/env node
// The `tldr` command. CommonJS, because an ES module entry costs ~5 ms of loader start-up before
// the first line runs, and hooks have bare node + 15 ms in all (DESIGN §8). A running daemon
// answers through the fast path; the full CLI (bundled into CommonJS chunks, cli/build-bundle.ts,
// and loaded with V8's code cache, cli/bundle-loader.cts) loads only when it does not.
import { join } from 'node:path';
import { answerFromDaemon } from './fast-path.cjs';

/** program.js bundled (its types are program.ts's). */
const PROGRAM = join(__dirname, 'bundle', 'program.cjs');

const argv = process.argv.slice(2);
answerFromDaemon(argv).then(async (exitCode) => {
  if (exitCode !== undefined) {
    process.exitCode = exitCode;
    return;
  }
  // Loaded here, not at the top: the fast path never needs it.
  const { loadBundle } = require('./bundle-loader.cjs') as typeof import('./bundle-loader.cjs');
  const { runCommandLine } = loadBundle(PROGRAM) as unknown as typeof import('./program.js');
  await runCommandLine(argv);
}).catch((error: unknown) => {
  process.stderr.write(`tldr: internal error: ${(error as Error)?.message ?? String(error)} (please report it)\n`);
  process.exitCode = 1;
});
