// structure, extract, summary and imports end to end through the compiled CLI and the real
// project index, in-process (--no-daemon): the DESIGN §4 JSON contract, the text forms, and the
// one-line errors for an unsupported language, a missing file and a path outside the project.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from './helpers.js';

const CLI = resolve('dist/cli/main.js');
const env = { ...process.env };
delete env.NODE_EXTRA_CA_CERTS;

let root: string;

function tldr(args: string[], cwd = root): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [CLI, ...args, '--no-daemon'], { encoding: 'utf8', env, cwd, timeout: 60_000 });
}

function json(args: string[]): any {
  const run = tldr([...args, '--json']);
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout);
}

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-extract-cli-')));
  writeFileSync(join(root, 'package.json'), '{"name":"fixture"}\n');
  mkdirSync(join(root, 'src'));
  cpSync(join(FIXTURES, 'typescript.ts'), join(root, 'src/service.ts'));
  cpSync(join(FIXTURES, 'python.py'), join(root, 'src/service.py'));
  cpSync(join(FIXTURES, 'go.go'), join(root, 'shapes.go'));
  cpSync(resolve('test/fixtures/graph/ts-types/src/sides.ts'), join(root, 'sides.ts'));
  writeFileSync(join(root, 'notes.xyz'), 'not code\n');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('structure', () => {
  it('prints the DESIGN §4 shape for a file, with top-level functions only', () => {
    const result = json(['structure', 'src/service.py']);
    expect(Object.keys(result)).toEqual(['file', 'language', 'functions', 'classes', 'imports']);
    expect(result.file).toBe('src/service.py');
    expect(result.language).toBe('python');
    expect(result.functions.map((f: any) => f.name)).toEqual(['load', 'square']);
    expect(result.functions[0]).toMatchObject({ name: 'load', line: 49, end_line: 52, signature: 'def load(path, *args, **kwargs)' });
    const service = result.classes.find((c: any) => c.name === 'Service');
    expect(service).toMatchObject({ line: 13, end_line: 46 });
    expect(service.methods.map((m: any) => [m.name, m.line, m.end_line])).toEqual([
      ['__init__', 18, 20], ['size', 23, 24], ['size', 27, 28], ['parse', 32, 34], ['fetch', 36, 40],
    ]);
    expect(service.methods[3].signature).toBe('@staticmethod @cached(ttl=10) def parse(text: str) -> "Node"');
    expect(result.imports[3]).toEqual({ module: 'collections', names: ['OD', 'defaultdict'], line: 4, kind: 'import' });
  });

  it('prints {files: [...]} for a directory and for the whole project', () => {
    const dir = json(['structure', 'src']);
    expect(dir.files.map((f: any) => f.file)).toEqual(['src/service.py', 'src/service.ts']);
    const all = json(['structure', '.']);
    expect(all.files.map((f: any) => f.file)).toEqual(['shapes.go', 'sides.ts', 'src/service.py', 'src/service.ts']);
  });

  it('resolves paths against the current directory', () => {
    const run = spawnSync(process.execPath, [CLI, 'structure', 'service.ts', '--json', '--no-daemon'], { encoding: 'utf8', env, cwd: join(root, 'src') });
    expect(JSON.parse(run.stdout).file).toBe('src/service.ts');
  });

  it('has a compact text form', () => {
    const run = tldr(['structure', 'shapes.go']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('shapes.go (go)');
    expect(run.stdout).toContain('  struct Server 18-22');
    expect(run.stdout).toContain('    Serve 32-42: func (s *Server) Serve(ctx context.Context, limit int) (int, error)');
    // An instance method beside a static one of its name is shown by the name to query it by.
    const sides = tldr(['structure', 'sides.ts']);
    expect(sides.stdout).toContain('  class Shape 3-11\n    getType 4-6: static getType(): string\n    prototype.getType 8-10: getType(): string\n');
  });
});

describe('extract, summary and imports', () => {
  it('extract --json is the full record', () => {
    const record = json(['extract', 'src/service.ts']);
    expect(record.path).toBe('src/service.ts');
    expect(record.functions.map((f: any) => f.qualified_name)).toContain('parse.inner');
    expect(record.calls.length).toBeGreaterThan(10);
    expect(record.bindings.length).toBeGreaterThan(5);
    expect(record.exports.length).toBe(10);
  });

  it('summary prints every definition with its signature and range', () => {
    const run = tldr(['summary', 'src/service.ts']);
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n').slice(0, 4)).toEqual([
      'src/service.ts (typescript, 80 lines): Fixture: the TypeScript constructs the extractor handles deliberately.',
      'imports: node:fs {default as fs, readFile as rf, Stats}; node:path; ./config {Config}; ./helpers {helper as util}; ./types {*}',
      "L11-43 @Injectable({ scope: 'singleton' }) export abstract class UserService extends BaseService<User> implements Disposable, Loggable  # A repository of users.",
      '  L15-17 private onChange = async (event: ChangeEvent): Promise<void>',
    ]);
    expect(run.stdout).toContain('\n  L48-50 function inner(token: string): string\n');
    // The overloaded `parse` is one definition, its overload signatures under it.
    expect(run.stdout).toContain('\nL47-52 export function parse(text: string, strict = false): Node\n  overload L45 export function parse(text: string): Node\n  overload L46 export function parse(text: string, strict: boolean): Node\n');
    const result = json(['summary', 'src/service.ts']);
    expect(result).toMatchObject({ file: 'src/service.ts', language: 'typescript', lines: 80, definitions: 17 });
  });

  it('imports lists modules with bindings', () => {
    const run = tldr(['imports', 'src/service.py']);
    expect(run.stdout.split('\n')[3]).toBe('L4 collections {OrderedDict as OD, defaultdict}');
    expect(json(['imports', 'src/service.py']).imports).toHaveLength(7);
  });
});

describe('errors', () => {
  it('an unsupported language, a missing file and a path outside the project exit 1 with one line', () => {
    const unsupported = tldr(['summary', 'notes.xyz']);
    expect(unsupported.status).toBe(1);
    expect(unsupported.stdout).toBe('');
    expect(unsupported.stderr).toMatch(/^tldr: unsupported language for notes\.xyz \(supported: \.ts, .*\.py.*\)\n$/);
    const missing = tldr(['structure', 'nope.ts']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe('tldr: file not found: nope.ts (check the path)\n');
    const outside = tldr(['extract', '/etc/hostname']);
    expect(outside.status).toBe(1);
    expect(outside.stderr).toMatch(/^tldr: path is outside the project: \/etc\/hostname/);
    const directory = tldr(['summary', 'src']);
    expect(directory.status).toBe(1);
    expect(directory.stderr).toBe('tldr: src is a directory (give a file)\n');
  });

  it('a missing argument is a usage error (exit 2)', () => {
    expect(tldr(['summary']).status).toBe(2);
  });
});
