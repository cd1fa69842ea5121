// Receivers as written, split into what call resolution evaluates: a parenthesised binary
// operation is split at its loosest operator (Python operator methods), anything else that is not
// arithmetic is not an operation.
import { describe, expect, it } from 'vitest';
import { parseChain, splitBinary } from '../../dist/core/graph/chain.js';

describe('binary operations in receivers', () => {
  it('splits at the loosest operator, the last of equals, `**` from the right', () => {
    expect(splitBinary('sci_real | real | signed_integer')).toEqual({ operator: '|', left: 'sci_real | real', right: 'signed_integer' });
    expect(splitBinary('_ipv6_part + (":" + _ipv6_part) * 7')).toEqual({ operator: '+', left: '_ipv6_part', right: '(":" + _ipv6_part) * 7' });
    expect(splitBinary('wrapper(block) + Optional(trailing_undent)')).toEqual({ operator: '+', left: 'wrapper(block)', right: 'Optional(trailing_undent)' });
    expect(splitBinary('a ** b ** c')).toEqual({ operator: '**', left: 'a', right: 'b ** c' });
    expect(splitBinary('-a * b // c')).toEqual({ operator: '//', left: '-a * b', right: 'c' });
    expect(splitBinary('"a|b" + x.y')).toEqual({ operator: '+', left: '"a|b"', right: 'x.y' });
  });

  it('leaves comparisons, boolean logic, conditionals, tuples and lone operands alone', () => {
    for (const text of ['a < b', 'a == b + c', 'a and b', 'a || b', 'a && b', 'not a', 'x if c else y', 'a, b', 'lambda x: x + 1', 'a in b', 'a', 'f(a + b)', 'a +']) {
      expect(splitBinary(text), text).toBeUndefined();
    }
  });

  it('a chain starting with a parenthesised operation carries it; a cast stays a cast', () => {
    expect(parseChain('(a + b).streamline')?.[0].operation).toEqual({ operator: '+', left: 'a', right: 'b' });
    expect(parseChain('(a + b).streamline')?.[1].name).toBe('streamline');
    expect(parseChain('(x as Foo).m')?.[0]).toMatchObject({ cast: 'Foo' });
    expect(parseChain('(a < b).m')).toBeUndefined();
  });

  it('a parenthesised head of alternatives (||, ??, or) carries each alternative, when every one is a chain', () => {
    expect(parseChain('(this.delegate || Date).now')?.[0].either).toEqual(['this.delegate', 'Date']);
    expect(parseChain('(a ?? b.c(1) ?? d[0]).m')?.[0].either).toEqual(['a', 'b.c(1)', 'd[0]']);
    expect(parseChain('(self.primary or self.fallback).get')?.[0].either).toEqual(['self.primary', 'self.fallback']);
    expect(parseChain('(f("a || b")).m')?.[0].either).toBeUndefined();
    expect(parseChain('(options || {}).m')).toBeUndefined();
    expect(parseChain('(a ||= b).m')).toBeUndefined();
  });
});
