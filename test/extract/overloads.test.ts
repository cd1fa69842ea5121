// Overloads are one definition (DESIGN §4): the implementation's record (the last declaration when
// there is none) with every overload signature, in each language that has them; and on real
// code, every overloaded function and method of rxjs's sources against the TypeScript compiler.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { FileRecord, FunctionRecord } from '../../dist/core/types.js';
import { allFunctions, extractSource } from './helpers.js';

const SRC = fileURLToPath(new URL('../fixtures/graph/overloads/src/', import.meta.url));
const RXJS = fileURLToPath(new URL('../../node_modules/rxjs/src/', import.meta.url));

async function extract(name: string): Promise<FileRecord> {
  return extractSource(`src/${name}`, readFileSync(join(SRC, name), 'utf8'));
}

/** The only record named `qualified`: an overloaded function must be one. */
function only(record: FileRecord, qualified: string): FunctionRecord {
  const found = allFunctions(record).filter((f) => f.qualified_name === qualified);
  expect(found.map((f) => `${f.qualified_name}@${f.line}`), `${qualified} in ${record.path}`).toHaveLength(1);
  return found[0];
}

const lines = (fn: FunctionRecord) => fn.overloads?.map((o) => o.line);

describe('overloads are one definition', () => {
  it('TypeScript functions: the implementation with its overload signatures and their own docs', async () => {
    const r = await extract('creation.ts');
    const of = only(r, 'of');
    expect(of).toMatchObject({ line: 18, end_line: 20, exported: true, signature: 'export function of<T>(...args: Array<T | SchedulerLike>): Observable<T>' });
    expect(of.is_declaration).toBeUndefined();
    expect(of.doc).toBe('Emits the arguments you provide, then completes.');
    expect(of.overloads).toEqual([
      { line: 10, end_line: 10, signature: 'export function of(value: null): Observable<null>', params: ['value: null'], return_type: 'Observable<null>', doc: '@deprecated Pass a scheduler to `scheduled` instead.', is_declaration: true },
      { line: 12, end_line: 12, signature: 'export function of(value: undefined): Observable<undefined>', params: ['value: undefined'], return_type: 'Observable<undefined>', doc: '@deprecated Pass a scheduler to `scheduled` instead.', is_declaration: true },
      { line: 13, end_line: 13, signature: 'export function of<T>(value: T): Observable<T>', params: ['value: T'], return_type: 'Observable<T>', is_declaration: true },
      { line: 14, end_line: 14, signature: 'export function of<A extends readonly unknown[]>(...values: A): Observable<A[number]>', params: ['...values: A'], return_type: 'Observable<A[number]>', is_declaration: true },
    ]);
    expect(lines(only(r, 'fromEvent'))).toEqual([35, 36]);
    // A function that is not overloaded has no `overloads`; its nested definitions stay its own.
    expect(only(r, 'never').overloads).toBeUndefined();
    expect(only(r, 'fromEvent.handler').parent_function).toBe('fromEvent');
    // Overloads in an interface: no implementation, so the last declaration.
    const listen = only(r, 'HasEventTargetAddRemove.addEventListener');
    expect(listen).toMatchObject({ line: 31, is_declaration: true });
    expect(lines(listen)).toEqual([30, 31]);
  });

  it('TypeScript classes: constructor, static and instance method overloads; abstract overloads', async () => {
    const r = await extract('observable.ts');
    const observable = r.classes.find((c) => c.name === 'Observable')!;
    expect(observable.methods.map((m) => `${m.name} ${m.line}-${m.end_line} [${lines(m)}]`)).toEqual([
      'constructor 13-13 [11,12]',
      'create 17-19 [15,16]',
      'subscribe 23-26 [21,22]',
      'pipe 31-33 [28,29,30]',
    ]);
    expect(only(r, 'Observable.create').modifiers).toContain('static');
    const schedule = only(r, 'Scheduler.schedule');
    expect(schedule).toMatchObject({ line: 42, is_declaration: true, signature: 'abstract schedule(work: () => void, delay: number): void' });
    expect(lines(schedule)).toEqual([41, 42]);
  });

  it('.d.ts: declare function and declared class overloads have no implementation', async () => {
    const r = await extract('globals.d.ts');
    expect(r.functions.map((f) => `${f.name} ${f.line} [${lines(f) ?? ''}]`)).toEqual(['setTimer 3 [2,3]', 'clearTimer 4 []', 'parse 7 [6,7]']);
    expect(only(r, 'parse')).toMatchObject({ exported: true, is_declaration: true });
    expect(lines(only(r, 'Emitter.on'))).toEqual([10, 11]);
  });

  it('Python: @overload and @typing.overload stubs join the implementation; a plain redefinition does not', async () => {
    const r = await extract('pipes.py');
    const first = only(r, 'first');
    expect(first).toMatchObject({ line: 10, end_line: 12, signature: 'def first(items)', doc: 'The first element of a sequence.' });
    expect(first.overloads?.map((o) => o.signature)).toEqual(['@overload def first(items: list[int]) -> int', '@overload def first(items: str) -> str']);
    expect(lines(only(r, 'Reader.read'))).toEqual([17, 20]);
    // A property's getter and setter share a name without being overloads.
    expect(allFunctions(r).filter((f) => f.qualified_name === 'Reader.name').map((f) => f.kind)).toEqual(['getter', 'setter']);
    expect(allFunctions(r).filter((f) => f.name === 'helper').map((f) => [f.line, f.overloads])).toEqual([[38, undefined], [42, undefined]]);
  });

  it('Java, C#, Swift, Scala, Kotlin: every same-named method or function is an overload with its own body', async () => {
    const java = await extract('Buffer.java');
    const append = only(java, 'Buffer.append');
    expect(append).toMatchObject({ line: 25, end_line: 27 });
    expect(append.overloads?.map((o) => `${o.line}-${o.end_line} ${o.signature}`)).toEqual([
      '16-19 public Buffer append(String s)', '21-23 public Buffer append(int i)', '25-27 public Buffer append(char[] chars, int offset)',
    ]);
    expect(append.overloads?.some((o) => o.is_declaration)).toBe(false);
    expect(lines(only(java, 'Buffer.Buffer'))).toEqual([7, 11]);
    expect(only(java, 'Buffer.Sink.write').overloads?.every((o) => o.is_declaration)).toBe(true);
    expect(lines(only(await extract('Formatter.cs'), 'Formatter.Format'))).toEqual([3, 4]);
    const swift = await extract('Layout.swift');
    expect(swift.classes[0].methods.map((m) => `${m.kind} ${m.name} ${m.line} [${lines(m)}]`)).toEqual(['method move 3 [2,3]', 'constructor init 5 [4,5]']);
    expect(lines(only(swift, 'clamp'))).toEqual([8, 9]);
    const scala = await extract('Codec.scala');
    expect(scala.classes[0].methods.map((m) => `${m.name} ${m.line} [${lines(m) ?? ''}]`)).toEqual(['encode 3 [2,3]', 'decode 4 []']);
    const kotlin = await extract('Geometry.kt');
    expect(lines(only(kotlin, 'scale'))).toEqual([3, 4]);
    expect(lines(only(kotlin, 'Canvas.draw'))).toEqual([7, 8]);
  });

  it('C and C++: a prototype or in-class declaration defined in the file is the same overload, listed once', async () => {
    const c = await extract('list.c');
    expect(only(c, 'list_length')).toMatchObject({ line: 7, end_line: 11 });
    expect(only(c, 'list_length').overloads).toBeUndefined();
    const cpp = await extract('shapes.cpp');
    expect(only(cpp, 'Printer.print').overloads?.map((o) => `${o.line} ${o.signature}`)).toEqual([
      '12 void Printer::print(int value)', '16 void Printer::print(const std::string &value)',
    ]);
    expect(lines(only(cpp, 'area'))).toEqual([20, 21]);
  });

  it('the body checksum covers every overload signature', async () => {
    const source = readFileSync(join(SRC, 'creation.ts'), 'utf8');
    const before = only(await extractSource('src/creation.ts', source), 'of');
    const edited = only(await extractSource('src/creation.ts', source.replace('of<T>(value: T): Observable<T>;', 'of<T>(value: T): Observable<T[]>;')), 'of');
    expect(edited.line).toBe(before.line);
    expect(edited.body_hash).not.toBe(before.body_hash);
  });
});

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/**
 * The compiler's overloaded functions and methods of a file: `name` (class members `Class.name`) →
 * lines of the bodiless signatures and of the implementation. Only top-level functions and members
 * of top-level classes and interfaces, which tldr names the same way.
 */
function compilerOverloads(file: string, text: string): Map<string, { signatures: number[]; body?: number }> {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const out = new Map<string, { signatures: number[]; body?: number }>();
  const add = (name: string, node: ts.Node, body: boolean) => {
    let entry = out.get(name);
    if (!entry) out.set(name, (entry = { signatures: [] }));
    if (body) entry.body = lineOf(node);
    else entry.signatures.push(lineOf(node));
  };
  for (const statement of sf.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) add(statement.name.text, statement, statement.body !== undefined);
    if ((ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement)) && statement.name) {
      for (const member of statement.members as ts.NodeArray<ts.ClassElement | ts.TypeElement>) {
        const isMethod = ts.isMethodDeclaration(member) || ts.isMethodSignature(member);
        if (isMethod && member.name && ts.isIdentifier(member.name)) add(`${statement.name.text}.${member.name.text}`, member, 'body' in member && member.body !== undefined);
        if (ts.isConstructorDeclaration(member)) add(`${statement.name.text}.constructor`, member, member.body !== undefined);
      }
    }
  }
  for (const [name, entry] of out) if (entry.signatures.length + (entry.body ? 1 : 0) < 2) out.delete(name);
  return out;
}

describe('overloads on real code: rxjs sources against the TypeScript compiler', () => {
  it('every overloaded function and method is one record at its implementation, with every overload signature', async () => {
    const files = walk(RXJS);
    let overloaded = 0;
    let signatures = 0;
    const mismatches: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const expected = compilerOverloads(file, text);
      if (expected.size === 0) continue;
      const record = await extractSource(file, text);
      for (const [name, { signatures: lines, body }] of expected) {
        overloaded++;
        signatures += lines.length;
        const found = allFunctions(record).filter((f) => f.qualified_name === name);
        const got = found.map((f) => `${f.line} [${f.overloads?.map((o) => o.line).join(',') ?? ''}]`).join(' ');
        const want = `${body ?? lines[lines.length - 1]} [${lines.join(',')}]`;
        if (got !== want) mismatches.push(`${file.slice(RXJS.length)} ${name}: got ${got}, want ${want}`);
      }
    }
    console.log(`rxjs overloads: ${overloaded} overloaded functions/methods with ${signatures} overload signatures; ${mismatches.length} differ`);
    expect(overloaded).toBeGreaterThanOrEqual(80);
    expect(mismatches).toEqual([]);
  }, 120_000);
});
