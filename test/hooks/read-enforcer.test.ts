// read-enforcer on the recorded PreToolUse:Read payloads, in a copy of the fixture project the
// payloads were recorded in, with real large files (rxjs, Python's stdlib) added.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer';
import { readEnforcer } from '../../dist/core/hooks/read-enforcer.js';
import { NO_ANSWER } from '../../dist/core/hooks/contract.js';
import { contextOf, openHookProject, run, rxjsSource, SESSION, stdlibSource, type HookProject } from './helpers.js';

let project: HookProject;
const OBSERVABLE = rxjsSource('internal/Observable.ts');
const DECODER = stdlibSource('json/decoder.py');

beforeAll(async () => {
  project = await openHookProject({ 'src/observable.ts': OBSERVABLE, 'src/decoder.py': DECODER, 'docs/big.md': 'text\n'.repeat(900) });
});
afterAll(() => project.close());

/** Every definition name the file's record holds. */
async function definitionNames(path: string): Promise<string[]> {
  const record = await project.index.record(path);
  return [...record.functions, ...record.classes, ...record.classes.flatMap((c) => c.methods)].map((d) => d.name).filter((n) => !n.startsWith('<'));
}

describe('read-enforcer', () => {
  it('turns a full read of a large TypeScript file into its head plus the summary, never a deny', async () => {
    const input = project.toolPayload('PreToolUse-Read', { file_path: 'src/observable.ts' }, { session_id: 'ts-large' });
    const output = await run(readEnforcer, input, project);
    const specific = output.hookSpecificOutput!;
    expect(specific.permissionDecision).toBeUndefined();
    expect(specific.updatedInput).toEqual({ file_path: project.abs('src/observable.ts'), offset: 1, limit: expect.any(Number) });
    expect(specific.updatedInput!.limit).toBeGreaterThanOrEqual(8);
    expect(specific.updatedInput!.limit).toBeLessThanOrEqual(40);
    const text = contextOf(output);
    expect(text).toContain('Read one with offset and limit');
    expect(text).toContain('Read the whole file again for all of it');
    for (const name of await definitionNames('src/observable.ts')) expect(text).toContain(name);
    expect(text).toMatch(/L15-468 export class Observable<T>/);
    expect(text).toMatch(/subscribe \d+/);
    expect(text.length).toBeLessThan(2_500);
    // ≥ 90 % fewer tokens than the raw file, counted with a real tokenizer.
    expect(countTokens(text)).toBeLessThan(countTokens(OBSERVABLE) * 0.1);
  });

  it('keeps every other field of the tool input', async () => {
    const input = project.toolPayload('PreToolUse-Read', { file_path: 'src/decoder.py', future_field: 'kept' }, { session_id: 'fields' });
    const output = await run(readEnforcer, input, project);
    expect(output.hookSpecificOutput!.updatedInput).toMatchObject({ file_path: project.abs('src/decoder.py'), future_field: 'kept', offset: 1 });
  });

  it('summarises a large Python file with every definition', async () => {
    const output = await run(readEnforcer, project.toolPayload('PreToolUse-Read', { file_path: 'src/decoder.py' }, { session_id: 'py-large' }), project);
    const text = contextOf(output);
    for (const name of await definitionNames('src/decoder.py')) expect(text).toContain(name);
    expect(text).toContain('imports:');
    expect(countTokens(text)).toBeLessThan(countTokens(DECODER) * 0.1);
  });

  it('serves the second request for the same file in full, per reader', async () => {
    const first = project.toolPayload('PreToolUse-Read', { file_path: 'src/observable.ts' }, { session_id: 'twice' });
    expect(contextOf(await run(readEnforcer, first, project))).not.toBe('');
    expect(await run(readEnforcer, first, project)).toEqual(NO_ANSWER);
    // A sub-agent of the same session has not seen the summary: it gets its own.
    const sub = project.toolPayload('PreToolUse-Read-subagent', { file_path: 'src/observable.ts' }, { session_id: 'twice' });
    expect(sub.agent_id).toBeDefined();
    expect(contextOf(await run(readEnforcer, sub, project))).not.toBe('');
    expect(await run(readEnforcer, sub, project)).toEqual(NO_ANSWER);
    expect(project.services.session('twice').touched()).toEqual(['src/observable.ts']);
  });

  it('serves a file a recent search located in full', async () => {
    project.services.session('searched').recordSearch({ at: Date.now(), pattern: 'subscribe', files: [{ path: 'src/observable.ts', lines: [200] }] });
    const input = project.toolPayload('PreToolUse-Read', { file_path: 'src/observable.ts' }, { session_id: 'searched' });
    expect(await run(readEnforcer, input, project)).toEqual(NO_ANSWER);
    // An old search does not count.
    project.services.session('old-search').recordSearch({ at: Date.now() - 3_600_000, pattern: 'x', files: [{ path: 'src/observable.ts', lines: [1] }] });
    const later = project.toolPayload('PreToolUse-Read', { file_path: 'src/observable.ts' }, { session_id: 'old-search' });
    expect(contextOf(await run(readEnforcer, later, project))).not.toBe('');
  });

  it('leaves small, non-code, outside-project files and explicit ranges alone', async () => {
    expect(await run(readEnforcer, project.payload('PreToolUse-Read'), project)).toEqual(NO_ANSWER);
    expect(await run(readEnforcer, project.payload('PreToolUse-Read-2'), project)).toEqual(NO_ANSWER);
    const alone = [
      { file_path: 'docs/big.md' },
      { file_path: '/etc/hosts' },
      { file_path: `${project.root}/../outside.ts` },
      { file_path: 'src/observable.ts', offset: 100 },
      { file_path: 'src/observable.ts', limit: 50 },
      { file_path: 'src/observable.ts', pages: '1-2' },
      { file_path: 'src/observable.ts', allow_large: true },
      { file_path: 'src/missing.ts' },
      { file_path: 42 },
      { path: 'src/observable.ts' },
    ];
    for (const toolInput of alone) {
      expect(await run(readEnforcer, project.toolPayload('PreToolUse-Read', toolInput, { session_id: 'alone' }), project)).toEqual(NO_ANSWER);
    }
  });

  it('answers nothing to other events, tools, or an event without a session', async () => {
    const read = project.toolPayload('PreToolUse-Read', { file_path: 'src/observable.ts' });
    expect(await run(readEnforcer, { ...read, hook_event_name: 'PostToolUse' }, project)).toEqual(NO_ANSWER);
    expect(await run(readEnforcer, { ...read, tool_name: 'Write' }, project)).toEqual(NO_ANSWER);
    expect(await run(readEnforcer, { ...read, session_id: undefined }, project)).toEqual(NO_ANSWER);
  });
});
