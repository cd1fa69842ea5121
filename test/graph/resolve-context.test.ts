// The memo of resolution facts: an answer cut short below it (a cycle, a depth limit) is returned
// but not cached, so a later question asked from higher up computes the full answer.
import { describe, expect, it } from 'vitest';
import { FileSet } from '../../dist/core/graph/file-set.js';
import { emptyConfig } from '../../dist/core/graph/project-config.js';
import { ResolveContext } from '../../dist/core/graph/resolve/context.js';

describe('resolution memo', () => {
  it('does not cache what a depth limit cut short, and caches complete answers', () => {
    const ctx = new ResolveContext(new FileSet(), new Map(), emptyConfig());
    let limited = true;
    let computed = 0;
    const inner = () => ctx.memo('inner', () => {
      computed++;
      if (limited) ctx.incomplete();
      return limited ? 'partial' : 'full';
    });
    expect(ctx.memo('outer', () => inner())).toBe('partial');
    limited = false;
    expect(ctx.memo('outer', () => inner())).toBe('full');
    expect(ctx.memo('outer', () => inner())).toBe('full');
    expect(computed).toBe(2);
  });

  it('charges what a memoised fact read, and what the facts it used read, to every later user', () => {
    const files = new FileSet(['a.py', 'b.py', 'c.py']);
    const ctx = new ResolveContext(files, new Map(), emptyConfig());
    const inner = () => ctx.memo('inner', () => ctx.isFile('b.py'));
    const outer = () => ctx.memo('outer', () => {
      ctx.isFile('a.py');
      return inner();
    });
    const sorted = (deps: Set<string>) => [...deps].sort();
    expect(sorted(ctx.track(outer).deps)).toEqual(['a.py', 'b.py']);
    // Hits: the same keys, read through the memo without recomputing.
    expect(sorted(ctx.track(() => { ctx.named('c.py'); return outer(); }).deps)).toEqual(['*c.py', 'a.py', 'b.py']);
    expect(sorted(ctx.track(inner).deps)).toEqual(['b.py']);
    // What a cut-short computation read still counts for the one that asked, though it is not cached.
    const cut = ctx.track(() => ctx.memo('cut', () => {
      ctx.isDir('lib');
      ctx.incomplete();
      return inner();
    }));
    expect(sorted(cut.deps)).toEqual(['b.py', 'lib/']);
  });
});
