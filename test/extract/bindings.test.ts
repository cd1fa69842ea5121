// The binding facts call resolution reads beyond types and initialising calls: names copied
// from other names (`init_name`), untyped callback parameters located by call, argument and
// parameter position (`callback_param`), and the initialisers of untyped fields.
import { describe, expect, it } from 'vitest';
import { cls, extractSource } from './helpers.js';

const TS = `class Svc {
  private repo = new Repo();
  private other = makeOther();
  constructor(repo: Repo) { this.r2 = repo; }
  run(items: Item[]) {
    const r = this.repo;
    items.map((item, i) => item.go(i));
    new Observable((subscriber) => subscriber.next(1));
    op(1, function (a, b: number) { a.x(); });
    list.forEach(x => x.y());
  }
}
`;

describe('bindings for call resolution', () => {
  it('typescript: init_name, callback parameters (typed ones keep their type) and field initialisers', async () => {
    const r = await extractSource('svc.ts', TS);
    const run = r.bindings.filter((b) => b.scope === 'Svc.run');
    expect(run).toEqual([
      { scope: 'Svc.run', name: 'items', line: 5, type: 'Item[]' },
      { scope: 'Svc.run', name: 'r', line: 6, init_name: 'this.repo' },
      { scope: 'Svc.run', name: 'item', line: 7, end_line: 7, callback_param: { callee: 'items.map', arg: 0, param: 0 } },
      { scope: 'Svc.run', name: 'i', line: 7, end_line: 7, callback_param: { callee: 'items.map', arg: 0, param: 1 } },
      { scope: 'Svc.run', name: 'subscriber', line: 8, end_line: 8, callback_param: { callee: 'Observable', arg: 0, param: 0, new: true } },
      { scope: 'Svc.run', name: 'a', line: 9, end_line: 9, callback_param: { callee: 'op', arg: 1, param: 0 } },
      { scope: 'Svc.run', name: 'b', line: 9, type: 'number' },
      { scope: 'Svc.run', name: 'x', line: 10, end_line: 10, callback_param: { callee: 'list.forEach', arg: 0, param: 0 } },
    ]);
    expect(r.bindings).toContainEqual({ scope: 'Svc.constructor', name: 'this.r2', line: 4, init_name: 'repo' });
    expect(cls(r, 'Svc').fields).toEqual([
      { name: 'repo', line: 2, init_call: 'Repo' },
      { name: 'other', line: 3, init_call: 'makeOther' },
    ]);
  });

  it('javascript: untyped callback parameters of calls and constructions', async () => {
    const r = await extractSource('svc.js', 'function f(list) {\n  list.reduce(function (acc, v) { return acc; }, 0);\n  return new Promise((resolve, reject) => resolve());\n}\n');
    expect(r.bindings).toEqual([
      { scope: 'f', name: 'acc', line: 2, end_line: 2, callback_param: { callee: 'list.reduce', arg: 0, param: 0 } },
      { scope: 'f', name: 'v', line: 2, end_line: 2, callback_param: { callee: 'list.reduce', arg: 0, param: 1 } },
      { scope: 'f', name: 'resolve', line: 3, end_line: 3, callback_param: { callee: 'Promise', arg: 0, param: 0, new: true } },
      { scope: 'f', name: 'reject', line: 3, end_line: 3, callback_param: { callee: 'Promise', arg: 0, param: 1, new: true } },
    ]);
  });

  it('python, go and rust: bindings copied from names and attribute paths', async () => {
    const py = await extractSource('a.py', 'class A:\n    helper = make()\n    def __init__(self, repo):\n        self.repo = repo\n    def run(self):\n        r = self.repo\n');
    expect(py.bindings).toEqual([
      { scope: 'A', name: 'helper', line: 2, init_call: 'make' },
      { scope: 'A.__init__', name: 'self.repo', line: 4, init_name: 'repo' },
      { scope: 'A.run', name: 'r', line: 6, init_name: 'self.repo' },
    ]);
    expect(cls(py, 'A').fields[0]).toEqual({ name: 'helper', line: 2, init_call: 'make' });
    const go = await extractSource('a.go', 'package a\nfunc f(s *Server) {\n\tdb := s.db\n\tdb.Query()\n}\n');
    expect(go.bindings).toContainEqual({ scope: 'f', name: 'db', line: 3, init_name: 's.db' });
    const rust = await extractSource('a.rs', 'fn f(s: &Server) {\n    let db = s.db;\n}\n');
    expect(rust.bindings).toContainEqual({ scope: 'f', name: 'db', line: 2, init_name: 's.db' });
  });

  it('javascript: properties of an object literal bound to a name hold the names they were given', async () => {
    const r = await extractSource('h.js', 'function open() {}\nconst handlers = { open, close: shut, fmt: util.format, run() {} };\n');
    expect(r.bindings).toEqual([
      { scope: '<module>', name: 'handlers.open', line: 2, init_name: 'open' },
      { scope: '<module>', name: 'handlers.close', line: 2, init_name: 'shut' },
      { scope: '<module>', name: 'handlers.fmt', line: 2, init_name: 'util.format' },
    ]);
  });

  it('python: loop, comprehension and enumerate variables, cast(), nested unpacking', async () => {
    const py = await extractSource('a.py', [
      'def f(self, raw):',
      '    for node in self.nodes:',
      '        pass',
      '    ys = [y for y in self.children()]',
      '    for i, item in enumerate(items):',
      '        pass',
      '    n = t.cast("Node", raw)',
      '    vs = [v for k, v in self.pairs()]',
      '    (k1, _), (k2, v2) = vs',
      '',
    ].join('\n'));
    expect(py.bindings).toEqual([
      { scope: 'f', name: 'node', line: 2, element_of: 'self.nodes' },
      { scope: 'f', name: 'ys', line: 4, init_name: 'y', init_list: true },
      { scope: 'f', name: 'y', line: 4, element_of: 'self.children()' },
      { scope: 'f', name: 'item', line: 5, element_of: 'items' },
      { scope: 'f', name: 'n', line: 7, type: '"Node"', init_call: 't.cast' },
      { scope: 'f', name: 'vs', line: 8, init_name: 'v', init_list: true },
      { scope: 'f', name: 'k', line: 8, element_of: 'self.pairs()', init_item: 0 },
      { scope: 'f', name: 'v', line: 8, element_of: 'self.pairs()', init_item: 1 },
      { scope: 'f', name: 'k1', line: 9, init_name: 'vs', init_item: 0, init_outer: 0 },
      { scope: 'f', name: '_', line: 9, init_name: 'vs', init_item: 1, init_outer: 0 },
      { scope: 'f', name: 'k2', line: 9, init_name: 'vs', init_item: 0, init_outer: 1 },
      { scope: 'f', name: 'v2', line: 9, init_name: 'vs', init_item: 1, init_outer: 1 },
    ]);
  });

  it('python: what a checker infers without annotations — defaults, isinstance narrowing (after a block that falls through too), with, alternatives, items, globals', async () => {
    const py = await extractSource('a.py', [
      'import typing as t',
      'Renderable = t.Union[Text, Console]',
      '_policy = None',
      'def f(self, policy=compat32, factory=Factory(), reader=None, *, opts=None):',
      '    global _policy',
      '    if policy is not None and not isinstance(policy, Policy):',
      '        raise TypeError()',
      '    _policy = policy',
      '    assert reader is None or isinstance(reader, (Reader, io.Base))',
      '    if hasattr(opts, "x") and isinstance(opts, Options):',
      '        pass',
      '    with Runner(debug=True) as runner:',
      '        pass',
      '    tmp, self._pipe = self._pipe, self.make_pipe(False)',
      '    console = opts or get_console()',
      '    hooks, first = self._hooks[:], self._hooks[0]',
      '    types = [convert(ty) for ty in raw]',
      '    for name, handler in self.handlers.items():',
      '        pass',
      '    try:',
      '        pass',
      '    except (OSError, errors.Error) as e:',
      '        pass',
      '    frame = frame.inner()',
      '    if not isinstance(node, Leaf):',
      '        node.walk()',
      '    if not isinstance(leaf, Leaf):',
      '        return',
      '',
    ].join('\n'));
    expect(py.bindings).toEqual([
      { scope: '<module>', name: 'Renderable', line: 2, type: 't.Union[Text, Console]', init_name: 't.Union[Text, Console]' },
      { scope: 'f', name: 'policy', line: 4, init_name: 'compat32' },
      { scope: 'f', name: 'factory', line: 4, init_call: 'Factory' },
      { scope: 'f', name: 'policy', line: 7, type: 'Policy', end_line: 28 },
      { scope: 'f', name: '_policy', line: 8, global: true, init_name: 'policy' },
      { scope: 'f', name: 'reader', line: 9, type: 'Reader | io.Base', end_line: 28 },
      { scope: 'f', name: 'opts', line: 10, type: 'Options', end_line: 11 },
      { scope: 'f', name: 'runner', line: 12, init_call: 'Runner().__enter__' },
      { scope: 'f', name: 'tmp', line: 14, init_name: 'self._pipe' },
      { scope: 'f', name: 'self._pipe', line: 14, init_call: 'self.make_pipe' },
      { scope: 'f', name: 'console', line: 15, init_any: ['opts', 'get_console()'] },
      { scope: 'f', name: 'hooks', line: 16, init_name: 'self._hooks' },
      { scope: 'f', name: 'first', line: 16, init_name: 'self._hooks[0]' },
      { scope: 'f', name: 'types', line: 17, init_call: 'convert', init_list: true },
      { scope: 'f', name: 'ty', line: 17, element_of: 'raw' },
      { scope: 'f', name: 'handler', line: 18, value_of: 'self.handlers' },
      { scope: 'f', name: 'e', line: 22, type: 'OSError | errors.Error', end_line: 23 },
      { scope: 'f', name: 'frame', line: 24, init_call: 'frame.inner' },
      { scope: 'f', name: 'node', line: 27, type: 'Leaf', end_line: 28, keeps: true },
      { scope: 'f', name: 'leaf', line: 28, type: 'Leaf', end_line: 28 },
    ]);
  });

  it('python: returned values of unannotated functions (not generators, not annotated ones), lists as their items, and class attributes naming a value', async () => {
    const py = await extractSource('a.py', [
      'class Conn:',
      '    response_class = Response',
      '    def open(cls, name):',
      '        if name:',
      '            return cls(name, mode="r").check()[0]',
      '        return cache.get(name) or cls.default',
      '    def typed(self) -> "Conn":',
      '        return self',
      '    def gen(self):',
      '        yield 1',
      '        return self',
      '    async def enter(self):',
      '        return await self.connect()',
      '    def listed(self, names):',
      '        if names:',
      '            return [Name(n) for n in names]',
      '        return [Lazy(1), # one',
      '                self.other]',
      '    def iterated(self):',
      '        return iter([Lazy(self.data)])',
      '',
    ].join('\n'));
    const conn = cls(py, 'Conn');
    expect(conn.fields).toEqual([{ name: 'response_class', line: 2, init_name: 'Response' }]);
    expect(Object.fromEntries(conn.methods.map((m) => [m.name, m.returns]))).toEqual({
      open: [{ value: 'cls().check()[]', line: 5 }, { value: 'cache.get()', line: 6 }, { value: 'cls.default', line: 6 }],
      typed: undefined,
      gen: undefined,
      enter: [{ value: 'self.connect()', line: 13 }],
      listed: [{ value: '[Name()]', line: 16 }, { value: '[Lazy(), self.other]', line: 17 }],
      iterated: [{ value: 'iter()', line: 20 }, { value: '[Lazy()]', line: 20, elements: true }],
    });
  });
});

describe('member reads that are not calls', () => {
  it('typescript: a member passed, stored, tested, assigned or read further is a reference (a getter runs there); a call or a type query is not', async () => {
    const r = await extractSource('r.ts', [
      'class S {',
      '  start(): void {',
      '    go(this.run);',
      '    const o = { run: this.run, bound: this.run.bind(this) };',
      '    if (this.#check) this.run();',
      '    this.state.value = 1;',
      '    go(opts as Parameters<typeof this.run>[0]);',
      '  }',
      '}',
      '',
    ].join('\n'));
    expect(r.references!.map((ref) => `${ref.line}:${ref.caller}:${ref.callee}:${ref.kind}`)).toEqual([
      '3:S.start:this.run:reference',
      '4:S.start:this.run:reference',
      '4:S.start:this.run:reference',
      '5:S.start:this.#check:reference',
      '6:S.start:this.state:reference',
      '6:S.start:this.state.value:reference',
    ]);
    // Written, not read: only an accessor's setter runs there.
    expect(r.references!.filter((ref) => ref.write).map((ref) => ref.callee)).toEqual(['this.state.value']);
  });

  it('python: attribute reads passed as values', async () => {
    const py = await extractSource('a.py', 'class A:\n    def go(self):\n        use(cb=self.run)\n        self.run()\n');
    expect(py.references).toEqual([{ callee: 'self.run', name: 'run', receiver: 'self', line: 3, caller: 'A.go', kind: 'reference', arg_count: 0 }]);
  });
});

