// What call resolution reads of an initialiser or a return value: the chain, without arguments.
import { describe, expect, it } from 'vitest';
import { elideArguments } from '../../dist/core/extract/text.js';

describe('elideArguments', () => {
  it('drops call arguments and indexes, strings with brackets in them included', () => {
    expect(elideArguments('cls(name, mode).c(d)[0]')).toBe('cls().c()[]');
    expect(elideArguments('Combine("u" + q.copy(")")).set_name')).toBe('Combine().set_name');
    expect(elideArguments('"(".join(parts)')).toBe('"(".join()');
  });

  it('keeps a parenthesised expression, eliding the calls inside it', () => {
    expect(elideArguments('(integer + "/" + integer).copy()')).toBe('(integer + "/" + integer).copy()');
    expect(elideArguments('(a.f(x) + b[1]).c(y)')).toBe('(a.f() + b[]).c()');
  });

  it('drops the arguments of a call with type arguments, not a comparison\'s or an arrow\'s parentheses (tldraw createRecordType<Book>(…))', () => {
    expect(elideArguments("createRecordType<Book>('book', { v: f(x) }).withDefaultProperties(() => ({ a: 1 }))")).toBe('createRecordType<Book>().withDefaultProperties()');
    expect(elideArguments('a.f<Map<K, V>>(x).g(y)')).toBe('a.f<Map<K, V>>().g()');
    expect(elideArguments('(a > (b))')).toBe('(a > (b))');
    expect(elideArguments('x => (y)')).toBe('x => (y)');
  });

  it('gives unbalanced text back as it is', () => {
    expect(elideArguments('a).b')).toBe('a).b');
  });
});
