// Hand-checked CFG edges, def-use edges and slices for JavaScript, TypeScript and TSX constructs.
import { describe, expect, it } from 'vitest';
import { analyse } from './helpers.js';

const sorted = (list: string[]) => [...list].sort();

describe('javascript: branches', () => {
  const code = `function pick(a, b) {
  let r = 0;
  if (a > 0 && b) {
    r = 1;
  } else if (a < 0 || !b) {
    r = 2;
  } else {
    r = 3;
  }
  return r;
}`;

  it('splits && and || into condition nodes and swaps branches under !', async () => {
    const r = await analyse('javascript', code);
    expect(r.edges).toEqual(sorted([
      'entry -next-> 1:param#1',
      '1:param#1 -next-> 1:param#2',
      '1:param#2 -next-> 2:statement',
      '2:statement -next-> 3:if#1',
      '3:if#1 -true-> 3:if#2',
      '3:if#1 -false-> 5:if#1',
      '3:if#2 -true-> 4:statement',
      '3:if#2 -false-> 5:if#1',
      '4:statement -next-> 10:return',
      '5:if#1 -true-> 6:statement',
      '5:if#1 -false-> 5:if#2',
      '5:if#2 -false-> 6:statement',
      '5:if#2 -true-> 8:statement',
      '6:statement -next-> 10:return',
      '8:statement -next-> 10:return',
      '10:return -jump-> exit',
    ]));
    expect(r.complexity).toBe(5);
    expect(r.defUses).toEqual(sorted(['a@1->3', 'a@1->5', 'b@1->3', 'b@1->5', 'r@4->10', 'r@6->10', 'r@8->10']));
  });

  it('slices the header lines the statement is control dependent on, not whole blocks', async () => {
    const r = await analyse('javascript', code);
    expect(r.slice(4)).toEqual([1, 3, 4]);
    expect(r.slice(10)).toEqual([1, 3, 4, 5, 6, 8, 10]);
    expect(r.slice(2)).toEqual([2]);
    expect(r.slice(4, 'forward')).toEqual([4, 10]);
  });
});

describe('javascript: loops, labels, break and continue', () => {
  const code = `function loops(items, n) {
  let total = 0;
  outer: for (const row of items) {
    for (let i = 0; i < n; i++) {
      if (row[i] < 0) continue outer;
      if (row[i] === 0) break;
      total += row[i];
    }
  }
  let k = n;
  do {
    k--;
  } while (k > 0);
  while (true) {
    if (k++ > 3) break;
  }
  return total;
}`;

  it('builds headers, back edges and labelled jumps', async () => {
    const r = await analyse('javascript', code);
    expect(r.edges).toEqual(sorted([
      'entry -next-> 1:param#1',
      '1:param#1 -next-> 1:param#2',
      '1:param#2 -next-> 2:statement',
      '2:statement -next-> 3:loop',
      '3:loop -true-> 4:for_init',
      '3:loop -false-> 10:statement',
      '4:for_init -next-> 4:loop',
      '4:loop -true-> 5:if',
      '4:loop -false-> 3:loop',
      '5:if -true-> 5:continue',
      '5:continue -jump-> 3:loop',
      '5:if -false-> 6:if',
      '6:if -true-> 6:break',
      '6:break -jump-> 3:loop',
      '6:if -false-> 7:statement',
      '7:statement -next-> 4:for_update',
      '4:for_update -loop-> 4:loop',
      '10:statement -next-> 12:statement',
      '12:statement -next-> 13:loop',
      '13:loop -true-> 12:statement',
      '13:loop -false-> 14:loop',
      '14:loop -true-> 15:if',
      '14:loop -false-> 17:return',
      '15:if -true-> 15:break',
      '15:if -false-> 14:loop',
      '15:break -jump-> 17:return',
      '17:return -jump-> exit',
    ]));
    expect(r.defUses).toEqual(expect.arrayContaining(['total@2->7', 'total@7->7', 'total@2->17', 'total@7->17', 'k@12->12', 'k@15->15', 'row@3->5']));
    expect(r.slice(17)).toEqual([1, 2, 3, 4, 5, 6, 7, 17]);
  });
});

describe('javascript: switch with fall-through', () => {
  const code = `function sw(x) {
  let y = 0;
  switch (x) {
    case 1:
      y = 1;
    case 2:
      y += 2;
      break;
    default:
      y = -1;
    case 3:
      return 3;
  }
  return y;
}`;

  it('tests cases in order, runs the default last, falls through bodies', async () => {
    const r = await analyse('javascript', code);
    expect(r.edges).toEqual(sorted([
      'entry -next-> 1:param',
      '1:param -next-> 2:statement',
      '2:statement -next-> 3:switch',
      '3:switch -next-> 4:case',
      '4:case -true-> 5:statement',
      '4:case -false-> 6:case',
      '6:case -true-> 7:statement',
      '6:case -false-> 11:case',
      '11:case -true-> 12:return',
      '11:case -false-> 10:statement',
      '5:statement -fallthrough-> 7:statement',
      '7:statement -next-> 8:break',
      '8:break -jump-> 14:return',
      '10:statement -fallthrough-> 12:return',
      '12:return -jump-> exit',
      '14:return -jump-> exit',
    ]));
    expect(r.defUses).toEqual(sorted(['x@1->3', 'y@2->7', 'y@5->7', 'y@7->14']));
    expect(r.slice(14)).toEqual([1, 2, 3, 4, 5, 6, 7, 14]);
  });
});

describe('javascript: try/catch/finally', () => {
  const code = `function tf(p) {
  let s = 'start';
  try {
    s = load(p);
    if (!s) return null;
  } catch (err) {
    log(err);
    throw err;
  } finally {
    close(p);
  }
  return s;
}`;

  it('copies finally onto the normal, return and exception paths', async () => {
    const r = await analyse('javascript', code);
    expect(r.edges).toEqual(sorted([
      'entry -next-> 1:param',
      '1:param -next-> 2:statement',
      '2:statement -next-> 4:statement',
      '4:statement -exception-> 6:catch',
      '4:statement -next-> 5:if',
      '5:if -false-> 5:return',
      '5:if -true-> 10:statement#1',
      '5:return -jump-> 10:statement#2',
      '6:catch -next-> 7:statement',
      '7:statement -exception-> 10:statement#3',
      '7:statement -next-> 8:throw',
      '8:throw -exception-> 10:statement#3',
      '10:statement#1 -next-> 12:return',
      '10:statement#2 -jump-> exit',
      '10:statement#3 -exception-> raise',
      '12:return -jump-> exit',
      'raise -exception-> exit',
    ]));
    expect(r.defUses).toEqual(sorted(['err@6->7', 'err@6->8', 'p@1->10', 'p@1->4', 's@4->12', 's@4->5']));
  });

  it('keeps only what reaches the return: the initial value is always overwritten', async () => {
    const r = await analyse('javascript', code);
    expect(r.slice(12)).toEqual([1, 4, 5, 12]);
    expect(r.slice(2, 'forward')).toEqual([2]);
    // The exception path's copy of the finally block (line 10) runs only when line 4 throws.
    expect(r.slice(4, 'forward')).toEqual([4, 5, 6, 7, 8, 10, 12]);
  });
});

describe('javascript: expressions, destructuring, closures, member writes', () => {
  const code = `function misc({ a, b: [c] }, ...rest) {
  const d = a ? c : rest.length;
  const e = d ?? 0;
  const obj = {};
  obj.k = e;
  rest.push(d);
  let count = 0;
  const inc = () => { count += a; };
  inc();
  return [obj, rest, count];
}`;

  it('branches on ternaries and ?? inside statements', async () => {
    const r = await analyse('javascript', code);
    expect(r.edges).toEqual(expect.arrayContaining([
      '1:param#2 -next-> 2:condition',
      '2:condition -true-> 2:expression#1',
      '2:condition -false-> 2:expression#2',
      '2:expression#1 -next-> 2:statement',
      '2:expression#2 -next-> 2:statement',
      '2:statement -next-> 3:condition#1',
      '3:condition#1 -true-> 3:statement',
      '3:condition#1 -false-> 3:condition#2',
      '3:condition#2 -next-> 3:statement',
    ]));
    expect(r.complexity).toBe(3);
  });

  it('defines destructured and rest parameters, member and mutated bases, captured variables', async () => {
    const r = await analyse('javascript', code);
    // The closure writes count where it is defined (8) and, through the call, where it runs (9).
    expect(r.defUses).toEqual(sorted([
      'a@1->2', 'a@1->8', 'c@1->2', 'count@7->8', 'count@7->9', 'count@7->10', 'count@8->9', 'count@8->10', 'count@9->10',
      'd@2->3', 'd@2->6', 'e@3->5', 'inc@8->9', 'obj@4->10', 'obj@4->5', 'obj@5->10', 'rest@1->10', 'rest@1->2', 'rest@1->6', 'rest@6->10',
    ]));
    expect(r.slice(10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(r.slice(10, 'backward', 'obj')).toEqual([1, 2, 3, 4, 5, 10]);
  });
});

describe('javascript: generators and async', () => {
  it('marks yield and await statements and loops over for-await', async () => {
    const r = await analyse('javascript', `async function* gen(src) {
  for await (const x of src) {
    const y = await x.fetch();
    yield y;
  }
}`);
    expect(r.edges).toEqual(sorted([
      'entry -next-> 1:param',
      '1:param -next-> 2:loop',
      '2:loop -true-> 3:await',
      '2:loop -false-> exit',
      '3:await -next-> 4:yield',
      '4:yield -loop-> 2:loop',
    ]));
    expect(r.defUses).toEqual(sorted(['src@1->2', 'x@2->3', 'y@3->4']));
  });
});

describe('typescript and tsx', () => {
  it('reads typed and optional parameters, ignores type syntax, writes through this', async () => {
    const r = await analyse('typescript', `class Acc {
  total = 0;
  add(v: number, scale?: number): number {
    const s = scale ?? 1;
    this.total += v * s;
    return this.total as number;
  }
}`);
    expect(r.defUses).toEqual(sorted(['s@4->5', 'scale@3->4', 'this@5->6', 'v@3->5']));
    expect(r.slice(6)).toEqual([3, 4, 5, 6]);
  });

  it('analyses a component with JSX', async () => {
    const r = await analyse('tsx', `function View({ items }: Props) {
  const shown = items.filter((i) => i.visible);
  if (shown.length === 0) return <Empty />;
  return <ul>{shown.map((i) => <li key={i.id}>{i.name}</li>)}</ul>;
}`);
    expect(r.slice(4)).toEqual([1, 2, 3, 4]);
    expect(r.defUses).toEqual(sorted(['items@1->2', 'shown@2->3', 'shown@2->4']));
  });
});

describe('javascript: block scopes', () => {
  it('keeps a let shadowing in an inner block apart, while var stays function-scoped', async () => {
    const r = await analyse('javascript', `function f(a) {
  let x = a;
  if (a > 0) {
    let x = 2;
    use(x);
  }
  for (var i = 0; i < 3; i++) {}
  return x + i;
}`);
    expect(r.defUses).toEqual(['a@1->2', 'a@1->3', 'i@7->7', 'i@7->8', 'x@2->8', 'x@4->5']);
    expect(r.slice(8)).toEqual([1, 2, 7, 8]);
  });
});

describe('javascript: break out through finally', () => {
  it('runs the finally block on the break, the normal and the exception path', async () => {
    const r = await analyse('javascript', `function f(xs) {
  for (const x of xs) {
    try {
      if (x) break;
      work(x);
    } finally {
      done(x);
    }
  }
  return 1;
}`);
    expect(r.edges).toEqual(sorted([
      'entry -next-> 1:param',
      '1:param -next-> 2:loop',
      '2:loop -true-> 4:if',
      '2:loop -false-> 10:return',
      '4:if -true-> 4:break',
      '4:if -false-> 5:statement',
      '4:break -jump-> 7:statement#2',
      '5:statement -next-> 7:statement#1',
      '5:statement -exception-> 7:statement#3',
      '7:statement#1 -loop-> 2:loop',
      '7:statement#2 -jump-> 10:return',
      '7:statement#3 -exception-> raise',
      '10:return -jump-> exit',
      'raise -exception-> exit',
    ]));
  });
});
