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
});
