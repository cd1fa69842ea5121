// The daemon's JavaScript heap. V8 lets the old generation grow to a multiple of what survived the
// last full collection before collecting again — up to 4× when collections are cheap, as they are
// next to a quiet daemon's small live heap. Every edit leaves a few MB of garbage (the re-parse's
// outcome, the graph's patch, the cache write), so a daemon that had just taken a burst of edits
// held as much garbage as live data: ≈ 95 MB of heap, 245-255 MB resident on the 100k-line bench
// tree (`tldr bench --suite daemon`), for ≈ 48 MB live. Collecting once the heap has grown a
// quarter past what survived keeps it near the live size (≈ 180 MB resident there), for ≈ 8 % more
// CPU while the index loads and the call graph is built, the allocation-heavy part.
import { setKnownV8Flag } from '../v8-flags.js';

/** How far the old generation grows past what survived the last full collection, in percent. */
const HEAP_GROWTH_PERCENT = 25;

/** Called first thing in the daemon process, before its heap grows. */
export function keepHeapNearLiveSize(): void {
  setKnownV8Flag(`--heap-growing-percent=${HEAP_GROWTH_PERCENT}`);
}
