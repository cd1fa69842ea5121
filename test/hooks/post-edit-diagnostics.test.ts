// post-edit-diagnostics on the recorded PostToolUse:Edit/Write payloads: syntax errors at once,
// for every language; type errors from the project's own TypeScript (a real compiler, linked into
// the fixture's node_modules), on this edit or, when it is still checking, the next.
import { symlinkSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEditDiagnostics } from '../../dist/core/hooks/post-edit-diagnostics.js';
import { NO_ANSWER } from '../../dist/core/hooks/contract.js';
import { closeDiagnostics } from '../../dist/core/diagnostics/index.js';
import { contextOf, openHookProject, run, type HookProject } from './helpers.js';

let project: HookProject;
beforeAll(async () => {
  project = await openHookProject();
});
afterAll(async () => {
  closeDiagnostics(project.index);
  await project.close();
});

const after = (file: string, text: string, tool = 'Write') => {
  project.write(file, text);
  return project.toolPayload(`PostToolUse-${tool}`, tool === 'Write' ? { file_path: file, content: text } : { file_path: file, old_string: 'a', new_string: 'b' });
};

describe('post-edit-diagnostics', () => {
  it('says nothing after the recorded edit, which leaves the file sound', async () => {
    expect(await run(postEditDiagnostics, project.payload('PostToolUse-Edit'), project)).toEqual(NO_ANSWER);
  });

  it('reports syntax errors of the edited file at once, in any language', async () => {
    const ts = contextOf(await run(postEditDiagnostics, after('src/broken.ts', 'export function f(a: number {\n  return a;\n}\n'), project));
    expect(ts).toMatch(/^tldr: src\/broken\.ts after this edit has \d+ errors?:\nL1:\d+ .*\(tree-sitter\)/);
    const py = contextOf(await run(postEditDiagnostics, after('src/broken.py', 'def f(:\n    return 1\n', 'Edit'), project));
    expect(py).toContain('tldr: src/broken.py after this edit has');
    expect(py).toMatch(/L1:\d+ .*\(tree-sitter\)/);
    const go = contextOf(await run(postEditDiagnostics, after('src/broken.go', 'package main\nfunc main() {\n', 'Edit'), project));
    expect(go).toMatch(/L\d+:\d+ .*\(tree-sitter\)/);
  });

  it('leaves files it cannot read, and other events, alone', async () => {
    expect(await run(postEditDiagnostics, project.toolPayload('PostToolUse-Write', { file_path: 'notes.txt', content: 'x' }), project)).toEqual(NO_ANSWER);
    expect(await run(postEditDiagnostics, project.toolPayload('PostToolUse-Write', { file_path: '/etc/hosts' }), project)).toEqual(NO_ANSWER);
    expect(await run(postEditDiagnostics, project.payload('PreToolUse-Edit'), project)).toEqual(NO_ANSWER);
  });
});

describe('post-edit-diagnostics with the project\'s TypeScript', () => {
  let typed: HookProject;
  beforeAll(async () => {
    typed = await openHookProject({ 'tsconfig.json': '{"compilerOptions":{"strict":true,"noEmit":true},"include":["src"]}\n' });
    mkdirSync(typed.abs('node_modules'));
    symlinkSync(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), typed.abs('node_modules/typescript'));
  });
  afterAll(async () => {
    closeDiagnostics(typed.index);
    await typed.close();
  });

  it('reports a type error on this edit, or on the next when the checker was still starting', async () => {
    typed.write('src/typed.ts', "import { formatName } from './format';\nexport const n: number = formatName('x');\n");
    const input = typed.toolPayload('PostToolUse-Write', { file_path: 'src/typed.ts', content: '' });
    let text = '';
    for (let attempt = 0; attempt < 60 && !text.includes('TS2322'); attempt++) {
      text = contextOf(await run(postEditDiagnostics, input, typed));
      if (!text.includes('TS2322')) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(text).toContain("L2:14 TS2322 Type 'string' is not assignable to type 'number'. (typescript)");
  });
});
