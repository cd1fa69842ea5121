// What the runtime remembers of hook calls: a bounded log for `tldr hooks log` and `status`, and
// a bounded set of calls already answered (one tool call matched by two `if` filters reaches tldr
// twice: Claude Code 2.1.328 runs both handlers, URL or not).

export type HookTransport = 'http' | 'command';

/**
 * How a call ended. Everything but `answered` sent `{}`: `nothing` (the behaviour had nothing to
 * add), `timeout` (over budget; its late answer was dropped), `failed` (it threw), `warming` (the
 * index is still loading), `bad-input` (not a hook event, too large, not JSON), `unknown-hook`,
 * `not-for-hook` (an event or tool the hook is not installed for), `duplicate` (answered already).
 */
export type HookOutcome =
  | 'answered'
  | 'nothing'
  | 'timeout'
  | 'failed'
  | 'warming'
  | 'bad-input'
  | 'unknown-hook'
  | 'not-for-hook'
  | 'duplicate';

export interface HookCall {
  /** ISO time the call arrived. */
  at: string;
  hook: string;
  event?: string;
  tool?: string;
  transport: HookTransport;
  /** Time in the runtime, arrival to answer, in ms. */
  ms: number;
  outcome: HookOutcome;
  /** Length of the answer's JSON text (`{}` is 2). */
  chars: number;
  error?: string;
}

export const HOOK_LOG_SIZE = 200;

/** The latest calls, oldest first; older ones fall off. */
export class HookCallLog {
  private readonly calls: HookCall[] = [];
  private total = 0;

  constructor(private readonly capacity = HOOK_LOG_SIZE) {}

  record(call: HookCall): void {
    this.calls.push(call);
    this.total++;
    if (this.calls.length > this.capacity) this.calls.shift();
  }

  /** The last `limit` calls, oldest first. */
  recent(limit = this.capacity): HookCall[] {
    return this.calls.slice(-limit);
  }

  /** Calls recorded since the start, including those that fell off. */
  get count(): number {
    return this.total;
  }
}

/** Insertion-ordered set of the latest `capacity` keys. */
export class RecentKeys {
  private readonly keys = new Set<string>();

  constructor(private readonly capacity: number) {}

  /** Adds `key`; false when it was already there. */
  add(key: string): boolean {
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    if (this.keys.size > this.capacity) this.keys.delete(this.keys.values().next().value as string);
    return true;
  }
}
