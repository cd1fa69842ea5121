// JSX elements are calls of their components (TSX and JavaScript), and so are decorators written
// without arguments; a local function declared with a function type is the function its calls reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directCallers } from '../../dist/core/graph/callers.js';
import { openFixture, type OpenGraph } from './helpers.js';

describe('JSX elements, decorators and typed local functions in the call graph', () => {
  let project: OpenGraph;
  beforeAll(async () => {
    project = await openFixture('jsx');
  });
  afterAll(() => project.close());

  const callers = (file: string, name: string) =>
    directCallers(project.graph, { file, name }, false, 'none').map(({ edge }) => `${edge.from.name} ${edge.from.file}:${edge.line}`).sort();

  it('an element of a component calls it: opening and self-closing tags, from TSX and JSX files; closing tags and intrinsic elements do not', () => {
    expect(callers('src/outlet.tsx', 'Outlet')).toEqual(['App src/app.jsx:4', 'Page src/outlet.tsx:13', 'Page src/outlet.tsx:15']);
  });

  it('a member of an object used as an element is called through it', () => {
    expect(callers('src/outlet.tsx', 'Parts.Item')).toEqual(['Page src/outlet.tsx:14']);
  });

  it('no call is recorded for intrinsic elements or for the member expression naming a component', () => {
    const record = project.graph.record('src/outlet.tsx')!;
    expect(record.calls.map((c) => c.callee).sort()).toEqual(['Outlet', 'Outlet', 'Parts.Item']);
    expect((record.references ?? []).map((r) => r.callee).sort()).toEqual(['props.depth', 'props.label']);
  });

  it('a decorator written without arguments calls the decorator (a member too, recorded as a call, not a read)', () => {
    expect(callers('src/middleware.ts', 'sealed')).toEqual(['<module> src/middleware.ts:16']);
    expect(callers('src/middleware.ts', 'Reflector.metadata')).toEqual(['<module> src/middleware.ts:17']);
    expect(project.graph.record('src/middleware.ts')!.references ?? []).toEqual([]);
  });

  it('a local function declared with a function type is what its calls reach, inside itself too', () => {
    expect(callers('src/middleware.ts', 'execute.next')).toEqual(['execute src/middleware.ts:9', 'execute.next src/middleware.ts:7']);
  });
});
