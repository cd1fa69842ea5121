// Gitignore semantics over a whole tree: the built-in defaults, `.git/info/exclude`, and every
// `.gitignore` and `.tldrignore` from the root down to a path's directory. Deeper files override
// shallower ones, and within a directory `.tldrignore` overrides `.gitignore` (so a project can
// re-include with `!pattern` what git ignores, or exclude more without touching git).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Ignore } from 'ignore';
import { DEFAULT_IGNORES } from './policy.js';

// require() rather than `import`: importing this CommonJS package from an ES module first lexes
// its 50 KB source for named exports, a few milliseconds of every CLI start.
const ignore = createRequire(import.meta.url)('ignore') as typeof import('ignore');

const IGNORE_FILES = ['.gitignore', '.tldrignore'];

export class IgnoreRules {
  /** Relative directory ('' for the root) → its matcher, or null when it has no rules. */
  private readonly matchers = new Map<string, Ignore | null>();

  constructor(private readonly root: string) {}

  /**
   * Whether `rel` (relative to the root, `/`-separated) is ignored, assuming its ancestor
   * directories are not (the walker never descends into an ignored directory).
   */
  isIgnored(rel: string, isDir: boolean): boolean {
    let ignored = false;
    let dir = '';
    for (;;) {
      const matcher = this.matcherFor(dir);
      if (matcher) {
        const local = (dir === '' ? rel : rel.slice(dir.length + 1)) + (isDir ? '/' : '');
        const result = matcher.test(local);
        if (result.ignored) ignored = true;
        else if (result.unignored) ignored = false;
      }
      const next = rel.indexOf('/', dir === '' ? 0 : dir.length + 1);
      if (next === -1) return ignored;
      dir = rel.slice(0, next);
    }
  }

  /** Whether `rel` or any directory above it is ignored: for paths reached without a walk. */
  isPathIgnored(rel: string): boolean {
    const parts = rel.split('/');
    for (let depth = 1; depth < parts.length; depth++) {
      if (this.isIgnored(parts.slice(0, depth).join('/'), true)) return true;
    }
    return this.isIgnored(rel, false);
  }

  private matcherFor(dir: string): Ignore | null {
    let matcher = this.matchers.get(dir);
    if (matcher === undefined) {
      matcher = this.load(dir);
      this.matchers.set(dir, matcher);
    }
    return matcher;
  }

  private load(dir: string): Ignore | null {
    const abs = join(this.root, dir);
    const sources: string[] = dir === '' ? [DEFAULT_IGNORES.join('\n'), readText(join(abs, '.git', 'info', 'exclude'))] : [];
    for (const name of IGNORE_FILES) sources.push(readText(join(abs, name)));
    const rules = sources.filter((text) => text.trim() !== '');
    if (rules.length === 0) return null;
    // Git matches case-sensitively on Linux and macOS unless core.ignorecase says otherwise.
    const matcher = ignore({ ignorecase: false });
    for (const text of rules) matcher.add(text);
    return matcher;
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
