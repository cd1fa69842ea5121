#!/usr/bin/env node
// ES module entry point. The package's `bin` is its CommonJS twin, tldr.cts: an ES module entry
// pays ~5-7 ms of loader start-up before its first line, which the hook budget (bare node + 15 ms)
// cannot spare. Both run the same fast path; the full CLI loads only when no daemon answers.
import { createRequire } from 'node:module';

// require() rather than `import`: importing CommonJS from an ES module lexes its source for named
// exports first (~1.5 ms here).
const { answerFromDaemon } = createRequire(import.meta.url)('./fast-path.cjs') as typeof import('./fast-path.cjs');

const argv = process.argv.slice(2);
const exitCode = await answerFromDaemon(argv);
if (exitCode === undefined) {
  const { runCommandLine } = await import('./program.js');
  await runCommandLine(argv);
} else {
  process.exitCode = exitCode;
}
