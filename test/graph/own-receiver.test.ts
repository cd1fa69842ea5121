// Calls on the caller's own instance (`self.m()`, `this.m()`, `super().m()`) of a method its class
// hierarchy does not define: a library base's, or an override in a subclass — never a possible
// caller of an unrelated class's method of the same name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impact } from '../../dist/core/query/impact.js';
import { openFixture, type OpenGraph } from './helpers.js';

describe('calls on the own instance of a method the hierarchy lacks', () => {
  let project: OpenGraph;
  let ctx: { index: OpenGraph['index']; cwd: string };
  beforeAll(async () => {
    project = await openFixture('own-receiver');
    ctx = { index: project.index, cwd: project.root };
  });
  afterAll(() => project.close());

  const possible = async (name: string) => (await impact(ctx, { name, depth: 1 })).possible_callers.map((c) => `${c.function}:${c.line}`).sort();

  it('called on super or on the own instance of a class with a library base, it is the library\'s (Python, TS, Java)', async () => {
    expect(await possible('Store.__init__')).toEqual([]);
    expect(await possible('Bus.emit')).toEqual([]);
    expect(await possible('Registry.add')).toEqual([]);
    const edges = project.graph.calleesOf({ file: 'workers.py', name: 'Item.__init__' }).filter((e) => e.callee === 'super().__init__');
    expect(edges).toEqual([expect.objectContaining({ external: true })]);
  });

  it('self.m() / this.m() is a possible call of a subclass\'s method only', async () => {
    expect(await possible('Store.start')).toEqual([]);
    expect(await possible('EagerWorker.handle')).toEqual(['Dynamic.use:61', 'Worker.go:24']);
    expect(await possible('Concrete.step')).toEqual(['Template.run:48']);
    expect(await possible('BufferedChannel.flush')).toEqual(['Channel.send:17']);
    expect(await possible('Queue.flush')).toEqual([]);
    // A mixin's `self` is also an instance of the classes it is combined with (LoudPrinter(Loud, Printer)).
    expect(await possible('Printer.emit_line')).toEqual(['Loud.shout:102']);
    expect(await possible('Quiet.emit_line')).toEqual([]);
  });

  it('Java: an unqualified call is one on this, unless a static import brings the name', async () => {
    expect(await possible('Registry.add')).toEqual([]);
    const normalise = await impact(ctx, { name: 'Text.normalise', depth: 1 });
    expect(normalise.callers.map((c) => `${c.function}:${c.line}`)).toEqual(['Names.fill:11']);
  });

  it('a method of a list or a mapping is the runtime\'s, not a project method of that name', async () => {
    // Typed (`self.items: List[int]`), literal (`out = []`, `seen = {}`, `const names = []`), made
    // (`seen = dict()`) or a function's `**options`.
    expect(await possible('Batch.append')).toEqual([]);
    expect(await possible('Batch.keys')).toEqual([]);
    expect(await possible('Batch.update')).toEqual([]);
    expect(await possible('Batch.get')).toEqual([]);
    expect(await possible('Stack.push')).toEqual([]);
  });

  it('a bare call of a runtime function nothing in scope defines is the runtime\'s (Python, Go, TS)', async () => {
    expect(await possible('Store.open')).toEqual([]);
    expect(await possible('Timer.clearTimeout')).toEqual([]);
    expect(await possible('dirs.len')).toEqual([]);
    expect((await impact(ctx, { name: 'dirs.len', depth: 1 })).callers.map((c) => c.function)).toEqual(['count']);
    // Where the name is the project's, it is that: a local closure, a module's own function.
    expect(await possible('pipe.close')).toEqual([]);
    expect(project.graph.calleesOf({ file: 'dirs.go', name: 'count' }).filter((e) => e.callee === 'close')).toEqual([expect.not.objectContaining({ external: true })]);
    expect((await impact(ctx, { name: 'format', depth: 1, file: 'shadow.py' })).callers.map((c) => c.function)).toEqual(['show']);
  });

  it('a name the hierarchy may hold otherwise stays a possible call of every definition', async () => {
    // An attribute (`self.on_done = …`) may hold any function; `__getattr__` answers any name.
    expect(await possible('on_done')).toEqual(['Labelled.finish:43']);
    expect(await possible('Store.handle')).toEqual(['Dynamic.use:61']);
  });
});
