// The daemon builds the call graph in the background once its index is loaded, so the first
// `impact` does not pay for it; the build hands the thread back between slices (other queries are
// answered meanwhile) and loses no change the index reports while it runs.
import { afterAll, describe, expect, it } from 'vitest';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildRealTree } from '../../dist/bench/real-code.js';
import { callGraphFor, prepareCallGraph } from '../../dist/core/graph/for-index.js';
import { openProjectIndex } from '../../dist/core/index/open.js';
import { closeExtractPool } from '../../dist/core/pool/extract-pool.js';
import { cleanupProjects, cli, makeProject, waitFor } from './helpers.js';

/** rxjs's sources (a devDependency that ships src/): ≈ 250 files, a graph that takes 100+ ms to build. */
const tree = buildRealTree(1);

afterAll(async () => {
  await closeExtractPool();
  tree.cleanup();
  await cleanupProjects();
});

describe('the call graph in the background', () => {
  it('the daemon builds it after loading, before any query asks for it', async () => {
    const project = makeProject({
      'lib/shapes.py': 'def area(r):\n    return 3 * r * r\n',
      'app/main.py': 'from lib.shapes import area\n\n\ndef report():\n    return area(2)\n',
    });
    expect(cli(['daemon', 'start'], project.root).status).toBe(0);
    const status = () => JSON.parse(cli(['daemon', 'status', '--json'], project.root).stdout);
    await waitFor(() => status().call_graph === 'ready', 'the call graph to be built');
    expect(status().requests).toBeLessThan(20);
    const impact = JSON.parse(cli(['impact', 'area', '--json'], project.root).stdout);
    expect(impact.callers.map((c: { function: string }) => c.function)).toEqual(['report']);
    expect(cli(['daemon', 'status'], project.root).stdout).toMatch(/^call graph: ready$/m);
  });

  it('building it lets timers and other work run before it is done', async () => {
    const index = await openProjectIndex(tree.root);
    await index.records();
    let timerRan = false;
    const timer = setTimeout(() => (timerRan = true), 0);
    await prepareCallGraph(index);
    clearTimeout(timer);
    // Built in one go, the graph would be done before any timer could run.
    expect(timerRan).toBe(true);
    expect((await callGraphFor(index)).paths().length).toBe((await index.records()).size);
  });

  it('a file changed while it is being built is in the built graph', async () => {
    const index = await openProjectIndex(tree.root);
    const records = await index.records();
    const target = [...records.keys()].find((path) => path.endsWith('internal/util/noop.ts'))!;
    // Loads the grammar on this thread first, so the re-parse below takes milliseconds.
    const other = [...records.keys()].find((path) => path.endsWith('internal/util/identity.ts'))!;
    appendFileSync(join(tree.root, other), '\n// touched\n');
    await index.record(other);
    let built = false;
    const building = callGraphFor(index).then((graph) => {
      built = true;
      return graph;
    });
    await new Promise((resolve) => setImmediate(resolve));
    appendFileSync(join(tree.root, target), '\nexport function addedWhileBuilding(): void {}\n');
    // Re-extracted and reported to listeners now, between two slices of the build.
    expect((await index.record(target)).functions.map((fn) => fn.name)).toContain('addedWhileBuilding');
    expect(built).toBe(false);
    const graph = await building;
    expect(graph.definitions('addedWhileBuilding').map((d) => d.file)).toEqual([target]);
  });
});
