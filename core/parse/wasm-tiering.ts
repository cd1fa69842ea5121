// V8 compiles WebAssembly twice: at once with its baseline compiler (Liftoff), then hot functions
// again with its optimising one (TurboFan) on background threads. Measured on rxjs/src (740 KB of
// TypeScript, 2 cores): optimised grammar code parses ≈ 25 % faster, but optimising the grammars
// (the TypeScript lexer is one huge function) costs ≈ 0.3 s of CPU during the first pass, so it
// pays off only after ≈ 2 MB of parsing. The runtime is another matter: compiling a query is ≈ 40 %
// slower without its optimised code (TypeScript's: 0.18 s → 0.26 s), for little optimising work.
// So a process that parses little and exits (a CLI call) compiles the runtime as usual, then the
// grammars as baseline code only. So does a daemon started on a cache: it re-parses a file at a
// time, where optimised grammar code saves a millisecond or two and costs ≈ 35 MB resident (the
// TypeScript and Python grammars' in a worker). A daemon that indexes a project from scratch, and
// other hosts, keep everything.
import { knownV8, setKnownV8Flag } from '../v8-flags.js';

/** Parsing less than this in a short-lived process: baseline grammar code only. */
const SHORT_RUN_MAX_BYTES = 2 * 1024 * 1024;

let shortLived = false;
let decided = false;

/** Declares this process one that exits after its command (the CLI): see beforeParsing(). */
export function markShortLivedProcess(): void {
  shortLived = true;
}

/**
 * Called before a process's parsing with the bytes it is about to parse; only the first call
 * decides. In a short-lived process parsing little, the grammars compiled from then on (in worker
 * threads too) stay baseline code; the runtime is compiled first, with its tier-up.
 */
export async function beforeParsing(bytes: number): Promise<void> {
  if (decided) return;
  decided = true;
  if (!shortLived || bytes >= SHORT_RUN_MAX_BYTES) return;
  await baselineGrammarCode();
}

/**
 * From now on, grammars compiled in this process (in every thread) stay baseline code; this
 * thread's runtime is compiled first, with its tier-up. Called before this thread loads a grammar.
 */
export async function baselineGrammarCode(): Promise<void> {
  if (!knownV8()) return;
  // Loaded here only: a run that parses nothing (a no-change warm) never loads web-tree-sitter.
  const { initParser } = await import('./parser.js');
  await initParser();
  setKnownV8Flag('--liftoff-only');
}
