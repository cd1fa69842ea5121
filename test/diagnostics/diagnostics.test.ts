// `tldr diagnostics` on fixture projects: syntax errors in several languages from tree-sitter,
// real type errors from the project's own TypeScript and pyright, go vet and cargo check when the
// machine has them, and every way a checker can fail to answer (missing, crashed, timed out,
// pending) reported as such — never as "no errors".
import { chmodSync, existsSync, realpathSync, symlinkSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { diagnose } from '../../dist/core/diagnostics/index.js';
import { openProjectIndex } from '../../dist/core/index/open.js';
import { cleanupProjects, cli, makeProject, type TempProject } from '../daemon/helpers.js';

afterAll(cleanupProjects);

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const GO_BIN = '/usr/lib/go-1.19/bin';

interface Result {
  path: string;
  files: number;
  diagnostics: Array<{ file: string; line: number; column: number; end_line: number; severity: string; code: string; message: string; source: string }>;
  tools: Array<{ tool: string; status: string; detail?: string; late?: boolean; stale?: boolean }>;
}

function diagnostics(project: TempProject, args: string[], env: Record<string, string> = {}): Result {
  const run = cli(['diagnostics', ...args, '--json', '--no-daemon'], project.root, env);
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Result;
}

function onPath(name: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, name)));
}

/** A project whose node_modules holds (links to) the given packages of this repository. */
function withNodeModules(files: Record<string, string>, packages: string[], bins: string[] = []): TempProject {
  const project = makeProject({ 'package.json': '{"name":"fixture","private":true}\n', ...files });
  project.write('node_modules/.keep', '');
  for (const name of packages) symlinkSync(join(REPO, 'node_modules', name), join(project.root, 'node_modules', name));
  for (const bin of bins) {
    project.write('node_modules/.bin/.keep', '');
    symlinkSync(realpathSync(join(REPO, 'node_modules', '.bin', bin)), join(project.root, 'node_modules', '.bin', bin));
  }
  return project;
}

/** An executable script in the project's node_modules/.bin: a stand-in for a tool that misbehaves. */
function fakeTool(project: TempProject, name: string, script: string): void {
  project.write(`node_modules/.bin/${name}`, `#!/bin/sh\n${script}\n`);
  chmodSync(join(project.root, 'node_modules/.bin', name), 0o755);
}

describe('syntax errors, every language, without running any checker', () => {
  const broken: Record<string, { text: string; line: number }> = {
    'a.py': { text: 'def ok():\n    return 1\n\ndef broken(:\n    return 2\n', line: 4 },
    'b.ts': { text: 'export function ok(): number {\n  return 1;\n}\nexport function broken( {\n  return 2;\n}\n', line: 4 },
    'c.go': { text: 'package main\n\nfunc main() {\n\tx := \n}\n', line: 4 },
    'd.rs': { text: 'fn main() {\n    let x = ;\n}\n', line: 2 },
    'E.java': { text: 'class E {\n  void f() {\n    int x = ;\n  }\n}\n', line: 3 },
    'f.rb': { text: 'def f(\n  1\nend\nclass\n', line: 4 },
    'g.js': { text: 'function f() {\n  return 1 +;\n}\n', line: 2 },
  };

  it('reports each file\'s errors at their lines, with no checker run', () => {
    const project = makeProject(Object.fromEntries(Object.entries(broken).map(([path, { text }]) => [path, text])));
    for (const [path, { line }] of Object.entries(broken)) {
      const result = diagnostics(project, [path, '--no-types']);
      expect(result.tools, path).toEqual([]);
      expect(result.diagnostics.length, path).toBeGreaterThan(0);
      for (const d of result.diagnostics) expect(d).toMatchObject({ file: path, source: 'tree-sitter', code: 'syntax', severity: 'error' });
      // tree-sitter's error region may start before the broken line; it always covers it.
      expect(result.diagnostics.some((d) => d.line <= line && line <= d.end_line), `${path}: ${JSON.stringify(result.diagnostics)}`).toBe(true);
    }
    const all = diagnostics(project, ['.', '--no-types']);
    expect(all.files).toBe(Object.keys(broken).length);
    expect(new Set(all.diagnostics.map((d) => d.file))).toEqual(new Set(Object.keys(broken)));
  });

  it('a clean file has none, and the text form says what was checked', () => {
    const project = makeProject({ 'ok.py': 'def f():\n    return 1\n' });
    expect(diagnostics(project, ['ok.py', '--no-types']).diagnostics).toEqual([]);
    const text = cli(['diagnostics', 'ok.py', '--no-types'], project.root);
    expect(text.stdout).toBe('no problems found in ok.py (1 file)\nsyntax: tree-sitter, checked\ntype checkers: not run (no checker applies, or --no-types)\n');
  });

  it('bad input is a one-line error', () => {
    const project = makeProject({ 'ok.py': 'x = 1\n' });
    expect(cli(['diagnostics', 'missing.py'], project.root)).toMatchObject({ status: 1, stderr: 'tldr: file not found: missing.py (check the path)\n' });
    expect(cli(['diagnostics', '/etc/passwd'], project.root).stderr).toMatch(/^tldr: path is outside the project/);
    expect(cli(['diagnostics', 'ok.py', '--tool', 'lint-o-matic'], project.root)).toMatchObject({ status: 2 });
  });
});

const TS_CONFIG = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', noEmit: true }, include: ['src'] });
const MATH_TS = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';
const USE_TS = [
  "import { add } from './math.js';",
  '',
  "export const total: number = add(1, '2');",
  '',
  'export function label(): string {',
  '  return 42;',
  '}',
  '',
].join('\n');

describe('TypeScript, through the project\'s own typescript package', () => {
  it('finds the real type errors, at their lines, and a clean file is ok', () => {
    const project = withNodeModules({ 'tsconfig.json': TS_CONFIG, 'src/math.ts': MATH_TS, 'src/use.ts': USE_TS }, ['typescript']);
    const result = diagnostics(project, ['src/use.ts']);
    expect(result.tools).toEqual([expect.objectContaining({ tool: 'typescript', status: 'ok', detail: 'typescript 5.9.3' })]);
    expect(result.diagnostics.map((d) => [d.line, d.code, d.source])).toEqual([[3, 'TS2345', 'typescript'], [6, 'TS2322', 'typescript']]);
    expect(result.diagnostics[0].message).toContain('Argument of type \'string\' is not assignable to parameter of type \'number\'');
    expect(result.diagnostics[0].column).toBe(37);
    const clean = diagnostics(project, ['src/math.ts']);
    expect(clean.diagnostics).toEqual([]);
    expect(clean.tools[0].status).toBe('ok');
    const dir = diagnostics(project, ['src']);
    expect(dir.files).toBe(2);
    expect(dir.diagnostics.map((d) => `${d.file}:${d.line}`)).toEqual(['src/use.ts:3', 'src/use.ts:6']);
  });

  it('reports a broken tsconfig with the file\'s diagnostics', () => {
    const project = withNodeModules({ 'tsconfig.json': '{"compilerOptions": {"strict": true, "notAnOption": 1}}', 'src/math.ts': MATH_TS }, ['typescript']);
    const result = diagnostics(project, ['src/math.ts']);
    expect(result.diagnostics).toEqual([expect.objectContaining({ file: 'tsconfig.json', code: 'TS5023', source: 'typescript' })]);
  });

  it('a project without typescript gets `missing`, not an empty list that looks clean', () => {
    const project = makeProject({ 'src/use.ts': USE_TS, 'src/math.ts': MATH_TS });
    const result = diagnostics(project, ['src/use.ts']);
    expect(result.diagnostics).toEqual([]);
    expect(result.tools).toEqual([expect.objectContaining({ tool: 'typescript', status: 'missing' })]);
    expect(result.tools[0].detail).toContain('resolvable from the project root');
    expect(cli(['diagnostics', 'src/use.ts', '--no-daemon'], project.root).stdout).toContain('typescript: missing');
  });

  it('the daemon answers the same findings, from a language service it keeps warm', () => {
    const project = withNodeModules({ 'tsconfig.json': TS_CONFIG, 'src/math.ts': MATH_TS, 'src/use.ts': USE_TS }, ['typescript']);
    expect(cli(['daemon', 'start'], project.root).status).toBe(0);
    const viaDaemon = JSON.parse(cli(['diagnostics', 'src/use.ts', '--json'], project.root).stdout) as Result;
    expect(viaDaemon.diagnostics).toEqual(diagnostics(project, ['src/use.ts']).diagnostics);
    // An edit that fixes one error: the next check sees it.
    project.write('src/use.ts', USE_TS.replace("add(1, '2')", 'add(1, 2)'));
    const after = JSON.parse(cli(['diagnostics', 'src/use.ts', '--json'], project.root).stdout) as Result;
    expect(after.diagnostics.map((d) => d.code)).toEqual(['TS2322']);
  });
});

const PY_ERRORS = [
  'def greet(name: str) -> str:',
  '    return "hi " + name',
  '',
  '',
  'def main() -> int:',
  '    count: int = greet("x")',
  '    return count.upper()',
  '',
].join('\n');

describe('Python, through the project\'s pyright (and mypy, ruff when present)', () => {
  it('pyright finds the real type errors; an absent ruff is reported missing', () => {
    const project = withNodeModules({ 'app.py': PY_ERRORS }, [], ['pyright']);
    const result = diagnostics(project, ['app.py']);
    const pyright = result.tools.find((t) => t.tool === 'pyright');
    expect(pyright).toMatchObject({ status: 'ok', detail: 'node_modules/.bin/pyright' });
    const found = result.diagnostics.filter((d) => d.source === 'pyright');
    expect(found.map((d) => [d.line, d.code])).toEqual([[6, 'reportAssignmentType'], [7, 'reportAttributeAccessIssue']]);
    if (!onPath('ruff')) expect(result.tools.find((t) => t.tool === 'ruff')).toMatchObject({ status: 'missing' });
  });

  it('a checker asked for by name that the project lacks is reported missing', () => {
    const project = makeProject({ 'app.py': PY_ERRORS });
    const result = diagnostics(project, ['app.py', '--tool', 'mypy']);
    if (onPath('mypy')) return;
    expect(result.tools).toEqual([expect.objectContaining({ tool: 'mypy', status: 'missing', detail: expect.stringContaining('mypy not found in') })]);
    expect(result.diagnostics).toEqual([]);
  });

  it('a checker that fails is `crashed` with its complaint; one that hangs is killed and `timeout`', () => {
    const project = makeProject({ 'app.py': 'x = 1\n' });
    fakeTool(project, 'ruff', 'echo "ruff: invalid configuration in pyproject.toml" >&2\nexit 2');
    fakeTool(project, 'pyright', 'exec sleep 30');
    const started = performance.now();
    const result = diagnostics(project, ['app.py'], { TLDR_DIAGNOSTICS_TIMEOUT_MS: '1500' });
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(result.tools.find((t) => t.tool === 'ruff')).toMatchObject({ status: 'crashed', detail: expect.stringContaining('invalid configuration') });
    expect(result.tools.find((t) => t.tool === 'pyright')).toMatchObject({ status: 'timeout', detail: expect.stringContaining('killed after 1500 ms') });
    expect(result.diagnostics).toEqual([]);
  });
});

describe('the diagnose() API: a deadline, then late results on the next call', () => {
  it('reports `pending` at the deadline and hands the late findings to the next call, marked stale after an edit', async () => {
    const project = makeProject({ 'app.py': 'x = 1\n' });
    // A checker slower than the deadline: answers after 1 s with one finding on the file it was given.
    fakeTool(project, 'pyright', [
      'sleep 1',
      'printf \'{"generalDiagnostics":[{"file":"%s/%s","severity":"error","message":"slow finding","rule":"reportSlow","range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}}}]}\' "$PWD" "$2"',
    ].join('\n'));
    fakeTool(project, 'ruff', 'echo "[]"');
    const index = await openProjectIndex(project.root);
    try {
      const first = await diagnose(index, 'app.py', { deadlineMs: 50 });
      expect(first.tools).toEqual([{ tool: 'pyright', status: 'pending' }, expect.objectContaining({ tool: 'ruff', status: 'ok' })]);
      expect(first.diagnostics).toEqual([]);
      await new Promise((done) => setTimeout(done, 2500));
      project.write('app.py', 'x = 1\ny = 2\n');
      const second = await diagnose(index, 'app.py', { deadlineMs: 50 });
      expect(second.tools.filter((t) => t.tool === 'pyright')).toEqual([
        { tool: 'pyright', status: 'pending' },
        expect.objectContaining({ tool: 'pyright', status: 'ok', late: true, stale: true }),
      ]);
      expect(second.diagnostics).toEqual([expect.objectContaining({ file: 'app.py', line: 1, code: 'reportSlow', message: 'slow finding', source: 'pyright' })]);
      // Waiting for it: the run on the current content, not late.
      const third = await diagnose(index, 'app.py');
      expect(third.tools.find((t) => t.tool === 'pyright')).toEqual(expect.objectContaining({ status: 'ok' }));
      expect(third.tools.find((t) => t.tool === 'pyright')!.late).toBeUndefined();
      // Nothing changed since: the same run's findings, without running the checker again.
      const fourth = await diagnose(index, 'app.py', { deadlineMs: 0 });
      expect(fourth.tools.find((t) => t.tool === 'pyright')).toEqual(third.tools.find((t) => t.tool === 'pyright'));
      expect(fourth.diagnostics).toEqual(third.diagnostics);
    } finally {
      await index.close();
    }
  });

  it('syntax errors are there at once, whatever the checkers do', async () => {
    const project = withNodeModules({ 'tsconfig.json': TS_CONFIG, 'src/math.ts': MATH_TS, 'src/bad.ts': 'export function f( {\n' }, ['typescript']);
    const index = await openProjectIndex(project.root);
    try {
      const quick = await diagnose(index, 'src/bad.ts', { deadlineMs: 0 });
      expect(quick.diagnostics.filter((d) => d.source === 'tree-sitter').length).toBeGreaterThan(0);
      expect(quick.tools).toEqual([{ tool: 'typescript', status: 'pending' }]);
      const full = await diagnose(index, 'src/bad.ts');
      expect(full.tools[0]).toMatchObject({ tool: 'typescript', status: 'ok' });
      expect(full.diagnostics.some((d) => d.source === 'typescript' && d.code === 'TS1005')).toBe(true);
    } finally {
      await index.close();
    }
  });
});

describe('Go and Rust, when the machine has their tools', () => {
  it('go vet without go on PATH is `missing`', () => {
    const project = makeProject({ 'go.mod': 'module example.com/m\n\ngo 1.19\n', 'main.go': 'package main\n\nfunc main() {}\n' });
    if (onPath('go')) return;
    expect(diagnostics(project, ['main.go']).tools).toEqual([expect.objectContaining({ tool: 'go-vet', status: 'missing' })]);
  });

  (existsSync(join(GO_BIN, 'go')) ? it : it.skip)('go vet reports vet findings and type errors (golang-1.19-go)', () => {
    const project = makeProject({
      'go.mod': 'module example.com/m\n\ngo 1.19\n',
      'pkg/greet.go': 'package pkg\n\nimport "fmt"\n\nfunc Hello(name string) {\n\tfmt.Printf("hello %d\\n", name)\n}\n',
      'main.go': 'package main\n\nfunc main() {\n\tvar x int = "s"\n\t_ = x\n}\n',
    });
    const env = { PATH: `${GO_BIN}${delimiter}${process.env.PATH}`, GOCACHE: join(project.root, '.gocache') };
    const result = diagnostics(project, ['.'], env);
    expect(result.tools).toEqual([expect.objectContaining({ tool: 'go-vet', status: 'ok' })]);
    expect(result.diagnostics.map((d) => [d.file, d.line, d.code])).toEqual([['main.go', 4, 'typecheck'], ['pkg/greet.go', 6, 'vet']]);
    expect(result.diagnostics[1].message).toContain('format %d has arg name of wrong type string');
  });

  (onPath('cargo') ? it : it.skip)('cargo check reports compiler errors at their lines (offline)', () => {
    const project = makeProject({
      'Cargo.toml': '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n',
      'src/main.rs': 'fn main() {\n    let x: i32 = "a";\n    println!("{}", x);\n}\n',
    });
    const result = diagnostics(project, ['src/main.rs'], { CARGO_TARGET_DIR: join(project.root, 'target') });
    expect(result.tools).toEqual([expect.objectContaining({ tool: 'cargo', status: 'ok' })]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ file: 'src/main.rs', line: 2, code: 'E0308', severity: 'error', source: 'cargo' })]);
  });
});
