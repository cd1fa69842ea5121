import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { selectFiles, selectPath } from '../../dist/core/files/select.js';
import { IgnoreRules } from '../../dist/core/files/ignore-rules.js';
import { makeMixedProject, write, type TempProject } from './fixture-project.js';

describe('selectFiles on the mixed fixture', () => {
  let project: TempProject;
  beforeAll(() => {
    project = makeMixedProject();
  });
  afterAll(() => project.cleanup());

  it('selects the source files the rules allow, sorted, with their languages', () => {
    const selection = selectFiles(project.root);
    const selected = selection.files.map((file) => `${file.path}:${file.language}`);
    expect(selected).toEqual([
      'build/gen.py:python',
      'lib/helper.rb:ruby',
      'media/clip.ts:typescript',
      'nested/deeper/deep.js:javascript',
      'nested/kept.ts:typescript',
      'public/bundle.js:javascript',
      'scripts/deploy.sh:bash',
      'src/Main.java:java',
      'src/app.ts:typescript',
      'src/format.ts:typescript',
      'src/latin1.py:python',
      'src/lib.rs:rust',
      // Readability is learnt when the file is read (see the index tests), not by the walk.
      'src/locked.py:python',
      'src/server.go:go',
      'src/util.py:python',
    ]);
  });

  it('counts every skip by reason and names the files', () => {
    const selection = selectFiles(project.root);
    const byReason = (reason: string) => selection.skippedFiles.filter((skip) => skip.reason === reason).map((skip) => skip.path).sort();
    expect(byReason('too_large')).toEqual(['src/huge.py']);
    expect(byReason('minified')).toEqual(['public/app.min.js']);
    expect(byReason('outside_root')).toEqual(['linked-outside', 'src/outside.ts']);
    expect(byReason('symlink_loop')).toEqual(['nested/loop']);
    expect(byReason('unreadable')).toEqual(project.hasFifo ? ['src/dangling.ts', 'src/pipe.ts'] : ['src/dangling.ts']);
    // node_modules, vendor, generated/ (.gitignore), scratch/ (.tldrignore), nested/local.ts
    // (nested .gitignore), secret.py and debug.log (.gitignore patterns).
    expect(selection.skipped.ignored).toBe(7);
    // README.md, the ignore files themselves.
    expect(selection.skipped.unsupported).toBe(4);
    // The alias symlink src/alias.ts → app.ts is neither selected nor counted.
    expect(selection.files.some((file) => file.path === 'src/alias.ts')).toBe(false);
  });

  it('records stats the cache can compare against', () => {
    const app = selectFiles(project.root).files.find((file) => file.path === 'src/app.ts')!;
    expect(app.abs).toBe(join(project.root, 'src', 'app.ts'));
    expect(app.size).toBeGreaterThan(100);
    expect(app.mtimeMs).toBeGreaterThan(0);
  });

  it('honours a byte limit from the policy', () => {
    const selection = selectFiles(project.root, { maxFileBytes: 200 });
    expect(selection.files.every((file) => file.size <= 200)).toBe(true);
    expect(selection.skipped.too_large).toBeGreaterThan(1);
  });
});

describe('ignore rules', () => {
  let project: TempProject;
  beforeAll(() => {
    project = makeMixedProject();
  });
  afterAll(() => project.cleanup());

  it('lets a deeper .gitignore re-include what a shallower one excludes', () => {
    write(project.root, 'pkg/.gitignore', '!*.log\n!keep/\n');
    appendFileSync(join(project.root, '.gitignore'), 'keep/\n');
    const rules = new IgnoreRules(project.root);
    expect(rules.isIgnored('pkg/keep', true)).toBe(false);
    expect(rules.isIgnored('other/keep', true)).toBe(true);
  });

  it('honours .git/info/exclude, and never walks .git or .tldr', () => {
    write(project.root, '.git/info/exclude', 'lib/\n');
    write(project.root, '.git/hooks/post-commit.sh', 'echo hook\n');
    write(project.root, '.tldr/stray.ts', 'export const stray = 1;\n');
    const paths = selectFiles(project.root).files.map((file) => file.path);
    expect(paths).not.toContain('lib/helper.rb');
    expect(paths.filter((path) => path.startsWith('.git/') || path.startsWith('.tldr/'))).toEqual([]);
  });

  it('applies ancestors when checking a single path', () => {
    const rules = new IgnoreRules(project.root);
    expect(rules.isPathIgnored('node_modules/leftpad/index.js')).toBe(true);
    expect(rules.isPathIgnored('src/app.ts')).toBe(false);
    expect(rules.isPathIgnored('build/gen.py')).toBe(false);
  });

  it('selectPath agrees with the walk', () => {
    const rules = new IgnoreRules(project.root);
    expect(selectPath(project.root, 'src/app.ts', rules)).toMatchObject({ kind: 'selected', file: { language: 'typescript' } });
    expect(selectPath(project.root, 'generated/out.ts', rules)).toEqual({ kind: 'skipped', reason: 'ignored' });
    expect(selectPath(project.root, 'src/huge.py', rules)).toEqual({ kind: 'skipped', reason: 'too_large' });
    expect(selectPath(project.root, 'README.md', rules)).toEqual({ kind: 'skipped', reason: 'unsupported' });
    expect(selectPath(project.root, 'src', rules)).toEqual({ kind: 'directory' });
    expect(selectPath(project.root, 'src/nope.ts', rules)).toEqual({ kind: 'missing' });
  });
});

describe('symlinks', () => {
  it('never walks a directory twice through a cyclic chain of links', () => {
    const project = makeMixedProject();
    try {
      mkdirSync(join(project.root, 'a'));
      symlinkSync(join(project.root, 'b'), join(project.root, 'a', 'to-b'));
      mkdirSync(join(project.root, 'b'));
      symlinkSync(join(project.root, 'a'), join(project.root, 'b', 'to-a'));
      symlinkSync('self', join(project.root, 'self'));
      const selection = selectFiles(project.root);
      expect(selection.skippedFiles).toContainEqual({ path: 'self', reason: 'symlink_loop' });
      expect(selection.files.filter((file) => file.path.startsWith('a/') || file.path.startsWith('b/'))).toEqual([]);
    } finally {
      project.cleanup();
    }
  });
});
