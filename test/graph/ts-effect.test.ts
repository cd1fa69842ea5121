// Calls through effect's style of API (effect 4, no semicolons): functions are consts typed by
// call signatures, data types extend one Pipeable interface, and a name is often both a type and a
// value. A call of `pipe` on any of them is a call of the Pipeable family (see the fixture).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directCallers } from '../../dist/core/graph/callers.js';
import { openFixture, targetOf, type OpenGraph } from './helpers.js';

describe('effect-style TypeScript', () => {
  let project: OpenGraph;
  beforeAll(async () => {
    project = await openFixture('ts-effect');
  });
  afterAll(() => project.close());

  const file = 'src/program.ts';
  const pipeCallers = () => directCallers(project.graph, { file: 'src/response.ts', name: 'Response.pipe' }, false, 'family')
    .map(({ edge }) => `${edge.from.file}:${edge.line}`).sort();

  it('a const typed by call signatures (generic, documented one by one) returns what they return', () => {
    expect(targetOf(project.graph, file, 'Effect.flatMap(start, () => start).pipe')).toBe('src/pipeable.ts#Pipeable.pipe');
    expect(targetOf(project.graph, file, 'Effect.suspend(() => start).pipe')).toBe('src/pipeable.ts#Pipeable.pipe');
  });

  it('a function defined after an arity (dual) is called as its constant\'s declared type says, not as its implementation returns', () => {
    expect(targetOf(project.graph, file, 'Effect.getDescription(annotated).pipe')).toBe('src/pipeable.ts#Pipeable.pipe');
  });

  it('a callee too long to keep whole is kept without its calls\' arguments', () => {
    expect(targetOf(project.graph, file, 'Effect.gen().pipe')).toBe('src/pipeable.ts#Pipeable.pipe');
  });

  it('the parameters of a function type bind no name around it', () => {
    expect(project.graph.record('src/layer.ts')!.bindings.filter((b) => b.name === 'effect').map((b) => b.line)).toEqual([8]);
    expect(targetOf(project.graph, file, 'Layer.effect("tag", "effect").pipe')).toBe('src/pipeable.ts#Pipeable.pipe');
  });

  it('in TypeScript `self` is an ordinary name', () => {
    expect(targetOf(project.graph, file, 'self.pipe')).toBe('src/pipeable.ts#Pipeable.pipe');
  });

  it('a name both an interface and a const is the const where it is read as a value', () => {
    const [edge] = project.graph.fileGraph(file)!.edges.filter((e) => e.callee === 'Schema.String.pipe');
    expect(edge.to?.name).toBe('Pipeable.pipe');
    expect(edge.bound).toBeUndefined();
  });

  it('a function a const declares the type of returns what that type says; in a type its name is the interface of that name; a conditional type is one of its branches', () => {
    expect(targetOf(project.graph, file, 'Schema.Class<number>("Made")({}).pipe')).toBe('src/pipeable.ts#Pipeable.pipe');
  });

  it('a class whose base is made by a call has the static members of what the call returns, its subclasses too', () => {
    expect(project.graph.record('src/classes.ts')!.classes.find((c) => c.name === 'Icon')!.bases).toEqual(['Schema.Class<Icon>()()']);
    expect(targetOf(project.graph, 'src/classes.ts', 'Icon.make')).toBe('src/schema.ts#Class.make');
    expect(targetOf(project.graph, 'src/classes.ts', 'Favicon.make')).toBe('src/schema.ts#Class.make');
  });

  it('a member of an object literal under a computed key is one of its methods: `this` there is the object', () => {
    expect(targetOf(project.graph, 'src/proto.ts', 'this.toJSON')).toBe('src/proto.ts#Proto.toJSON');
  });

  it('a method returning `this` or `this["K"]` returns the instance it is called on or that member of it', () => {
    expect(targetOf(project.graph, 'src/builder.ts', 'named.annotate("x").pipe')).toBe('src/pipeable.ts#Pipeable.pipe');
    expect(targetOf(project.graph, 'src/builder.ts', 'named.touch().pipe')).toBe('src/pipeable.ts#Pipeable.pipe');
  });

  it('every one of those calls reaches a class implementing Pipeable', () => {
    expect(pipeCallers()).toEqual(['src/builder.ts:16', 'src/builder.ts:17', ...[7, 8, 14, 15, 16, 17, 18, 19].map((line) => `${file}:${line}`)].sort());
  });
});
