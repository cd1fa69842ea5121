// Receiver precision and object-literal properties on a TypeScript fixture (ts-dispatch): calls on
// a receiver whose class is known exactly reach that class's method only; calls through `this`
// reach the method and overrides below it; calls through a declared base type keep the whole
// override family. Object literals hand out the functions their properties were given.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directCallers } from '../../dist/core/graph/callers.js';
import { impact } from '../../dist/core/query/impact.js';
import { formatImpact } from '../../dist/cli/commands/impact.js';
import { openFixture, targetOf, edgesFrom, type OpenGraph } from './helpers.js';

describe('receiver precision and object literals (TypeScript)', () => {
  let project: OpenGraph;
  beforeAll(async () => {
    project = await openFixture('ts-dispatch');
  });
  afterAll(() => project.close());

  const callers = (file: string, name: string) =>
    directCallers(project.graph, { file, name }, false, 'family').map(({ edge, dispatch }) => `${edge.from.file}:${edge.line}${dispatch ? ' dispatch' : ''}`).sort();

  it('marks super calls and constructed receivers exact, own methods through this as subclass-bound', () => {
    const shapes = 'src/shapes.ts';
    expect(edgesFrom(project.graph, shapes, 'super.area')[0].bound).toBe('exact');
    expect(edgesFrom(project.graph, 'src/use.ts', 'square.area')[0].bound).toBe('exact');
    expect(edgesFrom(project.graph, 'src/use.ts', 'new Circle().area')[0].bound).toBe('exact');
    expect(edgesFrom(project.graph, shapes, 'this.area', 'Square.report')[0].bound).toBe('subclass');
    expect(edgesFrom(project.graph, 'src/use.ts', 'one.area')[0].bound).toBeUndefined();
  });

  it('counts a super call and an exact receiver for their own method only', () => {
    // Not this.area() in Square.report (Square defines area), nor square.area() / new Circle().area().
    expect(callers('src/shapes.ts', 'Shape.area')).toEqual([
      'src/shapes.ts:15', // super.area() in Square.area
      'src/shapes.ts:6', // this.area() in Shape.describe
      'src/use.ts:7',
      'src/use.ts:8',
    ]);
    expect(callers('src/shapes.ts', 'Square.area')).toEqual([
      'src/shapes.ts:18', // this.area() in Square.report
      'src/shapes.ts:6 dispatch', // this.area() in Shape.describe: `this` may be a Square
      'src/use.ts:5', // square = new Square(2)
      'src/use.ts:7 dispatch', // one: Shape
      'src/use.ts:8 dispatch', // shape of Shape[]
    ]);
    expect(callers('src/shapes.ts', 'Circle.area')).toEqual([
      'src/shapes.ts:6 dispatch',
      'src/use.ts:6', // new Circle().area()
      'src/use.ts:7 dispatch',
      'src/use.ts:8 dispatch',
    ]);
  });

  it('a construction with type arguments is exact, a bound copy of a method keeps its receiver\'s bound', () => {
    const file = 'src/generic.ts';
    expect(edgesFrom(project.graph, file, 'box.open')[0].bound).toBe('exact');
    expect(edgesFrom(project.graph, file, 'this.open.bind')[0].bound).toBe('subclass');
    expect(callers(file, 'Box.open')).toEqual(['src/generic.ts:20', 'src/generic.ts:24 dispatch']);
    expect(callers(file, 'Crate.open')).toEqual(['src/generic.ts:14', 'src/generic.ts:24']);
  });

  it('a this declared by a parameter is a value of its type: the whole override family', () => {
    const [edge] = edgesFrom(project.graph, 'src/generic.ts', 'this.open', 'detach');
    expect(edge.to?.name).toBe('Crate.open');
    expect(edge.bound).toBeUndefined();
  });

  it('resolves calls through object-literal properties: shorthand, name values, paths and methods', () => {
    const file = 'src/handlers.ts';
    expect(targetOf(project.graph, file, 'handlers.onOpen')).toBe('src/handlers.ts#onOpen');
    expect(targetOf(project.graph, file, 'handlers.onClose')).toBe('src/handlers.ts#onClose');
    expect(targetOf(project.graph, file, 'handlers.format')).toBe('src/helpers.ts#format');
    expect(targetOf(project.graph, file, 'handlers.onError')).toBe('src/handlers.ts#handlers.onError');
    // The call inside the literal's method is made by that method; `format: helpers.format` is a
    // read at module level.
    expect(edgesFrom(project.graph, file, 'helpers.format').map((e) => `${e.line}:${e.from.name}${e.reference ? ' reference' : ''}`))
      .toEqual(['16:handlers.onError', '14:<module> reference']);
  });

  it('resolves a call through a type alias intersecting a class with an object type', () => {
    expect(targetOf(project.graph, 'src/alias.ts', 'shape.report')).toBe('src/shapes.ts#Square.report');
  });

  it('resolves JavaScript private methods and fields', () => {
    const file = 'src/handlers.ts';
    expect(targetOf(project.graph, file, 'this.#push')).toBe('src/handlers.ts#Queue.#push');
    expect(targetOf(project.graph, file, 'this.#flusher.flush')).toBe('src/handlers.ts#Flusher.flush');
  });

  it('names the caller after the definition a property-assigned function makes', () => {
    const file = 'src/legacy.js';
    expect(edgesFrom(project.graph, file, 'format').map((e) => e.from.name).sort()).toEqual(['Widget.render', 'registry.handler']);
    expect(edgesFrom(project.graph, file, 'Widget')[0].from.name).toBe('build');
  });

  it('keeps a call on a runtime type by that type, and lets the project classes implementing it answer it', () => {
    const file = 'src/registry.ts';
    expect(edgesFrom(project.graph, file, 'table.get')[0]).toMatchObject({ external: true, lib: 'Map.get' });
    expect(edgesFrom(project.graph, file, 'this.counts.get')[0]).toMatchObject({ external: true, lib: 'Map.get' });
    expect(edgesFrom(project.graph, file, 'state.locations.get')[0]).toMatchObject({ external: true, lib: 'Map.get' });
    expect(project.graph.fileGraph(file)!.libOverrides).toEqual([{ method: { file, name: 'Registry.get' }, lib: 'Map.get' }]);
    // table.get and this.counts.get, both on line 18, and state.locations.get.
    expect(callers(file, 'Registry.get')).toEqual(['src/registry.ts:18 dispatch', 'src/registry.ts:18 dispatch', 'src/registry.ts:61 dispatch']);
    expect(directCallers(project.graph, { file, name: 'Registry.get' }, false, 'abstract')).toEqual([]);
  });

  it('types the parameter of an array iteration callback with the element', () => {
    const file = 'src/registry.ts';
    // The receiver may be a cast to an array type: `(Object.values(stored) as Task[]).forEach(…)`.
    expect(edgesFrom(project.graph, file, 'task.run').map((e) => `${e.line}:${e.to?.name}`)).toEqual(['22:Task.run', '23:Task.run', '23:Task.run', '48:Task.run']);
  });

  it('records a method read as a value (passed, stored) as a reference edge', async () => {
    const refs = project.graph.fileGraph('src/registry.ts')!.edges.filter((e) => e.reference);
    expect(refs.map((e) => `${e.line}:${e.callee}->${e.to!.name}`)).toEqual(['27:this.tick->Runner.tick', '28:this.tick->Runner.tick']);
    expect(callers('src/registry.ts', 'Runner.tick')).toEqual(['src/registry.ts:27', 'src/registry.ts:28']);
    const result = await impact({ index: project.index, cwd: project.root }, { name: 'Runner.tick', depth: 1 });
    expect(result.callers.map((c) => [c.line, c.reference])).toEqual([[27, true], [28, true]]);
    expect(formatImpact(result)).toContain('Runner.schedule  src/registry.ts:27  (referenced, not called)');
  });

  it('scopes a callback parameter to its literal: a later call of the name reaches the function declared after it', () => {
    const [inside, after] = edgesFrom(project.graph, 'src/registry.ts', 'reject');
    expect(inside.to).toBeUndefined();
    expect(after.to).toEqual({ file: 'src/registry.ts', name: 'Runner.settle.reject' });
  });
});


describe('typed names and receiver precision (Python)', () => {
  let project: OpenGraph;
  beforeAll(async () => {
    project = await openFixture('py-dispatch');
  });
  afterAll(() => project.close());
  const file = 'app/nodes.py';
  const target = (callee: string, caller?: string) =>
    edgesFrom(project.graph, file, callee, caller).map((e) => (e.to ? `${e.to.name}${e.bound ? ` ${e.bound}` : ''}` : 'unresolved'));

  it('types loop and comprehension variables, enumerate, cast, typing-module Optional/List/Type and annotated self', () => {
    expect(target('first.as_const')).toEqual(['Node.as_const']);
    expect(target('node.as_const')).toEqual(['Node.as_const']);
    expect(target('child.as_const')).toEqual(['Node.as_const']);
    expect(target('self.node_class().as_const')).toEqual(['Node.as_const']);
    expect(target('self.loader.load')).toEqual(['Loader.load']);
    expect(target('self.count', 'visit')).toEqual(['Env.count subclass']);
  });

  it('treats super() and a constructed receiver as exact; cls() may build a subclass', () => {
    expect(target('super().as_const')).toEqual(['Node.as_const exact']);
    expect(target('Const().as_const')).toEqual(['Const.as_const exact']);
    const [built] = edgesFrom(project.graph, file, 'cls');
    expect(built.to).toEqual({ file, name: 'Env.__init__' });
    expect(built.instantiates).toBeUndefined();
  });

  it('types names unpacked from a call by the items of its declared tuple', () => {
    expect(target('loader.load', 'load_split')).toEqual(['Loader.load']);
    expect(target('head.as_const', 'load_split')).toEqual(['Node.as_const']);
  });

  it('calls a def that rebinds an annotated local in another branch', () => {
    expect(target('convert', 'cast_all')).toEqual(['cast_all.convert']);
  });

  it('records an attribute read as a value as a reference edge', () => {
    const refs = project.graph.fileGraph(file)!.edges.filter((e) => e.reference);
    expect(refs.map((e) => `${e.line}:${e.callee}->${e.to!.name}`)).toEqual(['44:self.count->Env.count']);
  });
});
