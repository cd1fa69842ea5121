#!/usr/bin/env node
// ES module entry point (the package's `bin` is the CommonJS twin, tldr.cts, which starts ~5 ms
// sooner). A running daemon answers through the fast path; the full CLI loads only when it does not.
import { answerFromDaemon } from './fast-path.cjs';

const argv = process.argv.slice(2);
const exitCode = await answerFromDaemon(argv);
if (exitCode === undefined) {
  const { runCommandLine } = await import('./program.js');
  await runCommandLine(argv);
} else {
  process.exitCode = exitCode;
}
