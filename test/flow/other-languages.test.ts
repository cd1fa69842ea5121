// C#, Swift, Scala, Lua and Bash through the shared builder: the slices of small functions,
// checked by hand.
import { describe, expect, it } from 'vitest';
import { analyse } from './helpers.js';

describe('other languages', () => {
  it('c#: foreach with continue, out parameter, using', async () => {
    const r = await analyse('csharp', `class C {
  int F(int[] xs, out int last) {
    int sum = 0;
    last = -1;
    foreach (var x in xs) {
      if (x < 0) continue;
      sum += x;
      last = x;
    }
    using (var w = Open()) { w.Write(sum); }
    return sum;
  }
}`, 2);
    expect(r.slice(11)).toEqual([2, 3, 5, 6, 7, 11]);
    expect(r.slice(8, 'backward', 'x')).toEqual([2, 5, 6, 8]);
    expect(r.defUses).toContain('sum@7->10');
  });

  it('c#: switch expression arms with patterns and guards, is-patterns binding in conditions', async () => {
    const r = await analyse('csharp', `class C { int F(object o, int n) {
  var r = n switch { 0 => 1, > 5 when o != null => 2, _ => 3 };
  if (o is string s && s.Length > 0) return s.Length;
  return r;
} }`);
    expect(r.edges).toEqual(expect.arrayContaining([
      '2:switch -next-> 2:case#1',
      '2:case#1 -false-> 2:case#2',
      '2:case#2 -false-> 2:statement#3',
      '2:statement#4 -next-> 3:if#1',
    ]));
    expect(r.defUses).toEqual(['n@1->2', 'o@1->2', 'o@1->3', 'r@2->4', 's@3->3']);
    expect(r.slice(4)).toEqual([1, 2, 3, 4]);
  });

  it('swift: for-in, guard-else, if', async () => {
    const r = await analyse('swift', `func f(xs: [Int]) -> Int {
    var best = 0
    for x in xs where x > 0 {
        guard x != 7 else { continue }
        if x > best { best = x }
    }
    return best
}`);
    expect(r.slice(7)).toEqual([1, 2, 3, 4, 5, 7]);
    expect(r.edges).toContain('4:if -false-> 4:continue');
  });

  it('scala: for over a generator, match as a value', async () => {
    const r = await analyse('scala', `object O {
  def f(xs: List[Int]): Int = {
    var acc = 0
    for (x <- xs) {
      if (x > 0) acc += x
    }
    val r = acc match {
      case 0 => -1
      case n => n * 2
    }
    r
  }
}`, 2);
    expect(r.slice(11)).toEqual([2, 3, 4, 5, 7, 8, 9, 11]);
    expect(r.defUses).toEqual(expect.arrayContaining(['acc@5->5', 'acc@3->7', 'n@9->9', 'r@7->11', 'x@4->5']));
  });

  it('lua: numeric for, repeat-until', async () => {
    const r = await analyse('lua', `local function f(t, n)
  local s = 0
  for i = 1, n do
    if t[i] then
      s = s + t[i]
    end
  end
  repeat
    s = s - 1
  until s < 10
  return s
end`);
    expect(r.slice(11)).toEqual([1, 2, 3, 4, 5, 9, 10, 11]);
    expect(r.edges).toContain('10:loop -false-> 9:statement');
  });

  it('bash: for over arguments, test command', async () => {
    const r = await analyse('bash', `count() {
  local n=0
  for f in "$@"; do
    if [ -f "$f" ]; then
      n=$((n + 1))
    fi
  done
  echo "$n"
}`);
    expect(r.slice(8)).toEqual([2, 3, 4, 5, 8]);
    expect(r.defUses).toEqual(expect.arrayContaining(['f@3->4', 'n@2->5', 'n@5->5', 'n@2->8', 'n@5->8']));
  });
});
