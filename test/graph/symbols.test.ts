// The names a parameter binds, as call resolution scopes them: a name used in a destructuring
// default (`reducer = (a, b) => addToEnd(a, b)`) is not a parameter and still reaches its import.
import { describe, expect, it } from 'vitest';
import { paramNames } from '../../dist/core/graph/symbols.js';

describe('parameter names', () => {
  it('binds the names of a destructuring pattern, not its keys or default values', () => {
    expect(paramNames('{ reducer = (items: number[], chunk: number) => addToEnd(items, chunk), }: { reducer?: R }', 'js')).toEqual(['reducer']);
    expect(paramNames('{ a, b: c, d = f(x), ...rest }: Options', 'js')).toEqual(['a', 'c', 'd', 'rest']);
    expect(paramNames('[x, [y, z = g(w)]]: Pair', 'js')).toEqual(['x', 'y', 'z']);
    expect(paramNames('{ a: { b, c: [d] } }', 'js')).toEqual(['b', 'd']);
    // Capped by the extractor after the pattern.
    expect(paramNames("{ streamFn, refetchMode = 'reset', initialValue = [] as TData, }: StreamedQueryParams<TQueryFnData, TData, TQ…", 'js'))
      .toEqual(['streamFn', 'refetchMode', 'initialValue']);
    expect(paramNames('private readonly repo: Repo', 'js')).toEqual(['repo']);
  });
});
