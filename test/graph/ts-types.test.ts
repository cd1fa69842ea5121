// TypeScript call resolution that leans on declared types: interface members declared as
// function-typed properties, override families, and the other typed facts calls are resolved
// through (see the fixture's comments).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directCallers } from '../../dist/core/graph/callers.js';
import { objectTypeMembers } from '../../dist/core/graph/type-text.js';
import { edgesFrom, openFixture, targetOf, type OpenGraph } from './helpers.js';

describe('TypeScript types in call resolution', () => {
  let project: OpenGraph;
  beforeAll(async () => {
    project = await openFixture('ts-types');
  });
  afterAll(() => project.close());

  const callerSites = (file: string, name: string, mode: 'none' | 'abstract' | 'family') =>
    directCallers(project.graph, { file, name }, false, mode).map(({ edge }) => `${edge.from.file}:${edge.line}`).sort();

  it('a callback parameter typed by a type parameter takes the type argument the declared type of the name the call initialises gives (zod\'s const $ZodURL: $constructor<$ZodURL> = $constructor(…, (inst) => …))', () => {
    const file = 'src/assembled/constructed.ts';
    expect(targetOf(project.graph, file, 'inst._zod.check', '<module>')).toBe(`${file}#CheckInternals.check`);
  });

  it('this in a method of an object literal passed as an argument is what the parameter\'s ThisType<T> says, T bound by the call\'s type arguments or the name it initialises (zod\'s ProtoOf<T>), else a value of the parameter\'s type', () => {
    const file = 'src/assembled/constructed.ts';
    const edges = project.graph.fileGraph(file)!.edges.filter((edge) => edge.callee === 'this._zod.check' || edge.callee === 'this.handled');
    expect(edges.map((edge) => `${edge.line} ${edge.to ? edge.to.name : 'unresolved'}`)).toEqual([
      '47 CheckInternals.check', '54 CheckInternals.check', '71 Listener.handled',
    ]);
  });

  it('a function assigned to a member of a typed value implements that member: calls through the type reach it (zod\'s inst._zod.check = (payload) => …)', () => {
    const file = 'src/assembled/constructed.ts';
    const overrides = project.graph.fileGraph(file)!.overrides.map((o) => `${o.method.name}->${o.overridden.name}`);
    expect(overrides).toEqual(['inst._zod.check->CheckInternals.check']);
    expect(callerSites(file, 'inst._zod.check', 'family')).toEqual([`${file}:22`, `${file}:26`, `${file}:47`, `${file}:54`]);
    expect(callerSites(file, 'inst._zod.check', 'none')).toEqual([]);
  });

  it('a function-typed interface property is a method declaration that calls resolve to and classes implement', () => {
    expect(targetOf(project.graph, 'src/feed.ts', 'observer.next')).toBe('src/observer.ts#Observer.next');
    const overrides = project.graph.fileGraph('src/observer.ts')!.overrides.map((o) => `${o.method.name}->${o.overridden.name}`);
    expect(overrides).toEqual(expect.arrayContaining(['ConsoleObserver.next->Observer.next', 'ListObserver.next->Observer.next']));
  });

  it('an interface declared in a namespace is Namespace.Interface, through a module too; classes implementing it join its family', () => {
    expect(targetOf(project.graph, 'src/namespaces.ts', 'h.handle', 'run')).toBe('src/namespaces.ts#Handler.handle');
    expect(targetOf(project.graph, 'src/namespaces.ts', 'l.lift', 'run')).toBe('src/namespaces.ts#Lid.lift');
    expect(targetOf(project.graph, 'src/use-namespaces.ts', 'h.handle', 'go')).toBe('src/namespaces.ts#Handler.handle');
    expect(callerSites('src/use-namespaces.ts', 'Impl.handle', 'family')).toEqual(['src/namespaces.ts:17', 'src/use-namespaces.ts:10']);
    expect(callerSites('src/use-namespaces.ts', 'Lid.lift', 'family')).toEqual(['src/namespaces.ts:18']);
  });

  it('a class named exactly still dispatches a method it has only as an interface declaration (effect\'s String$.pipe)', () => {
    expect(targetOf(project.graph, 'src/pipeable.ts', 'Text.pipe', 'lower')).toBe('src/pipeable.ts#Pipeable.pipe');
    expect(callerSites('src/pipeable.ts', 'Summary.pipe', 'family')).toEqual(['src/pipeable.ts:22']);
  });

  it('a function nested in a function merged with an interface is named as a local, not as the interface\'s member (zod\'s $constructor.init)', () => {
    const file = 'src/merged.ts';
    expect(targetOf(project.graph, file, 'init', '$constructor._')).toBe(`${file}#$constructor.<locals>.init`);
    expect(targetOf(project.graph, file, '$ZodError.init', 'use')).toBe(`${file}#$constructor.init`);
    expect(callerSites(file, '$constructor.<locals>.init', 'family')).toEqual([`${file}:12`]);
    expect(callerSites(file, '$constructor.init', 'family')).toEqual([`${file}:20`]);
  });

  it('the override family of a method includes its siblings under a shared interface method', () => {
    expect(callerSites('src/observer.ts', 'ConsoleObserver.next', 'family')).toEqual(['src/feed.ts:4', 'src/feed.ts:8', 'src/socket.ts:13', 'src/union.ts:28']);
    expect(callerSites('src/observer.ts', 'ConsoleObserver.next', 'abstract')).toEqual(['src/feed.ts:4', 'src/socket.ts:13', 'src/union.ts:28']);
    expect(callerSites('src/observer.ts', 'ConsoleObserver.next', 'none')).toEqual([]);
    expect(callerSites('src/observer.ts', 'ConsoleObserver.complete', 'family')).toEqual(['src/feed.ts:9', 'src/socket.ts:12', 'src/union.ts:31']);
  });

  it('an arrow sees the this and the locals of the method around it; a function expression has its own this', () => {
    const file = 'src/socket.ts';
    const onopen = 'Conn.open.socket.onopen';
    expect(targetOf(project.graph, file, 'this.reset', onopen)).toBe(`${file}#Conn.reset`);
    expect(targetOf(project.graph, file, 'observer.complete', onopen)).toBe('src/observer.ts#Observer.complete');
    expect(targetOf(project.graph, file, 'this.reset', 'Conn.open.socket.onclose')).toBe('unresolved');
    expect(targetOf(project.graph, file, 'this.reset', 'tick')).toBe(`${file}#Conn.reset`);
  });

  it('a field declared in a base class (a parameter property, optional too) has its declared type, whatever a subclass assigns', () => {
    expect(targetOf(project.graph, 'src/socket.ts', 'this.sink!.next')).toBe('src/observer.ts#Observer.next');
  });

  it('union and intersection types: a call may reach each option that defines the method; aliases, Partial and typeof are seen through', () => {
    const file = 'src/union.ts';
    const targets = (callee: string) => edgesFrom(project.graph, file, callee).map((e) => (e.to ? `${e.to.file}#${e.to.name}` : 'unresolved')).sort();
    expect(targets('teardown.close')).toEqual([`${file}#Closable.close`, `${file}#Pool.close`]);
    expect(targets('parents?.drain')).toEqual([`${file}#Pool.drain`]);
    expect(targets('partial.next')).toEqual(['src/observer.ts#Observer.next']);
    expect(targets('new this.ctor().drain')).toEqual([`${file}#Pool.drain`]);
  });

  it('destructured names and for-of elements take the type of what they come from', () => {
    const file = 'src/union.ts';
    expect(targetOf(project.graph, file, 'parent.drain')).toBe(`${file}#Pool.drain`);
    expect(targetOf(project.graph, file, 'list.pop()!.complete')).toBe('src/observer.ts#Observer.complete');
  });

  it('function types give their call results, object type literals their members, Map<K, V>.get its values', () => {
    const file = 'src/shapes.ts';
    expect(targetOf(project.graph, file, 'pool.drain')).toBe('src/union.ts#Pool.drain');
    expect(targetOf(project.graph, file, 'held.close')).toBe('src/union.ts#Pool.close');
    expect(targetOf(project.graph, file, 'entry?.pool.drain')).toBe('src/union.ts#Pool.drain');
  });

  it('a field constructed with type arguments (`pools = new Map<number, Pool>()`) has that type: its get and forEach give its values', () => {
    const file = 'src/registry.ts';
    expect(targetOf(project.graph, file, 'pool.drain', 'Registry.drainAll')).toBe('src/union.ts#Pool.drain');
    expect(targetOf(project.graph, file, 'pool.close', 'Registry.drainAll')).toBe('src/union.ts#Pool.close');
    expect(targetOf(project.graph, file, 'pool?.drain', 'Registry.drainOne')).toBe('src/union.ts#Pool.drain');
  });

  it("a call of a value whose interface has call signatures gives their return type, a type parameter as the heritage clause fixes it (rxjs's OperatorFunction)", () => {
    const file = 'src/callable.ts';
    expect(targetOf(project.graph, file, 'pooled<number>()(source).drain', 'drainPooled')).toBe('src/union.ts#Pool.drain');
    expect(targetOf(project.graph, file, 'op(source).close', 'drainPooled')).toBe('src/union.ts#Pool.close');
    expect(targetOf(project.graph, file, "make('a', 2).drain", 'drainPooled')).toBe('src/union.ts#Pool.drain');
  });

  it('a list literal of constructions with type arguments (`[new Subject<T>()]`) is a list of those instances: its elements have the written type', () => {
    const file = 'src/registry.ts';
    expect(targetOf(project.graph, file, 'window.get(1)?.drain', 'drainWindows')).toBe('src/union.ts#Pool.drain');
    expect(targetOf(project.graph, file, 'windows.shift()!.get(2)?.close', 'drainWindows')).toBe('src/union.ts#Pool.close');
  });

  it('names destructured from a call are the items of its declared tuple (named members too), in a for loop\'s initialiser as well', () => {
    const file = 'src/tuple.ts';
    expect(targetOf(project.graph, file, 'first?.is', 'common')).toBe(`${file}#Parent.is`);
    expect(targetOf(project.graph, file, 'second?.mark', 'common')).toBe(`${file}#Child.mark`);
    expect(targetOf(project.graph, file, 'parent.is', 'common')).toBe(`${file}#Parent.is`);
  });

  it('a name declared with neither a type nor a value has the type of what it is assigned (in a condition, from a ternary too); one declared with either keeps it, as in TypeScript', () => {
    const file = 'src/assigned.ts';
    expect(targetOf(project.graph, file, 'next.slice')).toBe(`${file}#NodeView.slice`);
    expect(targetOf(project.graph, file, 'inCondition.slice')).toBe(`${file}#NodeView.slice`);
    expect(targetOf(project.graph, file, 'declared.mark')).toBe(`${file}#MarkView.mark`);
    expect(targetOf(project.graph, file, 'initialised.mark')).toBe(`${file}#MarkView.mark`);
    // An assignment of an unknown value leaves the name what it held.
    expect(targetOf(project.graph, file, 'later.mark')).toBe(`${file}#MarkView.mark`);
  });

  it('a call of an overloaded method without a return type of its own gives what its overloads declare', () => {
    const file = 'src/assigned.ts';
    expect(targetOf(project.graph, file, 'found?.hit')).toBe(`${file}#View.hit`);
    expect(callerSites(file, 'NodeView.slice', 'none')).toEqual([`${file}:32`, `${file}:37`, `${file}:54`]);
  });

  it('an instance field given a value in a subclass hides the base class\'s method of that name', () => {
    const file = 'src/assigned.ts';
    expect(targetOf(project.graph, file, 'stub.hit')).toBe('unresolved');
    expect(targetOf(project.graph, file, 'stub.find')).toBe(`${file}#View.find`);
    // A field that only declares a type is the method still.
    expect(targetOf(project.graph, file, 'view.hit', 'typedOnly')).toBe(`${file}#View.hit`);
  });

  it('a class read as a value through a module namespace is among its callers, with its instantiations', () => {
    const sites = directCallers(project.graph, { file: 'src/tags.ts', name: 'Generator' }, true).map(({ edge }) => `${edge.from.file}:${edge.line}${edge.reference ? ' read' : ''}`).sort();
    expect(sites).toEqual(['src/tags.ts:4', 'src/use-tags.ts:6 read', 'src/use-tags.ts:7', 'src/use-tags.ts:8 read']);
    expect(targetOf(project.graph, 'src/use-tags.ts', 'Tags.Generator.of')).toBe('src/tags.ts#Generator.of');
  });

  it('a cast to a union of classes reaches the method of each', () => {
    const file = 'src/assigned.ts';
    expect(callerSites(file, 'MarkView.slice', 'none')).toEqual([`${file}:54`]);
  });

  it('an object literal bound to a name: calls reach its members, which implement its declared type', () => {
    const file = 'src/provider.ts';
    expect(targetOf(project.graph, file, 'timers.schedule')).toBe(`${file}#timers.schedule`);
    expect(targetOf(project.graph, file, 'clock.now')).toBe(`${file}#clock.now`);
    expect(targetOf(project.graph, file, 'local.twice')).toBe(`${file}#stamp.local.twice`);
    expect(targetOf(project.graph, file, 'source.now')).toBe(`${file}#Clock.now`);
    expect(targetOf(project.graph, file, 'this.base')).toBe(`${file}#counter.base`);
    const overrides = project.graph.fileGraph(file)!.overrides.map((o) => `${o.method.name}->${o.overridden.name}`).sort();
    expect(overrides).toEqual(['clock.now->Clock.now', 'timers.schedule->TimerProvider.schedule']);
    expect(callerSites(file, 'clock.now', 'family')).toEqual([`${file}:24`, `${file}:27`]);
  });

  it('this inside a callback function literal is its own: declared, or from the function type it is passed as; unknown otherwise', () => {
    const file = 'src/schedule.ts';
    const byLine = Object.fromEntries(edgesFrom(project.graph, file, 'this.stop').map((e) => [e.line, e.to ? e.to.name : 'unresolved']));
    expect(byLine).toEqual({ 21: 'Action.stop', 24: 'unresolved', 27: 'Runner.stop' });
    expect(targetOf(project.graph, file, 'this.schedule')).toBe(`${file}#Action.schedule`);
    expect(targetOf(project.graph, file, 'self.stop')).toBe(`${file}#Runner.stop`);
  });

  it('new through a value typed `typeof C` reaches C\'s constructor without claiming C is what is created', () => {
    const [created] = edgesFrom(project.graph, 'src/schedule.ts', 'this.ctor');
    expect(created.to).toEqual({ file: 'src/schedule.ts', name: 'Action.constructor' });
    expect(created.instantiates).toBeUndefined();
    expect(targetOf(project.graph, 'src/schedule.ts', 'new this.ctor(() => {}).stop')).toBe('src/schedule.ts#Action.stop');
  });

  it('instanceof narrows a name within its branch only', () => {
    const file = 'src/narrow.ts';
    const byLine = (line: number) => edgesFrom(project.graph, file, 'target.drain').filter((e) => e.line === line).map((e) => `${e.to!.file}#${e.to!.name}`).sort();
    expect(byLine(9)).toEqual(['src/union.ts#Pool.drain']);
    expect(byLine(11)).toEqual([`${file}#Other.drain`, 'src/union.ts#Pool.drain']);
  });

  it('an initialiser with alternatives (||, ??, ?:) gives one of their values; destructuring with a default keeps the type', () => {
    const file = 'src/either.ts';
    const targets = (callee: string) => edgesFrom(project.graph, file, callee).map((e) => `${e.to!.file}#${e.to!.name}`).sort();
    expect(targets('chosen.drain')).toEqual(['src/union.ts#Pool.drain']);
    expect(targets('any.drain')).toEqual(['src/narrow.ts#Other.drain', 'src/union.ts#Pool.drain']);
    expect(targets('last?.drain')).toEqual(['src/narrow.ts#Other.drain', 'src/union.ts#Pool.drain']);
  });

  it('a receiver written as alternatives, (a || b).m() or (a ?? b).m(), is any of them tldr knows', () => {
    const file = 'src/either.ts';
    const targets = (callee: string) => edgesFrom(project.graph, file, callee).map((e) => (e.to ? `${e.to.file}#${e.to.name}` : 'unresolved')).sort();
    expect(targets('(primary || other).drain')).toEqual(['src/narrow.ts#Other.drain', 'src/union.ts#Pool.drain']);
    expect(targets('(options.fallback ?? Date).drain')).toEqual(['src/union.ts#Pool.drain']);
  });

  it('a cast declares a binding\'s type; implementing Omit<T, K> implements T\'s other members', () => {
    const file = 'src/casts.ts';
    expect(targetOf(project.graph, file, 'pool?.drain', 'drainLater')).toBe('src/union.ts#Pool.drain');
    expect(targetOf(project.graph, file, 'this.#provider.start')).toBe(`${file}#Provider.start`);
    expect(callerSites(file, 'Manager.start', 'family')).toEqual([`${file}:13`]);
  });

  it('an untyped parameter\'s default construction types it', () => {
    expect(targetOf(project.graph, 'src/casts.ts', 'pool.drain', 'drainDefault')).toBe('src/union.ts#Pool.drain');
  });

  it('a Record\'s elements and properties are its values, through Partial', () => {
    const file = 'src/casts.ts';
    expect(targetOf(project.graph, file, 'pool?.drain', 'Registry.drainOne')).toBe('src/union.ts#Pool.drain');
    expect(targetOf(project.graph, file, 'this.pools.main?.close')).toBe('src/union.ts#Pool.close');
  });

  it('in a class field\'s initializer this is the instance (the class for a static field) and its local functions are found by name', () => {
    const file = 'src/virtualizer.ts';
    expect(targetOf(project.graph, file, 'this.notify', 'Virtualizer.observer.get')).toBe(`${file}#Virtualizer.notify`);
    expect(targetOf(project.graph, file, 'this.resizeItem', 'Virtualizer.observer.measureEntry')).toBe(`${file}#Virtualizer.resizeItem`);
    expect(targetOf(project.graph, file, 'get', 'Virtualizer.observer')).toBe(`${file}#Virtualizer.observer.get`);
    expect(targetOf(project.graph, file, 'this.notify', 'Virtualizer.handlers')).toBe(`${file}#Virtualizer.notify`);
    expect(targetOf(project.graph, file, 'this.create', 'Virtualizer.registry.make')).toBe(`${file}#Virtualizer.create`);
  });

  it('a type parameter is what the heritage between classes gives it, else its constraint (zod: this._def.innerType, schema: S)', () => {
    expect(targetOf(project.graph, 'src/schema.ts', 'this._def.innerType._parse')).toBe('src/schema.ts#ZodType._parse');
    expect(targetOf(project.graph, 'src/schema.ts', 'schema._parse')).toBe('src/schema.ts#ZodType._parse');
  });

  it('a type guard narrows its argument in the branch, and after an early return when it failed', () => {
    const both = edgesFrom(project.graph, 'src/schema.ts', 'value.describe').map((e) => (e.to ? `${e.to.file}#${e.to.name}` : 'unresolved'));
    expect(both).toEqual(['src/schema.ts#ZodString.describe', 'src/schema.ts#ZodString.describe']);
    expect(targetOf(project.graph, 'src/schema.ts', 'other.describe')).toBe('src/schema.ts#ZodString.describe');
    // A guard declared by a type assertion on a variable (mobx's isObservableMap).
    expect(targetOf(project.graph, 'src/schema.ts', 'value._parse')).toBe('src/schema.ts#ZodOptional._parse');
  });

  it('a type guard narrows in what follows its && or || and in a ternary\'s first branch; either of two guards (passed in an if, failed before a return) leaves either type', () => {
    const file = 'src/guards.ts';
    const style = `${file}#TextNode.getStyle`;
    expect(targetOf(project.graph, file, 'node.getStyle', 'styleOf')).toBe(style);
    expect(targetOf(project.graph, file, 'node.getStyle', 'styleOrEmpty')).toBe(style);
    expect(targetOf(project.graph, file, 'node.getStyle', 'skipStyle')).toBe(style);
    // Inside an if's condition the narrowing also holds through the branch.
    expect(edgesFrom(project.graph, file, 'parent.getStyle', 'parentStyle').map((e) => e.to && `${e.to.file}#${e.to.name}`)).toEqual([style, style]);
    const toggled = edgesFrom(project.graph, file, 'node.toggleFormat', 'bold').map((e) => (e.to ? `${e.to.file}#${e.to.name}` : 'unresolved')).sort();
    expect(toggled).toEqual([`${file}#Formattable.toggleFormat`, `${file}#TextNode.toggleFormat`]);
    // A guard's binding names the guard (and a second one) and declares no type of its own.
    const guards = project.graph.record(file)!.bindings.filter((b) => b.guard !== undefined);
    expect(guards.length).toBeGreaterThan(4);
    expect(guards.filter((b) => b.type !== undefined)).toEqual([]);
    expect(guards.filter((b) => b.or_guard !== undefined).map((b) => `${b.scope}:${b.guard}|${b.or_guard}`)).toEqual(['bold:$isTextNode|$isFormattable', 'boldEither:$isTextNode|$isFormattable']);
    const either = edgesFrom(project.graph, file, 'node.toggleFormat', 'boldEither').map((e) => (e.to ? `${e.to.file}#${e.to.name}` : 'unresolved')).sort();
    expect(either).toEqual([`${file}#Formattable.toggleFormat`, `${file}#TextNode.toggleFormat`]);
  });

  it('a member declared under a computed key is what indexing with that key gives (mobx obj[$mobx])', () => {
    expect(targetOf(project.graph, 'src/schema.ts', '(thing as HasAdministration)[$admin].describe')).toBe('src/schema.ts#ZodString.describe');
  });

  it('readonly parameter properties are fields; an object type in a method signature adds none (prosemirror-model)', () => {
    expect(targetOf(project.graph, 'src/nodes.ts', 'this.type.compatibleContent')).toBe('src/nodes.ts#NodeType.compatibleContent');
    expect(targetOf(project.graph, 'src/nodes.ts', 'this.marks[0].isInSet')).toBe('src/nodes.ts#Mark.isInSet');
    expect(targetOf(project.graph, 'src/nodes.ts', 'this.place.locate')).toBe('unresolved');
  });

  it('an element of an array of a parenthesised union is any of its options (prosemirror-transform)', () => {
    const applied = edgesFrom(project.graph, 'src/nodes.ts', 'step.apply').map((e) => e.to?.name).sort();
    expect(applied).toEqual(['AddMarkStep.apply', 'RemoveMarkStep.apply']);
  });

  it('an undeclared return type is what the function returns, not what a callback in it returns (prosemirror-model)', () => {
    expect(targetOf(project.graph, 'src/nodes.ts', 'parent.sameMarkup')).toBe('src/nodes.ts#PmNode.sameMarkup');
    expect(targetOf(project.graph, 'src/nodes.ts', 'this.visit().compatibleContent')).toBe('unresolved');
  });

  it('an element of an array literal is any of its items, in a callback and in for…of (tiptap)', () => {
    const targets = (callee: string) => edgesFrom(project.graph, 'src/kinds.ts', callee).map((e) => e.to?.name).sort();
    expect(targets('Extendable.create')).toEqual(['Extension.create', 'Mark.create']);
    expect(targets('Kind.create')).toEqual(['Extension.create', 'Mark.create']);
  });

  it('a function stored in an object of a declared type takes its parameters\' types from it (prosemirror-view)', () => {
    const file = 'src/handlers.ts';
    expect(targetOf(project.graph, file, 'view.focus')).toBe(`${file}#EditorView.focus`);
    expect(targetOf(project.graph, file, 'target.focus')).toBe(`${file}#EditorView.focus`);
    expect(targetOf(project.graph, file, 'other.blur')).toBe(`${file}#EditorView.blur`);
    expect(targetOf(project.graph, file, 'view.blur')).toBe('unresolved');
    expect(targetOf(project.graph, file, 'joined.focus', 'both.run')).toBe(`${file}#EditorView.focus`);
    expect(targetOf(project.graph, file, 'gone.blur')).toBe(`${file}#EditorView.blur`);
  });

  it('untyped parameters of a function take the types the declared type of where it is stored gives (a const, a class field, an object argument)', () => {
    const file = 'src/contextual.ts';
    expect(targetOf(project.graph, file, 'socket.respondWith', 'handle')).toBe(`${file}#Socket.respondWith`);
    expect(targetOf(project.graph, file, 'given.passthrough', 'onRequest')).toBe(`${file}#Socket.passthrough`);
    expect(targetOf(project.graph, file, 'socket.respondWith', 'Interceptor.onRequest')).toBe(`${file}#Socket.respondWith`);
    expect(targetOf(project.graph, file, 'sock.respondWith')).toBe(`${file}#Socket.respondWith`);
    expect(targetOf(project.graph, file, 'other.passthrough')).toBe(`${file}#Socket.passthrough`);
    expect(targetOf(project.graph, file, 'socket.respondWith', 'extractors.assets')).toBe(`${file}#Socket.respondWith`);
  });

  it('Object.values of a Record or an index signature gives its values; of an object of unknown shape nothing (apollo-server)', () => {
    const file = 'src/values.ts';
    expect(targetOf(project.graph, file, 'stats.flush')).toBe(`${file}#Stats.flush`);
    expect(targetOf(project.graph, file, 'other.flush')).toBe(`${file}#Stats.flush`);
    expect(targetOf(project.graph, file, 'unknown.flush')).toBe('unresolved');
  });

  it('a call of a returned function literal gives what its body gives, a returned object literal\'s properties what they hold; a long conditional return type its branches\' class (blocknote)', () => {
    const file = 'src/closures.ts';
    const targets = (callee: string) => edgesFrom(project.graph, file, callee).map((e) => (e.to ? `${e.to.file}#${e.to.name}` : 'unresolved'));
    expect(targets('getEditor().mount')).toEqual([`${file}#Editor.mount`]);
    expect(targets("setupWithDocument()('doc').mount")).toEqual([`${file}#Editor.mount`]);
    expect(targets('getterOf(new Editor())().unmount')).toEqual([`${file}#Editor.unmount`]);
    expect(targets('Editor.create({ schema: 1 }).unmount')).toEqual([`${file}#Editor.unmount`]);
    expect(targets('made.unmount')).toEqual([`${file}#Editor.unmount`]);
    expect(targets('instance.mount')).toEqual([`${file}#Editor.mount`]);
    expect(targets('collab.editor.mount')).toEqual([`${file}#Editor.mount`]);
    expect(targets('built.unmount')).toEqual([`${file}#Editor.unmount`]);
    expect(targets('useEditor().current.mount')).toEqual([`${file}#Editor.mount`]);
    expect(targets('collab.label.trim')).toEqual(['unresolved']);
    expect(targets('subscribe')).toEqual(['unresolved']);
  });

  it('awaiting a promise gives what it resolves to: a declared Promise<T>, a constructed one, an async function\'s returns, .then, (await f()).m(), names destructured from it or from Promise.all, for await (livekit-client)', () => {
    const file = 'src/promises.ts';
    const reader = `${file}#Reader.readAll`;
    for (const callee of ['loaded.readAll', 'waited.readAll', 'again.readAll', '(await store.pending()).readAll', 'given.readAll']) {
      expect(targetOf(project.graph, file, callee), callee).toBe(reader);
    }
    for (const callee of ['first.readAll', 'second.readAll', 'paired.readAll', 'data.readAll', 'renamed.readAll', 'streamed.readAll']) {
      expect(targetOf(project.graph, file, callee), callee).toBe(reader);
    }
    expect(targetOf(project.graph, file, 'unawaited.readAll')).toBe('external');
    // Promise<number> awaited is a number: a method of Number's, no project method of its name.
    expect(targetOf(project.graph, file, 'total.readAll')).toBe('external');
  });

  it('static methods answer calls on the class, the others calls on instances; a static method overrides no library method (msw HttpResponse)', () => {
    const file = 'src/statics.ts';
    expect(targetOf(project.graph, file, 'Reply.text')).toBe(`${file}#Reply.text`);
    expect(targetOf(project.graph, file, 'reply.text')).toBe(`${file}#Message.text`);
    expect(targetOf(project.graph, file, 'super.create')).toBe(`${file}#Message.create`);
    expect(callerSites(file, 'Page.json', 'family')).toEqual([]);
  });

  it('a static and an instance method of one name are two definitions, the instance one named Class.prototype.m (Lexical getType)', () => {
    const file = 'src/sides.ts';
    const methods = project.graph.record(file)!.classes.flatMap((cls) => cls.methods.map((m) => `${m.qualified_name}${m.modifiers?.includes('static') ? ' static' : ''}`));
    expect(methods).toEqual([
      'Shape.getType static', 'Shape.prototype.getType',
      'Circle.getType static', 'Circle.prototype.getType', 'Circle.radius', 'Circle.radius', 'Circle.area',
    ]);
    expect(targetOf(project.graph, file, 'Shape.getType')).toBe(`${file}#Shape.getType`);
    expect(targetOf(project.graph, file, 'shape.getType')).toBe(`${file}#Shape.prototype.getType`);
    expect(callerSites(file, 'Shape.getType', 'family')).toEqual([`${file}:9`]);
    expect(callerSites(file, 'Shape.prototype.getType', 'family')).toEqual([`${file}:36`]);
    expect(callerSites(file, 'Circle.prototype.getType', 'family')).toEqual([`${file}:36`]);
    expect(callerSites(file, 'Circle.getType', 'family')).toEqual([`${file}:19`]);
  });

  it('definitions of one name in different test callbacks are each their own, named after their line (msw frame tests)', () => {
    const file = 'src/frames/frame-tests.ts';
    const record = project.graph.record(file)!;
    expect(record.classes.map((cls) => cls.qualified_name)).toEqual(['NetworkFrame', 'Frame@11', 'Frame@19']);
    expect(record.classes.flatMap((cls) => cls.methods.map((m) => m.qualified_name))).toEqual(['NetworkFrame.respondWith', 'Frame@11.respondWith', 'Frame@19.passthrough']);
    expect(record.functions.filter((fn) => fn.name === 'pick').map((fn) => `${fn.qualified_name}:${fn.overloads?.length ?? 0}`)).toEqual(['pick:2']);
    const made = (name: string) => directCallers(project.graph, { file, name }, true, 'family').map(({ edge }) => edge.line);
    expect(made('Frame@11')).toEqual([14]);
    expect(made('Frame@19')).toEqual([22]);
    expect(targetOf(project.graph, file, 'frame.passthrough')).toBe(`${file}#Frame@19.passthrough`);
    // A function declaration is hoisted: called above it in its callback, it is that callback's.
    expect(callerSites(file, 'step@28', 'family')).toEqual([`${file}:27`]);
    expect(callerSites(file, 'step@35', 'family')).toEqual([`${file}:34`]);
  });

  it('a call through a web platform type reaches, by family, the overrides in classes extending it or the types it extends (mswjs-interceptors)', () => {
    const file = 'src/events.ts';
    expect(callerSites(file, 'Transport.addEventListener', 'family')).toEqual([`${file}:16`]);
    expect(callerSites(file, 'CancelableMessageEvent.preventDefault', 'family')).toEqual([`${file}:17`, `${file}:18`, `${file}:19`]);
    expect(callerSites(file, 'CancelableMessageEvent.preventDefault', 'none')).toEqual([]);
    // Request and Response share Body's json, each declares its own clone.
    expect(callerSites(file, 'Fetched.clone', 'family')).toEqual([`${file}:35`]);
    expect(callerSites(file, 'Fetched.json', 'family')).toEqual([`${file}:34`]);
  });

  it('a method returning this without a declared type gives the instance: chained calls resolve (kafkajs Encoder); a bound function gives what the function gives (temporal)', () => {
    const file = 'src/builder.ts';
    expect(targetOf(project.graph, file, 'new Encoder().writeInt(1).writeString')).toBe(`${file}#Encoder.writeString`);
    expect(targetOf(project.graph, file, 'encoder.writeInt')).toBe(`${file}#Encoder.writeInt`);
    // At module level, a later callback's parameter of the same name is no binding in force.
    expect(targetOf(project.graph, 'src/suite.ts', 'encoder.writeInt')).toBe(`${file}#Encoder.writeInt`);
  });

  it('this.m() of an inherited method reaches overrides in subclasses of the caller\'s class, not a sibling\'s (discord.js managers)', () => {
    const file = 'src/managers.ts';
    expect(callerSites(file, 'Manager.resolveId', 'family')).toEqual([`${file}:11`]);
    expect(callerSites(file, 'GuildCommandManager.resolveId', 'family')).toEqual([`${file}:11`]);
    expect(callerSites(file, 'PresenceManager.resolveId', 'family')).toEqual([]);
  });

  it('an object type written one member a line without separators has each of its members', () => {
    expect(objectTypeMembers('{ id: string socket: Socket reply(body: string): void readonly next?: () => void }')).toEqual(
      new Map([['id', 'string'], ['socket', 'Socket'], ['reply', '(body: string) => void'], ['next', '() => void']]),
    );
    expect(objectTypeMembers('{ kind: A extends B ? C : D; load: typeof import(\'./x\') }')).toEqual(
      new Map([['kind', 'A extends B ? C : D'], ['load', "typeof import('./x')"]]),
    );
  });

  it('a name destructured from a typed parameter has the type of that member (ajv)', () => {
    const file = 'src/handlers.ts';
    expect(targetOf(project.graph, file, 'editor.focus', 'destructured')).toBe(`${file}#EditorView.focus`);
    expect(targetOf(project.graph, file, 'renamed.blur', 'destructured')).toBe(`${file}#EditorView.blur`);
    expect(targetOf(project.graph, file, 'fallback.focus', 'destructured')).toBe(`${file}#EditorView.focus`);
    expect(targetOf(project.graph, file, 'editor.blur', 'defaulted')).toBe(`${file}#EditorView.blur`);
    expect(targetOf(project.graph, file, 'run', 'detached')).toBe('unresolved');
  });

  it('a name destructured from a call\'s result has that property\'s type (zod _processInputParams)', () => {
    expect(targetOf(project.graph, 'src/nodes.ts', 'status.dirty')).toBe('src/nodes.ts#ParseStatus.dirty');
  });

  it('a class type parameter in a method\'s return type is its constraint; an index signature types any key (zod ZodObject)', () => {
    const file = 'src/shapes-index.ts';
    expect(targetOf(project.graph, file, 'field.parse')).toBe(`${file}#Schema.parse`);
    expect(targetOf(project.graph, file, 'this.registry.named.parse')).toBe(`${file}#Schema.parse`);
  });

  it('a method declaring its this takes that type for this (chevrotain mixins)', () => {
    const file = 'src/mixins.ts';
    expect(targetOf(project.graph, file, 'this.trace')).toBe(`${file}#Tracer.trace`);
    expect(targetOf(project.graph, file, 'this.option')).toBe(`${file}#Api.option`);
  });

  it("a class's interface extending a type of modules has their functions as methods (cheerio's interface Cheerio<T> extends MethodsType)", () => {
    expect(targetOf(project.graph, 'src/wrapper/traversing.ts', 'this.toArray', 'first')).toBe('src/wrapper/traversing.ts#toArray');
    expect(targetOf(project.graph, 'src/wrapper/attributes.ts', 'this.first', 'attr')).toBe('src/wrapper/traversing.ts#first');
    expect(targetOf(project.graph, 'src/wrapper/traversing.ts', 'this.make', 'first')).toBe('src/wrapper/wrapper.ts#Wrapper.make');
  });

  it('a member written is no reference to a method, but runs an accessor\'s setter (chevrotain)', () => {
    const file = 'src/writes.ts';
    const refs = project.graph.fileGraph(file)!.edges.filter((e) => e.reference && e.from.name === 'Recorder.record').map((e) => `${e.line}:${e.to?.name}`);
    expect(refs).toEqual(['23:Recorder.actionRecord', '24:Recorder.value']);
  });

  it('a namespace\'s definitions are read as its members', () => {
    expect(targetOf(project.graph, 'src/schema.ts', 'errorUtil.toString')).toBe('src/schema.ts#toString');
    expect(targetOf(project.graph, 'src/schema.ts', 'errorUtil.errToObj')).toBe('src/schema.ts#errToObj');
    // Inside the namespace its members are plain names.
    expect(targetOf(project.graph, 'src/schema.ts', 'toString', 'errToObj')).toBe('src/schema.ts#toString');
  });
});
