// Incremental patching: after edits, additions and deletions the patched graph equals a graph
// built from scratch, and only the files whose resolution read a changed file were re-resolved.
import { rmSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CallGraph } from '../../dist/core/graph/call-graph.js';
import { callGraphFor } from '../../dist/core/graph/for-index.js';
import { loadProjectConfig } from '../../dist/core/graph/project-config.js';
import type { FileChange } from '../../dist/core/index/project-index.js';
import { openFixture, targetOf, type OpenGraph } from './helpers.js';

function snapshot(graph: CallGraph): unknown {
  return graph.fileGraphs();
}

/**
 * What queries read from the reverse indexes: definitions by name, callers of each, unresolved
 * calls by name, importers of each file. Names held by several files keep a flattened answer, so
 * reading these before a patch checks that the patch drops it.
 */
function reverseIndexes(graph: CallGraph): unknown {
  const out: Record<string, unknown> = {};
  for (const name of [...graph.definitionNames()].sort()) {
    const defs = graph.definitions(name);
    out[`def ${name}`] = defs.map((d) => `${d.file}#${d.qualified_name}`);
    for (const d of defs) out[`callers ${d.file}#${d.qualified_name}`] = graph.callersOf({ file: d.file, name: d.qualified_name }).map((e) => `${e.from.file}:${e.line}`);
  }
  const unresolved = new Set(graph.fileGraphs().flatMap((g) => g.edges.filter((e) => !e.to).map((e) => e.name)));
  for (const name of [...unresolved].sort()) out[`unresolved ${name}`] = graph.unresolvedCalls(name).map((e) => `${e.from.file}:${e.line}`);
  for (const file of graph.fileGraphs().map((g) => g.path).sort()) out[`importers ${file}`] = graph.importers(file).map((i) => `${i.file}:${i.line}`);
  return out;
}

async function fresh(project: OpenGraph): Promise<CallGraph> {
  const records = await project.index.records();
  return CallGraph.build(records, project.root, loadProjectConfig(project.root, records.keys()));
}

/** Applies file edits, lets the index report them, returns the changes it emitted and the files re-resolved. */
async function edit(project: OpenGraph, writes: Record<string, string | null>): Promise<{ changes: FileChange[]; graph: CallGraph }> {
  const changes: FileChange[] = [];
  const stop = project.index.onChange((batch) => changes.push(...batch));
  for (const [path, text] of Object.entries(writes)) {
    if (text === null) rmSync(join(project.root, path));
    else writeFileSync(join(project.root, path), text);
  }
  project.index.invalidate(Object.keys(writes));
  const graph = await callGraphFor(project.index);
  stop();
  return { changes, graph };
}

describe('incremental call graph', () => {
  let project: OpenGraph | undefined;
  afterEach(async () => {
    await project?.close();
    project = undefined;
  });

  it('patches edits, additions and deletions in a TypeScript monorepo to the from-scratch graph', async () => {
    project = await openFixture('ts-monorepo');
    const before = await callGraphFor(project.index);
    expect(targetOf(before, 'packages/core/src/repo.ts', 'helper')).toBe('packages/core/src/util.ts#helper');
    expect(reverseIndexes(before)).toEqual(reverseIndexes(await fresh(project)));

    // Rename the function a barrel re-exports: importers through the barrel lose the edge.
    let step = await edit(project, { 'packages/core/src/util.ts': 'export function helperRenamed(x: number): number {\n  return x;\n}\n' });
    expect(step.graph).toBe(before);
    expect(step.changes.map((c) => c.path)).toEqual(['packages/core/src/util.ts']);
    expect(targetOf(step.graph, 'packages/core/src/repo.ts', 'helper')).toBe('unresolved');
    expect(targetOf(step.graph, 'packages/app/src/service.ts', 'util')).toBe('unresolved');
    expect(snapshot(step.graph)).toEqual(snapshot(await fresh(project)));

    // A new file exported through the barrel, and a new call to it.
    const service = readFileSync(join(project.root, 'packages/app/src/service.ts'), 'utf8');
    step = await edit(project, {
      'packages/core/src/extra.ts': 'export function extra(): void {}\n',
      'packages/core/src/index.ts': `${readFileSync(join(project.root, 'packages/core/src/index.ts'), 'utf8')}export * from './extra';\n`,
      'packages/app/src/service.ts': service.replace("import { Repo, makeRepo, util, Logger } from '@acme/core';", "import { Repo, makeRepo, util, Logger, extra } from '@acme/core';\nexport function useExtra(): void {\n  extra();\n}"),
    });
    expect(targetOf(step.graph, 'packages/app/src/service.ts', 'extra')).toBe('packages/core/src/extra.ts#extra');
    expect(snapshot(step.graph)).toEqual(snapshot(await fresh(project)));
    expect(reverseIndexes(step.graph)).toEqual(reverseIndexes(await fresh(project)));

    // Deleting a CommonJS module leaves its callers' edges pointing outside the project.
    step = await edit(project, { 'legacy/format.js': null });
    expect(targetOf(step.graph, 'legacy/cjs.js', 'format')).toBe('external');
    expect(snapshot(step.graph)).toEqual(snapshot(await fresh(project)));
    expect(reverseIndexes(step.graph)).toEqual(reverseIndexes(await fresh(project)));
  });

  it('re-resolves only the files that read a changed file', async () => {
    project = await openFixture('ts-monorepo');
    const graph = await callGraphFor(project.index);
    const records = new Map(await project.index.records());
    const util = records.get('packages/core/src/util.ts')!;
    const changed = { ...util, hash: 'edited', functions: util.functions.map((f) => ({ ...f, name: 'other', qualified_name: 'other' })) };
    const recomputed = graph.apply([{ path: util.path, before: util, after: changed }]);
    expect(recomputed).toContain('packages/core/src/util.ts');
    expect(recomputed).toContain('packages/core/src/repo.ts');
    expect(recomputed).toContain('packages/app/src/service.ts');
    expect(recomputed).not.toContain('legacy/cjs.js');
    expect(recomputed).not.toContain('packages/core/src/logger.ts');
    records.set(util.path, changed);
    expect(graph.fileGraphs()).toEqual(CallGraph.build(records, project.root, graph.config).fileGraphs());
  });

  it('notices a new Python module that shadows a package directory (a probed path)', async () => {
    project = await openFixture('py-pkg');
    const graph = await callGraphFor(project.index);
    expect(targetOf(graph, 'src/shop/app.py', 'invoice.summary')).toBe('src/shop/billing/invoice.py#summary');
    const step = await edit(project, { 'src/shop/billing.py': 'def unrelated():\n    return 0\n' });
    expect(targetOf(step.graph, 'src/shop/app.py', 'invoice.summary')).toBe('unresolved');
    expect(snapshot(step.graph)).toEqual(snapshot(await fresh(project)));
    const back = await edit(project, { 'src/shop/billing.py': null });
    expect(targetOf(back.graph, 'src/shop/app.py', 'invoice.summary')).toBe('src/shop/billing/invoice.py#summary');
    expect(snapshot(back.graph)).toEqual(snapshot(await fresh(project)));
  });
});
