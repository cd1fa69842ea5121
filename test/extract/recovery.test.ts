// Recovery from grammar failures (core/parse/recover.ts): a construct the grammar cannot read, or
// a half-typed one in a file being edited, costs that construct only. Every definition outside it
// keeps its name and lines, calls keep their caller, and the error points at the construct.
// Each case failed before recovery (the whole file or everything below the construct was lost).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRecovering } from '../../dist/core/parse/recover.js';
import { callEdges, extractSource, importsOf, outline } from './helpers.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/recovery/', import.meta.url));

// tree-sitter-typescript 0.23 reads `<T>(…)` on the line after a call signature as type
// arguments of its return type: prettier's no-semicolon style with two generic call signatures in
// a row makes the whole file one ERROR node.
const FACTORY = `import { wrap } from './wrap'

export interface Factory {
    <T>(fn: T): T
    <T>(name: string, fn: T): T
}

export function make(name: string): Factory {
    return wrap(name)
}

export const identity = <T>(value: T) => value

export class Registry {
    private readonly items = new Map<string, Factory>()

    add(name: string): void {
        this.items.set(name, make(name))
    }
}
`;

// Escaped backticks in a template literal type: the grammar's template type does not take
// escapes, and the unclosed template it sees runs on to the next backtick of the file.
const TEMPLATE_TYPE = [
  'type Hint<Usage extends string> =',
  '  `Missing \\`Self\\` generic - use \\`class Self extends ${Usage}<Self>(...)\\``',
  '',
  'const token = {}',
  '',
  'function makeClass(name: string) {',
  '  return describe(name, token)',
  '}',
  '',
  'function describe(name: string, value: object) {',
  '  return `${name}: ${String(value)}`',
  '}',
  '',
].join('\n');

describe('a grammar failure loses only what it must', () => {
  it('typescript: two generic call signatures in a row (no semicolons) are read as the valid code they are', async () => {
    const r = await extractSource('factory.ts', FACTORY);
    expect(outline(r)).toEqual([
      'interface Factory L3-6',
      'class Registry L14-20',
      '  method Registry.add L17-19',
      'function make L8-10',
      'arrow identity L12-12',
    ]);
    // Read with the separator the grammar needs, the file is valid TypeScript: no error is left.
    expect(r.errors).toEqual([]);
    const fixed = await extractSource('factory.ts', FACTORY.replace('    <T>(name', '   ;<T>(name'));
    expect(outline(r)).toEqual(outline(fixed));
    expect(callEdges(r)).toEqual(callEdges(fixed));
    expect(callEdges(r)).toEqual(expect.arrayContaining(['make -> wrap @9', 'Registry.add -> make @18']));
    expect(importsOf(r)).toEqual([['./wrap', ['wrap'], 1]]);
    expect(r.functions.find((f) => f.name === 'make')?.signature).toBe('export function make(name: string): Factory');
  });

  it('typescript: generic call signatures with doc comments between them, in a type annotation, among other errors', async () => {
    const source = [
      'export const pipe: {',
      '  /** One function. */',
      '  <A>(a: A): A',
      '  /** Two functions. */',
      '  <A, B>(a: A, ab: (a: A) => B): B',
      '} = (a: unknown, ...fns: Array<(x: unknown) => unknown>) => fns.reduce((acc, f) => f(acc), a)',
      '',
      'export const later =',
      '  <T>(value: T) => value',
      '',
      'const broken = ;',
      '',
      'export function after(n: number): number {',
      '  return pipe(n)',
      '}',
      '',
    ].join('\n');
    const r = await extractSource('pipe.ts', source);
    expect(outline(r)).toEqual(['arrow pipe L1-6', 'arrow later L8-9', 'function after L13-15']);
    expect(r.errors.map((e) => e.line)).toEqual([11]);
    expect(callEdges(r)).toContain('after -> pipe @14');
  });

  it('typescript: under an ERROR root, the complete statements before the failure are read as top-level statements', async () => {
    // From effect-platform's HttpApiBuilder.ts: four generic call signatures in a row leave the
    // parser at an ERROR root; a wrapped generator above them is a definition only as a child of
    // the program.
    const source = readFileSync(join(FIXTURES, 'error-root.ts'), 'utf8');
    const r = await extractSource('error-root.ts', source);
    expect(outline(r)).toEqual(['arrow httpApp L1-4', 'arrow middleware L6-48', 'function after L50-52']);
    expect(r.errors).toEqual([]);
    expect(callEdges(r)).toEqual(expect.arrayContaining(['httpApp -> wrap @3', 'after -> middleware @51']));
  });

  it('typescript: type parameters on lines of their own, a property named in, doc comments inside type arguments (effect-platform)', async () => {
    const source = readFileSync(join(FIXTURES, 'no-semicolon-members.ts'), 'utf8');
    const r = await extractSource('no-semicolon-members.ts', source);
    expect(r.errors).toEqual([]);
    // decode = dual<…>(2, (self, options) => …): the function after the arity is decode.
    expect(outline(r)).toEqual(['interface Parameter L15-20', 'arrow decode L1-13', 'arrow matchStatus L22-29', 'function after L31-33']);
    expect(r.classes[0].fields?.map((field) => field.name)).toEqual(['name', 'in', 'instanceof', 'schema']);
    expect(callEdges(r)).toEqual(expect.arrayContaining(['matchStatus -> match @29', 'after -> decode @32']));
  });

  it('typescript: variance annotations the grammar does not know are read as what they are', async () => {
    const source = 'export interface Stream<out A, out E = never> {\n  a: A\n}\n\nexport interface Graph<\n  in out N,\n  T extends string\n> {\n  n: N\n}\n\ntype Mapped<T> = { [K in keyof T]: T[K] }\n\nexport function after(x: object) {\n  for (const k in x) use(k)\n}\n';
    const r = await extractSource('variance.ts', source);
    expect(r.errors).toEqual([]);
    expect(outline(r)).toEqual(['interface Stream L1-3', 'interface Graph L5-10', 'type Mapped L12-12', 'function after L14-16']);
    expect(callEdges(r)).toEqual(['after -> use @15']);
  });

  it('tsx: variance annotations are repaired as in typescript, and a component cast after its wrapper is a definition (tanstack react-router\'s Link)', async () => {
    const source = [
      'export type LinkComponent<',
      '  in out TComp,',
      '  in out TDefaultFrom extends string = string,',
      '> = (props: TComp) => TDefaultFrom',
      '',
      "export const Link: LinkComponent<'a', string> = React.memo(",
      '  React.forwardRef((props: object, ref) => {',
      '    return <a ref={ref}>{render(props)}</a>',
      '  }),',
      '  areEqual,',
      ') as any',
      '',
      'export function Nav() {',
      '  return <Link to="/" />',
      '}',
      '',
    ].join('\n');
    const r = await extractSource('link.tsx', source);
    expect(r.errors).toEqual([]);
    expect(outline(r)).toEqual(['type LinkComponent L1-4', 'arrow Link L6-11', 'function Nav L13-15']);
    expect(callEdges(r)).toEqual(expect.arrayContaining(['Link -> render @8', 'Nav -> Link @14']));
  });

  it('typescript: the variance repair leaves the words of comments alone', async () => {
    const source = [
      'export interface Window<in out T> {',
      '  /** The time, in milliseconds, to wait. */',
      '  wait: number',
      '}',
      '',
      '/** Fills the window, in order, until done. */',
      'export function fill(size: number) {',
      '  return size // in bytes, rounded',
      '}',
      '',
    ].join('\n');
    const r = await extractSource('window.ts', source);
    expect(r.errors).toEqual([]);
    expect(outline(r)).toEqual(['interface Window L1-4', 'function fill L7-9']);
    expect(r.functions.find((f) => f.name === 'fill')?.doc).toBe('Fills the window, in order, until done.');
  });

  it('typescript: a decorator called with type arguments keeps the members after it (puppeteer\'s @throwIfDisposed<Browser>(…))', async () => {
    const source = [
      'export class Browser {',
      '  @throwIfDisposed<Browser>(browser => {',
      '    return browser.#reason!;',
      '  })',
      '  async close(): Promise<void> {',
      '    await this.session.send(\'browser.close\', {});',
      '  }',
      '',
      '  @guard<Map<string, number>>()',
      '  open(): void {}',
      '}',
    ].join('\n');
    const r = await extractSource('browser.ts', source);
    expect(r.errors).toEqual([]);
    expect(outline(r)).toEqual(['class Browser L1-11', '  method Browser.close L2-7', '  method Browser.open L9-10']);
    expect(r.classes[0].methods.find((m) => m.name === 'close')?.decorators?.[0]).toMatch(/^@throwIfDisposed<Browser>\(/);
  });

  it('typescript: auto-accessor fields and loops declaring `using` names read as fields and loops (puppeteer)', async () => {
    const source = [
      'export class Page {',
      '  @bubble()',
      '  accessor #emitter = new EventEmitter();',
      '  static accessor count: number = 0;',
      '',
      '  async frames(list: Handles) {',
      '    for await (using frame of transpose(list)) {',
      '      await frame.contentFrame();',
      '    }',
      '    for (using handle of list.values()) handle.dispose();',
      '  }',
      '',
      '  close(): void {}',
      '}',
      'const accessor = makeAccessor();',
    ].join('\n');
    const r = await extractSource('page.ts', source);
    expect(r.errors).toEqual([]);
    expect(outline(r)).toEqual(['class Page L1-14', '  method Page.frames L6-11', '  method Page.close L13-13']);
    expect(callEdges(r)).toEqual(expect.arrayContaining(['Page.frames -> frame.contentFrame @8', 'Page.frames -> handle.dispose @10', '<module> -> makeAccessor @15']));
  });

  it('typescript: an escaped backtick in a template literal type is text, not code (effect)', async () => {
    const source = [
      'type MissingSelfGeneric<Usage extends string> =',
      '  `Missing \\`Self\\` generic - use \\`class Self extends ${Usage}<Self>(...)\\``',
      '',
      'type Ends = `a\\\\`',
      '',
      'const message = `use \\`class\\` here`',
      'export function after(): number {',
      '  return use(message)',
      '}',
    ].join('\n');
    const r = await extractSource('schema.ts', source);
    expect(r.errors).toEqual([]);
    expect(outline(r)).toEqual(['type MissingSelfGeneric L1-2', 'type Ends L4-4', 'function after L7-9']);
    expect(callEdges(r)).toEqual(['after -> use @8']);
  });

  it("typescript: variance annotations after a comment, and export type * (RTK, zod 4, tiptap)", async () => {
    const source = [
      "export type * from './commands'",
      'export interface ApiModules<',
      '  // eslint-disable-next-line',
      '  in out BaseQuery extends string,',
      '  /** @ts-ignore Cast variance */',
      '  out Shape extends object = {},',
      '> {',
      '  shape: Shape',
      '}',
      '',
      'export function after(x: object) {',
      '  return use(x)',
      '}',
      '',
    ].join('\n');
    const r = await extractSource('module.ts', source);
    expect(r.errors).toEqual([]);
    expect(outline(r)).toEqual(['interface ApiModules L2-9', 'function after L11-13']);
    expect(callEdges(r)).toEqual(['after -> use @12']);
  });

  it('typescript: a template literal type with escaped backticks does not swallow what follows', async () => {
    const r = await extractSource('template.ts', TEMPLATE_TYPE);
    expect(outline(r)).toEqual(expect.arrayContaining(['function makeClass L6-8', 'function describe L10-12']));
    expect(callEdges(r)).toContain('makeClass -> describe @7');
    expect(r.errors.every((e) => e.line === 2)).toBe(true);
  });

  it('python: a call left open in a method costs that method, not the definitions below', async () => {
    const source = 'def first(x):\n    return x\n\n\nclass Box:\n    def get(self):\n        return compute(self.v,\n\n\ndef after(y):\n    return first(y)\n\n\nclass Later:\n    def put(self, v):\n        self.v = v\n';
    const r = await extractSource('editing.py', source);
    expect(outline(r)).toEqual([
      'class Box L5-7',
      '  method Box.get L6-7',
      'class Later L14-16',
      '  method Later.put L15-16',
      'function first L1-2',
      'function after L10-11',
    ]);
    expect(callEdges(r)).toContain('after -> first @11');
    expect(r.errors.map((e) => e.line)).toEqual([7]);
  });

  it('go: an unclosed block costs its function, not the functions and methods below', async () => {
    const source = 'package demo\n\nfunc first(x int) int { return x }\n\nfunc broken(y int) int {\n\tif y > 0 {\n\t\treturn y\n}\n\nfunc after(z int) int {\n\treturn first(z)\n}\n\ntype T struct{}\n\nfunc (t T) M() int { return 1 }\n';
    const r = await extractSource('editing.go', source);
    expect(outline(r)).toEqual(expect.arrayContaining(['function after L10-12', 'struct T L14-14', '  method T.M L16-16']));
    expect(callEdges(r)).toContain('after -> first @11');
    expect(r.errors.every((e) => e.line >= 5 && e.end_line < 10)).toBe(true);
  });

  it('ruby: a missing `end` costs its method, not the file', async () => {
    const source = 'def first(x)\n  x\nend\n\ndef broken(y)\n  if y > 0\n    y\nend\n\ndef after(z)\n  first(z)\nend\n\nclass Later\n  def put(v)\n    @v = v\n  end\nend\n';
    const r = await extractSource('editing.rb', source);
    expect(outline(r)).toEqual(expect.arrayContaining(['function first L1-3', 'function after L10-12', 'class Later L14-18', '  method Later.put L15-17']));
    expect(r.errors.every((e) => e.line >= 5 && e.end_line <= 8)).toBe(true);
  });

  it('a file without errors is parsed once; one the repairs fix is read whole; any other in pieces that own each offset once', async () => {
    const clean = await parseRecovering('typescript', 'export function make(name: string) {\n  return name\n}\n');
    expect(clean.parts.map((p) => p.owns)).toEqual([[{ from: 0, to: 53 }]]);
    clean.delete();
    const repaired = await parseRecovering('typescript', FACTORY);
    expect(repaired.parts.map((p) => [p.owns, p.tree.rootNode.hasError])).toEqual([[[{ from: 0, to: FACTORY.length }], false]]);
    repaired.delete();
    const source = `${FACTORY}\nconst broken = ;\n`;
    const broken = await parseRecovering('typescript', source);
    const owned = broken.parts.flatMap((p) => p.owns).sort((a, b) => a.from - b.from);
    expect(broken.parts.length).toBeGreaterThan(1);
    expect(owned[0].from).toBe(0);
    for (let i = 1; i < owned.length; i++) expect(owned[i].from).toBe(owned[i - 1].to);
    expect(owned[owned.length - 1].to).toBe(source.length);
    broken.delete();
  });
});
