// Writes the daemon's index back to `.tldr/` soon after it changes, so a daemon that dies without
// shutting down (kill -9, a crash, a reboot) loses seconds of re-parses rather than everything
// since it started. A burst of edits is one write; a steady stream of them still writes every
// MAX_DELAY_MS.

/** Quiet time after the last change before writing. */
export const WRITE_DELAY_MS = 1000;
/** Longest a change waits to be written while changes keep coming. */
export const MAX_DELAY_MS = 10_000;

export class CacheWriter {
  private timer: NodeJS.Timeout | undefined;
  private firstChangeAt: number | undefined;
  private lastFailure: string | undefined;
  private closed = false;

  constructor(
    /** Writes pending changes; resolves with the reason when the cache cannot be written. */
    private readonly write: () => Promise<string | undefined>,
    private readonly onError: (error: Error) => void,
    private readonly delays = { writeDelayMs: WRITE_DELAY_MS, maxDelayMs: MAX_DELAY_MS },
  ) {}

  /** Notes that the index changed; the write follows once changes pause. */
  changed(): void {
    if (this.closed) return;
    const now = Date.now();
    this.firstChangeAt ??= now;
    clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(this.delays.writeDelayMs, this.firstChangeAt + this.delays.maxDelayMs - now));
    // Unreferenced: shutting down writes the cache anyway (the index's close()).
    this.timer = setTimeout(() => void this.flush(), wait).unref();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    this.firstChangeAt = undefined;
    let failure: string | undefined;
    try {
      failure = await this.write();
    } catch (error) {
      failure = (error as Error).message;
    }
    // A read-only checkout fails every time: report a failure once, not on every edit.
    if (failure !== undefined && failure !== this.lastFailure) this.onError(new Error(failure));
    this.lastFailure = failure;
  }
}
