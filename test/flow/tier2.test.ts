// Hand-checked CFG edges, def-use edges and slices for languages served through the shared profile
// builder: C, C++, Ruby, PHP, Kotlin.
import { describe, expect, it } from 'vitest';
import { analyse } from './helpers.js';

const sorted = (list: string[]) => [...list].sort();

describe('c: while, switch with empty-case fall-through, continue, goto, ternary in return', () => {
  const code = `int scan(const char *s, int n) {
  int count = 0, i = 0;
  while (i < n) {
    switch (s[i]) {
    case ' ':
    case '\\t':
      i++;
      continue;
    case '\\0':
      goto done;
    default:
      count++;
    }
    i++;
  }
done:
  return count > 0 ? count : -1;
}`;

  it('builds the expected CFG and def-use edges', async () => {
    const r = await analyse('c', code);
    expect(r.edges).toEqual(sorted([
      '10:goto -jump-> 16:label',
      '12:statement -next-> 14:statement',
      '14:statement -loop-> 3:loop',
      '16:label -next-> 17:condition',
      '17:condition -false-> 17:expression#2',
      '17:condition -true-> 17:expression#1',
      '17:expression#1 -next-> 17:return',
      '17:expression#2 -next-> 17:return',
      '17:return -jump-> exit',
      '1:param#1 -next-> 1:param#2',
      '1:param#2 -next-> 2:statement',
      '2:statement -next-> 3:loop',
      '3:loop -false-> 16:label',
      '3:loop -true-> 4:switch',
      '4:switch -next-> 5:case',
      '5:case -false-> 6:case',
      '5:case -true-> 7:statement',
      '6:case -false-> 9:case',
      '6:case -true-> 7:statement',
      '7:statement -next-> 8:continue',
      '8:continue -jump-> 3:loop',
      '9:case -false-> 12:statement',
      '9:case -true-> 10:goto',
      'entry -next-> 1:param#1',
    ]));
    expect(r.defUses).toEqual(sorted(['count@12->12', 'count@12->17', 'count@2->12', 'count@2->17', 'i@14->14', 'i@14->3', 'i@14->4', 'i@14->7', 'i@2->14', 'i@2->3', 'i@2->4', 'i@2->7', 'i@7->14', 'i@7->3', 'i@7->4', 'i@7->7', 'n@1->3', 's@1->4']));
    expect(r.slice(17)).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 12, 14, 17]);
  });
});

describe('c++: range-for, typed catch and catch(...), rethrow, lambda capture, this->', () => {
  const code = `int Parser::total(const std::vector<Item>& items) {
  int sum = 0;
  for (const auto& it : items) {
    try {
      sum += it.value();
    } catch (const std::range_error& e) {
      log(e.what());
      continue;
    } catch (...) {
      throw;
    }
  }
  auto twice = [&sum](int k) { return sum * k; };
  this->cached = twice(2);
  return sum;
}`;

  it('builds the expected CFG and def-use edges', async () => {
    const r = await analyse('cpp', code);
    expect(r.edges).toEqual(sorted([
      '10:throw -exception-> raise',
      '13:statement -next-> 14:statement',
      '14:statement -next-> 15:return',
      '15:return -jump-> exit',
      '1:param -next-> 2:statement',
      '2:statement -next-> 3:loop',
      '3:loop -false-> 13:statement',
      '3:loop -true-> 5:statement',
      '5:statement -exception-> 6:catch',
      '5:statement -loop-> 3:loop',
      '6:catch -false-> 9:catch',
      '6:catch -true-> 7:statement',
      '7:statement -next-> 8:continue',
      '8:continue -jump-> 3:loop',
      '9:catch -next-> 10:throw',
      'entry -next-> 1:param',
      'raise -exception-> exit',
    ]));
    expect(r.defUses).toEqual(sorted(['e@6->7', 'it@3->5', 'items@1->3', 'sum@2->13', 'sum@2->15', 'sum@2->5', 'sum@5->13', 'sum@5->15', 'sum@5->5', 'twice@13->14']));
    expect(r.slice(15)).toEqual([1, 2, 3, 5, 6, 15]);
  });
});

describe('ruby: blocks, until, case/when as a value, begin/rescue/ensure with return', () => {
  const code = `def summarize(rows, limit = 5)
  seen = 0
  rows.each do |row|
    seen += row.size
  end
  until seen < limit
    seen -= limit
  end
  label = case seen
          when 0 then "none"
          when 1..3 then "few"
          else "many"
          end
  begin
    save(label)
  rescue IOError => e
    warn(e.message)
    return nil
  ensure
    flush
  end
  label
end`;

  it('builds the expected CFG and def-use edges', async () => {
    const r = await analyse('ruby', code);
    expect(r.edges).toEqual(sorted([
      '10:case -false-> 11:case',
      '10:case -true-> 10:statement',
      '10:statement -next-> 9:statement',
      '11:case -false-> 12:statement',
      '11:case -true-> 11:statement',
      '11:statement -next-> 9:statement',
      '12:statement -next-> 9:statement',
      '15:statement -exception-> 16:catch',
      '15:statement -next-> 20:statement#1',
      '16:catch -false-> 20:statement#2',
      '16:catch -true-> 17:statement',
      '17:statement -exception-> 20:statement#2',
      '17:statement -next-> 18:return',
      '18:return -jump-> 20:statement#3',
      '1:param#1 -next-> 1:param#2',
      '1:param#2 -next-> 2:statement',
      '20:statement#1 -next-> 22:statement',
      '20:statement#2 -exception-> raise',
      '20:statement#3 -jump-> exit',
      '22:statement -next-> exit',
      '2:statement -next-> 3:statement',
      '3:statement -next-> 6:loop',
      '6:loop -false-> 7:statement',
      '6:loop -true-> 9:switch',
      '7:statement -loop-> 6:loop',
      '9:statement -next-> 15:statement',
      '9:switch -next-> 10:case',
      'entry -next-> 1:param#1',
      'raise -exception-> exit',
    ]));
    expect(r.defUses).toEqual(sorted(['e@16->17', 'label@9->15', 'label@9->22', 'limit@1->6', 'limit@1->7', 'rows@1->3', 'seen@2->4', 'seen@2->6', 'seen@2->7', 'seen@2->9', 'seen@4->6', 'seen@4->7', 'seen@4->9', 'seen@7->6', 'seen@7->7', 'seen@7->9']));
    // The block's body (4-5) belongs to the block, a nested function: line 3 stands for it here.
    expect(r.slice(22)).toEqual([1, 2, 3, 6, 7, 9, 10, 11, 12, 15, 22]);
  });
});

describe('php: foreach with key, switch fall-through, continue 2 through a switch, closures with use', () => {
  const code = `<?php
function tally(array $items, $mode = 'sum') {
    $acc = 0;
    foreach ($items as $key => $item) {
        switch ($mode) {
            case 'sum':
                $acc += $item;
                break;
            case 'count':
                $acc++;
            default:
                continue 2;
        }
        $this->last = $key;
    }
    $fn = function ($x) use ($acc) { return $x + $acc; };
    return $acc > 10 ? $fn($acc) : $acc;
}`;

  it('builds the expected CFG and def-use edges', async () => {
    const r = await analyse('php', code);
    expect(r.edges).toEqual(sorted([
      '10:statement -fallthrough-> 12:continue',
      '12:continue -jump-> 4:loop',
      '14:statement -loop-> 4:loop',
      '16:statement -next-> 17:condition',
      '17:condition -false-> 17:expression#2',
      '17:condition -true-> 17:expression#1',
      '17:expression#1 -next-> 17:return',
      '17:expression#2 -next-> 17:return',
      '17:return -jump-> exit',
      '2:param#1 -next-> 2:param#2',
      '2:param#2 -next-> 3:statement',
      '3:statement -next-> 4:loop',
      '4:loop -false-> 16:statement',
      '4:loop -true-> 5:switch',
      '5:switch -next-> 6:case',
      '6:case -false-> 9:case',
      '6:case -true-> 7:statement',
      '7:statement -next-> 8:break',
      '8:break -jump-> 14:statement',
      '9:case -false-> 12:continue',
      '9:case -true-> 10:statement',
      'entry -next-> 2:param#1',
    ]));
    expect(r.defUses).toEqual(sorted(['$acc@10->10', '$acc@10->16', '$acc@10->17', '$acc@10->7', '$acc@3->10', '$acc@3->16', '$acc@3->17', '$acc@3->7', '$acc@7->10', '$acc@7->16', '$acc@7->17', '$acc@7->7', '$fn@16->17', '$item@4->7', '$items@2->4', '$key@4->14', '$mode@2->5', '$this@14->14']));
    expect(r.slice(17)).toEqual([2, 3, 4, 5, 6, 7, 9, 10, 16, 17]);
  });
});

describe('kotlin: labelled loops, when without subject, elvis with return, try/catch', () => {
  const code = `fun score(words: List<String>, bonus: Int = 0): Int {
    var total = bonus
    loop@ for (w in words) {
        if (w.isEmpty()) continue@loop
        total += when {
            w.length > 5 -> 3
            w.startsWith("a") -> 2
            else -> 1
        }
        if (total > 100) break@loop
    }
    val name = words.firstOrNull() ?: return total
    try {
        check(name)
    } catch (e: IllegalStateException) {
        total = -1
    }
    return total
}`;

  it('builds the expected CFG and def-use edges', async () => {
    const r = await analyse('kotlin', code);
    expect(r.edges).toEqual(sorted([
      '10:break -jump-> 12:condition',
      '10:if -false-> 3:loop',
      '10:if -true-> 10:break',
      '12:condition -false-> 12:return',
      '12:condition -true-> 12:statement',
      '12:return -jump-> exit',
      '12:statement -next-> 14:assert',
      '14:assert -false-> 15:catch',
      '14:assert -true-> 18:return',
      '15:catch -false-> raise',
      '15:catch -true-> 16:statement',
      '16:statement -next-> 18:return',
      '18:return -jump-> exit',
      '1:param#1 -next-> 1:param#2',
      '1:param#2 -next-> 2:statement',
      '2:statement -next-> 3:loop',
      '3:loop -false-> 12:condition',
      '3:loop -true-> 4:if',
      '4:continue -jump-> 3:loop',
      '4:if -false-> 6:case',
      '4:if -true-> 4:continue',
      '5:statement -next-> 10:if',
      '6:case -false-> 7:case',
      '6:case -true-> 6:statement',
      '6:statement -next-> 5:statement',
      '7:case -false-> 8:statement',
      '7:case -true-> 7:statement',
      '7:statement -next-> 5:statement',
      '8:statement -next-> 5:statement',
      'entry -next-> 1:param#1',
      'raise -exception-> exit',
    ]));
    expect(r.defUses).toEqual(sorted(['bonus@1->2', 'name@12->14', 'total@16->18', 'total@2->12', 'total@2->18', 'total@2->5', 'total@5->10', 'total@5->12', 'total@5->18', 'total@5->5', 'w@3->4', 'w@3->6', 'w@3->7', 'w@4->6', 'w@4->7', 'words@1->12', 'words@1->3']));
    expect(r.slice(18)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 15, 16, 18]);
  });
});
