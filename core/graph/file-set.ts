// The set of indexed project files, with the directory facts module resolution asks about
// (does this directory exist, which files sit directly in it).

export function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Joins and normalises `/` paths relative to the project root; undefined when `..` escapes it. */
export function joinPath(dir: string, relative: string): string | undefined {
  const parts = dir === '' ? [] : dir.split('/');
  for (const part of relative.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else {
      parts.push(part);
    }
  }
  return parts.join('/');
}

/** Every ancestor directory of a path, nearest first, ending with the root `''`. */
export function ancestorDirs(path: string): string[] {
  const out: string[] = [];
  for (let dir = dirOf(path); ; dir = dirOf(dir)) {
    out.push(dir);
    if (dir === '') return out;
  }
}

export class FileSet {
  private readonly files = new Set<string>();
  /** Directory → files directly inside it. */
  private readonly children = new Map<string, Set<string>>();
  /** Directory → number of files anywhere below it. */
  private readonly below = new Map<string, number>();
  private readonly byBase = new Map<string, Set<string>>();

  constructor(paths: Iterable<string> = []) {
    for (const path of paths) this.add(path);
  }

  add(path: string): void {
    if (this.files.has(path)) return;
    this.files.add(path);
    const dir = dirOf(path);
    let set = this.children.get(dir);
    if (!set) this.children.set(dir, (set = new Set()));
    set.add(path);
    const base = baseName(path);
    let named = this.byBase.get(base);
    if (!named) this.byBase.set(base, (named = new Set()));
    named.add(path);
    for (const ancestor of ancestorDirs(path)) this.below.set(ancestor, (this.below.get(ancestor) ?? 0) + 1);
  }

  delete(path: string): void {
    if (!this.files.delete(path)) return;
    const dir = dirOf(path);
    const set = this.children.get(dir);
    set?.delete(path);
    if (set?.size === 0) this.children.delete(dir);
    const named = this.byBase.get(baseName(path));
    named?.delete(path);
    if (named?.size === 0) this.byBase.delete(baseName(path));
    for (const ancestor of ancestorDirs(path)) {
      const count = (this.below.get(ancestor) ?? 1) - 1;
      if (count === 0) this.below.delete(ancestor);
      else this.below.set(ancestor, count);
    }
  }

  /** Files with this exact base name, anywhere in the project. */
  named(base: string): string[] {
    const set = this.byBase.get(base);
    return set ? [...set].sort() : [];
  }

  hasFile(path: string): boolean {
    return this.files.has(path);
  }

  hasDir(dir: string): boolean {
    return this.below.has(dir);
  }

  filesIn(dir: string): string[] {
    const set = this.children.get(dir);
    return set ? [...set].sort() : [];
  }

  all(): IterableIterator<string> {
    return this.files.values();
  }
}
