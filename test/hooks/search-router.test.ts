// search-router on the recorded Bash payloads: structural and semantic hits for definition-shaped,
// identifier and natural-language patterns, literals and unfollowed commands left alone, and the
// files a search located remembered for read-enforcer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchRouter } from '../../dist/core/hooks/search-router.js';
import { readEnforcer } from '../../dist/core/hooks/read-enforcer.js';
import { NO_ANSWER } from '../../dist/core/hooks/contract.js';
import { contextOf, openHookProject, run, rxjsSource, type HookProject } from './helpers.js';

let project: HookProject;

beforeAll(async () => {
  project = await openHookProject({
    'src/rx/Observable.ts': rxjsSource('internal/Observable.ts'),
    'src/rx/retry.ts': rxjsSource('internal/operators/retry.ts'),
    'src/rx/timeout.ts': rxjsSource('internal/operators/timeout.ts'),
  });
});
afterAll(() => project.close());

const bash = (command: string, session = 'search') => project.toolPayload('PreToolUse-Bash', { command }, { session_id: session });

describe('search-router before a search', () => {
  it('adds the definition for a definition-shaped grep', async () => {
    const output = await run(searchRouter, bash('grep -rn "def read_config" src', 'def'), project);
    expect(output.hookSpecificOutput?.updatedInput).toBeUndefined();
    const text = contextOf(output);
    expect(text).toContain('where `def read_config` is defined');
    expect(text).toContain('src/util.py:5-8  read_config  def read_config(path)');
    expect(project.services.session('def').searchLocating('src/util.py')).toMatchObject({ pattern: 'def read_config' });
  });

  it('answers rg, git grep and the Grep tool for classes, calls, qualified names and alternatives', async () => {
    expect(contextOf(await run(searchRouter, bash("rg -n 'class Greeter'"), project))).toContain('src/app.ts:4-10  Greeter  export class Greeter');
    expect(contextOf(await run(searchRouter, bash('git grep -n "formatName(" -- src'), project))).toContain('src/format.ts:1-3  formatName  export function formatName(name: string): string');
    expect(contextOf(await run(searchRouter, bash('rg -w Greeter.greet src'), project))).toContain('src/app.ts:7-9  Greeter.greet  greet(name: string): string');
    const both = contextOf(await run(searchRouter, bash('grep -rnE "main|read_config" .'), project));
    expect(both).toContain('main');
    expect(both).toContain('read_config');
    const grepTool = project.toolPayload('PreToolUse-Bash', { pattern: 'formatName', path: project.root }, { tool_name: 'Grep' });
    expect(contextOf(await run(searchRouter, grepTool, project))).toContain('src/format.ts:1-3  formatName');
  });

  it('gives semantic hits for a few words of natural language', async () => {
    const text = contextOf(await run(searchRouter, bash('rg -i "retry.*config" src'), project));
    expect(text).toContain("tldr's semantic hits");
    expect(text).toMatch(/src\/rx\/retry\.ts:\d+-\d+  RetryConfig/);
  });

  it('keeps to the files the search covers', async () => {
    expect(await run(searchRouter, bash('grep -rn "class Greeter" lib'), project)).toEqual(NO_ANSWER);
    expect(await run(searchRouter, bash('rg -t py Greeter'), project)).toEqual(NO_ANSWER);
    expect(await run(searchRouter, bash('grep -rn --include=*.py Greeter .'), project)).toEqual(NO_ANSWER);
    expect(await run(searchRouter, bash("rg -g '!app.ts' Greeter"), project)).toEqual(NO_ANSWER);
    expect(await run(searchRouter, bash('grep -rn Greeter /etc'), project)).toEqual(NO_ANSWER);
    expect(contextOf(await run(searchRouter, bash('cd src && grep -n Greeter app.ts'), project))).toContain('src/app.ts:4-10');
    expect(contextOf(await run(searchRouter, bash('grep -n greet src/*.ts'), project))).toContain('Greeter.greet');
  });

  it('leaves literals, unknown names and unfollowed commands alone', async () => {
    expect(await run(searchRouter, project.payload('PreToolUse-Bash'), project)).toEqual(NO_ANSWER);
    expect(await run(searchRouter, project.payload('PreToolUse-Bash-2'), project)).toEqual(NO_ANSWER);
    for (const command of ['rg "Hello"', 'grep -rn "TODO:" .', 'rg notDefinedAnywhere', 'rg -n Greeter | head', 'rg Greeter > out', 'rg "connection refused"', 'find . -name "*.ts"']) {
      expect(await run(searchRouter, bash(command), project), command).toEqual(NO_ANSWER);
    }
    expect(await run(searchRouter, project.toolPayload('PreToolUse-Bash', { command: 42 }), project)).toEqual(NO_ANSWER);
    expect(await run(searchRouter, { ...bash('rg Greeter'), tool_name: 'Read' }, project)).toEqual(NO_ANSWER);
  });

  it('waits for nothing: no answer while the call graph is being built', async () => {
    const warming = { ...project.services, readiness: () => ({ index: true, callGraph: false }) };
    expect(await searchRouter(bash('rg "class Greeter"'), warming)).toEqual(NO_ANSWER);
  });
});

describe('search-router after a search', () => {
  it('remembers the files the recorded grep located, with their lines', async () => {
    expect(await run(searchRouter, project.payload('PostToolUse-Bash', { session_id: 'located' }), project)).toEqual(NO_ANSWER);
    const session = project.services.session('located');
    expect(session.searches.at(-1)).toMatchObject({
      pattern: 'def ',
      files: [{ path: 'src/latin1.py', lines: [5] }, { path: 'src/util.py', lines: [5, 12, 15] }],
    });
  });

  it('reads -l lists, single-file output and find, and forgets searches that located too much', async () => {
    const post = (command: string, stdout: string, session: string) =>
      project.payload('PostToolUse-Bash', { session_id: session, tool_input: { command }, tool_response: { stdout, stderr: '' } });
    await run(searchRouter, post('rg -l Greeter', 'src/app.ts\n', 'l'), project);
    expect(project.services.session('l').searches.at(-1)?.files).toEqual([{ path: 'src/app.ts', lines: [] }]);
    await run(searchRouter, post('grep -n greet src/app.ts', '7:  greet(name: string): string {\n14:  console.log(greeter.greet(\'world\'));', 'single'), project);
    expect(project.services.session('single').searches.at(-1)?.files).toEqual([{ path: 'src/app.ts', lines: [7, 14] }]);
    await run(searchRouter, post('find src -name "*.rs"', 'src/lib.rs\n', 'find'), project);
    expect(project.services.session('find').searches.at(-1)?.files).toEqual([{ path: 'src/lib.rs', lines: [] }]);
    const many = Array.from({ length: 12 }, (_, i) => `src/f${i}.ts:1:x`).join('\n');
    for (let i = 0; i < 12; i++) project.write(`src/f${i}.ts`, 'export const x = 1;\n');
    await run(searchRouter, post('rg -n x src', many, 'many'), project);
    expect(project.services.session('many').searches).toEqual([]);
  });

  it('lets read-enforcer serve a file the search located in full', async () => {
    const post = project.payload('PostToolUse-Bash', {
      session_id: 'then-read', tool_input: { command: 'rg -n subscribe src/rx' }, tool_response: { stdout: 'src/rx/Observable.ts:204:  subscribe(\n', stderr: '' },
    });
    await run(searchRouter, post, project);
    const read = project.toolPayload('PreToolUse-Read', { file_path: 'src/rx/Observable.ts' }, { session_id: 'then-read' });
    expect(await run(readEnforcer, read, project)).toEqual(NO_ANSWER);
  });
});
