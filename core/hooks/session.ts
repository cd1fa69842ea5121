// Per-session memory the hooks share, kept in the daemon (both transports reach the same store):
// what the agent searched, read and edited. Bounded: sessions are evicted least-recently-used, and
// each list keeps only its latest entries. Paths are relative to the project root.
//
// What an agent has read is kept per reader: the main agent and each sub-agent (tool events inside
// a sub-agent carry its `agent_id`) have their own context window, so a file the main agent read
// is still new to a sub-agent. Searches and touched files are the session's, whoever made them.

const MAX_SESSIONS = 64;
const MAX_ENTRIES = 200;

/** A search the agent ran (search-router), for read-enforcer: a file it located is read in full. */
export interface SearchRecord {
  at: number;
  pattern: string;
  /** Files the search (or tldr's hits for it) located, with the lines found. */
  files: { path: string; lines: number[] }[];
}

/** A set that forgets its oldest entries beyond `limit`. */
class RecentSet {
  private readonly items = new Set<string>();

  constructor(private readonly limit: number) {}

  add(key: string): void {
    this.items.delete(key);
    this.items.add(key);
    if (this.items.size > this.limit) this.items.delete(this.items.values().next().value as string);
  }

  has(key: string): boolean {
    return this.items.has(key);
  }
}

/** `agent_id` of a sub-agent, or undefined for the main agent. */
export type Reader = string | undefined;

function readerKey(path: string, reader: Reader): string {
  return reader === undefined ? path : `${reader}\u0000${path}`;
}

export class SessionState {
  /** Files whose full read was replaced by a summary (per reader): the next full read goes through. */
  private readonly summarisedFiles = new RecentSet(MAX_ENTRIES);
  /** Files read in full (per reader): that reader has the whole text. */
  private readonly fullyReadFiles = new RecentSet(MAX_ENTRIES);
  /** Latest searches, newest last. */
  readonly searches: SearchRecord[] = [];
  /** Files touched (read, edited, written), newest last, each once. */
  private readonly touchedFiles: string[] = [];
  /** Free-form per-hook memory (e.g. a sub-agent prompt waiting for its SubagentStart). */
  readonly notes = new Map<string, unknown>();
  lastUsed = 0;

  markSummarised(path: string, reader: Reader): void {
    this.summarisedFiles.add(readerKey(path, reader));
  }

  wasSummarised(path: string, reader: Reader): boolean {
    return this.summarisedFiles.has(readerKey(path, reader));
  }

  markFullyRead(path: string, reader: Reader): void {
    this.fullyReadFiles.add(readerKey(path, reader));
  }

  hasReadFully(path: string, reader: Reader): boolean {
    return this.fullyReadFiles.has(readerKey(path, reader));
  }

  touch(path: string): void {
    const at = this.touchedFiles.indexOf(path);
    if (at >= 0) this.touchedFiles.splice(at, 1);
    this.touchedFiles.push(path);
    if (this.touchedFiles.length > MAX_ENTRIES) this.touchedFiles.shift();
  }

  /** Most recently touched first. */
  touched(limit = MAX_ENTRIES): string[] {
    return this.touchedFiles.slice(-limit).reverse();
  }

  recordSearch(search: SearchRecord): void {
    this.searches.push(search);
    if (this.searches.length > MAX_ENTRIES) this.searches.shift();
  }

  /** The newest search that located `path` at `since` or later, if any. */
  searchLocating(path: string, since = 0): SearchRecord | undefined {
    for (let i = this.searches.length - 1; i >= 0 && this.searches[i].at >= since; i--) {
      if (this.searches[i].files.some((file) => file.path === path)) return this.searches[i];
    }
    return undefined;
  }
}

export class SessionStore {
  private readonly sessions = new Map<string, SessionState>();

  get(sessionId: string, now = Date.now()): SessionState {
    let state = this.sessions.get(sessionId);
    if (state) this.sessions.delete(sessionId);
    else state = new SessionState();
    state.lastUsed = now;
    this.sessions.set(sessionId, state);
    if (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value as string);
    return state;
  }

  get size(): number {
    return this.sessions.size;
  }
}
