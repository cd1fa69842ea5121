// edit-recovery: the current text of the definition a missing old_string resembles. Claude Code
// 2.1.328 reports such a failed Edit to no hook, so the behaviour reads it from the session's
// transcript (test/fixtures/transcripts/edit-failed.jsonl, recorded from the real client) on the
// next PreToolUse; the PostToolUseFailure form serves clients that report it.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editRecovery } from '../../dist/core/hooks/edit-recovery.js';
import { NO_ANSWER } from '../../dist/core/hooks/contract.js';
import { contextOf, openHookProject, run, rxjsSource, stdlibSource, type HookProject } from './helpers.js';

const RECORDED = fileURLToPath(new URL('../fixtures/transcripts/edit-failed.jsonl', import.meta.url));

let project: HookProject;
let dir: string;
beforeAll(async () => {
  project = await openHookProject({ 'src/decoder.py': stdlibSource('json/decoder.py'), 'src/internal/Subscription.ts': rxjsSource('internal/Subscription.ts') });
  dir = mkdtempSync(join(tmpdir(), 'tldr-transcripts-'));
});
afterAll(async () => {
  await project.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The recorded transcript's lines in this project: a Read, an Edit whose old_string is stale, an Edit changing nothing. */
function recordedLines(): string {
  return readFileSync(RECORDED, 'utf8').split('${PROJECT}').join(project.root);
}

let sessions = 0;
/** A session whose transcript starts empty, and a PreToolUse of it (another tool_use_id each call). */
function session() {
  const id = `edit-recovery-${++sessions}`;
  const transcript = join(dir, `${id}.jsonl`);
  writeFileSync(transcript, '');
  let calls = 0;
  const pre = (tool: string, toolInput: Record<string, unknown>) =>
    project.toolPayload(`PreToolUse-${tool}`, toolInput, { session_id: id, transcript_path: transcript, tool_use_id: `toolu_${id}_${++calls}` });
  return { transcript, pre };
}

/** A PostToolUseFailure of an Edit whose old_string is not in `file`. */
function failure(file: string, oldString: string) {
  return {
    ...project.payload('PostToolUseFailure-Bash'),
    tool_name: 'Edit',
    tool_input: { file_path: project.abs(file), old_string: oldString, new_string: 'x' },
    error: 'String to replace not found in file.',
  };
}

describe('edit-recovery from the transcript', () => {
  it("gives the next hooked call the current text of the method a failed Edit's old_string resembles, once", async () => {
    const { transcript, pre } = session();
    expect(await run(editRecovery, pre('Read', { file_path: 'src/app.ts' }), project)).toEqual(NO_ANSWER);
    appendFileSync(transcript, recordedLines());
    const output = await run(editRecovery, pre('Read', { file_path: 'src/internal/Subscription.ts' }), project);
    expect(output.hookSpecificOutput?.hookEventName).toBe('PreToolUse');
    const text = contextOf(output);
    // The stale old_string checks `this.open`; the file checks `this.closed`. The "no changes"
    // failure of the recording is another kind and is not reported.
    expect(text).toMatch(/^tldr: old_string is not in src\/internal\/Subscription\.ts\. The code it most resembles is Subscription\.unsubscribe \(L\d+-\d+\)/);
    expect(text).toMatch(/\n\d+\t {4}if \(!this\.closed\) \{/);
    expect(text.match(/^tldr:/gm)).toHaveLength(1);
    expect(await run(editRecovery, pre('Read', { file_path: 'src/internal/Subscription.ts' }), project)).toEqual(NO_ANSWER);
  });

  it('says nothing when the next call is an edit of that file, which quotes what the file has', async () => {
    const { transcript, pre } = session();
    await run(editRecovery, pre('Read', { file_path: 'src/app.ts' }), project);
    appendFileSync(transcript, recordedLines());
    expect(await run(editRecovery, pre('Edit', { file_path: 'src/internal/Subscription.ts', old_string: 'unsubscribe(): void {', new_string: 'x' }), project)).toEqual(NO_ANSWER);
    expect(await run(editRecovery, pre('Read', { file_path: 'src/app.ts' }), project)).toEqual(NO_ANSWER);
  });

  it('waits for a line Claude Code is still writing, and never replays what was there before the session was first seen', async () => {
    const { transcript, pre } = session();
    appendFileSync(transcript, recordedLines());
    expect(await run(editRecovery, pre('Read', { file_path: 'src/app.ts' }), project)).toEqual(NO_ANSWER);
    const lines = recordedLines();
    const cut = lines.indexOf('"is_error":true');
    appendFileSync(transcript, lines.slice(0, cut));
    expect(await run(editRecovery, pre('Read', { file_path: 'src/app.ts' }), project)).toEqual(NO_ANSWER);
    appendFileSync(transcript, lines.slice(cut));
    expect(contextOf(await run(editRecovery, pre('Read', { file_path: 'src/app.ts' }), project))).toContain('Subscription.unsubscribe');
  });

  it('reads a transcript that did not exist at the first call from its start (Claude Code creates it late)', async () => {
    const { transcript, pre } = session();
    rmSync(transcript);
    expect(await run(editRecovery, pre('Read', { file_path: 'src/app.ts' }), project)).toEqual(NO_ANSWER);
    writeFileSync(transcript, recordedLines());
    expect(contextOf(await run(editRecovery, pre('Bash', { command: 'grep -rn unsubscribe src' }), project))).toContain('Subscription.unsubscribe');
  });

  it('answers {} for a transcript it cannot or must not read: missing, not .jsonl, a FIFO, a directory, garbage', async () => {
    const { pre } = session();
    const fifo = join(dir, 'pipe.jsonl');
    execFileSync('mkfifo', [fifo]);
    const garbage = join(dir, 'garbage.jsonl');
    writeFileSync(garbage, '');
    for (const path of [join(dir, 'missing.jsonl'), '/etc/passwd', fifo, dir + '/sub.jsonl', 'relative.jsonl', garbage]) {
      const input = { ...pre('Read', { file_path: 'src/app.ts' }), transcript_path: path };
      expect(await run(editRecovery, input, project)).toEqual(NO_ANSWER);
      if (path === garbage) appendFileSync(garbage, '{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"x","is_error":true}]}}\nnot json\n\u0000\u0001{\n');
      expect(await run(editRecovery, { ...input, tool_use_id: `${input.tool_use_id}-again` }, project)).toEqual(NO_ANSWER);
    }
  });
});

describe('edit-recovery on PostToolUseFailure', () => {
  it('shows the current text of the method a stale old_string resembles', async () => {
    // The agent remembers `get` returning a default that the file no longer has.
    const output = await run(editRecovery, failure('src/util.py', 'def get(self, key):\n        return self.items.get(key, None)'), project);
    expect(output.hookSpecificOutput?.hookEventName).toBe('PostToolUseFailure');
    expect(contextOf(output).split('\n')).toEqual([
      'tldr: old_string is not in src/util.py. The code it most resembles is Cache.get (L15-16); lines 15-16 as the file has them now:',
      '15\t    def get(self, key):',
      '16\t        return self.items.get(key)',
    ]);
  });

  it('finds the place in a long real file and shows a bounded window of it', async () => {
    const stale = '        end = _w(s, end).end()\n        if nextchar == "}":\n            return pairs_hook(pairs), end + 1';
    const text = contextOf(await run(editRecovery, failure('src/decoder.py', stale), project));
    expect(text).toMatch(/^tldr: old_string is not in src\/decoder\.py\. The code it most resembles is JSONObject \(L\d+-\d+\)/);
    expect(text).toContain("if nextchar == '}':");
    expect(text.split('\n').length).toBeLessThanOrEqual(41);
  });

  it('finds TypeScript methods too', async () => {
    const text = contextOf(await run(editRecovery, failure('src/app.ts', 'greet(name: string): string {\n    return `${this.greeting} ${name}`;'), project));
    expect(text).toContain('The code it most resembles is Greeter.greet (L7-9)');
  });

  it('says nothing when nothing resembles the old_string, the text is there, the failure is another, or the file is outside', async () => {
    expect(await run(editRecovery, failure('src/util.py', 'zzz qqq'), project)).toEqual(NO_ANSWER);
    expect(await run(editRecovery, failure('src/util.py', 'def get(self, key):'), project)).toEqual(NO_ANSWER);
    expect(await run(editRecovery, project.payload('PostToolUseFailure-Bash'), project)).toEqual(NO_ANSWER);
    expect(await run(editRecovery, { ...failure('src/util.py', 'def get(self, key): pass'), tool_input: { file_path: '/etc/passwd', old_string: 'root:x' } }, project)).toEqual(NO_ANSWER);
  });
});
