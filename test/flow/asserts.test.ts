// Asserts and other conditional raises are branches: the statements after them run only when the
// check held, so they are control dependent on it and their slices include it. Expectations are
// written by hand from the snippets (node labels: helpers.ts).
import { describe, expect, it } from 'vitest';
import { analyse } from './helpers.js';

const sorted = (list: string[]) => [...list].sort();

describe('python: assert', () => {
  const code = `def parse(text, strict):
    assert text, "empty"
    head = text[0]
    try:
        assert head.isdigit() and strict
        value = int(head)
    except AssertionError:
        value = -1
    return value`;

  it('fails to the exception exit outside a try and to the handler inside one', async () => {
    const r = await analyse('python', code);
    expect(r.edges).toEqual(sorted([
      'entry -next-> 1:param#1',
      '1:param#1 -next-> 1:param#2',
      '1:param#2 -next-> 2:assert',
      '2:assert -false-> raise',
      '2:assert -true-> 3:statement',
      // The short-circuit operands run first and hand their value to the assert.
      '3:statement -next-> 5:condition#1',
      '5:condition#1 -exception-> 7:catch',
      '5:condition#1 -false-> 5:assert',
      '5:condition#1 -true-> 5:condition#2',
      '5:condition#2 -next-> 5:assert',
      '5:assert -false-> 7:catch',
      '5:assert -true-> 6:statement',
      '6:statement -exception-> 7:catch',
      '6:statement -next-> 9:return',
      '7:catch -false-> raise',
      '7:catch -true-> 8:statement',
      '8:statement -next-> 9:return',
      '9:return -jump-> exit',
      'raise -exception-> exit',
    ]));
    expect(r.complexity).toBe(7);
    expect(r.control).toEqual(expect.arrayContaining([
      '2:assert -true-> 3:statement',
      '2:assert -true-> 5:condition#1',
      '5:assert -true-> 6:statement',
      '5:assert -false-> 7:catch',
    ]));
    expect(r.slice(3)).toEqual([1, 2, 3]);
    expect(r.slice(6)).toEqual([1, 2, 3, 5, 6]);
    expect(r.slice(9)).toEqual([1, 2, 3, 5, 6, 7, 8, 9]);
    expect(r.slice(2, 'forward')).toEqual([2, 3, 5, 6, 7, 8, 9]);
  });
});

describe('java: assert, argument checks, System.exit', () => {
  const code = `class Config {
  int port(String raw, int fallback) {
    Objects.requireNonNull(raw, "raw");
    int value = Integer.parseInt(raw);
    assert value > 0 : "port " + value;
    if (value > 65535) System.exit(2);
    return value + fallback;
  }
}`;

  it('branches on the assert and the null check; System.exit (a receiver call) never returns', async () => {
    const r = await analyse('java', code, 2);
    expect(r.edges).toEqual(sorted([
      'entry -next-> 2:param#1',
      '2:param#1 -next-> 2:param#2',
      '2:param#2 -next-> 3:assert',
      '3:assert -false-> raise',
      '3:assert -true-> 4:statement',
      '4:statement -next-> 5:assert',
      '5:assert -false-> raise',
      '5:assert -true-> 6:if',
      '6:if -false-> 7:return',
      '6:if -true-> 6:statement',
      '6:statement -exception-> raise',
      '7:return -jump-> exit',
      'raise -exception-> exit',
    ]));
    expect(r.control).toEqual(sorted([
      'entry -next-> 2:param#1',
      'entry -next-> 2:param#2',
      'entry -next-> 3:assert',
      '3:assert -false-> raise',
      '3:assert -true-> 4:statement',
      '3:assert -true-> 5:assert',
      '5:assert -false-> raise',
      '5:assert -true-> 6:if',
      '6:if -false-> 7:return',
      '6:if -true-> 6:statement',
      '6:if -true-> raise',
    ]));
    expect(r.slice(4)).toEqual([2, 3, 4]);
    expect(r.slice(7)).toEqual([2, 3, 4, 5, 6, 7]);
  });
});

describe('kotlin: require, requireNotNull, check', () => {
  it('makes each check a branch, a declaration holding one included', async () => {
    const r = await analyse('kotlin', `fun area(w: Int?, h: Int): Int {
    require(h > 0) { "height $h" }
    val width = requireNotNull(w)
    check(width < 1000)
    return width * h
}`);
    expect(r.edges).toEqual(sorted([
      'entry -next-> 1:param#1',
      '1:param#1 -next-> 1:param#2',
      '1:param#2 -next-> 2:assert',
      '2:assert -false-> raise',
      '2:assert -true-> 3:assert',
      '3:assert -false-> raise',
      '3:assert -true-> 4:assert',
      '4:assert -false-> raise',
      '4:assert -true-> 5:return',
      '5:return -jump-> exit',
      'raise -exception-> exit',
    ]));
    expect(r.complexity).toBe(4);
    expect(r.slice(3)).toEqual([1, 2, 3]);
    expect(r.slice(5)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('rust: assert!, assert_eq!, debug_assert!', () => {
  it('branches on each assertion macro', async () => {
    const r = await analyse('rust', `fn mean(xs: &[f64], n: usize) -> f64 {
    assert!(!xs.is_empty(), "no data");
    assert_eq!(xs.len(), n);
    let total: f64 = xs.iter().sum();
    debug_assert!(total.is_finite());
    total / n as f64
}`);
    expect(r.edges).toEqual(sorted([
      'entry -next-> 1:param#1',
      '1:param#1 -next-> 1:param#2',
      '1:param#2 -next-> 2:assert',
      '2:assert -false-> raise',
      '2:assert -true-> 3:assert',
      '3:assert -false-> raise',
      '3:assert -true-> 4:statement',
      '4:statement -next-> 5:assert',
      '5:assert -false-> raise',
      '5:assert -true-> 6:statement',
      '6:statement -next-> exit',
      'raise -exception-> exit',
    ]));
    expect(r.slice(4)).toEqual([1, 2, 3, 4]);
    expect(r.slice(6)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('c and c++: assert()', () => {
  const code = `int scale(int *p, int k) {
    assert(p != NULL);
    int v = *p;
    assert(k > 0 && v < 100);
    return v * k;
}`;

  for (const language of ['c', 'cpp'] as const) {
    it(`${language}: the call is a branch, its short-circuit argument expanded before it`, async () => {
      const r = await analyse(language, code);
      expect(r.edges).toEqual(sorted([
        'entry -next-> 1:param#1',
        '1:param#1 -next-> 1:param#2',
        '1:param#2 -next-> 2:assert',
        '2:assert -false-> raise',
        '2:assert -true-> 3:statement',
        '3:statement -next-> 4:condition#1',
        '4:condition#1 -false-> 4:assert',
        '4:condition#1 -true-> 4:condition#2',
        '4:condition#2 -next-> 4:assert',
        '4:assert -false-> raise',
        '4:assert -true-> 5:return',
        '5:return -jump-> exit',
        'raise -exception-> exit',
      ]));
      expect(r.slice(3)).toEqual([1, 2, 3]);
      expect(r.slice(5)).toEqual([1, 2, 3, 4, 5]);
    });
  }
});

describe('conditional raises in the other languages', () => {
  it('swift: guard-else returns, precondition and assert branch', async () => {
    const r = await analyse('swift', `func ratio(a: Int, b: Int?) -> Int {
    guard let d = b else { return 0 }
    precondition(d != 0, "zero")
    let q = a / d
    assert(q >= 0)
    return q
}`);
    expect(r.edges).toEqual(expect.arrayContaining([
      '2:if -false-> 2:return',
      '2:if -true-> 3:assert',
      '3:assert -false-> raise',
      '3:assert -true-> 4:statement',
      '5:assert -true-> 6:return',
    ]));
    expect(r.slice(4)).toEqual([1, 2, 3, 4]);
    expect(r.slice(6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('php: assert() branches, die() never returns', async () => {
    const r = await analyse('php', `<?php
function total($items, $tax) {
    assert(is_array($items));
    $sum = array_sum($items);
    if ($tax < 0) die("bad tax");
    return $sum * (1 + $tax);
}`);
    expect(r.edges).toEqual(expect.arrayContaining(['3:assert -false-> raise', '3:assert -true-> 4:statement', '5:statement -exception-> raise']));
    expect(r.slice(4)).toEqual([2, 3, 4]);
    expect(r.slice(6)).toEqual([2, 3, 4, 5, 6]);
  });

  it('ruby: raise … unless / if', async () => {
    const r = await analyse('ruby', `def total(items, tax)
  raise ArgumentError, "no items" unless items
  sum = items.sum
  raise "bad tax" if tax.negative?
  sum * (1 + tax)
end`);
    expect(r.edges).toEqual(expect.arrayContaining(['2:if -false-> 2:statement', '2:statement -exception-> raise', '2:if -true-> 3:statement']));
    expect(r.slice(3)).toEqual([1, 2, 3]);
    expect(r.slice(5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('lua: assert(io.open(…)) guards the rest of the function', async () => {
    const r = await analyse('lua', `function load(path, mode)
  local fh = assert(io.open(path, mode))
  local data = fh:read("a")
  fh:close()
  return data
end`);
    expect(r.control).toEqual(expect.arrayContaining(['2:assert -true-> 3:statement', '2:assert -true-> 4:statement', '2:assert -true-> 5:return']));
    expect(r.slice(5)).toEqual([1, 2, 3, 5]);
  });

  it('scala: require and assert', async () => {
    const r = await analyse('scala', `object M {
  def ratio(a: Int, b: Int): Int = {
    require(b != 0, "zero")
    val q = a / b
    assert(q >= 0)
    q
  }
}`);
    expect(r.complexity).toBe(3);
    expect(r.slice(4)).toEqual([2, 3, 4]);
    expect(r.slice(6)).toEqual([2, 3, 4, 5, 6]);
  });

  it('c#: ThrowIfNull and Debug.Assert branch, Environment.Exit never returns', async () => {
    const r = await analyse('csharp', `class M {
  int Ratio(string name, int b) {
    ArgumentNullException.ThrowIfNull(name);
    Debug.Assert(b != 0);
    int q = name.Length / b;
    if (q > 9) Environment.Exit(1);
    return q;
  }
}`, 2);
    expect(r.edges).toEqual(expect.arrayContaining(['3:assert -true-> 4:assert', '4:assert -false-> raise', '6:statement -exception-> raise']));
    expect(r.slice(5)).toEqual([2, 3, 4, 5]);
    expect(r.slice(7)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('typescript: node assert and assert.ok branch, process.exit never returns', async () => {
    const r = await analyse('typescript', `function ratio(a: number, b: number): number {
  assert(b !== 0, 'zero');
  const q = a / b;
  assert.ok(q >= 0);
  if (q > 9) process.exit(1);
  return q;
}`);
    expect(r.edges).toEqual(expect.arrayContaining(['2:assert -false-> raise', '4:assert -true-> 5:if', '5:statement -exception-> raise']));
    expect(r.slice(3)).toEqual([1, 2, 3]);
    expect(r.slice(6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('go: if err != nil { return } already guards what follows', async () => {
    const r = await analyse('go', `func ratio(a, b int) (int, error) {
	q, err := div(a, b)
	if err != nil {
		return 0, err
	}
	return q * 2, nil
}`);
    expect(r.control).toEqual(expect.arrayContaining(['3:if -false-> 6:return', '3:if -true-> 4:return']));
    expect(r.slice(6)).toEqual([1, 2, 3, 6]);
  });

  it('php and ruby: `x or die()` / `x or raise` end the path on the operand that never returns', async () => {
    const php = await analyse('php', `<?php
function first($path) {
    $h = fopen($path, "r") or die("cannot open");
    $line = fgets($h);
    return $line;
}`);
    expect(php.edges).toEqual(sorted([
      'entry -next-> 2:param',
      '2:param -next-> 3:condition#1',
      '3:condition#1 -true-> 4:statement',
      '3:condition#1 -false-> 3:condition#2',
      '3:condition#2 -exception-> raise',
      '4:statement -next-> 5:return',
      '5:return -jump-> exit',
      'raise -exception-> exit',
    ]));
    expect(php.control).toEqual(expect.arrayContaining(['3:condition#1 -true-> 4:statement', '3:condition#1 -true-> 5:return']));
    const ruby = await analyse('ruby', `def first(path)
  h = File.open(path) or raise "cannot open"
  h.gets
end`);
    expect(ruby.control).toEqual(expect.arrayContaining(['2:condition#1 -true-> 3:statement']));
    expect(ruby.slice(3)).toEqual([1, 2, 3]);
  });

  it('a call named like a check but not one stays a plain statement', async () => {
    const r = await analyse('python', `def f(x):
    verify(x)
    return x`);
    expect(r.edges).toEqual(sorted(['entry -next-> 1:param', '1:param -next-> 2:statement', '2:statement -next-> 3:return', '3:return -jump-> exit']));
  });
});
