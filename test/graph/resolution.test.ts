// Call and module resolution on fixture projects, through the real extractor and index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFunction } from '../../dist/core/flow/locate.js';
import { findDefinitions } from '../../dist/core/graph/lookup.js';
import { openFixture, targetOf, edgesFrom, type OpenGraph } from './helpers.js';

describe('TypeScript/JavaScript monorepo', () => {
  let project: OpenGraph;
  beforeAll(async () => {
    project = await openFixture('ts-monorepo');
  });
  afterAll(() => project.close());

  it('resolves tsconfig paths (through extends) and workspace packages with exports mapped to sources', () => {
    const imports = project.graph.fileGraph('packages/app/src/main.ts')!.imports;
    const targets = Object.fromEntries(imports.map((i) => [i.module, i.targets]));
    expect(targets['@app/service']).toEqual(['packages/app/src/service.ts']);
    expect(targets['@acme/core']).toEqual(['packages/core/src/index.ts']);
    expect(targets['@acme/core/store']).toEqual(['packages/core/src/store/index.ts']);
    expect(targets['./lazy']).toEqual(['packages/app/src/lazy.ts']);
  });

  it('follows barrels: export *, export { a as b } from, default re-exported by name', () => {
    const file = 'packages/app/src/service.ts';
    expect(targetOf(project.graph, file, 'makeRepo')).toBe('packages/core/src/repo.ts#makeRepo');
    expect(targetOf(project.graph, file, 'util')).toBe('packages/core/src/util.ts#helper');
    expect(targetOf(project.graph, file, 'Logger')).toBe('packages/core/src/logger.ts#Logger');
  });

  it('resolves method calls through typed fields, parameters and return types', () => {
    const file = 'packages/app/src/service.ts';
    expect(targetOf(project.graph, file, 'this.repo.save')).toBe('packages/core/src/repo.ts#Repo.save');
    expect(targetOf(project.graph, file, 'other.find')).toBe('packages/core/src/repo.ts#Repo.find');
    expect(targetOf(project.graph, file, 'store.get')).toBe('packages/core/src/store/index.ts#Store.get');
  });

  it('resolves this, super and constructors, keeping what was instantiated', () => {
    const repo = 'packages/core/src/repo.ts';
    expect(targetOf(project.graph, repo, 'this.validate')).toBe(`${repo}#BaseRepo.validate`);
    expect(targetOf(project.graph, repo, 'super.save')).toBe(`${repo}#BaseRepo.save`);
    expect(targetOf(project.graph, repo, 'super')).toBe(`${repo}#BaseRepo`);
    const [created] = edgesFrom(project.graph, 'packages/app/src/main.ts', 'Repo');
    expect(created.to).toEqual({ file: repo, name: 'Repo.constructor' });
    expect(created.instantiates).toEqual({ file: repo, name: 'Repo' });
    expect(targetOf(project.graph, 'packages/app/src/main.ts', 'service.run')).toBe('packages/app/src/service.ts#Service.run');
  });

  it('records overrides and interface implementations', () => {
    const store = project.graph.fileGraph('packages/core/src/store/index.ts')!;
    expect(store.overrides.map((o) => `${o.method.name}->${o.overridden.name}`).sort()).toEqual(['DiskStore.get->Store.get', 'MemStore.get->Store.get']);
  });

  it('resolves CommonJS require, exports.x and module.exports', () => {
    expect(targetOf(project.graph, 'legacy/cjs.js', 'parse')).toBe('legacy/parser.js#parse');
    expect(targetOf(project.graph, 'legacy/cjs.js', 'format')).toBe('legacy/format.js#module.exports');
  });

  it('keeps unresolvable calls as low-confidence unresolved edges', () => {
    const [edge] = edgesFrom(project.graph, 'packages/app/src/service.ts', 'unknownThing.frobnicate');
    expect(edge.to).toBeUndefined();
    expect(edge.confidence).toBe('low');
    expect(edge.from).toEqual({ file: 'packages/app/src/service.ts', name: 'Service.run' });
    expect(project.graph.unresolvedCalls('frobnicate')).toHaveLength(1);
  });
});

describe('Python package (src layout)', () => {
  let project: OpenGraph;
  beforeAll(async () => {
    project = await openFixture('py-pkg');
  });
  afterAll(() => project.close());

  it('resolves absolute imports from the src root, relative imports and __init__ re-exports', () => {
    const app = 'src/shop/app.py';
    expect(targetOf(project.graph, app, 'Cart')).toBe('src/shop/models.py#Cart.__init__');
    expect(targetOf(project.graph, app, 'invoice.summary')).toBe('src/shop/billing/invoice.py#summary');
    expect(targetOf(project.graph, app, 'shop.util.money')).toBe('src/shop/util.py#money');
    expect(targetOf(project.graph, 'src/shop/billing/invoice.py', 'u.money')).toBe('src/shop/util.py#money');
    expect(targetOf(project.graph, 'tests/test_cart.py', 'Cart')).toBe('src/shop/models.py#Cart.__init__');
  });

  it('resolves self through bases, super().__init__, classmethods (cls) and staticmethods', () => {
    const models = 'src/shop/models.py';
    expect(targetOf(project.graph, 'src/shop/app.py', 'item.describe')).toBe(`${models}#Base.describe`);
    expect(targetOf(project.graph, models, 'self.label')).toBe(`${models}#Base.label`);
    expect(targetOf(project.graph, models, 'super().__init__')).toBe(`${models}#Base.__init__`);
    expect(targetOf(project.graph, models, 'cls')).toBe(`${models}#Item.__init__`);
    expect(targetOf(project.graph, 'src/shop/app.py', 'Item.parse')).toBe(`${models}#Item.parse`);
  });

  it('types locals from constructors, annotations and return types', () => {
    expect(targetOf(project.graph, 'src/shop/models.py', 'item.total')).toBe('src/shop/models.py#Item.total');
    expect(targetOf(project.graph, 'src/shop/models.py', 'invoice.render')).toBe('src/shop/billing/invoice.py#Invoice.render');
    expect(targetOf(project.graph, 'src/shop/billing/invoice.py', 'invoice_for(cart).render')).toBe('src/shop/billing/invoice.py#Invoice.render');
  });

  it('marks builtins as unresolved, never as a project function', () => {
    const [edge] = edgesFrom(project.graph, 'src/shop/util.py', 'round');
    expect(edge.to).toBeUndefined();
  });
});

describe('Go, Java, Rust and C', () => {
  const projects: Record<string, OpenGraph> = {};
  beforeAll(async () => {
    for (const name of ['go-mod', 'java-app', 'rust-crate', 'c-lib']) projects[name] = await openFixture(name);
  });
  afterAll(async () => {
    for (const project of Object.values(projects)) await project.close();
  });

  it('Go: module path imports, package siblings, methods through pointer receivers and constructor functions', () => {
    const { graph } = projects['go-mod'];
    expect(targetOf(graph, 'main.go', 'server.NewServer')).toBe('server/server.go#NewServer');
    expect(targetOf(graph, 'main.go', 's.Start')).toBe('server/server.go#Server.Start');
    expect(targetOf(graph, 'main.go', 'u.Do')).toBe('util/util.go#Do');
    expect(targetOf(graph, 'main.go', 'fmt.Println')).toBe('external');
    expect(targetOf(graph, 'server/server.go', 's.listen')).toBe('server/listen.go#Server.listen');
    expect(targetOf(graph, 'server/server.go', 'logStart')).toBe('server/listen.go#logStart');
  });

  it('Go: a type assertion (v.(T), with or without ok) binds a value of that type', () => {
    const { graph } = projects['go-mod'];
    expect(targetOf(graph, 'server/assert.go', 's.size')).toBe('server/assert.go#sizer.size');
    expect(targetOf(graph, 'server/assert.go', 'f.size')).toBe('server/assert.go#file.size');
    expect(targetOf(graph, 'server/assert.go', 'v.(file).size')).toBe('server/assert.go#file.size');
    expect(targetOf(graph, 'server/assert.go', 'v.(*file).size')).toBe('server/assert.go#file.size');
  });

  it('Go: a map\'s values and a slice\'s elements, indexed (with or without ok) or ranged over', () => {
    const { graph } = projects['go-mod'];
    for (const callee of ['q.popFront', 'byKey.popFront', 'each.popFront', 'value.popFront', 'first.popFront']) {
      expect(targetOf(graph, 'server/collections.go', callee)).toBe('server/collections.go#queue.popFront');
    }
  });

  it('Go: a method of an embedded library type is that library\'s', () => {
    expect(targetOf(projects['go-mod'].graph, 'server/embed.go', 'bw.Write')).toBe('external');
  });

  it('Go: every name a := declares is a local from that statement on', () => {
    const { graph } = projects['go-mod'];
    // (The local is context.WithCancel's second result: the library's function.)
    expect(targetOf(graph, 'server/locals.go', 'cancel')).toBe('external');
    expect(targetOf(graph, 'server/locals.go', 'util.Pair')).toBe('util/pair.go#Pair');
  });

  it('Go: x, err := f() binds each name to the result f declares at its position', () => {
    const { graph } = projects['go-mod'];
    expect(targetOf(graph, 'server/results.go', 'req.Header.Set')).toBe('server/results.go#Header.Set');
    expect(targetOf(graph, 'server/results.go', 'other.Header.Set')).toBe('server/results.go#Header.Set');
    expect(targetOf(graph, 'server/results.go', 'second.Header.Set')).toBe('server/results.go#Header.Set');
    expect(targetOf(graph, 'server/results.go', 'h.Set')).toBe('server/results.go#Header.Set');
    // An `error` is the runtime's interface: no possible call of the project's Error methods.
    expect(targetOf(graph, 'server/results.go', 'err2.Error')).toBe('external');
    expect(targetOf(graph, 'server/results.go', 'pw.Close')).toBe('external');
  });

  it('Java: single-type, static and wildcard imports, fields, implicit this and constructors', () => {
    const { graph } = projects['java-app'];
    const app = 'src/main/java/com/acme/App.java';
    expect(targetOf(graph, app, 'repo.save')).toBe('src/main/java/com/acme/repo/Repo.java#Repo.save');
    expect(targetOf(graph, app, 'prepare')).toBe(`${app}#App.prepare`);
    expect(targetOf(graph, app, 'shout')).toBe('src/main/java/com/acme/util/Strings.java#Strings.shout');
    expect(targetOf(graph, app, 'Numbers.twice')).toBe('src/main/java/com/acme/util/Numbers.java#Numbers.twice');
    expect(targetOf(graph, app, 'App')).toBe(`${app}#App.App`);
    expect(targetOf(graph, app, 'new App(new Repo()).run')).toBe(`${app}#App.run`);
  });

  it('Rust: mod files, use crate::/super:: paths, associated functions and self', () => {
    const { graph } = projects['rust-crate'];
    expect(targetOf(graph, 'src/main.rs', 'helper')).toBe('src/util.rs#helper');
    expect(targetOf(graph, 'src/main.rs', 'util::other')).toBe('src/util.rs#other');
    expect(targetOf(graph, 'src/main.rs', 'Server::new')).toBe('src/net/server.rs#Server.new');
    expect(targetOf(graph, 'src/main.rs', 's.start')).toBe('src/net/server.rs#Server.start');
    expect(targetOf(graph, 'src/net/server.rs', 'self.stop')).toBe('src/net/server.rs#Server.stop');
    expect(targetOf(graph, 'src/net/server.rs', 'util::other')).toBe('src/util.rs#other');
  });

  it('Rust: a definition is found by the name as Rust writes it (Server::new), in the graph and in its file', () => {
    const { graph } = projects['rust-crate'];
    expect(findDefinitions(graph, 'Server::new').map((def) => `${def.file}#${def.qualified_name}`)).toEqual(['src/net/server.rs#Server.new']);
    expect(findFunction(graph.record('src/net/server.rs')!, 'Server::start').qualified_name).toBe('Server.start');
    expect(() => findDefinitions(graph, 'Server::missing')).toThrow(/no function or class named Server::missing/);
  });

  it('C (default resolver): an included header leads to the implementation file beside it', () => {
    const { graph } = projects['c-lib'];
    expect(graph.fileGraph('src/main.c')!.imports.find((i) => i.module === 'util.h')!.targets).toEqual(['src/util.h']);
    expect(targetOf(graph, 'src/main.c', 'helper')).toBe('src/util.c#helper');
    expect(targetOf(graph, 'src/util.c', 'twice')).toBe('src/util.c#twice');
    expect(targetOf(graph, 'src/main.c', 'printf')).toBe('unresolved');
  });
});
