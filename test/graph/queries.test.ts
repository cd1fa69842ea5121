// The graph query handlers and their CLI contract on fixture projects.
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impact } from '../../dist/core/query/impact.js';
import { calls } from '../../dist/core/query/calls.js';
import { signature } from '../../dist/core/query/signature.js';
import { functionContext } from '../../dist/core/query/function-context.js';
import { importers } from '../../dist/core/query/importers.js';
import { dead } from '../../dist/core/query/dead.js';
import { arch } from '../../dist/core/query/arch.js';
import { TldrError } from '../../dist/core/errors.js';
import { openFixture, type OpenGraph } from './helpers.js';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

describe('graph queries (TypeScript monorepo)', () => {
  let project: OpenGraph;
  let ctx: { index: OpenGraph['index']; cwd: string };
  beforeAll(async () => {
    project = await openFixture('ts-monorepo');
    ctx = { index: project.index, cwd: project.root };
  });
  afterAll(() => project.close());

  it('impact: definitions and transitive callers with call lines and depths (DESIGN §4 shape)', async () => {
    const result = await impact(ctx, { name: 'helper', depth: 3 });
    expect(result.target).toBe('helper');
    expect(result.definitions).toEqual([{ file: 'packages/core/src/util.ts', line: 1, qualified_name: 'helper' }]);
    const callers = result.callers.map((c) => `${c.depth} ${c.file}:${c.line} ${c.function}`);
    expect(callers).toContain('1 packages/core/src/repo.ts:16 Repo.save');
    expect(callers).toContain('1 packages/app/src/service.ts:14 Service.run');
    expect(callers).toContain('2 packages/app/src/main.ts:7 main');
    expect(callers).toContain('3 packages/app/src/main.ts:11 <module>');
    for (const caller of result.callers) expect(Object.keys(caller)).toEqual(expect.arrayContaining(['file', 'function', 'line', 'depth']));
  });

  it('impact: --depth 1 stops at direct callers; --file picks one definition', async () => {
    const direct = await impact(ctx, { name: 'save', depth: 1, file: 'packages/core/src/repo.ts' });
    expect(direct.definitions.map((d) => d.qualified_name)).toEqual(['BaseRepo.save', 'Repo.save']);
    expect(direct.callers.every((c) => c.depth === 1)).toBe(true);
    expect(direct.callers.map((c) => `${c.file}:${c.line}`)).toEqual(expect.arrayContaining(['packages/app/src/service.ts:10', 'packages/core/src/repo.ts:15']));
  });

  it('impact: calls through an interface reach its implementations, marked as dispatch', async () => {
    const result = await impact(ctx, { name: 'MemStore.get', depth: 1 });
    expect(result.callers).toEqual([expect.objectContaining({ file: 'packages/app/src/service.ts', line: 16, function: 'Service.run', via: 'dispatch', confidence: 'medium' })]);
    const none = await impact(ctx, { name: 'MemStore.get', depth: 1, dispatch: 'none' });
    expect(none.callers).toEqual([]);
  });

  it('impact: a class is called where it is instantiated; unresolved same-name calls are only possible callers', async () => {
    const repo = await impact(ctx, { name: 'Repo', depth: 1 });
    expect(repo.callers.map((c) => `${c.file}:${c.line}`).sort()).toEqual(['packages/app/src/main.ts:6', 'packages/core/src/repo.ts:24']);
    const find = await impact(ctx, { name: 'Repo.find', depth: 1 });
    expect(find.callers.map((c) => `${c.file}:${c.line}`)).toEqual(['packages/app/src/service.ts:13']);
    expect(find.possible_callers).toEqual([{ file: 'packages/app/src/service.ts', function: 'audit', line: 22, callee: 'anyRepo.find' }]);
  });

  it('unknown names fail with exit code 1 and the closest names', async () => {
    const error = await impact(ctx, { name: 'makeRepp' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TldrError);
    expect((error as TldrError).exitCode).toBe(1);
    expect((error as TldrError).hint).toContain('makeRepo');
  });

  it('calls: edges with from/to/line; unresolved ones flagged, not dropped', async () => {
    const result = await calls(ctx, { path: 'packages/app/src/service.ts' });
    expect(result.edges).toContainEqual(expect.objectContaining({
      from: { file: 'packages/app/src/service.ts', function: 'Service.run' },
      to: { file: 'packages/core/src/repo.ts', function: 'Repo.save' },
      line: 10,
      resolved: true,
      confidence: 'high',
    }));
    expect(result.edges).toContainEqual(expect.objectContaining({ to: { file: null, function: 'unknownThing.frobnicate' }, resolved: false, confidence: 'low' }));
    expect(result.edges.every((e) => e.from.file === 'packages/app/src/service.ts')).toBe(true);
  });

  it('signature and context', async () => {
    const sig = await signature(ctx, { name: 'helper' });
    expect(sig.definitions[0]).toMatchObject({ file: 'packages/core/src/util.ts', line: 1, signature: expect.stringContaining('helper(x: number): number') });
    const context = await functionContext(ctx, { name: 'Repo.save', depth: 1 });
    expect(context.callees.map((c) => c.function).sort()).toEqual(['BaseRepo.save', 'helper']);
    expect(context.text).toContain('## Called by');
    expect(context.text).toContain('Service.run');
  });

  it('importers: by file, by directory and by specifier', async () => {
    const byFile = await importers(ctx, { module: 'packages/core/src/util.ts' });
    expect(byFile.importers.map((i) => i.file).sort()).toEqual(['packages/core/src/index.ts', 'packages/core/src/repo.ts']);
    const byDir = await importers(ctx, { module: 'packages/core' });
    expect(byDir.importers.map((i) => i.file).sort()).toEqual(['packages/app/src/main.ts', 'packages/app/src/main.ts', 'packages/app/src/service.ts', 'packages/app/src/service.ts']);
    const bySpec = await importers(ctx, { module: '@acme/core/store' });
    expect(bySpec.importers.map((i) => i.file).sort()).toEqual(['packages/app/src/main.ts', 'packages/app/src/service.ts']);
    await expect(importers(ctx, { module: 'nothing/here' })).rejects.toBeInstanceOf(TldrError);
  });

  it('arch: layers follow dependency direction', async () => {
    const result = await arch(ctx, {});
    const layer = (name: string) => result.modules.find((m) => m.name === name)!.layer;
    expect(layer('packages/app/src')).toBeGreaterThan(layer('packages/core/src'));
    expect(layer('packages/app/src')).toBeGreaterThan(layer('packages/core/src/store'));
    expect(result.modules.find((m) => m.name === 'packages/app/src')!.depends_on).toEqual(['packages/core/src', 'packages/core/src/store']);
    expect(result.cycles).toEqual([]);
  });
});

describe('dead code and cycles (Python package)', () => {
  let project: OpenGraph;
  beforeAll(async () => {
    project = await openFixture('py-pkg');
  });
  afterAll(() => project.close());

  it('reports uncalled private helpers, not tests, dunders, exported or called functions', async () => {
    const result = await dead({ index: project.index, cwd: project.root }, {});
    expect(result.dead.map((d) => d.qualified_name)).toEqual(['_unused_helper']);
  });

  it('finds import cycles between modules', async () => {
    const result = await arch({ index: project.index, cwd: project.root }, {});
    expect(result.file_cycles).toContainEqual(['src/shop/billing/invoice.py', 'src/shop/models.py']);
    expect(result.cycles).toContainEqual({ modules: ['src/shop', 'src/shop/billing'] });
  });

  it('CLI: impact --json prints the contract; unknown names exit 1 with a one-line error', () => {
    const out = execFileSync(process.execPath, [CLI, 'impact', 'money', '--project', project.root, '--depth', '1', '--json', '--no-daemon'], { encoding: 'utf8' });
    const json = JSON.parse(out);
    expect(json.definitions).toEqual([{ file: 'src/shop/util.py', line: 1, qualified_name: 'money' }]);
    expect(json.callers.map((c: { file: string; line: number }) => `${c.file}:${c.line}`).sort()).toEqual(['src/shop/app.py:13', 'src/shop/billing/invoice.py:10', 'src/shop/models.py:21']);
    const failed = spawnSync(process.execPath, [CLI, 'impact', 'mony', '--project', project.root, '--no-daemon'], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr.trim().split('\n')).toHaveLength(1);
    expect(failed.stderr).toContain('money');
  });
});
