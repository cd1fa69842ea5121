// edit-inject on the recorded PreToolUse:Edit/Write payloads: the structure of a file the agent
// changes without having read it, once per file and reader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editInject } from '../../dist/core/hooks/edit-inject.js';
import { readEnforcer } from '../../dist/core/hooks/read-enforcer.js';
import { NO_ANSWER } from '../../dist/core/hooks/contract.js';
import { contextOf, openHookProject, run, type HookProject } from './helpers.js';

let project: HookProject;
beforeAll(async () => {
  project = await openHookProject();
});
afterAll(() => project.close());

describe('edit-inject', () => {
  it('gives the structure of the file the recorded Edit changes unread, and where the edit lands', async () => {
    const input = project.payload('PreToolUse-Edit', { session_id: 'unread' });
    const text = contextOf(await run(editInject, input, project));
    expect(text.split('\n')).toEqual([
      'tldr: you are editing src/format.ts without having read it in full in this session; its structure:',
      'the text you replace is at line 2, inside formatName (L1-3): export function formatName(name: string): string',
      '  src/format.ts (typescript, 3 lines)',
      '  L1-3 export function formatName(name: string): string',
    ]);
    expect(await run(editInject, input, project)).toEqual(NO_ANSWER);
    // A sub-agent has its own context.
    expect(contextOf(await run(editInject, { ...input, agent_id: 'sub-1' }, project))).toContain('src/format.ts');
  });

  it('stays silent for a file the agent read in full, a new file, or bad input', async () => {
    await run(readEnforcer, project.toolPayload('PreToolUse-Read', { file_path: 'src/format.ts' }, { session_id: 'read-first' }), project);
    expect(await run(editInject, project.payload('PreToolUse-Edit', { session_id: 'read-first' }), project)).toEqual(NO_ANSWER);
    expect(await run(editInject, project.payload('PreToolUse-Write', { session_id: 'new-file' }), project)).toEqual(NO_ANSWER);
    expect(await run(editInject, project.toolPayload('PreToolUse-Edit', { file_path: 'README.md', old_string: 'a', new_string: 'b' }), project)).toEqual(NO_ANSWER);
    expect(await run(editInject, project.toolPayload('PreToolUse-Edit', { file_path: ['src/app.ts'] }), project)).toEqual(NO_ANSWER);
  });

  it('names the overload an edit lands in, an overloaded method being one definition', async () => {
    const overloads = await openHookProject({}, 'graph/overloads');
    try {
      const input = overloads.toolPayload('PreToolUse-Edit', { file_path: 'src/Buffer.java', old_string: 'return append(Integer.toString(i));', new_string: 'return append(String.valueOf(i));' }, { session_id: 'overload' });
      const text = contextOf(await run(editInject, input, overloads));
      expect(text).toContain('the text you replace is at line 22, inside Buffer.append (L21-23): public Buffer append(int i)');
    } finally {
      await overloads.close();
    }
  });

  it('tells an overwriting Write what the file held', async () => {
    const input = project.toolPayload('PreToolUse-Write', { file_path: 'src/app.ts', content: 'export {};\n' }, { session_id: 'overwrite' });
    const text = contextOf(await run(editInject, input, project));
    expect(text).toContain('you are overwriting src/app.ts');
    expect(text).toContain('L4-10 export class Greeter');
  });
});
