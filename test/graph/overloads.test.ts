// Overloads are one definition in every answer (DESIGN §4): structure, summary, signature, context,
// impact, dead, change units and slices, on a fixture project with TypeScript, Python, Java and C++
// overloads.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitsAtLines } from '../../dist/core/change/changed-units.js';
import { callGraphLines } from '../../dist/core/hooks/shared/analysis-text.js';
import { dead } from '../../dist/core/query/dead.js';
import { functionContext } from '../../dist/core/query/function-context.js';
import { impact } from '../../dist/core/query/impact.js';
import { signature } from '../../dist/core/query/signature.js';
import { sliceQuery } from '../../dist/core/query/slice.js';
import { structure, type StructureFile } from '../../dist/core/query/structure.js';
import { summary } from '../../dist/core/query/summary.js';
import { openFixture, type OpenGraph } from './helpers.js';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

describe('overloads are one definition in every answer', () => {
  let project: OpenGraph;
  let ctx: { index: OpenGraph['index']; cwd: string };
  beforeAll(async () => {
    project = await openFixture('overloads');
    ctx = { index: project.index, cwd: project.root };
  });
  afterAll(() => project.close());

  it('structure: one entry per overloaded function or method, the implementation with its overloads', async () => {
    const file = (await structure(ctx, { path: 'src/observable.ts' })) as StructureFile;
    const observable = file.classes.find((c) => c.name === 'Observable')!;
    expect(observable.methods.map((m) => m.name)).toEqual(['constructor', 'create', 'subscribe', 'pipe']);
    expect(observable.methods[3]).toEqual({
      name: 'pipe', qualified_name: 'Observable.pipe', kind: 'method', line: 31, end_line: 33,
      signature: 'pipe(...operations: OperatorFunction<any, any>[]): Observable<any>',
      overloads: [
        { line: 28, end_line: 28, signature: 'pipe(): Observable<T>' },
        { line: 29, end_line: 29, signature: 'pipe<A>(op1: OperatorFunction<T, A>): Observable<A>' },
        { line: 30, end_line: 30, signature: 'pipe<A, B>(op1: OperatorFunction<T, A>, op2: OperatorFunction<A, B>): Observable<B>' },
      ],
    });
    expect(file.functions.map((f) => f.name)).toEqual(['pipeFromArray']);
    expect(file.functions[0]).not.toHaveProperty('overloads');
    const dts = (await structure(ctx, { path: 'src/globals.d.ts' })) as StructureFile;
    expect(dts.functions.map((f) => `${f.name} ${f.line} ${f.overloads?.length ?? 0}`)).toEqual(['setTimer 3 2', 'clearTimer 4 0', 'parse 7 2']);
  });

  it('structure text: the other overload signatures under their definition', () => {
    const out = execFileSync(process.execPath, [CLI, 'structure', 'src/creation.ts', '--no-daemon'], { cwd: project.root, encoding: 'utf8' });
    expect(out).toContain('  of 18-20: export function of<T>(...args: Array<T | SchedulerLike>): Observable<T>\n    overload 10: export function of(value: null): Observable<null>\n');
    expect(out.match(/^ {2}of /gm)).toHaveLength(1);
  });

  it('summary: one definition, overload signatures under it', async () => {
    const result = await summary(ctx, { file: 'src/observable.ts' });
    expect(result.text).toContain('\n  L31-33 pipe(...operations: OperatorFunction<any, any>[]): Observable<any>\n    overload L28 pipe(): Observable<T>\n    overload L29 pipe<A>');
    expect(result.text.match(/^ {2}L\d+(-\d+)? pipe/gm)).toHaveLength(1);
    expect(result.definitions).toBe(13);
  });

  it('signature and context: every overload signature of the one definition, with its own doc', async () => {
    const sig = await signature(ctx, { name: 'of' });
    expect(sig.definitions).toHaveLength(1);
    expect(sig.definitions[0]).toMatchObject({ file: 'src/creation.ts', line: 18, end_line: 20 });
    expect(sig.definitions[0].overloads?.map((o) => o.line)).toEqual([10, 12, 13, 14]);
    expect(sig.definitions[0].overloads?.[0].doc).toBe('@deprecated Pass a scheduler to `scheduled` instead.');
    const context = await functionContext(ctx, { name: 'fromEvent' });
    expect(context.definitions).toHaveLength(1);
    expect(context.text).toContain('overload L35: export function fromEvent<T>(target: HasEventTargetAddRemove<T>, eventName: string): Observable<T>\n');
    expect(context.text).toContain('overload L36: ');
    expect(context.callers).toEqual([{ file: 'src/app.ts', function: 'main', line: 8 }]);
    const never = await functionContext(ctx, { name: 'never' });
    expect(never.callees).toEqual([expect.objectContaining({ function: 'of', line: 18, overloads: 4, depth: 1 }), expect.objectContaining({ function: 'fromArray', depth: 2 })]);
    expect(never.text).toContain('- export function of<T>(...args: Array<T | SchedulerLike>): Observable<T> (+4 overloads)  (src/creation.ts:18)');
  });

  it('hooks: a definition line counts the overloads', () => {
    const [of] = project.graph.definitions('of');
    expect(callGraphLines(project.graph, of)[0]).toBe('of  src/creation.ts:18-20  export function of<T>(...args: Array<T | SchedulerLike>): Observable<T> (+4 overloads)  # Emits the arguments you provide, then completes.');
  });

  it('impact: an overloaded function or method is one target, whichever overload a call picks', async () => {
    const of = await impact(ctx, { name: 'of', depth: 1 });
    expect(of.definitions).toEqual([{ file: 'src/creation.ts', line: 18, qualified_name: 'of' }]);
    expect(of.callers.map((c) => `${c.file}:${c.line} ${c.function}`)).toEqual(['src/app.ts:6 main', 'src/creation.ts:46 never']);
    const pipe = await impact(ctx, { name: 'Observable.pipe', depth: 2 });
    expect(pipe.definitions).toHaveLength(1);
    expect(pipe.callers.map((c) => `${c.depth} ${c.file}:${c.line} ${c.function}`)).toEqual(['1 src/app.ts:7 main']);
    const append = await impact(ctx, { name: 'Buffer.append', depth: 1 });
    expect(append.definitions).toEqual([{ file: 'src/Buffer.java', line: 25, qualified_name: 'Buffer.append' }]);
    expect(append.callers.map((c) => `${c.line} ${c.function}`)).toEqual(['22 Buffer.append', '26 Buffer.append']);
    const print = await impact(ctx, { name: 'Printer.print', depth: 1 });
    expect(print.definitions).toHaveLength(1);
    expect(print.callers.map((c) => `${c.line} ${c.function}`)).toEqual(expect.arrayContaining(['17 Printer.print', '25 main']));
  });

  it('dead: an uncalled overloaded function is listed once; one overload called keeps them all', async () => {
    const result = await dead(ctx, {});
    expect(result.dead.map((d) => `${d.file}:${d.line} ${d.qualified_name}`)).toEqual(['src/Buffer.java:41 Buffer.reset', 'src/Layout.swift:9 clamp', 'src/Layout.swift:3 Layout.move', 'src/app.ts:17 format']);
  });

  it('change units: a changed overload signature line is a change of its function', async () => {
    const record = await ctx.index.record('src/observable.ts');
    expect(unitsAtLines(record, [[29, 29]], [], 'modified')).toEqual([
      { file: 'src/observable.ts', function: 'Observable.pipe', kind: 'method', line: 31, end_line: 33, change: 'modified' },
    ]);
  });

  it('slice: a line in another overload\'s body slices that overload', async () => {
    const result = await sliceQuery(ctx, { file: 'src/Buffer.java', function: 'Buffer.append', line: 22 });
    expect(result.lines).toEqual([21, 22]);
    await expect(sliceQuery(ctx, { file: 'src/creation.ts', function: 'of', line: 10 })).rejects.toThrow(/outside of/);
  });
});
