// Every path tldr prints is accepted back as input (DESIGN §4): from the root, from subdirectories
// and from outside the project with --project, in-process and through the daemon. The paths come
// from the commands' own output (tree, structure, signature, impact's `file:line`), are fed to
// every file-taking command, and each command must print the same bytes wherever it runs from.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupProjects, cli, cliAsync, makeProject, type CliResult, type TempProject } from '../daemon/helpers.js';

const SOURCE = {
  'src/app/main.ts': [
    "import { helper } from '../lib/util';",
    '',
    'export class Runner {',
    '  run(n: number): number {',
    '    let total = 0;',
    '    for (let i = 0; i < n; i++) total += helper(i);',
    '    return total;',
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/lib/util.ts': [
    'export function helper(x: number): number {',
    '  let y = x * 2;',
    '  if (x > 3) {',
    '    y = y + 1;',
    '  }',
    '  return y;',
    '}',
    '',
  ].join('\n'),
  'py/pkg/mod.py': [
    'from .base import shift',
    '',
    '',
    'def compute(a):',
    '    b = shift(a)',
    '    if b > 2:',
    '        b = b - 1',
    '    return b',
    '',
  ].join('\n'),
  'py/pkg/base.py': 'def shift(v):\n    return v + 1\n',
};

/** A file and one function of it, as the commands print them. */
interface Target {
  file: string;
  fn: string;
  /** A line inside the function, for slice. */
  line: number;
}

let project: TempProject;
/** A directory outside the project that holds a same-named file: --project must win over it. */
let outside: TempProject;

beforeAll(() => {
  project = makeProject(SOURCE);
  outside = makeProject({ 'src/app/main.ts': 'export function impostor(): void {}\n' });
});

afterAll(cleanupProjects);

/** The places to run from, and the arguments that name the project from there. */
function places(): { name: string; cwd: string; project: string[] }[] {
  return [
    { name: 'root', cwd: project.root, project: [] },
    { name: 'src/app', cwd: join(project.root, 'src/app'), project: [] },
    { name: 'py/pkg', cwd: join(project.root, 'py/pkg'), project: [] },
    { name: 'outside with --project', cwd: outside.root, project: ['--project', project.root] },
  ];
}

function ok(run: CliResult, what: string): string {
  expect(run.status, `${what}: ${run.stderr}`).toBe(0);
  expect(run.stderr, what).toBe('');
  return run.stdout;
}

/** Files and functions as the project's own output names them, found from `cwd`. */
function discover(cwd: string, projectArgs: string[], route: string[]): Target[] {
  const tree = JSON.parse(ok(cli(['tree', '--json', ...projectArgs, ...route], cwd), 'tree')) as { files: { path: string }[] };
  const targets: Target[] = [];
  for (const { path } of tree.files) {
    const structure = JSON.parse(ok(cli(['structure', path, '--json', ...projectArgs, ...route], cwd), `structure ${path}`));
    const fns = [
      ...structure.functions.map((f: { qualified_name: string; line: number; end_line: number }) => f),
      ...structure.classes.flatMap((c: { methods: { qualified_name: string; line: number; end_line: number }[] }) => c.methods),
    ];
    const fn = fns.find((f) => f.end_line > f.line);
    if (fn) targets.push({ file: structure.file, fn: fn.qualified_name, line: fn.end_line - 1 });
  }
  return targets;
}

/** Every file-taking command line for the targets: [label, argv]. */
function commandLines(targets: Target[]): [string, string[]][] {
  const lines: [string, string[]][] = [];
  for (const { file, fn, line } of targets) {
    for (const command of ['structure', 'extract', 'summary', 'imports', 'importers', 'calls', 'dead', 'tree']) {
      lines.push([`${command} ${file}`, [command, file, '--json']]);
    }
    lines.push([`notify ${file}`, ['notify', file, '--json']]);
    lines.push([`cfg ${file} ${fn}`, ['cfg', file, fn, '--json']]);
    lines.push([`dfg ${file} ${fn}`, ['dfg', file, fn, '--json']]);
    lines.push([`pdg ${file} ${fn}`, ['pdg', file, fn, '--json']]);
    lines.push([`slice ${file} ${fn} ${line}`, ['slice', file, fn, String(line), '--json']]);
    lines.push([`impact ${fn} --file ${file}`, ['impact', fn, '--file', file, '--json']]);
  }
  // Directories as the listing prints them, relative to the root.
  lines.push(['structure src', ['structure', 'src', '--json']]);
  lines.push(['calls py', ['calls', 'py', '--json']]);
  return lines;
}

/** Runs the command lines from one place by one route, two at a time; stdout by label. */
async function outputs(lines: [string, string[]][], cwd: string, projectArgs: string[], route: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let next = 0;
  const lane = async () => {
    while (next < lines.length) {
      const [label, argv] = lines[next++];
      out.set(label, ok(await cliAsync([...argv, ...projectArgs, ...route], cwd), label));
    }
  };
  await Promise.all([lane(), lane()]);
  return out;
}

describe('paths printed by tldr are accepted back', () => {
  let targets: Target[];
  let lines: [string, string[]][];
  let reference: Map<string, string>;

  beforeAll(async () => {
    const start = cli(['daemon', 'start'], project.root);
    expect(start.status, start.stderr).toBe(0);
    targets = discover(project.root, [], []);
    lines = commandLines(targets);
    reference = await outputs(lines, project.root, [], []);
  });

  it('finds every file and a function in each from the output', () => {
    expect(targets.map((t) => t.file).sort()).toEqual(['py/pkg/base.py', 'py/pkg/mod.py', 'src/app/main.ts', 'src/lib/util.ts']);
    expect(targets.find((t) => t.file === 'src/app/main.ts')?.fn).toBe('Runner.run');
    // Each command answered about the file it was given, not about the impostor outside.
    expect(JSON.parse(reference.get('structure src/app/main.ts')!).file).toBe('src/app/main.ts');
    expect(JSON.parse(reference.get('notify src/app/main.ts')!)).toEqual({ marked: ['src/app/main.ts'] });
  });

  it('through the daemon: the same answers from subdirectories and from outside with --project', async () => {
    for (const place of places().filter((p) => p.name !== 'root')) {
      // Discovery from there must find the same names.
      expect(discover(place.cwd, place.project, []), place.name).toEqual(targets);
      const got = await outputs(lines, place.cwd, place.project, []);
      for (const [label] of lines) expect(got.get(label), `${label} from ${place.name}`).toBe(reference.get(label));
    }
  });

  it('in-process (--no-daemon): the same answers from a subdirectory and from outside with --project', async () => {
    // One file per language keeps the process starts affordable; the daemon case above has them all.
    const some = lines.filter(([label]) => !/py\/pkg\/base\.py|src\/lib\/util\.ts/.test(label));
    for (const place of [places()[1], places()[3]]) {
      expect(discover(place.cwd, place.project, ['--no-daemon']), place.name).toEqual(targets);
      const got = await outputs(some, place.cwd, place.project, ['--no-daemon']);
      for (const [label] of some) expect(got.get(label), `${label} from ${place.name}`).toBe(reference.get(label));
    }
  });

  it('file:line locations from text output and signature/context files work as file arguments', async () => {
    for (const route of [['--no-daemon'], []]) {
      for (const place of [places()[1], places()[3]]) {
        const impact = ok(cli(['impact', 'helper', ...place.project, ...route], place.cwd), 'impact');
        const location = /\b(src\/lib\/util\.ts:\d+)\b/.exec(impact)?.[1];
        expect(location, impact).toBeDefined();
        expect(ok(cli(['summary', location!, ...place.project, ...route], place.cwd), `summary ${location}`)).toBe(
          ok(cli(['summary', 'src/lib/util.ts', ...place.project, ...route], place.cwd), 'summary'),
        );
        const signature = JSON.parse(ok(cli(['signature', 'compute', '--json', ...place.project, ...route], place.cwd), 'signature'));
        const context = ok(cli(['context', 'Runner.run', ...place.project, ...route], place.cwd), 'context');
        const contextFile = /\((src\/app\/main\.ts):\d+/.exec(context)?.[1];
        expect(contextFile, context).toBe('src/app/main.ts');
        for (const file of [signature.definitions[0].file, contextFile!]) {
          const structure = JSON.parse(ok(cli(['structure', file, '--json', ...place.project, ...route], place.cwd), `structure ${file}`));
          expect(structure.file).toBe(file);
        }
      }
    }
  });

  it('warm takes a directory as tree prints it, from a subdirectory', () => {
    const dirs = [...new Set(targets.map((t) => t.file.split('/')[0]))];
    expect(dirs.sort()).toEqual(['py', 'src']);
    for (const route of [['--no-daemon'], []]) {
      for (const dir of dirs) {
        const warm = JSON.parse(ok(cli(['warm', dir, '--json', ...route], join(project.root, 'src/app')), `warm ${dir}`));
        expect(warm.root, `warm ${dir} ${route.join(' ')}`).toBe(project.root);
      }
    }
    const missing = cli(['warm', 'nowhere', '--no-daemon'], join(project.root, 'src/app'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe('tldr: directory not found: nowhere (give a directory inside the project)\n');
  });

  it('a path that is nowhere says where it looked; one outside the project is refused', () => {
    const missing = cli(['structure', 'src/app/gone.ts', '--no-daemon'], join(project.root, 'py'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe(`tldr: file not found: src/app/gone.ts (looked in ${join(project.root, 'py')} and in the project root ${project.root})\n`);
    mkdirSync(join(outside.root, 'only-here'), { recursive: true });
    writeFileSync(join(outside.root, 'only-here', 'x.ts'), 'export const x = 1;\n');
    for (const route of [['--no-daemon'], []]) {
      const refused = cli(['structure', 'only-here/x.ts', '--project', project.root, ...route], outside.root);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toBe(`tldr: path is outside the project: only-here/x.ts (project root is ${project.root})\n`);
    }
  });
});
