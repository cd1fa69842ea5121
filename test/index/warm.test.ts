// Warm counts on a real multi-language fixture: what is indexed, what is skipped and why, and that
// later warms re-parse exactly the files whose content changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatWarm } from '../../dist/cli/commands/warm.js';
import { openProjectIndex, warmProject } from '../../dist/core/index/open.js';
import { MAX_MATCH_DEPTH } from '../../dist/core/extract/captures.js';
import { closeExtractPool } from '../../dist/core/pool/extract-pool.js';
import type { FileRecord, WarmResult } from '../../dist/core/types.js';
import { CAN_READ_MODE_000, copyFixture, makeMixedProject, type TempProject } from '../files/fixture-project.js';

const names = (record: FileRecord) => [
  ...record.functions.map((fn) => fn.qualified_name),
  ...record.classes.flatMap((cls) => [cls.qualified_name, ...cls.methods.map((method) => method.qualified_name)]),
];

afterAll(() => closeExtractPool());

describe('warm on the mixed fixture (worker pool)', () => {
  let project: TempProject;
  let first: WarmResult;
  beforeAll(async () => {
    project = makeMixedProject();
    first = await warmProject(project.root, { extraction: 'pool' });
  });
  afterAll(() => project.cleanup());

  it('indexes the source files of every language and reports totals per language', () => {
    expect(first.workers).toBeGreaterThan(0);
    expect(first.cache).toBe('created');
    const indexed = first.files + first.errors.length;
    expect(indexed).toBe(CAN_READ_MODE_000 ? 13 : 12);
    for (const language of ['typescript', 'python', 'go', 'java', 'javascript'] as const) {
      expect(first.languages[language]?.files, language).toBeGreaterThan(0);
    }
    expect(first.languages.typescript).toEqual({ files: 3, lines: 21, bytes: expect.any(Number) });
    expect(first.lines).toBe(Object.values(first.languages).reduce((sum, totals) => sum + totals!.lines, 0));
  });

  it('skips hostile files with a reason each', () => {
    const reasons = Object.fromEntries(first.skipped_files.map((skip) => [skip.path, skip.reason]));
    expect(reasons).toMatchObject({
      'media/clip.ts': 'binary',
      'public/bundle.js': 'minified',
      'public/app.min.js': 'minified',
      'src/huge.py': 'too_large',
      'src/outside.ts': 'outside_root',
      'linked-outside': 'outside_root',
      'nested/loop': 'symlink_loop',
      'src/dangling.ts': 'unreadable',
    });
    if (project.hasFifo) expect(reasons['src/pipe.ts']).toBe('unreadable');
    // Running as root, mode 000 does not stop a read: the file is indexed like any other.
    if (CAN_READ_MODE_000) expect(reasons['src/locked.py']).toBeUndefined();
    else expect(reasons['src/locked.py']).toBe('unreadable');
    expect(first.skipped.ignored).toBe(7);
    expect(first.skipped.binary).toBe(1);
    expect(first.skipped.minified).toBe(2);
  });

  it('stores real records, the Latin-1 file flagged as lossily decoded', async () => {
    const index = await openProjectIndex(project.root);
    const records = await index.records();
    expect(names(records.get('src/app.ts')!)).toEqual(expect.arrayContaining(['main', 'Greeter', 'Greeter.greet']));
    expect(names(records.get('src/util.py')!)).toEqual(expect.arrayContaining(['read_config', 'Cache', 'Cache.get']));
    expect(names(records.get('src/server.go')!)).toContain('Serve');
    expect(names(records.get('src/Main.java')!)).toEqual(expect.arrayContaining(['Main', 'Main.greet']));
    const latin1 = records.get('src/latin1.py')!;
    expect(latin1.lossy_decode).toBe(true);
    expect(names(latin1)).toContain('price');
    expect(records.get('src/app.ts')!.hash).toMatch(/^[0-9a-f]{40}$/);
    expect([...records.keys()]).not.toContain('media/clip.ts');
    await index.close();
  });

  it('re-parses nothing when nothing changed', async () => {
    const second = await warmProject(project.root, { extraction: 'pool' });
    expect(second.parsed).toBe(0);
    expect(second.rehashed).toBe(0);
    expect(second.reused).toBe(first.parsed);
    expect(second.cache).toBe('unchanged');
    expect(second.files).toBe(first.files);
    expect(second.skipped).toEqual(first.skipped);
  });

  it('re-parses exactly the edited file, and only re-hashes a touched one', async () => {
    appendFileSync(join(project.root, 'src', 'format.ts'), '\nexport function shout(text: string): string {\n  return text + "!";\n}\n');
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(project.root, 'src', 'util.py'), later, later);
    const third = await warmProject(project.root, { extraction: 'pool' });
    expect(third.parsed).toBe(1);
    expect(third.rehashed).toBe(1);
    expect(third.cache).toBe('updated');
    const index = await openProjectIndex(project.root);
    expect(names(await index.record('src/format.ts'))).toEqual(expect.arrayContaining(['formatName', 'shout']));
    await index.close();
    expect((await warmProject(project.root)).parsed).toBe(0);
  });

  it('drops deleted files and picks up new ones', async () => {
    rmSync(join(project.root, 'src', 'server.go'));
    writeFileSync(join(project.root, 'src', 'extra.py'), 'def extra():\n    return 2\n');
    const fourth = await warmProject(project.root);
    expect(fourth.removed).toBe(1);
    expect(fourth.parsed).toBe(1);
    expect(fourth.languages.go).toBeUndefined();
    const index = await openProjectIndex(project.root);
    const records = await index.records();
    expect(records.has('src/server.go')).toBe(false);
    expect(names(records.get('src/extra.py')!)).toEqual(['extra']);
    await index.close();
  });

  it('re-evaluates a file whose skip reason no longer holds', async () => {
    writeFileSync(join(project.root, 'public', 'bundle.js'), 'function readable() {\n  return 1;\n}\n');
    const fifth = await warmProject(project.root);
    expect(fifth.parsed).toBe(1);
    expect(fifth.skipped.minified).toBe(1);
  });
});

describe('a tree whose code is all under ignored directories', () => {
  it('indexes nothing and says which directories the rules skipped; a .tldrignore negation brings them in', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tldr-warm-dist-'));
    try {
      mkdirSync(join(root, 'dist', 'utils'), { recursive: true });
      writeFileSync(join(root, 'package.json'), '{"name":"shipped"}');
      writeFileSync(join(root, 'dist', 'index.js'), 'export function main() { return helper(); }\n');
      writeFileSync(join(root, 'dist', 'utils', 'helper.js'), 'export function helper() { return 1; }\n');
      const none = await warmProject(root, { extraction: 'in-process' });
      expect(none.files).toBe(0);
      expect(none.ignored_dirs).toEqual(['dist/']);
      expect(formatWarm(none)).toContain('nothing indexed: the ignore rules skip dist/');
      expect(formatWarm(none)).toContain('`!dist/`');
      writeFileSync(join(root, '.tldrignore'), '!dist/\n');
      const some = await warmProject(root, { extraction: 'in-process' });
      expect(some.files).toBe(2);
      expect(some.ignored_dirs).toBeUndefined();
      expect(formatWarm(some)).not.toContain('nothing indexed');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('pool and in-process extraction', () => {
  it('produce identical records', async () => {
    const a = copyFixture('mixed');
    const b = copyFixture('mixed');
    try {
      await warmProject(a.root, { extraction: 'pool' });
      await warmProject(b.root, { extraction: 'in-process' });
      const left = await (await openProjectIndex(a.root)).records();
      const right = await (await openProjectIndex(b.root)).records();
      expect([...left.keys()]).toEqual([...right.keys()]);
      expect(left.size).toBeGreaterThan(5);
      for (const [path, record] of left) expect(record, path).toEqual(right.get(path));
    } finally {
      a.cleanup();
      b.cleanup();
    }
  });
});

describe('a project of real third-party code', () => {
  it('indexes every TypeScript file of rxjs/src and finds its exports', async () => {
    const { cpSync, mkdtempSync, realpathSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-rxjs-')));
    try {
      cpSync(join(process.cwd(), 'node_modules', 'rxjs', 'src'), join(root, 'src'), { recursive: true });
      const result = await warmProject(root);
      expect(result.errors).toEqual([]);
      expect(result.languages.typescript!.files).toBeGreaterThan(200);
      expect(result.workers).toBeGreaterThan(0);
      const index = await openProjectIndex(root);
      const map = await index.record('src/internal/operators/map.ts');
      expect(map.functions.map((fn) => fn.name)).toContain('map');
      expect(statSync(join(root, '.tldr', 'index.bin')).size).toBeGreaterThan(10_000);
      expect(readFileSync(join(root, '.tldr', '.gitignore'), 'utf8')).toMatch(/^\*$/m);
      await index.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('hostile sources', () => {
  it('deeply nested and syntactically broken files are summarised, not fatal', async () => {
    const { mkdtempSync, realpathSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-hostile-')));
    try {
      writeFileSync(join(root, 'deep.py'), `x = ${'[\n'.repeat(5000)}${']\n'.repeat(5000)}`);
      writeFileSync(join(root, 'nested.js'), `${'function f() {\n'.repeat(300)}${'}\n'.repeat(300)}`);
      writeFileSync(join(root, 'broken.ts'), 'export function ok(): number {\n  return 1;\n}\nfunction (((( { class } ] export import from\n'.repeat(20));
      const result = await warmProject(root, { extraction: 'pool' });
      expect(result.errors).toEqual([]);
      expect(result.files).toBe(3);
      const index = await openProjectIndex(root);
      const broken = await index.record('broken.ts');
      expect(broken.errors.length).toBeGreaterThan(0);
      expect(broken.functions.map((fn) => fn.name)).toContain('ok');
      // Nested definitions are recorded down to the match depth limit (two tree levels per function).
      expect((await index.record('nested.js')).functions).toHaveLength(MAX_MATCH_DEPTH / 2);
      await index.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
