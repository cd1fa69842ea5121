// End to end through the real pipeline: the compiled CLI (in-process path, --no-daemon) and the
// query handlers over a ProjectIndex, on the fixture project test/fixtures/flow/project copied into
// a temp dir. Checks the DESIGN §4 JSON shapes, the text forms, the error contract and freshness.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProjectIndex } from '../../dist/core/index/open.js';
import { queryHandler } from '../../dist/core/query/handlers.js';

const here = dirname(fileURLToPath(import.meta.url));
const CLI = resolve(here, '../../dist/cli/main.js');
const FIXTURE = resolve(here, '../fixtures/flow/project');

let root: string;

function tldr(...args: string[]): { stdout: string; stderr: string; status: number | null } {
  const env = { ...process.env };
  delete env.NODE_EXTRA_CA_CERTS;
  const run = spawnSync(process.execPath, [CLI, ...args, '--no-daemon'], { cwd: root, env, encoding: 'utf8' });
  return { stdout: run.stdout, stderr: run.stderr, status: run.status };
}

function json(...args: string[]): any {
  const run = tldr(...args, '--json');
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout);
}

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-flow-cli-')));
  cpSync(FIXTURE, root, { recursive: true });
  mkdirSync(join(root, '.git'));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('cfg, dfg, pdg, slice commands', () => {
  it('cfg --json has the contract shape and consistent complexity', () => {
    const r = json('cfg', 'src/orders.ts', 'OrderBook.total');
    expect(Object.keys(r)).toEqual(['file', 'function', 'complexity', 'entry', 'exits', 'nodes', 'edges']);
    expect(r.file).toBe('src/orders.ts');
    expect(r.function).toBe('OrderBook.total');
    expect(r.complexity).toBe(r.edges.length - r.nodes.length + 2);
    expect(r.complexity).toBe(5);
    expect(r.nodes.find((n: any) => n.id === r.entry).kind).toBe('entry');
    expect(r.exits.map((id: number) => r.nodes.find((n: any) => n.id === id).kind)).toEqual(['exit']);
    for (const n of r.nodes) expect(Object.keys(n)).toEqual(['id', 'line', 'end_line', 'kind']);
    const loop = r.nodes.find((n: any) => n.line === 11 && n.kind === 'loop');
    expect(r.edges).toContainEqual({ from: loop.id, to: r.nodes.find((n: any) => n.line === 15).id, kind: 'false' });
    const kinds = new Set(r.edges.map((e: any) => e.kind));
    expect([...kinds].every((k) => ['next', 'true', 'false', 'loop', 'jump', 'exception', 'fallthrough'].includes(k as string))).toBe(true);
  });

  it('dfg --json lists defs, uses and def-use edges by line', () => {
    const r = json('dfg', 'src/orders.ts', 'OrderBook.total');
    expect(Object.keys(r)).toEqual(['file', 'function', 'defs', 'uses', 'edges']);
    expect(r.defs).toEqual(expect.arrayContaining([{ var: 'sum', line: 10 }, { var: 'sum', line: 13 }, { var: 'sum', line: 16 }, { var: 'discount', line: 9 }]));
    expect(r.uses).toEqual(expect.arrayContaining([{ var: 'sum', line: 20 }, { var: 'label', line: 19 }]));
    const sumToReturn = r.edges.filter((e: any) => e.var === 'sum' && e.use_line === 20).map((e: any) => e.def_line).sort();
    expect(sumToReturn).toEqual([10, 13, 16]);
  });

  it('slice --json returns exactly the dependence closure and its code', () => {
    const r = json('slice', 'src/orders.ts', 'OrderBook.total', '20');
    expect(Object.keys(r)).toEqual(['file', 'function', 'line', 'direction', 'lines', 'code']);
    expect(r.lines).toEqual([9, 10, 11, 12, 13, 15, 16, 20]);
    const source = readFileSync(join(root, 'src/orders.ts'), 'utf8').split('\n');
    expect(r.code).toBe(r.lines.map((line: number) => source[line - 1]).join('\n'));
    expect(r.direction).toBe('backward');
  });

  it('slice --forward and --var narrow the closure', () => {
    expect(json('slice', 'src/orders.ts', 'OrderBook.total', '10', '--forward').lines).toEqual([10, 13, 16, 18, 19, 20]);
    const byVar = json('slice', 'src/orders.ts', 'OrderBook.total', '16', '--var', 'discount');
    expect(byVar.lines).toEqual([9, 15, 16]);
    expect(byVar.var).toBe('discount');
  });

  it('prints the slice as numbered code with gaps marked', () => {
    const run = tldr('slice', 'src/orders.ts', 'OrderBook.total', '20');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe([
      'src/orders.ts OrderBook.total: backward slice of line 20, 8 lines',
      ' 9    total(customer: string, discount = 0): number {',
      '10      let sum = 0;',
      '11      for (const order of this.orders) {',
      "12        if (order.customer !== customer) continue;",
      '13        sum += order.amount;',
      '    ⋮',
      '15      if (discount > 0) {',
      '16        sum = sum * (1 - discount);',
      '    ⋮',
      '20>     return sum;',
      '',
    ].join('\n'));
  });

  it('finds nested functions by qualified or plain name and refuses lines inside them from the outer one', () => {
    expect(json('slice', 'app/parse.py', 'parse.add', '7').lines).toEqual([4, 5, 7]);
    expect(json('slice', 'app/parse.py', 'add', '7').function).toBe('parse.add');
    const outer = json('slice', 'app/parse.py', 'parse', '14');
    expect(outer.lines).toEqual([1, 2, 4, 9, 10, 12, 13, 14]);
    const inside = tldr('slice', 'app/parse.py', 'parse', '7');
    expect(inside.status).toBe(1);
    expect(inside.stderr).toBe("tldr: line 7 is inside the nested function parse.add (lines 4-7) (slice it on its own: tldr slice app/parse.py 'parse.add' 7)\n");
  });

  it('pdg --json gives control and data dependences with lines', () => {
    const r = json('pdg', 'cmd/main.go', 'classify');
    expect(r.control.map((c: any) => `${c.from_line}-${c.kind}->${c.to_line}`).sort()).toEqual(['6-false->8', '6-true->7', '8-true->9']);
    expect(r.data.map((d: any) => `${d.var}:${d.from_line}->${d.to_line}`).sort()).toEqual(['kind:4->11', 'kind:7->11', 'kind:9->11', 'n:3->6', 'n:3->8']);
  });
});

describe('errors', () => {
  it('unknown function: exit 1 with close names', () => {
    const run = tldr('cfg', 'src/orders.ts', 'totl');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('tldr: no function totl in src/orders.ts (close names: OrderBook.total)\n');
  });

  it('line outside the function, on no statement, or a variable not on the line: exit 1', () => {
    const outside = tldr('slice', 'src/orders.ts', 'OrderBook.total', '3');
    expect(outside.status).toBe(1);
    expect(outside.stderr).toBe('tldr: line 3 is outside OrderBook.total (lines 9-21) (pick a line inside the function)\n');
    const brace = tldr('slice', 'src/orders.ts', 'OrderBook.total', '17');
    expect(brace.status).toBe(1);
    expect(brace.stderr).toBe('tldr: line 17 of OrderBook.total holds no statement (nearest statement lines: 15, 16, 18)\n');
    const variable = tldr('slice', 'src/orders.ts', 'OrderBook.total', '20', '--var', 'nope');
    expect(variable.status).toBe(1);
    expect(variable.stderr).toBe('tldr: variable nope does not occur on line 20 (variables on that line: sum)\n');
  });

  it('malformed line: usage error, exit 2', () => {
    const run = tldr('slice', 'src/orders.ts', 'OrderBook.total', 'abc');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^tldr: line must be a positive integer, got abc/);
  });

  it('file outside the project: exit 1', () => {
    const run = tldr('cfg', '/etc/hostname', 'f');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^tldr: path is outside the project/);
  });
});

describe('through the query handlers', () => {
  it('answers from the current file after an edit (memoised per content hash)', async () => {
    const project = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-flow-fresh-')));
    try {
      cpSync(FIXTURE, project, { recursive: true });
      mkdirSync(join(project, '.git'));
      const index = await openProjectIndex(project);
      try {
        const ctx = { index, cwd: project };
        const slice = queryHandler('slice')!;
        const before = (await slice(ctx, { file: 'src/orders.ts', function: 'OrderBook.total', line: 20 })) as { lines: number[] };
        expect(before.lines).toEqual([9, 10, 11, 12, 13, 15, 16, 20]);
        const again = (await slice(ctx, { file: 'src/orders.ts', function: 'OrderBook.total', line: 20 })) as { lines: number[] };
        expect(again).toEqual(before);
        const path = join(project, 'src/orders.ts');
        writeFileSync(path, `// a new first line\n${readFileSync(path, 'utf8').replace('      sum += order.amount;\n', '      sum += order.amount;\n      sum -= order.refund ?? 0;\n')}`);
        index.invalidate(['src/orders.ts']);
        const after = (await slice(ctx, { file: 'src/orders.ts', function: 'OrderBook.total', line: 22 })) as { lines: number[] };
        expect(after.lines).toEqual([10, 11, 12, 13, 14, 15, 17, 18, 22]);
      } finally {
        await index.close();
      }
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
