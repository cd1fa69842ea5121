// Per-session memory the hooks share, kept in the daemon (both transports reach the same store):
// what the agent searched, read and edited. Bounded: sessions are evicted least-recently-used, and
// each list keeps only its latest entries. Paths are relative to the project root.

const MAX_SESSIONS = 64;
const MAX_ENTRIES = 200;

/** A search the agent ran (search-router), for read-enforcer: a file it located is read in full. */
export interface SearchRecord {
  at: number;
  pattern: string;
  /** Files the search (or tldr's hits for it) located, with the lines found. */
  files: { path: string; lines: number[] }[];
}

export class SessionState {
  /** Files whose full read was replaced by a summary: the next full read goes through. */
  readonly summarised = new Set<string>();
  /** Files read in full (the agent has the whole text). */
  readonly fullyRead = new Set<string>();
  /** Latest searches, newest last. */
  readonly searches: SearchRecord[] = [];
  /** Files touched (read, edited, written), newest last, each once. */
  private readonly touchedFiles: string[] = [];
  /** Free-form per-hook memory (e.g. a sub-agent prompt waiting for its SubagentStart). */
  readonly notes = new Map<string, unknown>();
  lastUsed = 0;

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

  /** The newest search that located `path`, if any. */
  searchLocating(path: string): SearchRecord | undefined {
    for (let i = this.searches.length - 1; i >= 0; i--) {
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
