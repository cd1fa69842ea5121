// JavaScript typed with JSDoc (core/extract/jsdoc-types.ts): the TypeScript service reads
// `@param`, `@return` and `@type` as annotations in JavaScript files, and so does call resolution.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeScriptType } from '../../dist/core/extract/jsdoc-types.js';
import { directCallers } from '../../dist/core/graph/callers.js';
import { edgesFrom, openFixture, targetOf, type OpenGraph } from './helpers.js';

describe('JavaScript typed with JSDoc', () => {
  let project: OpenGraph;
  beforeAll(async () => {
    project = await openFixture('js-jsdoc');
  });
  afterAll(() => project.close());

  const file = 'src/item.js';
  const targets = (callee: string, caller: string) =>
    edgesFrom(project.graph, file, callee, caller).map((e) => (e.to ? `${e.to.file}#${e.to.name}` : 'unresolved')).sort();

  it('@param types a parameter (an arrow\'s one unparenthesised parameter too); @type on this.x declares the field, whatever else is assigned', () => {
    expect(targetOf(project.graph, file, 'tr.commit', 'Item.delete')).toBe(`${file}#Transaction.commit`);
    // gc() assigns a ContentDeleted, but the field is declared an AbstractContent.
    expect(targetOf(project.graph, file, 'item.content.getContent', 'contentOf')).toBe('src/content.js#AbstractContent.getContent');
  });

  it('a parameter typed where it is written is that type in its function, a callback or a definition (less\'s function (/** @type {Node} */ rule))', () => {
    const inline = 'src/inline-params.js';
    expect(targetOf(project.graph, inline, 'rule.commit', 'evalRules')).toBe(`${file}#Transaction.commit`);
    expect(targetOf(project.graph, inline, 'each.commit', 'evalRules')).toBe(`${inline}#Rule.commit`);
    expect(targetOf(project.graph, inline, 'rule.commit', 'typedOwn')).toBe(`${inline}#Rule.commit`);
    expect(targetOf(project.graph, inline, 'rule.commit', 'untyped')).not.toBe(`${inline}#Rule.commit`);
  });

  it('a @typedef of an import type is a type importers name too, and a name a CommonJS module does not export is a property of its value (webpack\'s PrintContext)', () => {
    expect(targetOf(project.graph, 'src/syntax-printer.cjs', '(writer as SyntaxPrintContext).get', 'print')).toBe('src/source-processor.cjs#PrintContext.get');
  });

  it('an import type written import (…) is one; a destructured parameter\'s default construction types it (undici)', () => {
    expect(targetOf(project.graph, file, 'content.getContent', 'spacedImport')).toBe('src/content.js#AbstractContent.getContent');
    expect(targetOf(project.graph, file, 'tr.commit', 'withDefault')).toBe(`${file}#Transaction.commit`);
  });

  it('an object literal exported as default holds the names it lists and its methods (axios\'s utils)', () => {
    const use = 'src/use-utils.js';
    expect(targetOf(project.graph, use, 'utils.forEach', 'check')).toBe('src/utils.js#each');
    expect(targetOf(project.graph, use, 'utils.merge', 'check')).toBe('src/utils.js#merge');
    expect(edgesFrom(project.graph, use, 'utils.isPlain', 'check').map((e) => e.to?.name)).toEqual(['isPlain', 'isPlain']);
  });

  it('@type on a private field types it (undici\'s /** @type {DispatchHandler} */ #handler)', () => {
    expect(targetOf(project.graph, file, 'this.#current.commit', 'Journal.close')).toBe(`${file}#Transaction.commit`);
  });

  it('an import type names a declaration file\'s namespace member (import("./d.ts").default.DispatchHandler), in @type and @typedef; @implements makes the class implement it (undici)', () => {
    const handler = 'src/handler.js';
    expect(targetOf(project.graph, handler, 'this.#next.onError', 'LoggingHandler.onError')).toBe('src/types/dispatcher.d.ts#DispatchHandler.onError');
    expect(project.graph.record(handler)!.classes.find((cls) => cls.name === 'LoggingHandler')!.bases).toEqual(['DispatchHandler']);
    const callers = directCallers(project.graph, { file: handler, name: 'LoggingHandler.onError' }, false, 'family').map(({ edge }) => `${edge.from.file}:${edge.line}`);
    expect(callers).toEqual([`${handler}:20`]);
  });

  it('a cast types the name it initialises; @type on a field assigned null gives its later reads a type', () => {
    expect(targetOf(project.graph, file, 'n.delete', 'walk')).toBe(`${file}#Item.delete`);
  });

  it('a cast value is what a call on it is made on', () => {
    expect(targetOf(project.graph, file, '(raw as Transaction).commit', 'commitRaw')).toBe(`${file}#Transaction.commit`);
  });

  it('a name declared an instance but initialised by a call of a function literal (read as its definition) holds the instance', () => {
    expect(targetOf(project.graph, file, 'shared.commit', 'commitShared')).toBe(`${file}#Transaction.commit`);
  });

  it('a constrained @template parameter (the function\'s or its class\'s) stands for its constraint', () => {
    expect(targetOf(project.graph, file, 'this.value.commit', 'Holder.commitHeld')).toBe(`${file}#Transaction.commit`);
    expect(targetOf(project.graph, file, 'item.delete', 'deleteAny')).toBe(`${file}#Item.delete`);
  });

  it('a Closure function type types the callback passed for it', () => {
    expect(targetOf(project.graph, file, 'tr.commit', 'commitEach')).toBe(`${file}#Transaction.commit`);
  });

  it('new through `typeof A | typeof B` makes either', () => {
    expect(targets('new Kind(\'x\').getContent', 'make')).toEqual(['src/content.js#ContentDeleted.getContent', 'src/content.js#ContentString.getContent']);
  });

  it('instanceof narrows in a ternary\'s first branch only', () => {
    expect(targetOf(project.graph, file, 'either.delete', 'drop')).toBe(`${file}#Item.delete`);
    expect(targetOf(project.graph, file, 'either.commit', 'drop')).toBe(`${file}#Transaction.commit`);
  });

  it('require() of a module that replaces its exports with a class is that class, in values and in JSDoc types', () => {
    const state = 'src/state.cjs';
    expect(targetOf(project.graph, state, 'ForkContext.newRoot', 'CodePathState.constructor')).toBe('src/fork.cjs#ForkContext.newRoot');
    expect(targetOf(project.graph, state, 'last.makeNext', 'CodePathState.pop')).toBe('src/fork.cjs#ForkContext.makeNext');
  });

  it('types imported for JSDoc only (@import, @typedef of an import type) are found', () => {
    expect(targetOf(project.graph, 'src/visitor.js', 'tx.commit', 'visit')).toBe(`${file}#Transaction.commit`);
    expect(targetOf(project.graph, 'src/visitor.js', 'item.gc', 'visit')).toBe(`${file}#Item.gc`);
  });

  it('parameters and return types carry the JSDoc types', () => {
    const record = project.graph.record(file)!;
    const contentOf = record.functions.find((fn) => fn.name === 'contentOf')!;
    expect(contentOf.params).toEqual(['item: Item']);
    expect(contentOf.return_type).toBe('Array<any>');
    const transact = record.functions.find((fn) => fn.name === 'transact')!;
    expect(transact.params).toEqual(['item: Item', 'f: ((a0: Transaction) => void)']);
  });

  it('@typedef {import("./m")} names what a CommonJS module exports as a whole; @typedef declares object types and aliases, a type parameter standing for its default; @import takes a default and named ones (webpack)', () => {
    const file = 'src/css-parser.cjs';
    expect(targetOf(project.graph, file, 'block.addDependency')).toBe('src/block.cjs#Block.addDependency');
    expect(targetOf(project.graph, file, 'state.module.addDependency')).toBe('src/block.cjs#Block.addDependency');
    expect(targetOf(project.graph, file, 'given.addDependency')).toBe('src/block.cjs#Block.addDependency');
  });

  it('a @property of a function type is a method of its @typedef: a call on a value of that type reaches it, through a generic alias and a property of the type (webpack\'s ObjectDeserializerContext)', () => {
    const file = 'src/dependency.cjs';
    const context = 'src/object-middleware.cjs#ObjectDeserializerContext.read';
    expect(targetOf(project.graph, file, 'context.read', 'Dependency.deserialize')).toBe(context);
    expect(targetOf(project.graph, file, 'c1.read', 'Dependency.deserialize')).toBe(context);
    // Each context the `rest` of the one before, ten deep (webpack's deserializers go to c15).
    expect(targetOf(project.graph, file, 'c10.read', 'Dependency.restoreAll')).toBe(context);
    const read = project.graph.record('src/object-middleware.cjs')!.classes.find((cls) => cls.name === 'ObjectDeserializerContext')!.methods;
    expect(read.map((fn) => [fn.qualified_name, fn.line, fn.params])).toEqual([
      ['ObjectDeserializerContext.read', 6, []],
      ['ObjectDeserializerContext.setCircularReference', 8, ['item: unknown']],
    ]);
  });

  it('an @import over several lines of its block imports each name; a cast on the line below `const c0 =` types c0 (prettier\'s breaks)', () => {
    const file = 'src/dependency.cjs';
    const imported = project.graph.record(file)!.imports.filter((imp) => imp.module === './object-middleware.cjs').flatMap((imp) => imp.names);
    expect(imported).toEqual(expect.arrayContaining(['Context', 'SyntaxTree']));
    expect(targetOf(project.graph, file, 'c0.read', 'Dependency.restore')).toBe('src/object-middleware.cjs#ObjectDeserializerContext.read');
  });

  it('a name typed by a typedef of an array is a list (its push the runtime\'s), not an instance of the typedef', () => {
    expect(targetOf(project.graph, 'src/dependency.cjs', 'replaces.push', 'collectReplaces')).toBe('external');
  });

  it('an import type inside a larger type names the module\'s export where the file has no such name (Pick<import("m").SyntaxTree, "field">)', () => {
    const file = 'src/dependency.cjs';
    expect(targetOf(project.graph, file, 'tree.field', 'Dependency.first')).toBe('src/object-middleware.cjs#SyntaxTree.field');
    expect(targetOf(project.graph, file, 'whole.field', 'Dependency.first')).toBe('src/object-middleware.cjs#SyntaxTree.field');
  });

  it('a parameter written as an object pattern takes the type of the @param in its position, whatever the tag names it (webpack\'s apply(dep, { moduleGraph }))', () => {
    expect(targetOf(project.graph, 'src/dependency.cjs', 'tree.field', 'Dependency.Template.apply')).toBe('src/object-middleware.cjs#SyntaxTree.field');
  });

  it('@param types the parameters of a method of an object literal passed as an argument, in that method\'s lines (webpack\'s register(Fragment, "…", { deserialize(context) {…} }))', () => {
    const file = 'src/dependency.cjs';
    const context = 'src/object-middleware.cjs#ObjectDeserializerContext.read';
    expect(targetOf(project.graph, file, 'ctx.read', '<module>')).toBe(context);
    expect(targetOf(project.graph, file, 'rest.read', '<module>')).toBe(context);
    expect(targetOf(project.graph, file, 'ctx.field', '<module>')).toBe('src/object-middleware.cjs#SyntaxTree.field');
  });

  it('Closure spellings read as TypeScript', () => {
    expect(typeScriptType('Array<function(UpdateDecoder):AbstractType<any>>')).toBe('Array<((a0: UpdateDecoder) => AbstractType<any>)>');
    expect(typeScriptType('function(function(A):B, C=):D')).toBe('((a0: ((a0: A) => B), a1: C) => D)');
    expect(typeScriptType('Array.<?Item>')).toBe('Array<Item | null>');
    expect(typeScriptType('Object.<string, number>')).toBe('Record<string, number>');
    expect(typeScriptType('function(this:Foo, ...number)')).toBe('((...a0: number[]) => void)');
    expect(typeScriptType('import("./item.js").Item')).toBe('import("./item.js").Item');
    expect(typeScriptType('import("./item.js").Item | null')).toBe('Item | null');
    expect(typeScriptType("import('./d.ts').default.Handler | undefined")).toBe("import('./d.ts').default.Handler | undefined");
    expect(typeScriptType('*')).toBe('any');
  });
});

describe('JSDoc in TypeScript', () => {
  it('is not read as types: a .ts file has its own annotations', async () => {
    const project = await openFixture('js-jsdoc');
    try {
      const untyped = project.graph.record('src/plain.ts')!.functions.find((fn) => fn.name === 'untyped')!;
      expect(untyped.params).toEqual(['item']);
      expect(untyped.return_type).toBeUndefined();
    } finally {
      await project.close();
    }
  });

});
