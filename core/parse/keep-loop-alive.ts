// Whenever Node's event loop runs out of handles, Node blocks the main thread until every task V8
// has queued on its background threads is done (NodePlatform::DrainTasks), before resolving what
// V8 itself owes the thread. In a process that parses on its main thread and has nothing else open
// (the CLI), the loop runs empty while a grammar compiles asynchronously or between two awaits, and
// the thread then idles while the background threads finish optimising WebAssembly and JavaScript
// it may never run again: measured 50-80 ms per first warm of a small project (asyncio, rxjs/src),
// a tenth of it. A handle held open across the parsing keeps the loop from running empty, so those
// tasks finish alongside the parsing instead of in front of it.

/** Runs `work` with the event loop held open, so that the thread never waits for V8's background tasks. */
export async function keepingLoopAlive<T>(work: () => Promise<T>): Promise<T> {
  const handle = setInterval(() => undefined, 2 ** 30);
  try {
    return await work();
  } finally {
    clearInterval(handle);
  }
}
