#!/usr/bin/env node
// The `tldr` command. CommonJS, because an ES module entry costs ~5 ms of loader start-up before
// the first line runs, and hooks have bare node + 15 ms in all (DESIGN §8). A running daemon
// answers through the fast path; the full CLI (ES modules, bundled: cli/build-bundle.ts) loads
// only when it does not.
import { answerFromDaemon } from './fast-path.cjs';

/** program.js bundled; a variable, so that tsc leaves it alone (its types are program.ts's). */
const PROGRAM = './bundle/program.js';

const argv = process.argv.slice(2);
answerFromDaemon(argv).then(async (exitCode) => {
  if (exitCode !== undefined) {
    process.exitCode = exitCode;
    return;
  }
  const { runCommandLine } = (await import(PROGRAM)) as typeof import('./program.js');
  await runCommandLine(argv);
}, (error: unknown) => {
  process.stderr.write(`tldr: internal error: ${(error as Error)?.message ?? String(error)} (please report it)\n`);
  process.exitCode = 1;
});
