// The memo of resolution facts: an answer cut short below it (a cycle, a depth limit) is returned
// but not cached, so a later question asked from higher up computes the full answer.
// TypeScript relative specifiers that name a directory resolve to its index.
import { describe, expect, it } from 'vitest';
import { FileSet } from '../../dist/core/graph/file-set.js';
import { emptyConfig } from '../../dist/core/graph/project-config.js';
import { ResolveContext } from '../../dist/core/graph/resolve/context.js';
import { resolveTsModule } from '../../dist/core/graph/resolve/typescript.js';

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

describe('TypeScript relative specifiers', () => {
  it('resolves `..` and `.` to the directory index, the project root included', () => {
    const ctx = new ResolveContext(new FileSet(['index.ts', 'features/a.ts', 'features/deep/b.ts', 'features/index.ts']), new Map(), emptyConfig());
    expect(resolveTsModule(ctx, 'features/a.ts', '..')).toBe('index.ts');
    expect(resolveTsModule(ctx, 'features/deep/b.ts', '..')).toBe('features/index.ts');
    expect(resolveTsModule(ctx, 'features/a.ts', '.')).toBe('features/index.ts');
    expect(resolveTsModule(ctx, 'index.ts', '..')).toBeUndefined();
  });
});
