// `tldr change-impact` on a real git history made here (commits, then staged, unstaged and
// untracked edits), and without git on files compared with tldr's earlier records: which
// definitions changed, who calls them to what depth, and which tests — by each language's
// conventions — reach them.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnifiedDiff } from '../../dist/core/change/git-diff.js';
import { cleanupProjects, cli, makeProject, type TempProject } from '../daemon/helpers.js';

afterAll(cleanupProjects);

const FILES: Record<string, string> = {
  'src/calc.py': [
    'def add(a, b):',
    '    return a + b',
    '',
    '',
    'def double(x):',
    '    return add(x, x)',
    '',
    '',
    'def gone(y):',
    '    return y',
    '',
  ].join('\n'),
  'src/app.py': [
    'from src.calc import double, gone',
    '',
    '',
    'def run(v):',
    '    return double(v) + gone(v)',
    '',
  ].join('\n'),
  'tests/test_calc.py': [
    'from src.calc import add, double',
    '',
    '',
    'def test_add():',
    '    assert add(1, 2) == 3',
    '',
    '',
    'class TestDouble:',
    '    def test_double(self):',
    '        assert double(2) == 4',
    '',
  ].join('\n'),
  'lib/format.ts': [
    'export function formatName(first: string, last: string): string {',
    '  return `${first} ${last}`;',
    '}',
    '',
    'export function shout(text: string): string {',
    '  return text.toUpperCase();',
    '}',
    '',
  ].join('\n'),
  'lib/use.ts': [
    "import { formatName } from './format';",
    '',
    'export function greet(first: string, last: string): string {',
    "  return 'hello ' + formatName(first, last);",
    '}',
    '',
  ].join('\n'),
  'lib/format.test.ts': [
    "import { formatName } from './format';",
    '',
    "describe('format', () => {",
    "  it('joins first and last names', () => {",
    "    expect(formatName('a', 'b')).toBe('a b');",
    '  });',
    '});',
    '',
  ].join('\n'),
  'go/strutil/strutil.go': [
    'package strutil',
    '',
    'func Reverse(s string) string {',
    '\tr := []rune(s)',
    '\tfor i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {',
    '\t\tr[i], r[j] = r[j], r[i]',
    '\t}',
    '\treturn string(r)',
    '}',
    '',
  ].join('\n'),
  'go/strutil/strutil_test.go': [
    'package strutil',
    '',
    'import "testing"',
    '',
    'func TestReverse(t *testing.T) {',
    '\tif Reverse("ab") != "ba" {',
    '\t\tt.Fatal("bad")',
    '\t}',
    '}',
    '',
  ].join('\n'),
};

interface Result {
  source: string;
  base?: string;
  depth: number;
  files: Array<{ file: string; status: string }>;
  changed: Array<{ file: string; function: string; kind: string; line: number; end_line: number; change: string }>;
  callers: Array<{ file: string; function: string; line: number; depth: number; via: string; confidence: string; reaches: { file: string; function: string } }>;
  tests: Array<{ file: string; function: string; line: number; depth: number; name?: string }>;
}

function git(project: TempProject, ...args: string[]): string {
  return execFileSync('git', args, { cwd: project.root, encoding: 'utf8' });
}

/** A project under real git with FILES committed, then a second commit editing `shout`. */
function repository(): TempProject {
  const project = makeProject(FILES);
  rmSync(join(project.root, '.git'), { recursive: true, force: true });
  git(project, 'init', '-q');
  git(project, 'config', 'user.email', 'test@example.com');
  git(project, 'config', 'user.name', 'test');
  git(project, 'add', '-A');
  git(project, 'commit', '-qm', 'first');
  project.write('lib/format.ts', FILES['lib/format.ts'].replace('text.toUpperCase()', 'text.toUpperCase() + "!"'));
  git(project, 'commit', '-qam', 'second');
  return project;
}

function changeImpact(project: TempProject, args: string[], noDaemon = true): Result {
  const run = cli(['change-impact', ...args, '--json', ...(noDaemon ? ['--no-daemon'] : [])], project.root);
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Result;
}

const names = (result: Result) => result.changed.map((c) => `${c.file}#${c.function}:${c.change}`);

describe('change-impact against git', () => {
  let project: TempProject;

  beforeAll(() => {
    project = repository();
    // Unstaged: add's body; gone removed.
    project.write('src/calc.py', FILES['src/calc.py'].replace('return a + b', 'return b + a').replace('def gone(y):\n    return y\n', ''));
    // Staged: formatName's body.
    project.write('lib/format.ts', FILES['lib/format.ts'].replace('${first} ${last}', '${last}, ${first}').replace('text.toUpperCase()', 'text.toUpperCase() + "!"'));
    git(project, 'add', 'lib/format.ts');
    // Untracked: a new file calling add.
    project.write('src/extra.py', 'from src.calc import add\n\n\ndef triple(x):\n    return add(add(x, x), x)\n');
  });

  it('finds the changed definitions: staged, unstaged, untracked, and removed ones', () => {
    const result = changeImpact(project, []);
    expect(result).toMatchObject({ source: 'git', base: 'HEAD', depth: 3 });
    expect(result.files).toEqual([
      { file: 'lib/format.ts', status: 'modified' },
      { file: 'src/calc.py', status: 'modified' },
      { file: 'src/extra.py', status: 'added' },
    ]);
    expect(names(result)).toEqual([
      'lib/format.ts#formatName:modified',
      'src/calc.py#add:modified',
      'src/calc.py#<module>:modified',
      'src/calc.py#gone:removed',
      'src/extra.py#triple:added',
    ]);
    expect(result.changed.find((c) => c.function === 'add')).toMatchObject({ line: 1, end_line: 2, kind: 'function' });
  });

  it('lists every caller with its call line and depth, nearest first', () => {
    const result = changeImpact(project, []);
    const callers = result.callers.map((c) => `${c.depth} ${c.file}:${c.line} ${c.function} -> ${c.reaches.function}`);
    expect(callers).toEqual([
      '1 lib/format.test.ts:5 <module> -> formatName',
      '1 lib/use.ts:4 greet -> formatName',
      '1 src/app.py:5 run -> gone',
      '1 src/calc.py:6 double -> add',
      '1 src/extra.py:5 triple -> add',
      '1 tests/test_calc.py:5 test_add -> add',
      // run also reaches add through double (depth 2): a call site is listed once, at its nearest.
      '2 tests/test_calc.py:10 TestDouble.test_double -> add',
    ]);
    expect(result.callers.find((c) => c.reaches.function === 'gone')).toMatchObject({ confidence: 'low' });
  });

  it('names the tests that reach the change, by each language\'s conventions', () => {
    const result = changeImpact(project, []);
    expect(result.tests).toEqual([
      { file: 'lib/format.test.ts', function: '<module>', line: 5, depth: 1, name: 'joins first and last names' },
      { file: 'tests/test_calc.py', function: 'test_add', line: 5, depth: 1 },
      { file: 'tests/test_calc.py', function: 'TestDouble.test_double', line: 10, depth: 2 },
    ]);
    expect(changeImpact(project, ['--depth', '1']).tests.map((t) => t.function)).toEqual(['<module>', 'test_add']);
  });

  it('diffs against an older base, and narrows to the files given', () => {
    const older = changeImpact(project, ['--git', 'HEAD~1']);
    expect(older.base).toBe('HEAD~1');
    expect(names(older)).toContain('lib/format.ts#shout:modified');
    const narrowed = changeImpact(project, ['lib/format.ts', '--git']);
    expect(narrowed.files).toEqual([{ file: 'lib/format.ts', status: 'modified' }]);
    expect(names(narrowed)).toEqual(['lib/format.ts#formatName:modified']);
    // `--git FILE`: the option's optional value is a file, not a revision.
    expect(names(changeImpact(project, ['--git', 'lib/format.ts']))).toEqual(['lib/format.ts#formatName:modified']);
  });

  it('the daemon answers the same as the CLI in-process', () => {
    expect(cli(['daemon', 'start'], project.root).status).toBe(0);
    expect(changeImpact(project, [], false)).toEqual(changeImpact(project, []));
  });

  it('the text form lists changes, callers and tests', () => {
    const run = cli(['change-impact', '--no-daemon'], project.root);
    expect(run.stdout).toContain('changed (git diff HEAD): 5 definitions in 3 files');
    expect(run.stdout).toContain('    gone L9-10 removed');
    expect(run.stdout).toContain('  1  src/calc.py:6  double → add');
    expect(run.stdout).toContain('  2  tests/test_calc.py:10  TestDouble.test_double');
    expect(run.stdout).toContain('  1  lib/format.test.ts:5  <module> "joins first and last names"');
  });

  it('follows a renamed file and names what a deleted file took with it', () => {
    const other = repository();
    git(other, 'mv', 'src/app.py', 'src/main_app.py');
    other.write('src/main_app.py', FILES['src/app.py'].replace('double(v) + gone(v)', 'double(v) - gone(v)'));
    git(other, 'rm', '-q', 'go/strutil/strutil.go');
    const result = changeImpact(other, []);
    expect(result.files).toEqual([
      { file: 'go/strutil/strutil.go', status: 'deleted' },
      { file: 'src/main_app.py', status: 'renamed' },
    ]);
    expect(names(result)).toEqual(['go/strutil/strutil.go#Reverse:removed', 'src/main_app.py#run:modified']);
    expect(result.tests).toEqual([{ file: 'go/strutil/strutil_test.go', function: 'TestReverse', line: 6, depth: 1 }]);
  });

  it('refuses a base that could be read as an option, and reports git\'s own complaint', () => {
    expect(cli(['change-impact', '--git=--output=/tmp/x', '--no-daemon'], project.root)).toMatchObject({ status: 2, stderr: expect.stringMatching(/^tldr: invalid base revision "--output=\/tmp\/x"/) });
    const bad = cli(['change-impact', '--git', 'no-such-branch', '--no-daemon'], project.root);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^tldr: git diff failed: .*no-such-branch.* \(check the base revision\)\n$/);
  });

  it('outside a git repository, asks for the files instead', () => {
    const plain = makeProject({ 'a.py': 'def f():\n    return 1\n' });
    rmSync(join(plain.root, '.git'), { recursive: true, force: true });
    plain.write('package.json', '{}');
    const run = cli(['change-impact', '--no-daemon'], plain.root);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`tldr: not a git repository: ${plain.root} (give the changed files instead: tldr change-impact a.ts b.ts)\n`);
  });
});

describe('change-impact without git: files compared with tldr\'s earlier records', () => {
  it('compares with the cache in-process, and with what the daemon knew when it started', () => {
    const project = makeProject(FILES);
    rmSync(join(project.root, '.git'), { recursive: true, force: true });
    project.write('package.json', '{}');
    expect(cli(['warm', '--no-daemon'], project.root).status).toBe(0);
    // Moved down by two lines, body unchanged: not a change. add's body edited: a change.
    project.write('src/calc.py', `# header\n\n${FILES['src/calc.py'].replace('return a + b', 'return a + b + 0').replace('def gone(y):\n    return y\n', '')}`);
    const result = changeImpact(project, ['src/calc.py']);
    expect(result.source).toBe('records');
    expect(result.files).toEqual([{ file: 'src/calc.py', status: 'modified' }]);
    expect(names(result)).toEqual(['src/calc.py#add:modified', 'src/calc.py#gone:removed']);
    expect(result.tests.map((t) => t.function)).toEqual(['test_add', 'TestDouble.test_double']);

    // The daemon's baseline is the cache as it found it; an edit after it started is a change.
    expect(cli(['daemon', 'start'], project.root).status).toBe(0);
    project.write('go/strutil/strutil.go', FILES['go/strutil/strutil.go'].replace('return string(r)', 'return string(r) + ""'));
    const viaDaemon = changeImpact(project, ['go/strutil/strutil.go', 'lib/use.ts'], false);
    expect(viaDaemon.files).toEqual([{ file: 'go/strutil/strutil.go', status: 'modified' }, { file: 'lib/use.ts', status: 'unchanged' }]);
    expect(names(viaDaemon)).toEqual(['go/strutil/strutil.go#Reverse:modified']);
    expect(viaDaemon.tests).toEqual([{ file: 'go/strutil/strutil_test.go', function: 'TestReverse', line: 6, depth: 1 }]);
  });
});

describe('change-impact without git: definitions told apart', () => {
  it('a name defined twice (one per branch of an if) is two definitions: only the edited one changed', () => {
    const source = [
      'import sys',
      'if sys.platform == "win32":',
      '    def helper():',
      '        return 1',
      'else:',
      '    def helper():',
      '        return 2',
      '',
      '',
      'def other():',
      '    return helper()',
      '',
    ].join('\n');
    const project = makeProject({ 'plat.py': source });
    rmSync(join(project.root, '.git'), { recursive: true, force: true });
    project.write('package.json', '{}');
    expect(cli(['warm', '--no-daemon'], project.root).status).toBe(0);
    project.write('plat.py', source.replace('return 2', 'return 3'));
    const result = changeImpact(project, ['plat.py']);
    expect(result.changed).toEqual([{ file: 'plat.py', function: 'helper', kind: 'function', line: 6, end_line: 7, change: 'modified' }]);
  });
});

describe('reading git\'s diff', () => {
  it('parses hunks, additions, deletions, renames and C-quoted names', () => {
    const diff = [
      'diff --git "src/t\\tab.py" "src/t\\tab.py"',
      'index 1..2 100644',
      '--- "src/t\\tab.py"',
      '+++ "src/t\\tab.py"',
      '@@ -3,2 +3 @@ def f():',
      '-    a = 1',
      '-    b = 2',
      '+    a = 3',
      '@@ -10 +9,0 @@',
      '-    gone = 1',
      'diff --git old name.py new näme.py',
      'similarity index 90%',
      'rename from old name.py',
      'rename to new näme.py',
      '--- old name.py',
      '+++ new näme.py',
      '@@ -1,0 +2,2 @@',
      '+x = 1',
      '+--- not a header',
      'diff --git new.py new.py',
      'new file mode 100644',
      '--- /dev/null',
      '+++ new.py',
      '@@ -0,0 +1,3 @@',
      '+a',
      '+b',
      '+c',
      'diff --git "caf\\303\\251.py" "caf\\303\\251.py"',
      'deleted file mode 100644',
      '--- "caf\\303\\251.py"',
      '+++ /dev/null',
      '@@ -1,2 +0,0 @@',
      '-a',
      '-b',
      '',
    ].join('\n');
    expect(parseUnifiedDiff(diff)).toEqual([
      { path: 'src/t\tab.py', status: 'modified', added: [[3, 3]], removed: [[3, 4], [10, 10]], deletions: [9] },
      { path: 'new näme.py', old_path: 'old name.py', status: 'renamed', added: [[2, 3]], removed: [], deletions: [] },
      { path: 'new.py', status: 'added', added: [[1, 3]], removed: [], deletions: [] },
      { path: 'café.py', old_path: 'café.py', status: 'deleted', added: [], removed: [[1, 2]], deletions: [0] },
    ]);
  });
});
