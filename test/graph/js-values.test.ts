// What JavaScript values hold, as the TypeScript checker reads them: a module's default export that
// is a call's value or a construction (underscore's `export default shallowProperty('length')`), a
// function literal's parameter assigned in its body (underscore's `predicate = cb(predicate)`), an
// array literal (three.js's `this.planes = [p0, …]`), and objects of a declared type (preact's
// options, msw's `link: typeof createWebSocketLinkHandler`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFixture, targetOf, type OpenGraph } from './helpers.js';
import { directCallers } from '../../dist/core/graph/callers.js';

describe('what JavaScript values hold', () => {
  let js: OpenGraph;
  let ts: OpenGraph;
  beforeAll(async () => {
    js = await openFixture('js-values');
    ts = await openFixture('ts-types');
  });
  afterAll(async () => {
    await js.close();
    await ts.close();
  });

  it("a method called on a regex or string literal is the built-in type's, not a possible caller of a project method of its name", () => {
    const edges = js.graph.fileGraph('literals.js')!.edges.filter((edge) => edge.from.name === 'parts');
    expect(edges.map((edge) => `${edge.callee}:${edge.external ? edge.lib : 'unresolved'}`)).toEqual([
      '/{([^}]+)}/.test:RegExp.test', "'a,b'.split:String.split", '`${path}`.split:String.split',
    ]);
  });

  it('a method called on an array literal or on an array the runtime makes (Object.keys(h), Array.from(x)) is Array\'s; an element of a literal is not known so', () => {
    const edges = js.graph.fileGraph('literals.js')!.edges.filter((edge) => edge.from.name === 'names' && edge.callee.endsWith('.forEach'));
    expect(edges.map((edge) => `${edge.callee}:${edge.external ? edge.lib : 'unresolved'}`)).toEqual([
      "['get', 'set'].forEach:Array.forEach", 'Object.keys(headers).forEach:Array.forEach', 'Array.from(headers).forEach:Array.forEach',
      '[headers, [1]][0].forEach:unresolved',
    ]);
    // They are Array itself: a project's subclass of Array overriding forEach is not reached through them.
    const sites = directCallers(js.graph, { file: 'literals.js', name: 'List.forEach' }, false, 'family').map(({ edge }) => edge.line);
    expect(sites.filter((line) => line >= 30)).toEqual([]);
  });

  it("a function's local object that its code sets functions on is an object of those (yargs's `const self = {}; self.describe = function describe(…)`)", () => {
    const file = 'factory-object.js';
    expect(targetOf(js.graph, file, 'self.describe', 'usage.self.describe')).toBe(`${file}#usage.self.describe`);
    expect(targetOf(js.graph, file, 'self.describe', 'usage.self.help')).toBe(`${file}#usage.self.describe`);
    expect(targetOf(js.graph, file, 'self.describe', 'usage.reset')).toBe(`${file}#usage.self.describe`);
    // A local bound to another value is that value, whatever is set on it.
    expect(targetOf(js.graph, file, 'self.conflicts', 'validation')).not.toBe(`${file}#validation.self.conflicts`);
    // A local that is `this` (sinon's Sandbox): what is set on it, and this's other members.
    expect(targetOf(js.graph, file, 'sandbox.replace.apply', 'Sandbox.sandbox.inject.obj.replace')).toBe(`${file}#Sandbox.sandbox.replace`);
    expect(targetOf(js.graph, file, 'sandbox.verifyNotReplaced', 'Sandbox.sandbox.replace')).toBe(`${file}#Sandbox.verifyNotReplaced`);
  });

  it("a CommonJS module's value written as alternatives is any of them, itself (ramda's module.exports = … ? Object.is : _objectIs)", () => {
    expect(targetOf(js.graph, 'cjs/path.js', '_objectIs', 'identical')).toBe('cjs/object-is.js#_objectIs');
  });

  it("a name set to a call of a required module's value is what that returns (bluebird's var debug = require('./debuggability')(Promise))", () => {
    expect(targetOf(js.graph, 'cjs/promise.js', 'debug.setBounds')).toBe('cjs/debuggability.js#module.exports.setBounds');
  });

  it("a JS module copied to another name is that module (Babel's var NodePath_context = _context for import * as)", () => {
    expect(targetOf(js.graph, 'cjs/path.js', 'NodePath_context.skip', 'identical')).toBe('cjs/context.js#skip');
    const sites = directCallers(js.graph, { file: 'cjs/context.js', name: 'visit' }, false, 'family').map(({ edge }) => `${edge.from.file}:${edge.line}:${edge.reference ?? false}`);
    expect(sites).toEqual(['cjs/path.js:6:true']);
  });

  it("a property set at the top of a module to a call's value or a construction holds it (node-forge's BigInteger.ZERO = nbv(0))", () => {
    expect(targetOf(js.graph, 'constants.js', 'BigInteger.ZERO.subTo', 'negate')).toBe('constants.js#bnpSubTo');
    expect(targetOf(js.graph, 'constants.js', 'BigInteger.ONE.subTo', 'negate')).toBe('constants.js#bnpSubTo');
  });

  it("a method under a computed key is called through that key (undici's this[kDispatch](opts, handler))", () => {
    const file = 'symbol-keys.js';
    expect(targetOf(js.graph, file, 'this[kClose]', 'Client.[kDispatch]')).toBe(`${file}#Client.[kClose]`);
    expect(targetOf(js.graph, file, 'client[kDispatch]', 'dispatchAll')).toBe(`${file}#Client.[kDispatch]`);
    expect(targetOf(js.graph, file, 'handlers[type]', 'dispatchAll')).toBe('unresolved');
  });

  it("a value typed string, number or RegExp has the built-in type's methods, not a project method's of their name", () => {
    const file = 'src/primitives.ts';
    expect(targetOf(ts.graph, file, 'pattern.test', 'clean')).toBe('external');
    expect(targetOf(ts.graph, file, 'text.split', 'clean')).toBe('external');
    expect(targetOf(ts.graph, file, 'count.toFixed', 'clean')).toBe('external');
  });

  it('a function set on a constructor is its static method, one set on its prototype an instance method, apart when they share a name (mongoose SchemaNumber.cast)', () => {
    const fns = js.graph.record('sides.js')!.functions.map((fn) => `${fn.qualified_name}${fn.modifiers?.includes('static') ? ' static' : ''}`);
    expect(fns).toEqual([
      'SchemaType', 'SchemaNumber', 'parseNumber', 'SchemaType.checkRequired', 'SchemaNumber.cast static', 'SchemaNumber.prototype.cast', 'SchemaNumber.prototype.checkRequired',
    ]);
    expect(targetOf(js.graph, 'sides.js', 'SchemaNumber.cast')).toBe('sides.js#SchemaNumber.cast');
    expect(targetOf(js.graph, 'sides.js', 'this.cast')).toBe('sides.js#SchemaNumber.prototype.cast');
    expect(targetOf(js.graph, 'sides.js', 'schema.cast')).toBe('sides.js#SchemaNumber.prototype.cast');
  });

  it('a property set on a constructor to a value, beside a prototype method of its name, is that value: the method is Class.prototype.m (mongoose SchemaNumber.checkRequired = SchemaType.checkRequired)', () => {
    expect(targetOf(js.graph, 'sides.js', 'SchemaNumber.checkRequired', 'SchemaNumber.prototype.checkRequired')).toBe('sides.js#SchemaType.checkRequired');
  });

  it('this in a function set on a prototype by a computed name is an instance (superagent\'s Agent.prototype[name] = function …)', () => {
    expect(targetOf(js.graph, 'prototype-loop.js', 'this._setDefaults')).toBe('prototype-loop.js#Agent._setDefaults');
    expect(targetOf(js.graph, 'prototype-loop.js', 'this.run')).toBe('prototype-loop.js#Old.run');
    // Set on another object by a computed name, `this` is that object (express's app[method] = function …).
    expect(targetOf(js.graph, 'prototype-loop.js', 'this.set')).toBe('prototype-loop.js#app.set');
  });

  it('a named function expression\'s own name is bound inside it, over the module\'s function of that name (walker.walk = function walk(…) { … walk(child) })', () => {
    expect(targetOf(js.graph, 'own-name.js', 'walk', 'walker.walk')).toBe('own-name.js#walker.walk');
    expect(targetOf(js.graph, 'own-name.js', 'flatten', 'exports.array.flatten')).toBe('own-name.js#exports.array.flatten');
    expect(targetOf(js.graph, 'own-name.js', 'walk', 'exports.array.flatten')).toBe('own-name.js#walk');
  });

  it('scripts (no imports, no exports) call the global functions and classes other scripts declare, not what an IIFE keeps (uglify-js)', () => {
    expect(targetOf(js.graph, 'scripts/compress.js', 'makePredicate')).toBe('scripts/utils.js#makePredicate');
    expect(targetOf(js.graph, 'scripts/compress.js', 'Dictionary')).toBe('scripts/utils.js#Dictionary');
    expect(targetOf(js.graph, 'scripts/compress.js', 'this.seen.set')).toBe('scripts/utils.js#Dictionary.set');
    expect(targetOf(js.graph, 'scripts/compress.js', 'hidden')).toBe('unresolved');
    expect(targetOf(js.graph, 'scripts/wrapped.js', 'hidden')).toBe('scripts/wrapped.js#hidden');
    // A module does not read them.
    expect(js.graph.fileGraph('use.js')!.edges.some((edge) => edge.to?.file.startsWith('scripts/'))).toBe(false);
  });

  it('export default f() is what f returns, export default new C() an instance of C', () => {
    expect(targetOf(js.graph, 'use.js', 'made.add', 'register')).toBe('registry.js#Registry.add');
    expect(targetOf(js.graph, 'use.js', 'instance.add', 'register')).toBe('registry.js#Registry.add');
  });

  it('a call of the anonymous function literal a function returns is a call of that function: its code runs (underscore\'s getLength = shallowProperty(\'length\'))', () => {
    expect(targetOf(js.graph, 'closure-use.js', 'getLength', 'size')).toBe('closure-property.js#shallowProperty');
    expect(targetOf(js.graph, 'closure-use.js', 'getName', 'label')).toBe('closure-property.js#shallowProperty');
    expect(targetOf(js.graph, 'closure-use.js', 'isDate', 'describe')).toBe('closure-property.js#tagTester');
    // A name a wrapper call defines with a literal (firstOf = shallowProperty((list) => …)) runs both.
    expect(js.graph.fileGraph('closure-use.js')!.edges.filter((edge) => edge.callee === 'firstOf').map((edge) => `${edge.to?.file}#${edge.to?.name}`)).toEqual([
      'closure-use.js#firstOf', 'closure-property.js#shallowProperty',
    ]);
    // A named function expression is a function of its own, no definition tldr lists: the call stays unresolved.
    expect(targetOf(js.graph, 'closure-use.js', 'same', 'describe')).toBe('unresolved');
    // The closure called where it is made (shallowProperty('length')(list)): a second call, of shallowProperty's code;
    // a call of what an unknown call gives is not guessed by the inner function's name.
    expect(targetOf(js.graph, 'closure-use.js', "shallowProperty('length')", 'curried')).toBe('closure-property.js#shallowProperty');
    expect(targetOf(js.graph, 'closure-use.js', 'shallowProperty', 'curried')).toBe('closure-property.js#shallowProperty');
    expect(targetOf(js.graph, 'closure-use.js', 'list.reduce((f) => f, null)', 'unknownResult')).toBe('external');
    const returns = js.graph.record('closure-property.js')!.functions.map((fn) => `${fn.qualified_name}:${(fn.returns ?? []).map((r) => `${r.line}${r.closure ? ' closure' : ''}${r.called ? ' called' : ''}`).join(',')}`);
    expect(returns).toEqual(['shallowProperty:3 closure', 'tagTester:8 closure', 'namedMaker:', 'lazyProperty:17 closure called', 'pick:21']);
  });

  it("a function literal's parameter keeps its type (any) when assigned; a local declared without a value takes it", () => {
    expect(targetOf(js.graph, 'finder.js', 'predicate.test', 'createFinder')).toBe('unresolved');
    expect(targetOf(js.graph, 'finder.js', 'fallback.test', 'createFinder')).toBe('finder.js#Matcher.test');
  });

  it('an array literal is a list of what its first element holds (three.js: this.planes = [p0, …] with p0 = new Plane())', () => {
    expect(targetOf(js.graph, 'frustum.js', 'planes[0].setComponents(1).normalize', 'Frustum.update')).toBe('frustum.js#Plane.normalize');
    expect(targetOf(js.graph, 'frustum.js', 'shapes[1].normalize', 'firstShape')).toBe('frustum.js#Plane.normalize');
  });

  it("a property holding a name's value is the declared type's member (preact's options, @type {import('./internal').Options})", () => {
    expect(targetOf(js.graph, 'use-options.js', 'options._catchError', 'fail')).toBe('internal.d.ts#Options._catchError');
  });

  it("a function returning alternatives (c ? a : new this(a), a || new C()) gives either; an object literal's property constructed there is that instance (axios's AxiosHeaders.from, interceptors)", () => {
    const file = 'alternatives.js';
    expect(targetOf(js.graph, file, 'Headers.from(config.headers).normalize', 'request')).toBe(`${file}#Headers.normalize`);
    expect(targetOf(js.graph, file, 'Headers.cached(null).normalize', 'request')).toBe(`${file}#Headers.normalize`);
    expect(targetOf(js.graph, file, 'interceptors.request.forEach', 'request')).toBe(`${file}#Manager.forEach`);
  });

  it("an attribute a method sets to an object literal holds an object of its constructed properties (axios's this.interceptors = { request: new InterceptorManager() })", () => {
    const file = 'alternatives.js';
    expect(targetOf(js.graph, file, 'this.interceptors.response.forEach', 'Client.send')).toBe(`${file}#Manager.forEach`);
    // A constructor function sets its instance's attributes itself.
    expect(targetOf(js.graph, file, 'this.interceptors.request.forEach', 'LegacyClient.send')).toBe(`${file}#Manager.forEach`);
  });

  it("a member typed typeof f is no reference of f: its calls are none of f's (msw's ws.link)", () => {
    expect(targetOf(ts.graph, 'src/declared-object.ts', 'ns.link', 'useLink')).toBe('unresolved');
  });
});
