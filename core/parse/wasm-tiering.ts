// V8 compiles WebAssembly twice: at once with its baseline compiler (Liftoff), then hot functions
// again with its optimising one (TurboFan) on background threads. For the grammars, measured on
// rxjs/src (814 KB of TypeScript, 2 cores): the optimised code parses and extracts ≈ 25 % faster,
// but producing it costs ≈ 0.3 s of CPU during the first pass, so it pays off only after ≈ 2 MB of
// parsing. A process that parses less and exits (a CLI call) does better without it; the daemon,
// which lives long, and any other long-running host keep it.
import { setFlagsFromString } from 'node:v8';

/** Parsing less than this in a short-lived process: baseline code only. */
const SHORT_RUN_MAX_BYTES = 2 * 1024 * 1024;

/** `--liftoff-only` exists in the V8 of Node 20-24 (V8 11-13); another V8 would print an error for it. */
const KNOWN_V8 = /^1[1-3]\./;

let shortLived = false;
let decided = false;

/** Declares this process one that exits after its command (the CLI): see beforeParsing(). */
export function markShortLivedProcess(): void {
  shortLived = true;
}

/**
 * Called before a process's parsing with the bytes it is about to parse; only the first call
 * decides. In a short-lived process parsing little, the WebAssembly compiled from then on (the
 * grammars, in worker threads too) stays baseline code; modules compiled earlier keep their tier-up.
 */
export function beforeParsing(bytes: number): void {
  if (decided) return;
  decided = true;
  if (shortLived && bytes < SHORT_RUN_MAX_BYTES && KNOWN_V8.test(process.versions.v8)) setFlagsFromString('--liftoff-only');
}
