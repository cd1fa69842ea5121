// edit-notify: the files an Edit, a Write, a Bash command line or FileChanged changed are marked
// dirty (and the next record is the new text); a command that names no file is left to the watcher.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editNotify } from '../../dist/core/hooks/edit-notify.js';
import { NO_ANSWER } from '../../dist/core/hooks/contract.js';
import { writtenPaths } from '../../dist/core/hooks/text/written-paths.js';
import { openHookProject, run, type HookProject } from './helpers.js';

describe('writtenPaths', () => {
  const cases: Array<[string, string[] | undefined]> = [
    ['echo x > out.txt && cat a >> log/b.log 2>/dev/null', ['/p/out.txt', '/p/log/b.log']],
    ['sed -i "s/foo/bar/g" src/a.py src/b.py', ['/p/src/a.py', '/p/src/b.py']],
    ["sed -i.bak -e 's/a/b/' -e 's/c/d/' x.ts", ['/p/x.ts']],
    ['sed -n 1,10p a.ts', []],
    ['perl -pi -e "s/a/b/" f.rb', ['/p/f.rb']],
    ['mv src/old.ts src/new.ts', ['/p/src/old.ts', '/p/src/new.ts', '/p/src/new.ts/old.ts']],
    ['mv a.ts b.ts lib', ['/p/a.ts', '/p/b.ts', '/p/lib/a.ts', '/p/lib/b.ts']],
    ['cp -t dest a.py', ['/p/dest/a.py']],
    ['rm -f src/gen.ts && touch src/new.go', ['/p/src/gen.ts', '/p/src/new.go']],
    ['cat a | tee -a out.md', ['/p/out.md']],
    ['git checkout -- src/a.ts src/b.ts', ['/p/src/a.ts', '/p/src/b.ts']],
    ['git checkout main', []],
    ['git restore src/a.ts', ['/p/src/a.ts']],
    ['git mv a.ts b.ts', ['/p/a.ts', '/p/b.ts', '/p/b.ts/a.ts']],
    ['git apply fix.patch', []],
    ['prettier --write src/a.ts', ['/p/src/a.ts']],
    ['prettier --check src/a.ts', []],
    ['black app.py && ruff check --fix lib.py && ruff format x.py', ['/p/app.py', '/p/lib.py', '/p/x.py']],
    ['gofmt -w main.go', ['/p/main.go']],
    ['gofmt -l main.go', []],
    ['cd src && sed -i s/a/b/ app.ts', ['/p/src/app.ts']],
    ['npm test', []],
    ['rm *.tmp', []],
    ['echo $HOME > x', undefined],
    ['python - <<EOF\nprint(1)\nEOF', undefined],
  ];
  it.each(cases)('%s', (command, expected) => {
    expect(writtenPaths(command, '/p')).toEqual(expected);
  });
});

describe('edit-notify', () => {
  let project: HookProject;
  beforeAll(async () => {
    project = await openHookProject();
  });
  afterAll(() => project.close());

  it('marks the written file dirty and records the touch; the next record is fresh', async () => {
    project.write('src/added.ts', 'export const added = 1;\n');
    await project.index.record('src/added.ts');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(project.abs('src/added.ts'), 'export const added = 1;\nexport function more(): number {\n  return 2;\n}\n');
    expect(await run(editNotify, project.payload('PostToolUse-Write'), project)).toEqual(NO_ANSWER);
    expect(project.services.notified).toContain('src/added.ts');
    expect((await project.index.record('src/added.ts')).functions.map((f) => f.name)).toEqual(['more']);
    expect(project.services.session(project.payload('PostToolUse-Write').session_id!).touched()).toContain('src/added.ts');
  });

  it('notifies an Edit, a Bash command that writes files, and FileChanged; never a directory or outside path', async () => {
    // What `cp -r lib src` made (the hook runs after the command).
    project.write('src/lib/helper.rb', 'def helper; end\n');
    const before = project.services.notified.length;
    await run(editNotify, project.payload('PostToolUse-Edit'), project);
    await run(editNotify, project.payload('PostToolUse-Bash', { tool_input: { command: 'sed -i s/os/sys/ src/util.py && echo x > /tmp/elsewhere.txt && cp -r lib src' } }), project);
    await run(editNotify, { hook_event_name: 'FileChanged', session_id: 's', cwd: project.root, file_path: project.abs('src/lib.rs') }, project);
    expect(project.services.notified.slice(before)).toEqual(['src/format.ts', 'src/util.py', 'src/lib.rs']);
  });

  it('leaves commands that name no file, and bad input, to the watcher', async () => {
    const before = project.services.notified.length;
    await run(editNotify, project.payload('PostToolUse-Bash'), project);
    await run(editNotify, project.payload('PostToolUse-Bash', { tool_input: { command: 'make build' } }), project);
    await run(editNotify, project.payload('PostToolUse-Write', { tool_input: { file_path: 7 } }), project);
    await run(editNotify, project.payload('PreToolUse-Write'), project);
    expect(project.services.notified.length).toBe(before);
  });
});
