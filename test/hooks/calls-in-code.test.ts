// Calls in snippets of new code and the argument counts definitions accept, per language.
import { describe, expect, it } from 'vitest';
import { callsInCode, maskNonCode } from '../../dist/core/hooks/text/calls-in-code.js';
import { arityOf } from '../../dist/core/hooks/text/arity.js';
import type { FunctionRecord } from '../../dist/core/types.js';

const calls = (code: string, language: Parameters<typeof callsInCode>[1]) => callsInCode(code, language).map((c) => `${c.isNew ? 'new ' : ''}${c.callee}/${c.args ?? '?'}@${c.line}`);

describe('callsInCode', () => {
  it('finds calls with their argument counts, not strings, comments or definitions (TypeScript)', () => {
    const code = [
      'const x = formatName(name, { a: 1, b: [2, 3] }); // call(not, this)',
      'this.repo.save(item)?.then((a, b) => done(a));',
      "const s = 'not(a, call)' + `tpl ${render(x, y)} text(z)`;",
      'function helper(a: number, b: string): void {',
      '  return new Greeter(...args);',
      '}',
      '  greet(name: string): string {',
      'if (ok(1)) run();',
    ].join('\n');
    expect(calls(code, 'typescript')).toEqual([
      'formatName/2@1', 'this.repo.save/1@2', 'done/1@2', 'render/2@3', 'new Greeter/?@5', 'ok/1@8', 'run/0@8',
    ]);
  });

  it('reads Python, Go, Rust, Ruby, PHP, C and Lua snippets', () => {
    expect(calls('def f(a):\n    """doc(x)"""\n    return g(a, *rest) + h(k=1)  # i(2)\n', 'python')).toEqual(['g/?@3', 'h/1@3']);
    expect(calls('func (s *S) M() {\n\tu.Do(xs...)\n\tfmt.Println(helper(), "a(b")\n}', 'go')).toEqual(['u.Do/?@2', 'fmt.Println/2@3', 'helper/0@3']);
    expect(calls("fn run<'a>(x: &'a str) {\n    println!(\"{}\", x);\n    Server::new(1, 'c');\n}", 'rust')).toEqual(['Server.new/2@3']);
    expect(calls('def run\n  save(item, force: true)\n  @repo.find(1) # x(1)\nend', 'ruby')).toEqual(['save/2@2', 'repo.find/1@3']);
    expect(calls('<?php $this->repo->save($a, $b); # c(d)\nhelper();', 'php')).toEqual(['$this.repo.save/2@1', 'helper/0@2']);
    expect(calls('int main(void) {\n  printf("%d\\n", helper(2));\n  /* x(1) */\n}', 'c')).toEqual(['printf/2@2', 'helper/1@2']);
    expect(calls('local x = helper(1, 2) -- f(3)\n', 'lua')).toEqual(['helper/2@1']);
    expect(calls('echo $(foo 1)', 'bash')).toEqual([]);
  });

  it('masks without moving offsets or lines', () => {
    const code = 'a("x(1)")\n# b(2)\nc()';
    const masked = maskNonCode(code, 'python');
    expect(masked.length).toBe(code.length);
    expect(masked.split('\n').length).toBe(3);
  });
});

const fn = (params: string[], extra: Partial<FunctionRecord> = {}): FunctionRecord => ({
  name: 'f', qualified_name: 'f', kind: 'function', line: 1, end_line: 2, signature: `f(${params.join(', ')})`, params, ...extra,
});

describe('arityOf', () => {
  it.each([
    ['python', ['a', 'b=1', '*args', 'c', 'd=2', '**kw'], false, { min: 2, max: Infinity }],
    ['python', ['self', 'x', 'y=None'], true, { min: 1, max: 2 }],
    ['python', ['a', '/', 'b', '*', 'c'], false, { min: 3, max: 3 }],
    ['typescript', ['a: number', 'b = 1', 'c?: string', '...rest: any[]'], false, { min: 1, max: Infinity }],
    ['typescript', ['private a: string', 'b?: number'], false, { min: 1, max: 2 }],
    ['go', ['a, b int', 'c string'], false, { min: 3, max: 3 }],
    ['go', ['a int', 'rest ...string'], false, { min: 1, max: Infinity }],
    ['rust', ['&self', 'x: i32'], true, { min: 1, max: 1 }],
    ['rust', ['&self', 'x: i32'], false, { min: 2, max: 2 }],
    ['java', ['int a', 'String... rest'], false, { min: 1, max: Infinity }],
    ['ruby', ['a', 'b = 1', '*rest', 'k:', 'j: 2', '**opts', '&blk'], false, { min: 2, max: Infinity }],
    ['c', ['void'], false, { min: 0, max: 0 }],
    ['c', ['const char *fmt', '...'], false, { min: 1, max: Infinity }],
    ['php', ['$a', '$b = 1', '...$rest'], false, { min: 1, max: Infinity }],
    ['csharp', ['int a', 'int b = 1', 'params int[] rest'], false, { min: 1, max: Infinity }],
    ['scala', ['a: Int', 'b: Int = 1', 'c: String*'], false, { min: 1, max: Infinity }],
    ['cpp', ['int a', 'int b = 2'], false, { min: 1, max: 2 }],
  ] as const)('%s %j', (language, params, member, expected) => {
    expect(arityOf(fn([...params]), language, member)).toEqual(expected);
  });

  it('does not guess where any count may be valid or the record lost defaults', () => {
    expect(arityOf(fn(['a', 'b']), 'javascript', false)).toBeUndefined();
    expect(arityOf(fn(['a', 'b']), 'lua', false)).toBeUndefined();
    expect(arityOf(fn(['a: Int', 'b: Int'], { signature: 'fun f(a: Int, b: Int = 2)' }), 'kotlin', false)).toBeUndefined();
    expect(arityOf(fn(['a: Int', 'b: Int'], { signature: 'fun f(a: Int, b: Int)' }), 'kotlin', false)).toEqual({ min: 2, max: 2 });
    expect(arityOf(fn(['x'], { decorators: ['@staticmethod'] }), 'python', true)).toEqual({ min: 1, max: 1 });
  });
});
