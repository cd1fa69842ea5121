// Every query command answers the same bytes through the daemon and in-process: stdout, stderr
// and exit code, for results and for errors alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { COMMANDS } from '../../dist/cli/commands/index.js';
import { CLI, cleanupProjects, cli, cliEnv, makeProject, type TempProject } from './helpers.js';

afterAll(cleanupProjects);

const PYTHON = `"""Geometry helpers."""
import math
from typing import List


class Shape:
    """A shape."""

    def area(self) -> float:
        raise NotImplementedError


class Circle(Shape):
    def __init__(self, r: float):
        self.r = r

    def area(self) -> float:
        return math.pi * self.r ** 2


def total_area(shapes: List[Shape]) -> float:
    return sum(s.area() for s in shapes)
`;

const TYPESCRIPT = `import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/** Loads a config file. */
export function loadConfig(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.resolve(file), 'utf8'));
}

export class Registry<T> {
  private items = new Map<string, T>();
  add(name: string, item: T): this {
    this.items.set(name, item);
    return this;
  }
  get size(): number {
    return this.items.size;
  }
}

export const double = (n: number): number => n * 2;
`;

const GO = `package main

import "fmt"

type Greeter struct{ name string }

func (g *Greeter) Greet() string { return fmt.Sprintf("hi %s", g.name) }

func main() {
	g := &Greeter{name: "x"}
	fmt.Println(g.Greet())
}
`;

/** Cases expected to fail (exit 1 with one `tldr: ` line); every other case must answer (exit 0). */
const FAILING = new Set([
  'tree missing', 'tree /etc', 'tree ..', 'structure nope.py', 'structure ../outside.py', 'summary README.md', 'signature no_such_fn',
  'notify /etc/passwd', '@src structure ../../etc/passwd',
]);

/** Command lines to compare; those naming a command the CLI does not have yet are skipped. */
const CASES: string[][] = [
  ['tree'], ['tree', '--json'], ['tree', 'src'], ['tree', 'src', '--json'], ['tree', 'missing'], ['tree', '..'], ['tree', '/etc'],
  ['structure', 'src/geometry.py'], ['structure', 'src/geometry.py', '--json'], ['structure', 'src', '--json'], ['structure', 'src/config.ts'],
  ['structure', 'nope.py'], ['structure', '../outside.py'],
  ['extract', 'src/config.ts', '--json'], ['extract', 'cmd/main.go'],
  ['summary', 'src/geometry.py'], ['summary', 'src/config.ts', '--json'], ['summary', 'README.md'],
  ['imports', 'src/config.ts'], ['imports', 'src/geometry.py', '--json'], ['importers', 'math'],
  ['signature', 'area'], ['signature', 'area', '--json'], ['signature', 'no_such_fn'],
  ['impact', 'area', '--json'], ['impact', 'Shape.area'], ['calls', '--json'], ['context', 'total_area'],
  ['cfg', 'src/geometry.py', 'total_area', '--json'], ['dfg', 'src/config.ts', 'loadConfig', '--json'],
  ['slice', 'src/geometry.py', 'Circle.area', '18', '--json'], ['pdg', 'src/config.ts', 'loadConfig'],
  ['search', 'area', '--json'], ['dead', '--json'], ['arch'],
  ['notify', 'src/config.ts'], ['notify', '/etc/passwd'],
  // From a subdirectory: relative paths resolve against the client's cwd, not the daemon's.
  ['@src', 'structure', 'geometry.py', '--json'], ['@src', 'summary', '../cmd/main.go'], ['@src', 'tree', '.', '--json'],
  ['@src', 'cfg', 'config.ts', 'loadConfig'], ['@src', 'structure', '../../etc/passwd'],
];

describe('the same bytes through the daemon and in-process', () => {
  let project: TempProject;
  const known = new Set(COMMANDS.map((command: { name: string }) => command.name));
  const commandOf = (argv: string[]) => (argv[0].startsWith('@') ? argv[1] : argv[0]);
  const cases = CASES.filter((argv) => known.has(commandOf(argv)));

  beforeAll(() => {
    project = makeProject({ 'src/geometry.py': PYTHON, 'src/config.ts': TYPESCRIPT, 'cmd/main.go': GO, 'README.md': '# demo\n' });
    symlinkSync('/etc', join(project.root, 'src', 'etc-link'));
    expect(cli(['warm', '--no-daemon'], project.root).status).toBe(0);
    expect(cli(['daemon', 'start'], project.root).status).toBe(0);
  });

  const requests = () => JSON.parse(cli(['daemon', 'status', '--json'], project.root).stdout).requests as number;

  it('covers the query commands the CLI has', () => {
    expect(cases.length).toBeGreaterThanOrEqual(8);
  });

  // Commands another issue has not delivered yet show as skipped, not as passed.
  for (const argv of CASES) {
    (known.has(commandOf(argv)) ? it : it.skip)(argv.join(' '), () => compare(argv));
  }

  function compare(testCase: string[]): void {
    const [cwd, argv] = testCase[0].startsWith('@')
      ? [join(project.root, testCase[0].slice(1)), testCase.slice(1)]
      : [project.root, testCase];
    const before = requests();
    const viaDaemon = cli(argv, cwd);
    // One request for the command line, one for the status call itself: the daemon answered it.
    expect(requests() - before).toBe(2);
    const inProcess = cli([...argv, '--no-daemon'], cwd);
    expect(viaDaemon.stdout).toBe(inProcess.stdout);
    expect(viaDaemon.stderr).toBe(inProcess.stderr);
    expect(viaDaemon.status).toBe(inProcess.status);
    if (FAILING.has(testCase.join(' '))) {
      expect(viaDaemon.status).toBe(1);
      expect(viaDaemon.stderr).toMatch(/^tldr: .+\n$/);
    } else {
      expect(viaDaemon.status, viaDaemon.stderr).toBe(0);
      expect(viaDaemon.stdout.length).toBeGreaterThan(0);
      if (argv.includes('--json')) JSON.parse(viaDaemon.stdout);
    }
  }

  it('the `tldr` bin (CommonJS entry) prints the same as the ES module entry, with and without the daemon', () => {
    const bin = join(dirname(CLI), 'tldr.cjs');
    for (const argv of [['structure', 'src/geometry.py', '--json'], ['summary', 'src/config.ts'], ['tree', 'missing'], ['tree', '--help']]) {
      for (const extra of [[], ['--no-daemon']]) {
        const viaMain = cli([...argv, ...extra], project.root);
        const viaBin = spawnSync(process.execPath, [bin, ...argv, ...extra], { cwd: project.root, env: cliEnv(), encoding: 'utf8' });
        expect(viaBin.stdout, argv.join(' ')).toBe(viaMain.stdout);
        expect(viaBin.stderr).toBe(viaMain.stderr);
        expect(viaBin.status).toBe(viaMain.status);
      }
    }
  });

  it('a symlink out of the project is refused the same way on both paths', () => {
    const viaDaemon = cli(['tree', 'etc-link'], join(project.root, 'src'));
    expect(viaDaemon.status).toBe(1);
    expect(viaDaemon.stderr).toMatch(/^tldr: path is outside the project: etc-link/);
    expect(cli(['tree', 'etc-link', '--no-daemon'], join(project.root, 'src')).stderr).toBe(viaDaemon.stderr);
  });

  it('usage errors and help are printed by the CLI itself', () => {
    const usage = cli(['tree', 'a', 'b', 'c'], project.root);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('too many arguments');
    const help = cli(['tree', '--help'], project.root);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: tldr tree');
  });

  it('--project pointing at another root is not answered by this daemon', () => {
    const other = makeProject({ 'x.py': 'def x():\n    pass\n' });
    const run = cli(['tree', '--json', '--project', other.root], project.root);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).files.map((f: { path: string }) => f.path)).toEqual(['x.py']);
  });
});
