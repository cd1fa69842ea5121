// Hand-checked CFG edges, def-use edges and slices for Go, Java and Rust constructs.
import { describe, expect, it } from 'vitest';
import { analyse } from './helpers.js';

const sorted = (list: string[]) => [...list].sort();

describe('go', () => {
  const code = `package p

func sum(xs []int, limit int) (total int, err error) {
	for i, x := range xs {
		if x < 0 {
			err = fmt.Errorf("negative at %d", i)
			return
		}
		switch {
		case x > limit:
			x = limit
			fallthrough
		case x == 0:
			continue
		default:
			total += x
		}
	}
	defer cleanup(total)
	if total > 100 {
		panic("too big")
	}
	return total, nil
}`;

  it('handles range loops, tagless switch, explicit fallthrough, defer and panic', async () => {
    const r = await analyse('go', code);
    expect(r.edges).toEqual(sorted([
      'entry -next-> 3:param#1',
      '3:param#1 -next-> 3:param#2',
      '3:param#2 -next-> 3:param#3',
      '3:param#3 -next-> 3:param#4',
      '3:param#4 -next-> 4:loop',
      '4:loop -true-> 5:if',
      '4:loop -false-> 19:defer',
      '5:if -true-> 6:statement',
      '5:if -false-> 10:case',
      '6:statement -next-> 7:return',
      '7:return -jump-> exit',
      '10:case -true-> 11:statement',
      '10:case -false-> 13:case',
      '11:statement -next-> 12:fallthrough',
      '12:fallthrough -jump-> 14:continue',
      '13:case -true-> 14:continue',
      '13:case -false-> 16:statement',
      '14:continue -jump-> 4:loop',
      '16:statement -loop-> 4:loop',
      '19:defer -next-> 20:if',
      '20:if -true-> 21:statement',
      '20:if -false-> 23:return',
      '21:statement -exception-> raise',
      '23:return -jump-> exit',
      'raise -exception-> exit',
    ]));
    expect(r.defUses).toEqual(sorted([
      'i@4->6', 'limit@3->10', 'limit@3->11', 'x@4->5', 'x@4->10', 'x@4->13', 'x@4->16', 'xs@3->4',
      'total@3->16', 'total@16->16', 'total@3->19', 'total@16->19', 'total@3->20', 'total@16->20', 'total@3->23', 'total@16->23',
      // the bare return on line 7 reads the named results
      'err@6->7', 'total@3->7', 'total@16->7',
    ]));
    expect(r.slice(23)).toEqual([3, 4, 5, 10, 13, 16, 20, 23]);
  });

  it('breaks out of a labelled loop', async () => {
    const r = await analyse('go', `package p

func find(grid [][]int, target int) (int, int) {
	found := -1
outer:
	for r, row := range grid {
		for c := 0; c < len(row); c++ {
			if row[c] == target {
				found = r*100 + c
				break outer
			}
		}
	}
	return found / 100, found % 100
}`);
    expect(r.edges).toEqual(expect.arrayContaining([
      '4:statement -next-> 5:label',
      '5:label -next-> 6:loop',
      '6:loop -true-> 7:for_init',
      '6:loop -false-> 14:return',
      '7:loop -false-> 6:loop',
      '8:if -false-> 7:for_update',
      '9:statement -next-> 10:break',
      '10:break -jump-> 14:return',
    ]));
    expect(r.slice(14)).toEqual([3, 4, 6, 7, 8, 9, 14]);
  });
});

describe('go: named results', () => {
  it('makes a bare return read the named results', async () => {
    const r = await analyse('go', `package p

func div(a, b int) (q int, err error) {
	if b == 0 {
		err = errZero
		return
	}
	q = a / b
	return
}`);
    expect(r.defUses).toEqual(['a@3->8', 'b@3->4', 'b@3->8', 'err@3->9', 'err@5->6', 'q@3->6', 'q@8->9']);
    expect(r.slice(6)).toEqual([3, 4, 5, 6]);
    expect(r.slice(9)).toEqual([3, 4, 8, 9]);
  });
});

describe('go: shadowing', () => {
  it('gives `if err := …` its own err and leaves the outer one reaching the return', async () => {
    const r = await analyse('go', `package p

func load(path string) (err error) {
	data, err := read(path)
	if err != nil {
		return err
	}
	if err := check(data); err != nil {
		log(err)
	}
	return err
}`);
    expect(r.defUses).toEqual(['data@4->8', 'err@4->11', 'err@4->5', 'err@4->6', 'err@8->8', 'err@8->9', 'path@3->4']);
    expect(r.slice(11)).toEqual([3, 4, 5, 11]);
  });
});

describe('java', () => {
  const code = `class T {
  int run(int[] xs, String mode) throws Exception {
    int acc = 0;
    for (int x : xs) {
      switch (mode) {
        case "sum":
          acc += x;
          break;
        case "max":
          if (x > acc) acc = x;
          break;
        default:
          throw new IllegalArgumentException(mode);
      }
    }
    try (Reader r = open(mode)) {
      acc += r.read();
    } catch (IOException | RuntimeException e) {
      acc = -1;
    } finally {
      log(acc);
    }
    return acc;
  }
}`;

  it('handles enhanced for, switch with break, try-with-resources, typed catch and finally', async () => {
    const r = await analyse('java', code, 2);
    expect(r.edges).toEqual(sorted([
      'entry -next-> 2:param#1',
      '2:param#1 -next-> 2:param#2',
      '2:param#2 -next-> 3:statement',
      '3:statement -next-> 4:loop',
      '4:loop -true-> 5:switch',
      '4:loop -false-> 16:with',
      '5:switch -next-> 6:case',
      '6:case -true-> 7:statement',
      '6:case -false-> 9:case',
      '7:statement -next-> 8:break',
      '8:break -jump-> 4:loop',
      '9:case -true-> 10:if',
      '9:case -false-> 13:throw',
      '10:if -true-> 10:statement',
      '10:if -false-> 11:break',
      '10:statement -next-> 11:break',
      '11:break -jump-> 4:loop',
      '13:throw -exception-> raise',
      '16:with -exception-> 18:catch',
      '16:with -next-> 17:statement',
      '17:statement -exception-> 18:catch',
      '17:statement -next-> 21:statement#1',
      '18:catch -true-> 19:statement',
      '18:catch -false-> 21:statement#2',
      '19:statement -next-> 21:statement#1',
      '21:statement#1 -next-> 23:return',
      '21:statement#2 -exception-> raise',
      '23:return -jump-> exit',
      'raise -exception-> exit',
    ]));
    expect(r.defUses).toEqual(expect.arrayContaining(['acc@17->23', 'acc@19->23', 'acc@3->21', 'acc@19->21', 'r@16->17', 'mode@2->16', 'x@4->10']));
    expect(r.defUses).not.toContain('acc@3->23');
    expect(r.slice(23)).toEqual([2, 3, 4, 5, 6, 7, 9, 10, 16, 17, 18, 19, 23]);
  });
});

describe('java: instanceof patterns', () => {
  it('binds the pattern variable in the condition', async () => {
    const r = await analyse('java', `class T { int f(Object o) {
  if (o instanceof String s && !s.isEmpty()) return s.length();
  return 0;
} }`, 1);
    expect(r.defUses).toEqual(['o@1->2', 's@2->2']);
    expect(r.edges).toContain('2:if#1 -true-> 2:if#2');
  });
});

describe('rust', () => {
  const code = `fn parse(input: &str, strict: bool) -> Result<u32, String> {
    let mut total = 0;
    for part in input.split(',') {
        let n: u32 = part.trim().parse().map_err(|e| format!("{e}"))?;
        total += match n {
            0 => continue,
            x if x > 100 && strict => return Err("big".into()),
            x => x,
        };
    }
    let label = if total > 10 { "many" } else { "few" };
    println!("{}", label);
    Ok(total)
}`;

  it('treats ? as an early return and expands match/if used as values', async () => {
    const r = await analyse('rust', code);
    expect(r.edges).toEqual(sorted([
      'entry -next-> 1:param#1',
      '1:param#1 -next-> 1:param#2',
      '1:param#2 -next-> 2:statement',
      '2:statement -next-> 3:loop',
      '3:loop -true-> 4:statement',
      '3:loop -false-> 11:if',
      '4:statement -jump-> exit',
      '4:statement -next-> 5:switch',
      '5:switch -next-> 6:case',
      '6:case -true-> 6:continue',
      '6:case -false-> 7:case',
      '6:continue -jump-> 3:loop',
      '7:case -true-> 7:return',
      '7:case -false-> 8:case',
      '7:return -jump-> exit',
      '8:case -true-> 8:statement',
      '8:case -false-> 5:statement',
      '8:statement -next-> 5:statement',
      '5:statement -loop-> 3:loop',
      '11:if -true-> 11:statement#1',
      '11:if -false-> 11:statement#2',
      '11:statement#1 -next-> 11:statement#3',
      '11:statement#2 -next-> 11:statement#3',
      '11:statement#3 -next-> 12:statement',
      '12:statement -next-> 13:statement',
      '13:statement -next-> exit',
    ]));
  });

  it('binds match patterns before their guards and only mutates `mut` bindings', async () => {
    const r = await analyse('rust', code);
    expect(r.defUses).toEqual(sorted([
      'input@1->3', 'label@11->12', 'n@4->5', 'part@3->4', 'strict@1->7', 'x@8->8',
      'total@2->5', 'total@5->5', 'total@2->11', 'total@5->11', 'total@2->13', 'total@5->13',
    ]));
    expect(r.slice(13)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 13]);
    expect(r.slice(11)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 11]);
  });

  it('sees writes through &mut and method calls on mutable bindings', async () => {
    const r = await analyse('rust', `fn fill(v: &Vec<u8>) -> usize {
    let mut out = Vec::new();
    let n = v.len();
    out.push(n);
    grow(&mut out);
    out.len()
}`);
    expect(r.defUses).toEqual(sorted(['n@3->4', 'out@2->4', 'out@2->5', 'out@4->5', 'out@2->6', 'out@4->6', 'out@5->6', 'v@1->3']));
  });
});
