// What resolution reads the project through. Every read is recorded as a dependency of the file
// being resolved, so an incremental update knows exactly which files to re-resolve: a record
// consulted (`path`), a directory listed or probed (`path/`), a base name searched (`*name`), a
// definition name looked up project-wide (`definitionKey`).
// A memoised fact keeps the keys it read itself and the facts it used; a file's dependencies are
// that graph's reachable keys, gathered once per file. (Copying every fact's keys into each user on
// every hit held tens of millions of set entries while a large project's graph was built.)
import type { FileRecord } from '../../types.js';
import type { FileSet } from '../file-set.js';
import type { ProjectConfig } from '../project-config.js';

export function dirKey(dir: string): string {
  return `${dir}/`;
}

export function baseKey(base: string): string {
  return `*${base}`;
}

/** The dependency on whether any function, method or class of the project has this name. */
export function definitionKey(name: string): string {
  return `\u0000def ${name}`;
}

/** What one computation read: keys directly, and the memoised facts it used. */
interface Reads {
  keys: Set<string>;
  facts: Set<Reads>;
}

interface MemoEntry {
  value: unknown;
  reads: Reads;
}

interface Pending {
  key: string;
  /** A computation below this one was cut short (a cycle through an entry above it, a depth limit). */
  partial: boolean;
}

/** The project's definitions by name (simple or qualified), as the call graph indexes them. */
export interface DefinitionNames {
  has(name: string): boolean;
  files(name: string): readonly string[];
}

export class ResolveContext {
  private stack: Reads[] = [];
  private readonly memos = new Map<string, MemoEntry>();
  private readonly pending: Pending[] = [];

  constructor(
    readonly files: FileSet,
    private readonly recordMap: ReadonlyMap<string, FileRecord>,
    readonly config: ProjectConfig,
    private readonly definitions: DefinitionNames = { has: () => true, files: () => [] },
  ) {}

  /** Runs `work` while collecting every dependency it reads. */
  track<T>(work: () => T): { value: T; deps: Set<string> } {
    const { value, reads } = this.reading(work);
    return { value, deps: reachableKeys(reads) };
  }

  private reading<T>(work: () => T): { value: T; reads: Reads } {
    const reads: Reads = { keys: new Set(), facts: new Set() };
    this.stack.push(reads);
    try {
      return { value: work(), reads };
    } finally {
      this.stack.pop();
    }
  }

  private touch(key: string): void {
    this.stack[this.stack.length - 1]?.keys.add(key);
  }

  record(path: string): FileRecord | undefined {
    this.touch(path);
    return this.recordMap.get(path);
  }

  isFile(path: string): boolean {
    this.touch(path);
    return this.files.hasFile(path);
  }

  isDir(dir: string): boolean {
    this.touch(dirKey(dir));
    return this.files.hasDir(dir);
  }

  filesIn(dir: string): string[] {
    this.touch(dirKey(dir));
    return this.files.filesIn(dir);
  }

  named(base: string): string[] {
    this.touch(baseKey(base));
    return this.files.named(base);
  }

  /** True when some function, method or class of the project is named `name`. */
  definesName(name: string): boolean {
    this.touch(definitionKey(name));
    return this.definitions.has(name);
  }

  /** The files defining a function, method or class named `name` (simple or qualified). */
  filesDefining(name: string): readonly string[] {
    this.touch(definitionKey(name));
    return this.definitions.files(name);
  }

  /**
   * Memoises a derived fact together with the dependencies it read, so a cache hit still charges
   * them to the file being resolved. A re-entrant request (a cycle) sees `undefined`.
   */
  memo<T>(key: string, compute: () => T): T | undefined {
    const hit = this.memos.get(key);
    if (hit) {
      this.charge(hit.reads);
      return hit.value as T;
    }
    const at = this.pending.findIndex((entry) => entry.key === key);
    if (at >= 0) {
      // A cycle: the entries between the re-entered one and here see an incomplete answer, so
      // they must not be cached (the answer would depend on which key was asked first).
      for (let i = at + 1; i < this.pending.length; i++) this.pending[i].partial = true;
      return undefined;
    }
    const entry: Pending = { key, partial: false };
    this.pending.push(entry);
    let result: { value: T; reads: Reads };
    try {
      result = this.reading(compute);
    } finally {
      this.pending.pop();
    }
    if (!entry.partial) this.memos.set(key, result);
    this.charge(result.reads);
    return result.value;
  }

  /** The computation running now depends on whatever `reads` depends on. */
  private charge(reads: Reads): void {
    if (reads.keys.size === 0 && reads.facts.size === 0) return;
    this.stack[this.stack.length - 1]?.facts.add(reads);
  }

  /**
   * Marks every memoised computation in progress as incomplete: a depth limit cut an answer short
   * below them, and what they computed depends on how deep the question was asked, so it is not cached.
   */
  incomplete(): void {
    for (const entry of this.pending) entry.partial = true;
  }

  /** Forgets memoised facts (they may read files that changed). */
  clearMemos(): void {
    this.memos.clear();
  }
}

/** Every key read by `reads` or by the facts it used, transitively. */
function reachableKeys(reads: Reads): Set<string> {
  const keys = new Set(reads.keys);
  const seen = new Set<Reads>([reads]);
  const stack = [...reads.facts];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    for (const key of next.keys) keys.add(key);
    for (const fact of next.facts) if (!seen.has(fact)) stack.push(fact);
  }
  return keys;
}
