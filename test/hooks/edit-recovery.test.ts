// edit-recovery on the recorded PostToolBatch with a failed Edit (and PostToolUseFailure, as
// older clients send it): the current text of the definition the missing old_string resembles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editRecovery } from '../../dist/core/hooks/edit-recovery.js';
import { NO_ANSWER } from '../../dist/core/hooks/contract.js';
import { contextOf, openHookProject, run, stdlibSource, type HookProject } from './helpers.js';

let project: HookProject;
beforeAll(async () => {
  project = await openHookProject({ 'src/decoder.py': stdlibSource('json/decoder.py') });
});
afterAll(() => project.close());

/** The recorded failed batch, with another file and old_string. */
function failedBatch(file: string, oldString: string) {
  const batch = project.payload('PostToolBatch-Edit-failed');
  const [call] = batch.tool_calls!;
  return { ...batch, tool_calls: [{ ...call, tool_input: { ...call.tool_input, file_path: project.abs(file), old_string: oldString } }] };
}

describe('edit-recovery', () => {
  it('shows the current text of the method a stale old_string resembles', async () => {
    // The agent remembers `get` returning a default that the file no longer has.
    const output = await run(editRecovery, failedBatch('src/util.py', 'def get(self, key):\n        return self.items.get(key, None)'), project);
    expect(output.hookSpecificOutput?.hookEventName).toBe('PostToolBatch');
    expect(contextOf(output).split('\n')).toEqual([
      'tldr: old_string is not in src/util.py. The code it most resembles is Cache.get (L15-16); lines 15-16 as the file has them now:',
      '15\t    def get(self, key):',
      '16\t        return self.items.get(key)',
    ]);
  });

  it('finds the place in a long real file and shows a bounded window of it', async () => {
    const stale = '        end = _w(s, end).end()\n        if nextchar == "}":\n            return pairs_hook(pairs), end + 1';
    const text = contextOf(await run(editRecovery, failedBatch('src/decoder.py', stale), project));
    expect(text).toMatch(/^tldr: old_string is not in src\/decoder\.py\. The code it most resembles is JSONObject \(L\d+-\d+\)/);
    expect(text).toContain("if nextchar == '}':");
    expect(text.split('\n').length).toBeLessThanOrEqual(41);
  });

  it('answers the older PostToolUseFailure form too', async () => {
    const failure = {
      ...project.payload('PostToolUseFailure-Bash'),
      tool_name: 'Edit',
      tool_input: { file_path: project.abs('src/app.ts'), old_string: 'greet(name: string): string {\n    return `${this.greeting} ${name}`;', new_string: 'x' },
      error: 'String to replace not found in file.',
    };
    expect(contextOf(await run(editRecovery, failure, project))).toContain('The code it most resembles is Greeter.greet (L7-9)');
  });

  it('says nothing when nothing resembles the old_string, the edit succeeded, or the failure is another', async () => {
    expect(await run(editRecovery, project.payload('PostToolBatch-Edit-failed'), project)).toEqual(NO_ANSWER);
    expect(await run(editRecovery, project.payload('PostToolBatch-Edit'), project)).toEqual(NO_ANSWER);
    expect(await run(editRecovery, project.payload('PostToolBatch-Read'), project)).toEqual(NO_ANSWER);
    expect(await run(editRecovery, project.payload('PostToolUseFailure-Bash'), project)).toEqual(NO_ANSWER);
    const elsewhere = failedBatch('src/util.py', 'def get(self, key):');
    elsewhere.tool_calls![0].tool_input.file_path = '/etc/passwd';
    expect(await run(editRecovery, elsewhere, project)).toEqual(NO_ANSWER);
  });
});
