// TypeScript members that call resolution depends on: function-typed properties of interfaces and
// object type aliases are method declarations (with their parameters and return type); those of an
// inline object type are not definitions at all.
import { describe, expect, it } from 'vitest';
import { cls, extractSource } from './helpers.js';

describe('typescript members for call resolution', () => {
  it('function-typed interface and type-alias properties are method declarations; inline object types define nothing', async () => {
    const r = await extractSource('o.ts', [
      'interface Observer<T> {',
      '  closed?: boolean;',
      '  next: (value: T) => void;',
      '  error?: ((err: any) => void);',
      '}',
      'type Handler = { run: (a: number, b: string) => boolean };',
      'function open(opts: { onClose: () => void }) {',
      '  onClose();',
      '}',
      '',
    ].join('\n'));
    const observer = cls(r, 'Observer');
    expect(observer.fields.map((f) => f.name)).toEqual(['closed']);
    expect(observer.methods.map((m) => [m.name, m.kind, m.params, m.return_type, m.is_declaration])).toEqual([
      ['next', 'method', ['value: T'], 'void', true],
      ['error', 'method', ['err: any'], 'void', true],
    ]);
    expect(cls(r, 'Handler').methods.map((m) => [m.qualified_name, m.params])).toEqual([['Handler.run', ['a: number', 'b: string']]]);
    expect(r.functions.map((f) => f.qualified_name)).toEqual(['open']);
  });

  it("a computed member name written as a comma sequence is named by its key, the sequence's last expression (tsc's first member after private fields)", async () => {
    const r = await extractSource('y.js', [
      'const kCopy = Symbol("copy");',
      'let _a, _b;',
      'class Yargs {',
      '  [(_a = new WeakMap(), _b = new WeakMap(), kCopy)](argv) { return argv; }',
      '  [kCopy + "x"]() {}',
      '}',
      '',
    ].join('\n'));
    expect(cls(r, 'Yargs').methods.map((m) => m.qualified_name)).toEqual(['Yargs.[kCopy]', 'Yargs.[kCopy + "x"]']);
  });

  it('a receiver-assigned function inside a function belongs to a local object: nested, named after the function', async () => {
    const r = await extractSource('s.ts', [
      'class A {',
      '  m(socket: WebSocket) {',
      '    socket.onopen = () => this.x();',
      '    const api = { get() { return 1; } };',
      '  }',
      '}',
      'Foo.prototype.bar = function () {};',
      '',
    ].join('\n'));
    expect(r.functions.map((f) => [f.qualified_name, f.kind, f.parent_function, f.class_name])).toEqual([
      ['A.m.socket.onopen', 'arrow', 'A.m', undefined],
      ['A.m.api.get', 'function', 'A.m', undefined],
      ['Foo.bar', 'method', undefined, 'Foo'],
    ]);
    expect(r.calls.map((c) => [c.callee, c.caller])).toEqual([['this.x', 'A.m.socket.onopen']]);
  });

  it('a callee the grammar reads across an operator (a - b!.m(), await f<T>()) is the operand called', async () => {
    const r = await extractSource('o.ts', [
      'async function f(a: number, b: Sched, c: boolean) {',
      '  const x = a - b!.now()',
      '  const z = !b!.ready()',
      '  await waitFor<unknown>(1)',
      '  const w = a + await waitFor<number>(2)',
      '  const y = (a || b).now() + `${a - 1}`.trim()',
      '  const out = this.output!',
      '}',
      '',
    ].join('\n'));
    expect(r.calls.map((c) => [c.line, c.callee, c.kind])).toEqual([
      [2, 'b!.now', 'method'],
      [3, 'b!.ready', 'method'],
      [4, 'waitFor', 'call'],
      [5, 'waitFor', 'call'],
      [6, '(a || b).now', 'method'],
      [6, '`${a - 1}`.trim', 'method'],
    ]);
    expect(r.bindings.find((b) => b.name === 'out')).toEqual({ scope: 'f', name: 'out', line: 7, init_name: 'this.output' });
  });

  it('an optional constructor parameter property is a field', async () => {
    const r = await extractSource('p.ts', 'class B {\n  constructor(public sink?: Sink, private readonly n: number) {}\n}\n');
    expect(cls(r, 'B').fields).toEqual([
      { name: 'sink', line: 2, type: 'Sink' },
      { name: 'n', line: 2, type: 'number' },
    ]);
  });

  it('destructured names are copied from that property of the source; for-of names are its elements', async () => {
    const r = await extractSource('d.ts', [
      'class S {',
      '  m(config: Config) {',
      '    const { _parentage, observers: list } = this;',
      '    const { connector } = config.options;',
      '    const { a = 1 } = config;',
      '    for (const parent of this.items) parent.remove();',
      '    for (const key in config) key.trim();',
      '  }',
      '}',
      '',
    ].join('\n'));
    expect(r.bindings.filter((b) => b.name !== 'config')).toEqual([
      { scope: 'S.m', name: '_parentage', line: 3, init_name: 'this._parentage' },
      { scope: 'S.m', name: 'list', line: 3, init_name: 'this.observers' },
      { scope: 'S.m', name: 'connector', line: 4, init_name: 'config.options.connector' },
      { scope: 'S.m', name: 'a', line: 5, init_name: 'config.a' },
      { scope: 'S.m', name: 'parent', line: 6, element_of: 'this.items' },
    ]);
  });

  it('type arguments written at a construction are the binding\'s type, marked as such; a declared type wins', async () => {
    const r = await extractSource('m.ts', 'function f() {\n  const m = new Map<string, { pool: Pool }>();\n  const p = new Pool();\n  let s: Subject<T> = new Subject<T>();\n}\n');
    expect(r.bindings).toEqual([
      { scope: 'f', name: 'm', line: 2, type: 'Map<string, { pool: Pool }>', type_at_new: true, init_call: 'Map', init_new: true },
      { scope: 'f', name: 'p', line: 3, init_call: 'Pool', init_new: true },
      { scope: 'f', name: 's', line: 4, type: 'Subject<T>', init_call: 'Subject', init_new: true },
    ]);
  });

  it('a call on this inside a callback literal records where that literal\'s this comes from', async () => {
    const r = await extractSource('t.ts', [
      'class A {',
      '  m() {',
      '    x.lift(function (this: Sub<T>, a) { this.error(1); }, 2);',
      '    new P(0, function () { this.q(); });',
      '    (function () { this.r(); })();',
      '    [1].forEach(() => this.s());',
      '    const f = function () { this.t(); };',
      '  }',
      '}',
      '',
    ].join('\n'));
    const thisCalls = r.calls.filter((c) => c.callee.startsWith('this.')).map((c) => [c.callee, c.caller, c.this_from]);
    expect(thisCalls).toEqual([
      ['this.error', 'A.m', { type: 'Sub<T>' }],
      ['this.q', 'A.m', { callee: 'P', arg: 1, new: true }],
      ['this.r', 'A.m', {}],
      ['this.s', 'A.m', undefined],
      ['this.t', 'A.m.f', undefined],
    ]);
  });

  it('instanceof in an if condition narrows the name up to the end of the branch', async () => {
    const r = await extractSource('n.ts', 'function f(x: A | B, y) {\n  if (x instanceof A) {\n    x.m();\n  }\n  if (y instanceof ns.B && y.ok()) y.q();\n}\n');
    expect(r.bindings).toEqual([
      { scope: 'f', name: 'x', line: 1, type: 'A | B' },
      { scope: 'f', name: 'x', line: 2, type: 'A', end_line: 4 },
      { scope: 'f', name: 'y', line: 5, type: 'ns.B', end_line: 5 },
    ]);
  });

  it('initialisers with alternatives list each name, path, call or construction; literals are left out', async () => {
    const r = await extractSource('e.ts', [
      'async function f(cfg: Cfg) {',
      '  const { connector, reset = true } = cfg;',
      '  const d = (s = s ?? connector());',
      '  const t = a ? g(x) : new B();',
      '  let z = (await h()) || null;',
      '  const n = a + b;',
      '}',
      '',
    ].join('\n'));
    expect(r.bindings.filter((b) => b.name !== 'cfg')).toEqual([
      { scope: 'f', name: 'connector', line: 2, init_name: 'cfg.connector' },
      { scope: 'f', name: 'reset', line: 2, init_name: 'cfg.reset' },
      { scope: 'f', name: 'd', line: 3, init_any: ['s', 'connector()'] },
      { scope: 'f', name: 's', line: 3, init_any: ['s', 'connector()'], assigned: true },
      { scope: 'f', name: 't', line: 4, init_any: ['g(x)', 'new B()'] },
      { scope: 'f', name: 'z', line: 5, init_any: ['h()'] },
    ]);
  });
});

