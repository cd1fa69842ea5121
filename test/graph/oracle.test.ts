// Accuracy floors against type checkers on real third-party code (a fixed, deterministic sample;
// the full measurement is `tldr bench --suite graph-oracle`). Direct callers of sampled
// definitions, asked about by name (`impact <name>`) and by name within their file (`--file`),
// compared as call sites with the TypeScript language service on rxjs's sources and with pyright
// on python3 standard-library packages. The TypeScript service counts a `super.m()` or
// `this.m()` call for every method of the override family, which `impact` does not (a super call
// runs the base method only): the reference leaves out the sites whose receiver, by the checker's
// own resolution, reaches another method (bench/oracle/ts-receivers.ts); against every site the
// service lists, --file costs rxjs about 0.03 of F1 on purpose.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PYTHON_MODULES, prepareTypeScriptProject, preparePythonProject, removeProject, runOracle, type OracleProject } from '../../dist/bench/oracle/run.js';
import { PyrightOracle, baseNamePositions } from '../../dist/bench/oracle/pyright-oracle.js';
import { TypeScriptOracle } from '../../dist/bench/oracle/typescript-oracle.js';
import { judge, locateName, ourCallSites, type OracleReport } from '../../dist/bench/oracle/compare.js';
import { FIXTURES, openFixture } from './helpers.js';

const projects: OracleProject[] = [];
afterAll(() => {
  for (const project of projects) removeProject(project);
});

/** A function the oracle is asked about; its name is the last part of its qualified name. */
function fnTarget(file: string, qualifiedName: string, nameLine: number, nameColumn: number) {
  return { file, qualifiedName, name: qualifiedName.slice(qualifiedName.lastIndexOf('.') + 1), isClass: false, nameLine, nameColumn };
}

/** The TypeScript service's sites of `target` (in any order) and ours (family dispatch) are both `sites`. */
async function expectBoth(oracle: TypeScriptOracle, graph: Parameters<typeof ourCallSites>[0], target: ReturnType<typeof fnTarget>, sites: string[]): Promise<void> {
  expect((await oracle.incomingCalls(target))?.sites.sort()).toEqual(sites);
  expect(ourCallSites(graph, [target], 'family', oracle.lists)).toEqual(sites);
}

describe('call graph vs type checkers', () => {
  it('TypeScript (rxjs src) vs the TypeScript language service', async () => {
    const project = prepareTypeScriptProject();
    projects.push(project);
    const { reports } = await runOracle(project, 80, 7);
    const { name, file } = reports.family;
    expect(name.answered).toBeGreaterThanOrEqual(70);
    expect(name.reference).toBeGreaterThan(300);
    expect(name.precision).toBeGreaterThanOrEqual(0.98);
    expect(name.f1).toBeGreaterThanOrEqual(0.97);
    expect(file.precision).toBeGreaterThanOrEqual(0.98);
    expect(file.f1).toBeGreaterThanOrEqual(0.95);
    expect(file.checker.f1).toBeGreaterThanOrEqual(0.9);
    expect(file.checker.reference).toBeGreaterThan(file.reference);
  });

  it('the TypeScript service\'s sites of a method less those whose receiver reaches another method', async () => {
    const root = `${FIXTURES}ts-dispatch`;
    const oracle = new TypeScriptOracle(root, ['src/shapes.ts', 'src/use.ts']);
    await oracle.start();
    const ask = async (name: string, nameLine: number) => {
      const answer = await oracle.incomingCalls({ file: 'src/shapes.ts', qualifiedName: name, name: 'area', isClass: false, nameLine, nameColumn: 2 });
      return answer && { sites: answer.sites.sort(), ruledOut: answer.ruledOut.sort() };
    };
    try {
      // Circle.area: the service lists this.area() in Square (a sibling), super.area() (Shape's) and
      // square.area() (const square = new Square(2)) too; this.area() in Shape may be a Circle's.
      expect(await ask('Circle.area', 23)).toEqual({
        sites: ['src/shapes.ts:15', 'src/shapes.ts:18', 'src/shapes.ts:6', 'src/use.ts:5', 'src/use.ts:6', 'src/use.ts:7', 'src/use.ts:8'],
        ruledOut: ['src/shapes.ts:15', 'src/shapes.ts:18', 'src/use.ts:5'],
      });
      expect((await ask('Shape.area', 2))?.ruledOut).toEqual(['src/shapes.ts:18', 'src/use.ts:5', 'src/use.ts:6']);
      // The service lists a static method read through its class as a call (`const make = Registry.create`).
      const create = await oracle.incomingCalls({ file: 'src/shapes.ts', qualifiedName: 'Registry.create', name: 'create', isClass: false, nameLine: 29, nameColumn: 9 });
      expect(create?.sites.sort()).toEqual(['src/use.ts:12', 'src/use.ts:16']);
    } finally {
      await oracle.stop();
    }
  });

  it('our sites count a method read through its class only for a checker that lists such reads', async () => {
    const project = await openFixture('ts-dispatch');
    try {
      const target = fnTarget('src/shapes.ts', 'Registry.create', 29, 9);
      expect(ourCallSites(project.graph, [target], 'family', { classReads: true, aliasedCalls: true, functionMethodCalls: true, memberReads: true })).toEqual(['src/use.ts:12', 'src/use.ts:16']);
      expect(ourCallSites(project.graph, [target], 'family', { classReads: false, aliasedCalls: true, functionMethodCalls: true, memberReads: true })).toEqual(['src/use.ts:16']);
    } finally {
      await project.close();
    }
  });

  it('the TypeScript service lists constructions of a declared class for the function implementing it and reads through a module namespace, never f.call / f.bind; our sites compared with it alike', async () => {
    const root = `${FIXTURES}ts-ambient`;
    const oracle = new TypeScriptOracle(root, ['src/signal.ts', 'src/internal.ts', 'src/api.ts']);
    await oracle.start();
    const project = await openFixture('ts-ambient');
    try {
      const fn = fnTarget('src/signal.ts', 'Signal', 8, 9);
      const finish = fnTarget('src/signal.ts', 'finish', 26, 9);
      expect((await oracle.incomingCalls(fn))?.sites.sort()).toEqual(['src/signal.ts:24', 'src/signal.ts:31']);
      expect((await oracle.incomingCalls(finish))?.sites).toEqual([]);
      expect(oracle.lists.functionMethodCalls).toBe(false);
      // A write to the member (Signal.prototype.peek = function …, line 12) is no call: left out of the service's sites.
      const peek = fnTarget('src/signal.ts', 'Signal.peek', 5, 2);
      await expectBoth(oracle, project.graph, peek, ['src/signal.ts:43']);
      expect(ourCallSites(project.graph, [fn], 'family', oracle.lists)).toEqual(['src/signal.ts:24', 'src/signal.ts:31']);
      // The declared class and its constructor are what `new Signal(…)` constructs, for the service and for us.
      const cls = { file: 'src/signal.ts', qualifiedName: 'Signal', name: 'Signal', isClass: true, nameLine: 2, nameColumn: 14 };
      const ctor = fnTarget('src/signal.ts', 'Signal.constructor', 3, 2);
      for (const target of [cls, ctor]) {
        await expectBoth(oracle, project.graph, target, ['src/signal.ts:24', 'src/signal.ts:31']);
      }
      expect(ourCallSites(project.graph, [finish], 'family', oracle.lists)).toEqual([]);
      // The service lists a function read through a module namespace (`export const make = internal.make`); our sites compared with it too.
      const make = fnTarget('src/internal.ts', 'make', 1, 16);
      await expectBoth(oracle, project.graph, make, ['src/api.ts:3', 'src/api.ts:4']);
      expect(ourCallSites(project.graph, [make], 'family', { ...oracle.lists, memberReads: false })).toEqual([]);
      // Signal.call(this, …) runs Signal, and finish.bind(c, 1) makes a copy of finish that is called.
      expect(ourCallSites(project.graph, [fn, finish], 'family', { ...oracle.lists, functionMethodCalls: true })).toEqual(['src/signal.ts:21', 'src/signal.ts:24', 'src/signal.ts:31', 'src/signal.ts:39']);
    } finally {
      await oracle.stop();
      await project.close();
    }
  });

  it('the TypeScript service\'s sites include calls through an object literal\'s property (CommonJS exports, a factory\'s result), and require reaches the JavaScript beside a declaration file', async () => {
    const root = `${FIXTURES}cjs-exports`;
    const oracle = new TypeScriptOracle(root, ['errors.js', 'use.js', 'node.js', 'container.js', 'tokenize.js', 'parser.js', 'controller.js', 'app.js', 'memoize.js', 'plugin.js', 'apply.js', 'command.js', 'debug.js', 'utils.js', 'data-handler.js', 'agent.js']);
    await oracle.start();
    const project = await openFixture('cjs-exports');
    try {
      // module.exports = { InvalidArgumentError, parseHeaders }: the service's call hierarchy stops at the export object.
      const cls = { file: 'errors.js', qualifiedName: 'InvalidArgumentError', name: 'InvalidArgumentError', isClass: true, nameLine: 1, nameColumn: 6 };
      const parse = fnTarget('errors.js', 'parseHeaders', 8, 9);
      expect((await oracle.incomingCalls(cls))?.sites).toEqual(['use.js:5']);
      expect((await oracle.incomingCalls(parse))?.sites.sort()).toEqual(['app.js:7', 'use.js:6']);
      expect(ourCallSites(project.graph, [cls, parse], 'family', oracle.lists)).toEqual(['app.js:7', 'use.js:5', 'use.js:6']);
      // Controller.buildController = buildController, Registry.build = buildController.
      const build = fnTarget('controller.js', 'buildController', 5, 9);
      await expectBoth(oracle, project.graph, build, ['app.js:6', 'app.js:8']);
      // memoize(() => require('./plugin')): the class the call gives.
      const apply = fnTarget('plugin.js', 'Plugin.apply', 2, 2);
      // … and this[kClient] = new Plugin() in a constructor: the member under that computed key.
      await expectBoth(oracle, project.graph, apply, ['agent.js:10', 'apply.js:7']);
      // Compiled CommonJS: (0, utils_1.Debug)(…) through exports.Debug = debug_1.default.
      const gen = fnTarget('debug.js', 'genDebugFunction', 3, 9);
      // … and the read exports.Debug = debug_1.default, a member read the service lists where it reaches it.
      await expectBoth(oracle, project.graph, gen, ['data-handler.js:5', 'utils.js:5']);
      // return { endOfFile, nextToken, next: nextToken }: a call on the factory's result, by either name.
      const next = fnTarget('tokenize.js', 'module.exports.nextToken', 8, 11);
      await expectBoth(oracle, project.graph, next, ['parser.js:14', 'parser.js:20']);
      // require('./node') is node.js, not node.d.ts beside it: this.markDirty() in the subclass calls its method.
      const markDirty = fnTarget('node.js', 'Node.markDirty', 2, 2);
      await expectBoth(oracle, project.graph, markDirty, ['container.js:6']);
    } finally {
      await oracle.stop();
      await project.close();
    }
  });

  it('the TypeScript service\'s sites include calls it resolves outside its search: a module\'s function merged into a class by type and called where that module is not imported, and a call of the closure a function returns; not the calls it files under every function a default export\'s expression names', async () => {
    const types = new TypeScriptOracle(`${FIXTURES}ts-types`, ['src/assembled/wrapper.ts', 'src/assembled/render.ts', 'src/assembled/attributes.ts']);
    const values = new TypeScriptOracle(`${FIXTURES}js-values`, ['closure-property.js', 'closure-length.js', 'closure-count.js', 'closure-use.js']);
    await types.start();
    await values.start();
    const typed = await openFixture('ts-types');
    const js = await openFixture('js-values');
    try {
      // interface Wrapper<T> extends typeof Render: this.html() in attributes.ts, which imports no render.ts.
      const html = fnTarget('src/assembled/render.ts', 'html', 3, 16);
      await expectBoth(types, typed.graph, html, ['src/assembled/attributes.ts:5']);
      // getLength(list) and getName(item) run the literal shallowProperty returns; same(value) a named one, no definition of tldr's.
      const property = fnTarget('closure-property.js', 'shallowProperty', 2, 24);
      const expected = ['closure-count.js:3', 'closure-length.js:3', 'closure-property.js:17', 'closure-use.js:10', 'closure-use.js:14', 'closure-use.js:22', 'closure-use.js:25', 'closure-use.js:28', 'closure-use.js:32', 'closure-use.js:5'];
      await expectBoth(values, js.graph, property, expected);
      const tester = fnTarget('closure-property.js', 'tagTester', 8, 13);
      await expectBoth(values, js.graph, tester, ['closure-use.js:18', 'closure-use.js:6']);
      const maker = fnTarget('closure-property.js', 'namedMaker', 10, 16);
      await expectBoth(values, js.graph, maker, ['closure-use.js:7']);
      // export default shallowProperty(pick): the service files countOf(list) under pick too, though it lands in shallowProperty's closure.
      const pick = fnTarget('closure-property.js', 'pick', 20, 16);
      await expectBoth(values, js.graph, pick, []);
    } finally {
      await types.stop();
      await values.stop();
      await typed.close();
      await js.close();
    }
  });

  it('the TypeScript service\'s sites of a project subclass\'s override of a runtime type\'s method less the calls on a value constructed as the runtime type (new Set(), an array literal), and ours alike', async () => {
    const oracle = new TypeScriptOracle(`${FIXTURES}js-values`, ['lib-exact.js', 'lib-exact-typed.ts']);
    await oracle.start();
    const js = await openFixture('js-values');
    try {
      const has = fnTarget('lib-exact.js', 'Tags.has', 4, 2);
      const concat = fnTarget('lib-exact.js', 'Keys.concat', 10, 2);
      // Constructed as the runtime type: a const (45 under a JSDoc type), a let never assigned again
      // (51), a const whose declared type names what is constructed (typed.ts:7). Not so: a name
      // assigned a construction after its declaration (38) or assigned something else too (61), one
      // declared as a base of the subclass constructed (typed.ts:12): their type's whole family.
      expect(await oracle.incomingCalls(has)).toEqual({
        sites: ['lib-exact.js:5', 'lib-exact.js:21', 'lib-exact.js:22', 'lib-exact.js:38', 'lib-exact.js:45', 'lib-exact.js:51', 'lib-exact.js:61', 'lib-exact-typed.ts:7', 'lib-exact-typed.ts:12'],
        ruledOut: ['lib-exact.js:5', 'lib-exact.js:21', 'lib-exact.js:45', 'lib-exact.js:51', 'lib-exact-typed.ts:7'],
      });
      expect(await oracle.incomingCalls(concat)).toEqual({ sites: ['lib-exact.js:11', 'lib-exact.js:30', 'lib-exact.js:31'], ruledOut: ['lib-exact.js:11', 'lib-exact.js:30'] });
      expect(ourCallSites(js.graph, [has], 'family', oracle.lists)).toEqual(['lib-exact-typed.ts:12', 'lib-exact.js:22', 'lib-exact.js:38', 'lib-exact.js:61']);
      expect(ourCallSites(js.graph, [concat], 'family', oracle.lists)).toEqual(['lib-exact.js:31']);
    } finally {
      await oracle.stop();
      await js.close();
    }
  });

  it('pyright leaves calls through an import alias and reads through a module out of its incoming calls, and so do our sites compared with it', async () => {
    const root = `${FIXTURES}py-alias`;
    const oracle = new PyrightOracle(root);
    await oracle.start();
    const project = await openFixture('py-alias');
    try {
      const fn = fnTarget('pkg/util.py', 'path_bytes', 1, 4);
      const cls = { file: 'pkg/util.py', qualifiedName: 'Version', name: 'Version', isClass: true, nameLine: 5, nameColumn: 6 };
      expect((await oracle.incomingCalls(fn))?.sites).toEqual(['pkg/use.py:9']);
      expect((await oracle.incomingCalls(cls))?.sites).toEqual(['pkg/use.py:11']);
      expect(oracle.lists.aliasedCalls).toBe(false);
      expect(ourCallSites(project.graph, [fn], 'abstract', oracle.lists)).toEqual(['pkg/use.py:9']);
      expect(ourCallSites(project.graph, [cls], 'abstract', oracle.lists)).toEqual(['pkg/use.py:11']);
      expect(ourCallSites(project.graph, [fn, cls], 'abstract', { classReads: false, aliasedCalls: true, functionMethodCalls: true, memberReads: false })).toEqual(['pkg/use.py:10', 'pkg/use.py:11', 'pkg/use.py:8', 'pkg/use.py:9']);
      // pyright leaves out a function read through its module too (pkg/reads.py:3: [util.path_bytes]).
      expect(ourCallSites(project.graph, [fn], 'abstract', { ...oracle.lists, memberReads: true })).toEqual(['pkg/reads.py:3', 'pkg/use.py:9']);
    } finally {
      await oracle.stop();
      await project.close();
    }
  });

  it('pyright\'s calls of the abstract methods a method implements are dispatched to it, its bases resolved by pyright; our abstract sites compared with them', async () => {
    const project = await openFixture('py-abstract');
    const oracle = new PyrightOracle(`${FIXTURES}py-abstract`, (file) => project.graph.record(file)?.classes);
    await oracle.start();
    try {
      const method = (cls: string, name: string, nameLine: number) => ({ file: 'pkg/impl.py', qualifiedName: `${cls}.${name}`, name, isClass: false, nameLine, nameColumn: name === 'close' ? 14 : 8 });
      // Memory(Stream, Generic[T]): Stream.receive and, through Stream, Resource.close are abstract.
      expect(await oracle.incomingCalls(method('Memory', 'receive', 11))).toEqual({ sites: ['pkg/use.py:15'], ruledOut: [], dispatched: ['pkg/use.py:11'] });
      expect(await oracle.incomingCalls(method('Memory', 'close', 14))).toEqual({ sites: [], ruledOut: [], dispatched: ['pkg/use.py:6'] });
      // Stream.describe has a body: a call of it runs it unless overridden, not dispatched here.
      expect(await oracle.incomingCalls(method('Memory', 'describe', 17))).toEqual({ sites: [], ruledOut: [], dispatched: [] });
      // class Buffered(\n base.Stream,\n metaclass=abc.ABCMeta,\n): the dotted base across lines.
      expect(await oracle.incomingCalls(method('Buffered', 'receive', 25))).toEqual({ sites: [], ruledOut: [], dispatched: ['pkg/use.py:11'] });
      expect(ourCallSites(project.graph, [method('Memory', 'receive', 11)], 'abstract', oracle.lists)).toEqual(['pkg/use.py:11', 'pkg/use.py:15']);
      expect(ourCallSites(project.graph, [method('Buffered', 'close', 28)], 'abstract', oracle.lists)).toEqual(['pkg/use.py:6']);
      // Without our classes the oracle lists only what resolves to the method itself.
      const bare = new PyrightOracle(`${FIXTURES}py-abstract`);
      await bare.start();
      try {
        expect(await bare.incomingCalls(method('Memory', 'close', 14))).toEqual({ sites: [], ruledOut: [], dispatched: [] });
      } finally {
        await bare.stop();
      }
    } finally {
      await oracle.stop();
      await project.close();
    }
  }, 60_000);

  it('a site of ours counts against precision only where the checker resolves the name there: the judged figures', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tldr-judge-'));
    writeFileSync(join(dir, 'a.ts'), 'export class Timer { refresh() {} }\nexport function typed(t: Timer) { t.refresh(); }\nexport function loose(t: any, refresh: () => void) { t.refresh(refresh); }\n');
    const ts = new TypeScriptOracle(dir, ['a.ts']);
    const py = new PyrightOracle(`${FIXTURES}py-abstract`);
    await ts.start();
    await py.start();
    try {
      expect(await ts.resolvesNameAt('a.ts:2', 'refresh')).toBe(true);
      // The argument named refresh resolves, the member does not: the member is what is asked.
      expect(await ts.resolvesNameAt('a.ts:3', 'refresh')).toBe(false);
      expect(await py.resolvesNameAt('pkg/use.py:11', 'receive')).toBe(true);
      // def loose(thing): thing.receive() — pyright has no type for thing.
      expect(await py.resolvesNameAt('pkg/use.py:19', 'receive')).toBe(false);
    } finally {
      await ts.stop();
      await py.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    // a.ts:3 is unjudged, a.ts:4 a false site the checker resolves elsewhere; recall is unchanged.
    const target = fnTarget('a.ts', 'Timer.refresh', 1, 21);
    const report = { reference: 2, agreed: 1, ours: 3, outcomes: [{ target, members: 1, ours: ['a.ts:2', 'a.ts:3', 'a.ts:4'], reference: ['a.ts:2', 'a.ts:5'], ruledOut: [] }] } as unknown as OracleReport;
    await judge({ resolvesNameAt: async (site) => site !== 'a.ts:3' }, [report]);
    expect(report.judged).toMatchObject({ reference: 2, agreed: 1, precision: 0.5, recall: 0.5 });
  }, 60_000);

  it('a definition\'s name is found from its first line, after a dot where a function is assigned to a member (RequestBase.prototype.clearTimeout = function …)', () => {
    const assigned = ['RequestBase.prototype.clearTimeout = function () {', '  clearTimeout(this._timer);', '};'];
    expect(locateName(assigned, { name: 'clearTimeout', is_class: false, line: 1, end_line: 3 })).toEqual({ line: 1, column: 22 });
    // A comparison is no assignment: the name is looked for further down.
    const compared = ['if (options.run == null) {', '  function run() {}', '}'];
    expect(locateName(compared, { name: 'run', is_class: false, line: 1, end_line: 3 })).toEqual({ line: 2, column: 11 });
  });

  it('base names of a class statement: the last name of each dotted base, keywords and subscripts left out', () => {
    expect(baseNamePositions(['class A(abc.ABC, Generic[T], metaclass=M):'], 1)).toEqual([{ line: 0, character: 12 }, { line: 0, character: 17 }]);
    expect(baseNamePositions(['@dataclass', 'class B(  # bases', '    m . Base,', '):'], 1)).toEqual([{ line: 2, character: 8 }]);
    expect(baseNamePositions(['class C:'], 1)).toEqual([]);
  });

  it('Python (stdlib json, logging, argparse, configparser, textwrap) vs pyright', async () => {
    const project = preparePythonProject(PYTHON_MODULES.small);
    expect(project, 'python3 with its standard library is part of this machine kind').toBeDefined();
    projects.push(project!);
    const { reports } = await runOracle(project!, 60, 7);
    const { name, file } = reports.abstract;
    expect(name.answered).toBeGreaterThanOrEqual(50);
    expect(name.reference).toBeGreaterThan(80);
    expect(name.precision).toBeGreaterThanOrEqual(0.97);
    expect(name.f1).toBeGreaterThanOrEqual(0.92);
    expect(file.precision).toBeGreaterThanOrEqual(0.97);
    expect(file.f1).toBeGreaterThanOrEqual(0.92);
  }, 180_000);
});
