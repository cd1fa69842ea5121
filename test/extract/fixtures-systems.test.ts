// Go, Rust, C and C++ fixtures: receivers and impl blocks as method owners, embedded types,
// attributes, prototypes, out-of-line definitions, templates, transparent namespaces.
import { describe, expect, it } from 'vitest';
import { callEdges, cls, extractFixture, fn, outline } from './helpers.js';

describe('go fixture', async () => {
  const r = await extractFixture('go.go');

  it('attaches receiver methods to their type and reads Go signatures', () => {
    expect(outline(r)).toEqual([
      'interface Shape L12-15',
      '  method Shape.Area L14-14',
      'struct Server L18-22',
      '  method Server.Serve L32-42',
      '  method Server.Name L44-44',
      'type ID L24-24',
      'function NewServer L27-29',
      'function Map L46-52',
    ]);
    expect(fn(r, 'Server.Serve')).toMatchObject({
      signature: 'func (s *Server) Serve(ctx context.Context, limit int) (int, error)',
      class_name: 'Server',
      params: ['ctx context.Context', 'limit int'],
      return_type: '(int, error)',
      doc: 'Serve answers requests until ctx is done.',
      exported: true,
    });
    expect(fn(r, 'Shape.Area').is_declaration).toBe(true);
    expect(fn(r, 'Map').signature).toBe('func Map[T any, U any](xs []T, f func(T) U) []U');
    expect(cls(r, 'Server')).toMatchObject({ signature: 'type Server struct', bases: ['Base'], doc: 'Server serves shapes.' });
    expect(cls(r, 'Server').fields).toEqual([
      { name: 'name', line: 20, type: 'string' },
      { name: 'cache', line: 21, type: 'map[string]Shape' },
    ]);
    expect(cls(r, 'Shape')).toMatchObject({ signature: 'type Shape interface', bases: ['fmt.Stringer'] });
    expect(r.doc).toBe('Package shapes is a fixture of the Go constructs the extractor handles.');
  });

  it('reads import specs with aliases and blank imports', () => {
    expect(r.imports.map((i) => [i.module, i.names, i.line])).toEqual([
      ['context', ['context'], 5], ['fmt', ['fmt'], 6], ['strings', ['str'], 7], ['embed', [], 8],
    ]);
  });

  it('attributes calls in goroutine closures to the method and records := bindings', () => {
    expect(callEdges(r)).toContain('Server.Serve -> s.log @37');
    expect(callEdges(r)).toContain('Server.Serve -> str.ToUpper @37');
    expect(callEdges(r)).toContain('Map -> append @49');
    const serve = r.bindings.filter((b) => b.scope === 'Server.Serve');
    expect(serve).toEqual([
      { scope: 'Server.Serve', name: 's', line: 32, type: '*Server' },
      { scope: 'Server.Serve', name: 'ctx', line: 32, type: 'context.Context' },
      { scope: 'Server.Serve', name: 'limit', line: 32, type: 'int' },
      { scope: 'Server.Serve', name: 'repo', line: 33, init_call: 'NewRepo' },
      { scope: 'Server.Serve', name: 'handler', line: 34, type: 'Handler' },
      { scope: 'Server.Serve', name: 'cfg', line: 35, init_call: 'Config', init_new: true },
      // `total, err := repo.Count()`: err is only declared (its value is not read).
      { scope: 'Server.Serve', name: 'err', line: 39, init_call: 'repo.Count', init_item: 1 },
      { scope: 'Server.Serve', name: 'total', line: 39, init_call: 'repo.Count' },
    ]);
  });
});

describe('rust fixture', async () => {
  const r = await extractFixture('rust.rs');

  it('names impl and trait-impl methods T.m and keeps attributes and doc comments', () => {
    expect(outline(r)).toEqual([
      'struct Point L8-12',
      'trait Shape L14-19',
      '  method Shape.area L15-15',
      '  method Shape.name L16-18',
      'impl Point L21-26',
      '  method Point.new L23-25',
      'impl Point L28-32',
      '  method Point.fmt L29-31',
      'enum Kind L34-34',
      'function run L36-43',
      'arrow run.double L39-39',
    ]);
    expect(cls(r, 'Point')).toMatchObject({
      kind: 'struct', signature: '#[derive(Debug, Clone)] pub struct Point<T>', doc: 'A point in the plane.', exported: true,
    });
    expect(r.classes.filter((c) => c.kind === 'impl')[1]).toMatchObject({ kind: 'impl', bases: ['fmt::Display'], signature: 'impl<T> fmt::Display for Point<T> where T: fmt::Display' });
    expect(fn(r, 'Point.new')).toMatchObject({ doc: 'Makes a point.', signature: 'pub fn new(x: T, y: T) -> Self', class_name: 'Point' });
    expect(fn(r, 'Shape.area').is_declaration).toBe(true);
    expect(fn(r, 'run')).toMatchObject({ signature: 'pub async fn run(config: &Config) -> Result<(), Error>', is_async: true, exported: true });
    expect(r.doc).toBe('Fixture: the Rust constructs the extractor handles.');
  });

  it('flattens use trees and reads mod declarations', () => {
    expect(r.imports.map((i) => [i.module, i.bindings, i.kind])).toEqual([
      ['std::collections', [{ name: 'HashMap' }, { name: 'HashSet', alias: 'Set' }], 'import'],
      ['std', [{ name: 'fmt' }], 'import'],
      ['crate::store', [{ name: '*' }], 'import'],
      ['helpers', [{ name: '*', alias: 'helpers' }], 'include'],
    ]);
  });

  it('reads path calls, let bindings through ? and closures', () => {
    expect(callEdges(r)).toEqual([
      'Shape.name -> String::from @17',
      'run -> Point::new @37',
      'run -> Store::open @38',
      'run -> store.save @40',
      'run -> helpers::log @41',
      'run -> double @41',
      'run -> Ok @42',
    ]);
    expect(r.bindings.filter((b) => b.scope === 'run')).toEqual([
      { scope: 'run', name: 'config', line: 36, type: '&Config' },
      { scope: 'run', name: 'origin', line: 37, type: 'Point<i32>', init_call: 'Point::new' },
      { scope: 'run', name: 'store', line: 38, init_call: 'Store::open' },
    ]);
  });
});

describe('c fixture', async () => {
  const r = await extractFixture('c.c');

  it('reads structs, typedef structs, prototypes and pointer-returning functions', () => {
    expect(outline(r)).toEqual([
      'struct node L5-8',
      'struct point L10-12',
      'enum color L14-14',
      'function list_length L19-23',
      'function dup_name L25-29',
      'function main L31-34',
    ]);
    // The prototype and the definition are one function, where its body is.
    expect(fn(r, 'list_length')).toMatchObject({ line: 19, signature: 'int list_length(const struct node *head)', doc: 'Counts the nodes of a list.', return_type: 'int' });
    expect(fn(r, 'list_length').is_declaration).toBeUndefined();
    expect(fn(r, 'dup_name')).toMatchObject({ signature: 'static char *dup_name(const char *name)', modifiers: ['static'] });
    expect(fn(r, 'dup_name').exported).toBeUndefined();
    expect(fn(r, 'main').exported).toBe(true);
    expect(cls(r, 'point').signature).toBe('typedef struct point');
    expect(cls(r, 'node').fields.map((f) => `${f.name}: ${f.type}`)).toEqual(['value: int', 'next: struct node']);
    expect(r.imports.map((i) => [i.module, i.kind])).toEqual([['stdio.h', 'include'], ['list.h', 'include']]);
    expect(callEdges(r)).toEqual([
      'dup_name -> malloc @26', 'dup_name -> strlen @26', 'dup_name -> strcpy @27', 'main -> printf @32', 'main -> list_length @32',
    ]);
    expect(r.errors).toEqual([]);
  });
});

describe('cpp fixture', async () => {
  const r = await extractFixture('cpp.cpp');

  it('keeps templates in signatures, finds constructors, pure virtuals and out-of-line methods', () => {
    expect(outline(r)).toEqual([
      'class Shape L9-20',
      '  constructor Shape.Shape L12-12',
      '  method Shape.~Shape L13-13',
      '  method Shape.area L14-14',
      '  method Shape.size L16-16',
      '  method Shape.count L22-24',
      'struct Circle L26-28',
      '  method Circle.area L30-34',
      'function main L38-41',
    ]);
    expect(cls(r, 'Shape')).toMatchObject({
      signature: 'template <typename T> class Shape : public Base, private Counted',
      bases: ['Base', 'Counted'],
      doc: 'A shape with an area.',
    });
    expect(fn(r, 'Shape.area')).toMatchObject({ signature: 'virtual double area() const', is_declaration: true });
    // An in-class declaration defined out of line is one definition, where its body is.
    expect(fn(r, 'Circle.area')).toMatchObject({ line: 30, signature: 'double Circle::area() const', class_name: 'Circle' });
    expect(fn(r, 'Circle.area').is_declaration).toBeUndefined();
    expect(fn(r, 'Circle.area').overloads).toBeUndefined();
    expect(fn(r, 'Shape.count').line).toBe(22);
  });

  it('reads new expressions, qualified calls and typed declarations', () => {
    expect(callEdges(r)).toContain('Circle.area -> std::make_unique @31');
    expect(r.calls.find((c) => c.kind === 'new')).toMatchObject({ callee: 'Circle', caller: 'Circle.area', line: 32 });
    expect(callEdges(r)).toContain('Circle.area -> other->size @33');
    expect(r.bindings).toContainEqual({ scope: 'Circle.area', name: 'other', line: 32, type: 'Circle', init_call: 'Circle', init_new: true });
    expect(r.bindings).toContainEqual({ scope: 'main', name: 'c', line: 39, type: 'geo::Circle' });
    expect(r.imports.map((i) => i.module)).toEqual(['memory', 'string', 'shape.hpp']);
  });
});
