// Hand-checked CFG edges, def-use edges and slices for Python constructs.
import { describe, expect, it } from 'vitest';
import { analyse } from './helpers.js';

const sorted = (list: string[]) => [...list].sort();

describe('python: loops with else, break/continue, and/or/not', () => {
  const code = `def classify(xs, limit=10, *rest, key=None, **opts):
    total = 0
    for x in xs:
        if x is None:
            continue
        elif x > limit and not key:
            break
        total += x
    else:
        total = -1
    while total > 100:
        total //= 2
    return total`;

  it('runs the loop else only on normal exit and splits the boolean operators', async () => {
    const r = await analyse('python', code);
    expect(r.edges).toEqual(sorted([
      'entry -next-> 1:param#1',
      '1:param#1 -next-> 1:param#2',
      '1:param#2 -next-> 1:param#3',
      '1:param#3 -next-> 1:param#4',
      '1:param#4 -next-> 1:param#5',
      '1:param#5 -next-> 2:statement',
      '2:statement -next-> 3:loop',
      '3:loop -true-> 4:if',
      '3:loop -false-> 10:statement',
      '4:if -true-> 5:continue',
      '4:if -false-> 6:if#1',
      '5:continue -jump-> 3:loop',
      '6:if#1 -true-> 6:if#2',
      '6:if#1 -false-> 8:statement',
      '6:if#2 -false-> 7:break',
      '6:if#2 -true-> 8:statement',
      '7:break -jump-> 11:loop',
      '8:statement -loop-> 3:loop',
      '10:statement -next-> 11:loop',
      '11:loop -true-> 12:statement',
      '11:loop -false-> 13:return',
      '12:statement -loop-> 11:loop',
      '13:return -jump-> exit',
    ]));
    expect(r.complexity).toBe(6);
    expect(r.defUses).toEqual(sorted([
      'key@1->6', 'limit@1->6', 'x@3->4', 'x@3->6', 'x@3->8', 'xs@1->3',
      'total@2->8', 'total@8->8', 'total@2->11', 'total@8->11', 'total@10->11', 'total@12->11',
      'total@2->12', 'total@8->12', 'total@10->12', 'total@12->12',
      'total@2->13', 'total@8->13', 'total@10->13', 'total@12->13',
    ]));
    expect(r.slice(13)).toEqual([1, 2, 3, 4, 6, 8, 10, 11, 12, 13]);
    expect(r.slice(8, 'backward', 'x')).toEqual([1, 3, 4, 6, 8]);
  });
});

describe('python: try/except/else/finally and with', () => {
  const code = `def load(path, retries):
    data = None
    try:
        with open(path) as fh:
            data = fh.read()
    except (OSError, ValueError) as err:
        log(err)
        data = ''
    except:
        raise
    else:
        retries -= 1
    finally:
        print(retries)
    return data, retries`;

  it('routes raising statements to typed handlers, re-raises through finally', async () => {
    const r = await analyse('python', code);
    expect(r.edges).toEqual(sorted([
      'entry -next-> 1:param#1',
      '1:param#1 -next-> 1:param#2',
      '1:param#2 -next-> 2:statement',
      '2:statement -next-> 4:with',
      '4:with -exception-> 6:catch',
      '4:with -next-> 5:statement',
      '5:statement -exception-> 6:catch',
      '5:statement -next-> 12:statement',
      '6:catch -true-> 7:statement',
      '6:catch -false-> 9:catch',
      '7:statement -next-> 8:statement',
      '7:statement -exception-> 14:statement#2',
      '8:statement -next-> 14:statement#1',
      '9:catch -next-> 10:throw',
      '10:throw -exception-> 14:statement#2',
      '12:statement -next-> 14:statement#1',
      '14:statement#1 -next-> 15:return',
      '14:statement#2 -exception-> raise',
      '15:return -jump-> exit',
      'raise -exception-> exit',
    ]));
    expect(r.defUses).toEqual(sorted([
      'data@5->15', 'data@8->15', 'err@6->7', 'fh@4->5', 'path@1->4',
      'retries@1->12', 'retries@1->14', 'retries@1->15', 'retries@12->14', 'retries@12->15',
    ]));
    expect(r.slice(15)).toEqual([1, 4, 5, 6, 7, 8, 12, 15]);
  });
});

describe('python: match, comprehensions, lambdas, walrus, subscript writes, yield', () => {
  const code = `def handle(cmd, table):
    match cmd:
        case ["go", direction] if direction in table:
            step = table[direction]
        case {"stop": code}:
            step = code
        case _:
            step = None
    names = [n.upper() for n in table if n != cmd]
    scale = lambda v: v * len(names)
    table["last"] = step
    if (k := len(names)) > 3:
        yield k
    yield scale(step)`;

  it('tests cases in order with bindings and guards; the wildcard is the default', async () => {
    const r = await analyse('python', code);
    expect(r.edges).toEqual(sorted([
      'entry -next-> 1:param#1',
      '1:param#1 -next-> 1:param#2',
      '1:param#2 -next-> 2:switch',
      '2:switch -next-> 3:case',
      '3:case -true-> 4:statement',
      '3:case -false-> 5:case',
      '5:case -true-> 6:statement',
      '5:case -false-> 8:statement',
      '4:statement -next-> 9:statement',
      '6:statement -next-> 9:statement',
      '8:statement -next-> 9:statement',
      '9:statement -next-> 10:statement',
      '10:statement -next-> 11:statement',
      '11:statement -next-> 12:if',
      '12:if -true-> 13:yield',
      '12:if -false-> 14:yield',
      '13:yield -next-> 14:yield',
      '14:yield -next-> exit',
    ]));
  });

  it('scopes comprehension variables, captures in lambdas, defines walrus targets', async () => {
    const r = await analyse('python', code);
    expect(r.defUses).toEqual(sorted([
      'cmd@1->2', 'cmd@1->9', 'code@5->6', 'direction@3->4', 'k@12->13', 'names@9->10', 'names@9->12', 'scale@10->14',
      'step@4->11', 'step@4->14', 'step@6->11', 'step@6->14', 'step@8->11', 'step@8->14',
      'table@1->11', 'table@1->3', 'table@1->4', 'table@1->9',
    ]));
    expect(r.slice(14)).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10, 14]);
    expect(r.slice(11, 'forward')).toEqual([11]);
  });
});

describe('python: nonlocal', () => {
  it('treats a nonlocal assignment in a closure as a write of the captured variable, at the definition and at the call', async () => {
    const r = await analyse('python', `def counter():
    count = 0
    def bump(step):
        nonlocal count
        count += step
    bump(2)
    return count`);
    expect(r.defUses).toEqual(['bump@3->6', 'count@2->5', 'count@2->6', 'count@2->7', 'count@5->6', 'count@5->7', 'count@6->7']);
    expect(r.slice(7)).toEqual([2, 3, 6, 7]);
  });
});
