// Hostile input: a function of 6,000 `if` branches. Its def-use pairs are quadratic (18 million
// when every branch reads and writes y), so slices must not list them, and listing them (dfg,
// pdg) must fail with a TldrError rather than exhausting a Map.
import { describe, expect, it } from 'vitest';
import { TldrError } from '../../dist/core/errors.js';
import { linesOf, sliceNodes } from '../../dist/core/flow/slice.js';
import type { FunctionFlow } from '../../dist/core/flow/analyze.js';
import { analyse } from './helpers.js';

const BRANCHES = 6000;

function js(update: (i: number) => string): string {
  const body = Array.from({ length: BRANCHES }, (_, i) => `  if (x === ${i}) y = ${update(i)};`);
  return ['function f(x) {', '  let y = 0;', ...body, '  return y;', '}'].join('\n');
}

function python(): string {
  const body = Array.from({ length: BRANCHES }, (_, i) => `    if x == ${i}:\n        y = y + ${i + 1}`);
  return ['def f(x):', '    y = 0', ...body, '    return y'].join('\n');
}

/** The slice as the closure of the materialised PDG adjacency: the oracle for the bit-set walk. */
function closure(flow: FunctionFlow, line: number, forward: boolean): number[] {
  const pdg = flow.pdg();
  const next = forward ? pdg.dependents : pdg.dependsOn;
  const seen = new Set(flow.cfg.nodes.filter((n) => !n.synthetic && n.startRow === line - 1 && n.endRow === line - 1).map((n) => n.id));
  const work = [...seen];
  while (work.length > 0) for (const other of next[work.pop()!]) if (!seen.has(other)) work.push(other), seen.add(other);
  return linesOf(flow.cfg, seen);
}

const returnLine = BRANCHES + 3;
const every = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('a function of 6,000 if branches', () => {
  it('JavaScript, quadratic def-use pairs: slices answer; dfg pairs are refused with a TldrError', async () => {
    const r = await analyse('javascript', js((i) => `y + ${i + 1}`));
    expect(r.slice(returnLine)).toEqual(every(1, returnLine));
    expect(r.slice(3)).toEqual([1, 2, 3]);
    expect(r.slice(3, 'forward')).toEqual([3, ...every(4, returnLine)]);
    expect(r.slice(2, 'forward', 'y')).toEqual([2, ...every(3, returnLine)]);
    expect(() => r.flow.dataflow.defUses).toThrow(TldrError);
    expect(() => r.flow.pdg().data).toThrow(TldrError);
  }, 60_000);

  it('JavaScript, linear def-use pairs: the bit-set slice equals the closure of the PDG', async () => {
    const r = await analyse('javascript', js((i) => `${i + 1}`));
    for (const line of [2, 3, 1000, returnLine]) {
      for (const forward of [false, true]) {
        const lines = r.slice(line, forward ? 'forward' : 'backward');
        expect(lines).toContain(line);
        expect(lines).toEqual(closure(r.flow, line, forward));
      }
    }
    expect(r.slice(returnLine)).toEqual(every(1, returnLine));
  }, 60_000);

  it('Python, quadratic def-use pairs: the slice of the return holds every branch', async () => {
    const r = await analyse('python', python());
    const last = 2 * BRANCHES + 3;
    expect(r.slice(last)).toEqual(every(1, last));
    expect(r.slice(4)).toEqual([1, 2, 3, 4]);
  }, 60_000);
});
