// TypeScript, TSX and JavaScript (ESM and CommonJS) fixtures: every deliberate rule of the
// extractor asserted on names, kinds, lines, signatures, imports, exports, calls and bindings.
import { describe, expect, it } from 'vitest';
import { callEdges, cls, extractFixture, extractSource, fn, importsOf, outline } from './helpers.js';

describe('typescript fixture', async () => {
  const r = await extractFixture('typescript.ts');

  it('lists every definition with its kind and line range', () => {
    expect(outline(r)).toEqual([
      'class UserService L11-43',
      '  arrow UserService.onChange L15-17',
      '  constructor UserService.constructor L19-22',
      '  getter UserService.count L24-27',
      '  setter UserService.count L29-31',
      '  method UserService.findUser L33-40',
      '  method UserService.close L42-42',
      'interface Repository L60-64',
      '  method Repository.size L61-61',
      '  method Repository.find L62-62',
      'enum Color L66-66',
      'type Handler L68-68',
      'function parse L47-52',
      'function parse.inner L48-50',
      'arrow load L55-58',
      'function area L71-73',
      'function default L76-78',
    ]);
  });

  it('keeps decorators, modifiers and export in signatures; the first line is the decorator', () => {
    const service = cls(r, 'UserService');
    expect(service.signature).toBe(
      "@Injectable({ scope: 'singleton' }) export abstract class UserService extends BaseService<User> implements Disposable, Loggable",
    );
    expect(service.decorators).toEqual(["@Injectable({ scope: 'singleton' })"]);
    expect(service.bases).toEqual(['BaseService', 'Disposable', 'Loggable']);
    expect(service.doc).toBe('A repository of users.');
    expect(service.exported).toBe(true);
    expect(fn(r, 'UserService.count').signature).toBe('@Memoize() get count(): number');
    expect(fn(r, 'UserService.count').decorators).toEqual(['@Memoize()']);
    expect(fn(r, 'UserService.findUser')).toMatchObject({
      signature: 'async findUser(id: string, opts?: FindOptions): Promise<User | undefined>',
      params: ['id: string', 'opts?: FindOptions'],
      return_type: 'Promise<User | undefined>',
      is_async: true,
      class_name: 'UserService',
    });
  });

  it('names class fields holding arrows after the field, kind arrow', () => {
    expect(fn(r, 'UserService.onChange')).toMatchObject({
      kind: 'arrow',
      signature: 'private onChange = async (event: ChangeEvent): Promise<void>',
      modifiers: ['private', 'async'],
    });
  });

  it('marks overload signatures and abstract/interface members as declarations, the implementation not', () => {
    // Overload signatures are the implementation's (one definition).
    expect(fn(r, 'parse').is_declaration).toBeUndefined();
    expect(fn(r, 'parse').signature).toBe('export function parse(text: string, strict = false): Node');
    expect(fn(r, 'parse').overloads?.map((o) => [o.line, o.signature, o.is_declaration])).toEqual([
      [45, 'export function parse(text: string): Node', true], [46, 'export function parse(text: string, strict: boolean): Node', true],
    ]);
    expect(fn(r, 'UserService.close').is_declaration).toBe(true);
    expect(fn(r, 'Repository.find').is_declaration).toBe(true);
  });

  it('gives nested functions their parent and arrow consts their binding name and comment doc', () => {
    expect(fn(r, 'parse.inner').parent_function).toBe('parse');
    expect(fn(r, 'load')).toMatchObject({
      kind: 'arrow',
      signature: 'export const load = async (file: string): Promise<Config>',
      doc: 'Loads the configuration file.',
      exported: true,
    });
  });

  it('collects fields, including constructor parameter properties', () => {
    expect(cls(r, 'UserService').fields).toEqual([
      { name: 'repo', line: 13, type: 'Repository' },
      { name: 'instances', line: 14, static: true },
      { name: 'db', line: 19, type: 'Database' },
    ]);
  });

  it('reads imports with default, named, aliased, namespace and type-only bindings, and re-exports', () => {
    expect(r.imports.map((i) => [i.module, i.bindings, i.kind, i.line])).toEqual([
      ['node:fs', [{ name: 'default', alias: 'fs' }, { name: 'readFile', alias: 'rf' }, { name: 'Stats' }], 'import', 4],
      ['node:path', [{ name: '*', alias: 'path' }], 'import', 5],
      ['./config', [{ name: 'Config' }], 'import', 6],
      ['./helpers', [{ name: 'helper', alias: 'util' }], 'reexport', 7],
      ['./types', [{ name: '*' }], 'reexport', 8],
    ]);
    expect(r.imports[2].type_only).toBe(true);
    expect(r.imports[0].names).toEqual(['fs', 'rf', 'Stats']);
  });

  it('lists exports, the default one included', () => {
    expect(r.exports.map((e) => (e.local ? `${e.name}<-${e.local}` : e.name))).toEqual([
      'util<-helper', '*', 'UserService', 'parse', 'load', 'Repository', 'Color', 'Handler', 'area', 'default',
    ]);
  });

  it('attributes calls to the enclosing named function, through anonymous callbacks, and decorators to <module>', () => {
    expect(callEdges(r)).toEqual([
      '<module> -> Injectable @11',
      '<module> -> Inject @13',
      'UserService.onChange -> this.repo.save @16',
      'UserService.constructor -> super @20',
      'UserService.constructor -> Map @21',
      '<module> -> Memoize @24',
      'UserService.count -> this.repo.size @26',
      'UserService.count -> this.repo.resize @30',
      'UserService.findUser -> this.cache.get @34',
      'UserService.findUser -> Query @35',
      'UserService.findUser -> items.forEach @36',
      'UserService.findUser -> validate @37',
      'UserService.findUser -> this.repo.find @39',
      'parse.inner -> token.trim @49',
      'parse -> buildTree @51',
      'parse -> inner @51',
      'load -> readConfig @56',
      'load -> JSON.parse @57',
      'default -> run @77',
      '<module> -> main @80',
    ]);
    const save = r.calls[2];
    expect(save).toMatchObject({ name: 'save', receiver: 'this.repo', kind: 'method', arg_count: 1 });
    expect(r.calls.find((c) => c.callee === 'Query')).toMatchObject({ kind: 'new', arg_count: 1 });
    expect(r.calls.find((c) => c.callee === 'super')?.kind).toBe('super');
  });

  it('records typed parameters, typed declarations, new and call initialisers', () => {
    const find = r.bindings.filter((b) => b.scope === 'UserService.findUser');
    expect(find).toEqual([
      { scope: 'UserService.findUser', name: 'id', line: 33, type: 'string' },
      { scope: 'UserService.findUser', name: 'opts', line: 33, type: 'FindOptions' },
      { scope: 'UserService.findUser', name: 'cached', line: 34, type: 'User | undefined', init_call: 'this.cache.get' },
      { scope: 'UserService.findUser', name: 'query', line: 35, init_call: 'Query', init_new: true },
      { scope: 'UserService.findUser', name: 'item', line: 36, end_line: 38, callback_param: { callee: 'items.forEach', arg: 0, param: 0 } },
    ]);
    expect(r.bindings).toContainEqual({ scope: 'UserService.constructor', name: 'this.cache', line: 21, type: 'Map<string, User>', type_at_new: true, init_call: 'Map', init_new: true });
    expect(r.bindings).toContainEqual({ scope: 'load', name: 'raw', line: 56, init_call: 'readConfig', awaited: true });
  });

  it('reads the file doc and has no errors', () => {
    expect(r.doc).toBe('Fixture: the TypeScript constructs the extractor handles deliberately.');
    expect(r.errors).toEqual([]);
    expect(r.line_count).toBe(80);
  });
});

describe('tsx fixture', async () => {
  const r = await extractFixture('tsx.tsx');

  it('extracts components through JSX', () => {
    expect(outline(r)).toEqual([
      'interface Props L5-7',
      'class Page L22-26',
      '  method Page.render L23-25',
      'function Counter L9-18',
      'arrow Counter.increment L11-11',
      'arrow Panel L20-20',
    ]);
    expect(fn(r, 'Counter').signature).toBe('export function Counter({ title }: Props): JSX.Element');
    expect(fn(r, 'Panel').signature).toBe('export const Panel = ({ children }: { children: React.ReactNode })');
    expect(cls(r, 'Page').bases).toEqual(['React.Component']);
    expect(r.exports).toContainEqual({ name: 'default', local: 'Page', line: 22 });
    // JSX elements of components are calls of them; intrinsic ones (`<div>`) are not.
    expect(callEdges(r)).toEqual(['Counter -> useState @10', 'Counter.increment -> setCount @11', 'Counter -> Button @15', 'Counter -> format @15', 'Page.render -> Counter @24']);
    expect(r.errors).toEqual([]);
  });
});

describe('javascript ESM fixture', async () => {
  const r = await extractFixture('esm.mjs');

  it('extracts classes, generators, bound object members and default arrows', () => {
    expect(outline(r)).toEqual([
      'class Store L6-18',
      '  method Store.create L8-10',
      '  getter Store.size L11-13',
      '  arrow Store.add L14-17',
      'function pages L20-24',
      'arrow default L37-37',
      'method api.get L27-29',
      'method api.remove L30-30',
    ]);
    expect(fn(r, 'Store.create').modifiers).toEqual(['static']);
    expect(fn(r, 'pages')).toMatchObject({ signature: 'export async function* pages(url)', is_async: true });
    expect(fn(r, 'api.get').class_name).toBe('api');
    expect(cls(r, 'Store').fields).toEqual([{ name: '#items', line: 7, init_call: 'Map' }]);
  });

  it('reads static, dynamic and re-export imports', () => {
    expect(r.imports.map((i) => [i.module, i.names, i.kind, i.line])).toEqual([
      ['./lib.js', ['defaultThing', 'named', 'renamed'], 'import', 2],
      ['node:path', ['ns'], 'import', 3],
      ['./lib.js', ['named'], 'reexport', 4],
      ['./plugin.js', [], 'dynamic', 22],
    ]);
  });

  it('gives calls in a top-level callback to <module> and calls in a bound member to that member', () => {
    expect(callEdges(r)).toContain('<module> -> setTimeout @33');
    expect(callEdges(r)).toContain('<module> -> pages @34');
    expect(callEdges(r)).toContain('api.get -> fetchItem @28');
    expect(callEdges(r)).toContain('default -> renamed @37');
    expect(r.bindings).toEqual([{ scope: 'pages', name: 'client', line: 21, init_call: 'Client', init_new: true }]);
  });
});

describe('javascript CommonJS fixture', async () => {
  const r = await extractFixture('commonjs.cjs');

  it('defines exports.x = function, prototype methods, this.x = function and exported object members', () => {
    expect(outline(r)).toEqual([
      'function Parser L7-12',
      'arrow Parser.reset L9-11',
      'arrow read L18-20',
      'function write L27-29',
      'arrow check L30-30',
      'method Parser.parse L14-16',
    ]);
    expect(fn(r, 'Parser.parse')).toMatchObject({ class_name: 'Parser', signature: 'Parser.prototype.parse = function parse(text)' });
    expect(fn(r, 'Parser.reset').parent_function).toBe('Parser');
    expect(fn(r, 'read')).toMatchObject({ signature: 'exports.read = function (file)', exported: true });
  });

  it('reads require() with destructuring, aliases and member access as imports', () => {
    expect(r.imports.map((i) => [i.module, i.bindings, i.kind])).toEqual([
      ['fs', [{ name: '*', alias: 'fs' }], 'require'],
      ['path', [{ name: 'join' }, { name: 'resolve', alias: 'resolvePath' }], 'require'],
      ['./package.json', [{ name: 'version' }], 'require'],
    ]);
  });

  it('reads exports.x, module.exports.x and module.exports = {…}', () => {
    expect(r.exports.map((e) => (e.local ? `${e.name}<-${e.local}` : e.name))).toEqual(['read', 'VERSION<-version', 'Parser', 'write', 'check']);
    expect(fn(r, 'Parser').exported).toBe(true);
  });

  it('attributes calls inside function expressions and arrow callbacks', () => {
    expect(callEdges(r)).toContain('Parser.parse -> this.visit @15');
    expect(callEdges(r)).toContain('read -> fs.readFileSync @19');
    expect(callEdges(r)).toContain('write -> resolvePath @28');
    expect(callEdges(r)).toContain('check -> Boolean @30');
  });
});

describe('javascript CommonJS classes set on objects (hapi, joi)', async () => {
  const source = [
    'const internals = {};',
    'exports = module.exports = internals.Core = class {',
    '    start() { return 1; }',
    '};',
    'internals.Auth = class {',
    '    test() { return 2; }',
    '};',
    'exports.Manager = class {',
    '    run() { return 3; }',
    '};',
    'exports.Plugin = internals.Plugin = class {',
    '    apply() { return 4; }',
    '};',
  ].join('\n');
  const r = await extractSource('core.js', source);

  it('a class expression set on an object is named after it, one set on exports after its export', () => {
    expect(outline(r)).toEqual([
      'class internals.Core L2-4',
      '  method internals.Core.start L3-3',
      'class internals.Auth L5-7',
      '  method internals.Auth.test L6-6',
      'class Manager L8-10',
      '  method Manager.run L9-9',
      'class internals.Plugin L11-13',
      '  method internals.Plugin.apply L12-12',
    ]);
    expect(cls(r, 'Manager').exported).toBe(true);
  });

  it('a class set on module.exports keeps its own name (kafkajs\'s module.exports = class Encoder)', async () => {
    const encoder = await extractSource('encoder.js', 'module.exports = class Encoder {\n    write() { return 1; }\n};\n');
    expect(outline(encoder)).toEqual(['class Encoder L1-3', '  method Encoder.write L2-2']);
  });

  it('a base written in parentheses is the base inside them (webpack\'s extends (\\n NullDependency.Template\\n))', async () => {
    const dep = await extractSource('dep.js', 'Dep.Template = class DepTemplate extends (\n    NullDependency.Template\n) {\n    apply() {}\n};\n');
    expect(cls(dep, 'Dep.Template').bases).toEqual(['NullDependency.Template']);
  });

  it('an export made through a chain of assignments is what the chain\'s last name holds', () => {
    expect(r.exports.map((e) => (e.local ? `${e.name}<-${e.local}` : e.name))).toEqual(['default<-internals.Core', 'Manager', 'Plugin<-internals.Plugin']);
  });
});
