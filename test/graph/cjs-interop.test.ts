// CommonJS as compilers emit it: an imported function called as `(0, ns.f)(…)` is a call of f; and
// an object literal assigned to module.exports, whose methods call each other through `this`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerSites, edgesFrom, openFixture, targetOf, type OpenGraph } from './helpers.js';
import { directCallers } from '../../dist/core/graph/callers.js';

describe('CommonJS interop calls', () => {
  let project: OpenGraph;
  beforeAll(async () => {
    project = await openFixture('cjs-interop');
  });
  afterAll(() => project.close());

  it('resolves (0, ns.f)(…) as a call of f through the require', () => {
    expect(targetOf(project.graph, 'add-weeks.cjs', '_index.addDays', 'addWeeks')).toBe('add-days.cjs#addDays');
    expect(targetOf(project.graph, 'add-weeks.cjs', '_index.addDays', 'nextWeek')).toBe('add-days.cjs#addDays');
  });

  it('lists those callers of f as calls (not also as reads), and a bare (0, ns.f) as a reference', () => {
    const callers = callerSites(project.graph, { file: 'add-days.cjs', name: 'addDays' });
    expect(callers.sort()).toEqual(['<module>:17:reference', 'addWeeks:8:call', 'nextWeek:12:call']);
    expect(edgesFrom(project.graph, 'add-weeks.cjs', '_index.addDays')).toHaveLength(3);
  });

  it("Babel's module.exports = exports.default hands the default export over: no read of it; a call through exports.default is a call", () => {
    const callers = callerSites(project.graph, { file: 'cargo.cjs', name: 'cargo' });
    expect(callers).toEqual(['drain:11:call']);
  });

  it('this in a method of module.exports = { … } is that object: its methods and accessors, a getter\'s too', () => {
    const file = 'response.js';
    expect(targetOf(project.graph, file, 'this.toJSON', 'inspect')).toBe(`${file}#toJSON`);
    expect(targetOf(project.graph, file, 'this.get', 'length')).toBe(`${file}#get`);
    const kinds = project.graph.record(file)!.functions.map((fn) => `${fn.name} ${fn.kind}`);
    expect(kinds).toEqual(['status getter', 'status setter', 'get function', 'length getter', 'toJSON function', 'inspect function']);
    const reads = callerSites(project.graph, { file, name: 'status' });
    expect(reads).toEqual(['toJSON:23:reference']);
  });

  it('a function of module.exports = { … } sharing its name with a function of the module is a definition of its own, named after its line: the module\'s bare calls reach the module\'s function, the importers\' the member', () => {
    const names = project.graph.record('prepare.js')!.functions.map((fn) => `${fn.qualified_name} ${fn.line}`);
    expect(names).toEqual(['arrayString 2', 'prepareValue 6', 'prepareValue@11 11']);
    expect(callerSites(project.graph, { file: 'prepare.js', name: 'prepareValue' }).sort()).toEqual(['arrayString:3:call', 'prepareValue@11:12:call']);
    expect(callerSites(project.graph, { file: 'prepare.js', name: 'prepareValue@11' })).toEqual(['submit:4:call']);
  });

  it('a call of what require(…) gives is a call of the module\'s whole export', () => {
    expect(targetOf(project.graph, 'submit.js', "require('./plugin')", 'configure')).toBe('plugin.js#module.exports');
  });
});

describe('CommonJS names a reader follows', () => {
  let project: OpenGraph;
  beforeAll(async () => {
    project = await openFixture('cjs-exports');
  });
  afterAll(() => project.close());

  it('a call on what the factory returns reaches the function the literal names (postcss tokenizer)', () => {
    const file = 'parser.js';
    // Set in one method, called in another: the member holds what the factory returned.
    expect(targetOf(project.graph, file, 'this.tokenizer.endOfFile', 'Parser.parse')).toBe('tokenize.js#module.exports.endOfFile');
    expect(targetOf(project.graph, file, 'this.tokenizer.nextToken', 'Parser.parse')).toBe('tokenize.js#module.exports.nextToken');
    // A local, and a property the literal names otherwise (`next: nextToken`).
    expect(targetOf(project.graph, file, 't.nextToken', 'tokens')).toBe('tokenize.js#module.exports.nextToken');
    expect(targetOf(project.graph, file, 't.next', 'tokens')).toBe('tokenize.js#module.exports.nextToken');
  });

  it('a property set on a function or class after it is declared is what it was given (fastify\'s SchemaController.buildSchemaController)', () => {
    expect(targetOf(project.graph, 'app.js', 'Controller.buildController', 'start')).toBe('controller.js#buildController');
    expect(targetOf(project.graph, 'app.js', 'Controller.reset', 'start')).toBe('controller.js#Controller.reset');
    expect(targetOf(project.graph, 'app.js', 'Registry.build', 'start')).toBe('controller.js#buildController');
  });

  it('a function returning require("m") gives what the require gives (webpack\'s memoize(() => require("./Plugin")))', () => {
    expect(targetOf(project.graph, 'apply.js', 'new Plugin().apply', 'run')).toBe('plugin.js#Plugin.apply');
  });

  it('TypeScript\'s compiled CommonJS: exports.default = C is a property of what require gives; exports.Debug = debug_1.default re-exports that value (ioredis)', () => {
    expect(targetOf(project.graph, 'data-handler.js', 'Command_1.default.checkFlag', 'returnReply')).toBe('command.js#Command.checkFlag');
    expect(targetOf(project.graph, 'data-handler.js', 'utils_1.Debug', '<module>')).toBe('debug.js#genDebugFunction');
  });

  it('this in a function set on an object or a prototype is what it is set on, in a constructor function the instance (express\'s app.set, View.prototype.lookup, View)', () => {
    expect(targetOf(project.graph, 'application.js', 'this.enabled', 'app.set')).toBe('application.js#app.enabled');
    expect(targetOf(project.graph, 'application.js', 'this.set', 'app.enabled')).toBe('application.js#app.set');
    expect(targetOf(project.graph, 'application.js', 'this.resolve', 'View.lookup')).toBe('application.js#View.resolve');
    expect(targetOf(project.graph, 'application.js', 'this.lookup', 'View')).toBe('application.js#View.lookup');
  });

  it('a function set on an object is no scope: a name in it is what the enclosing function binds (bluebird\'s Promise.promisifyAll)', () => {
    expect(targetOf(project.graph, 'promisify.js', 'promisifyAll', 'module.exports.Promise.promisifyAll')).toBe('promisify.js#module.exports.promisifyAll');
  });

  it("a class's or constructor function's prototype holds its methods: reading one there is a reference (knex's JoinClause.prototype.andOnNull = JoinClause.prototype.onNull)", () => {
    const readers = (file: string, name: string) => project.graph.callersOf({ file, name })
      .filter((edge) => edge.reference).map((edge) => `${edge.from.name}:${edge.line}`);
    expect(readers('joinclause.js', 'JoinClause.onNull')).toEqual(['<module>:8']);
    expect(readers('application.js', 'View.lookup')).toEqual(['<module>:34']);
  });

  it("new of a required constructor function is its instance, whose prototype members may be functions set by name (bluebird's Async.prototype.invoke = AsyncInvoke)", () => {
    expect(targetOf(project.graph, 'use-async.js', 'queue.invoke', 'schedule')).toBe('async-queue.js#AsyncInvoke');
    expect(targetOf(project.graph, 'use-async.js', 'queue.flush', 'schedule')).toBe('async-queue.js#Async.flush');
  });

  it("a base class required from a module that exports it as a whole and as a property is that class (sequelize's class Query extends AbstractQuery)", () => {
    expect(targetOf(project.graph, 'db2-query.js', 'this.isInsertQuery', 'Query.run')).toBe('base-query.js#AbstractQuery.isInsertQuery');
  });

  it('new of a constructor function is that instance: its prototype members answer (mongoose\'s new SchemaDate(…).cast)', () => {
    expect(targetOf(project.graph, 'application.js', 'view.resolve', 'app.render')).toBe('application.js#View.resolve');
  });

  it("require() of a module whose value is one instance gives that instance (mongoose's module.exports = exports = new Mongoose(); winston's module.exports = createLogger())", () => {
    expect(targetOf(project.graph, 'use-instances.js', 'mongoose.setDriver', 'boot')).toBe('mongoose-instance.js#Mongoose.setDriver');
    expect(targetOf(project.graph, 'use-instances.js', 'logger.log', 'boot')).toBe('logger-instance.js#Logger.log');
  });

  it('module.exports.x = … sets an export: no read of the module\'s value (fastify\'s module.exports.fastify = fastify)', () => {
    const lines = directCallers(project.graph, { file: 'exports-fn.js', name: 'buildApp' }, false, 'family').map(({ edge }) => `${edge.from.file}:${edge.line}`);
    expect(lines.filter((site) => site.startsWith('exports-fn.js'))).toEqual([]);
  });

  it('a member set under a computed key in the constructor (this[kClient] = new Plugin()) has that type (undici)', () => {
    expect(targetOf(project.graph, 'agent.js', 'this[kClient].apply', 'Agent.close')).toBe('plugin.js#Plugin.apply');
  });

  it("a module reads its own exports through exports.f and module.exports.f (koa's module.exports[util.inspect.custom] = module.exports.inspect)", () => {
    expect(targetOf(project.graph, 'self-exports.js', 'exports.format', 'print')).toBe('self-exports.js#format');
    expect(targetOf(project.graph, 'self-exports.js', 'module.exports.format', 'describe')).toBe('self-exports.js#format');
    expect(targetOf(project.graph, 'self-object.js', 'module.exports.inspect', 'dump')).toBe('self-object.js#inspect');
    expect(callerSites(project.graph, { file: 'self-object.js', name: 'inspect' })).toContain('<module>:17:reference');
  });

  it("hapi's internals: helpers and classes set on a module's private object are its members, the module's export the class its chain names", () => {
    expect(targetOf(project.graph, 'hapi-core.js', 'internals.settings', 'internals.Core.constructor')).toBe('hapi-core.js#internals.settings');
    expect(targetOf(project.graph, 'hapi-core.js', 'this.auth.test', 'internals.Core.start')).toBe('hapi-core.js#internals.Auth.test');
    expect(targetOf(project.graph, 'hapi-core.js', 'new internals.Auth(null).test', 'internals.Manager.run')).toBe('hapi-core.js#internals.Auth.test');
    expect(targetOf(project.graph, 'hapi-use.js', 'core.start', 'boot')).toBe('hapi-core.js#internals.Core.start');
    expect(targetOf(project.graph, 'hapi-use.js', 'new Manager().run', 'boot')).toBe('hapi-core.js#internals.Manager.run');
  });

  it("a name bound to the module's exports is them (koa's const proto = module.exports = { … })", () => {
    expect(targetOf(project.graph, 'koa-context.js', 'proto.inspect', 'describe')).toBe('koa-context.js#inspect');
  });

  it("a module whose value is an object bound to a name has that object's members (bull's module.exports = scripts)", () => {
    expect(targetOf(project.graph, 'use-scripts.js', 'scripts.addJob', 'addJob')).toBe('scripts.js#scripts.addJob');
  });

  it("require('m').f where it is used is what the module exports as f: a call, or a read (mqtt's protocols.ws = require('./ws').streamBuilder)", () => {
    expect(targetOf(project.graph, 'connect.js', "require('./scripts').addJob", 'connect')).toBe('scripts.js#scripts.addJob');
    expect(callerSites(project.graph, { file: 'scripts.js', name: 'scripts.pause' })).toContain('connect:4:reference');
  });

  it("a name the module's object is bound to holds its exports (nunjucks's var _exports = module.exports = {}; _exports.isString = isString)", () => {
    expect(targetOf(project.graph, 'use-lib.js', 'lib.isString', 'upper')).toBe('lib-exports.js#isString');
  });

  it("an export set to an object holds the functions set on it (mongoose's exports.array = {}; exports.array.flatten = function …)", () => {
    expect(targetOf(project.graph, 'use-utils-holder.js', 'utils.array.flatten', 'flat')).toBe('utils-holder.js#exports.array.flatten');
    expect(targetOf(project.graph, 'use-utils-holder.js', 'utils.text.trim', 'flat')).toBe('utils-holder.js#module.exports.text.trim');
  });

  it("a name the module sets properties on, bound to the module's exports, has the module's other exports too (superagent's const request = exports; request.agent = …; request.Request)", () => {
    expect(targetOf(project.graph, 'request-alias.js', 'request.Request', 'make')).toBe('request-alias.js#Request');
  });

  it("a constructor function's instance has the members its code assigns (mysql's this._parser = new Parser() in function Protocol)", () => {
    expect(targetOf(project.graph, 'protocol.js', 'this._parser.write', 'Protocol.write')).toBe('packet-parser.js#PacketParser.write');
  });

  it("a name the module's exports are bound to holds them (mysql's var Auth = exports; Auth.token = token)", () => {
    expect(targetOf(project.graph, 'protocol.js', 'Auth.token', 'Protocol.write')).toBe('auth.js#token');
  });

  it("functions set on a constructor function's prototype by name are its instances' members, this in them an instance (jsbn's BigInteger.prototype.subTo = bnpSubTo)", () => {
    expect(targetOf(project.graph, 'big-integer.js', 'this.clamp', 'bnpSubTo')).toBe('big-integer.js#bnpClamp');
    expect(targetOf(project.graph, 'big-integer.js', 'this.subTo', 'bnClone')).toBe('big-integer.js#bnpSubTo');
    expect(targetOf(project.graph, 'big-integer.js', 'b.subTo', 'copy')).toBe('big-integer.js#bnpSubTo');
  });

  it("Babel's loose classes: methods set on a variable holding the prototype are the class's (var _proto = Parser.prototype; _proto.parseMod = …)", () => {
    expect(targetOf(project.graph, 'babel-parser.js', 'this.parsePow', 'Parser.parseMod')).toBe('babel-parser.js#Parser.parsePow');
    expect(targetOf(project.graph, 'babel-parser.js', 'p.parseMod', 'parse')).toBe('babel-parser.js#Parser.parseMod');
  });

  it('a name destructured from require() inside a function is the import', () => {
    expect(targetOf(project.graph, 'app.js', 'parseHeaders', 'start')).toBe('errors.js#parseHeaders');
  });
});
