// One realistic event per hook, as Claude Code 2.1.328 sends it (shapes from
// test/fixtures/hook-payloads/), aimed at real files of a project: what the `hooks` bench times
// over both transports. Each call is a new session and tool call (`i`), so that no answer comes
// from per-session memory (a second Read of a file is served in full, cheaply) or is dropped as a
// duplicate.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { HookName } from '../core/hooks/contract.js';

export interface HookEventFiles {
  /** A large TypeScript file (read-enforcer's summary path). */
  largeTs: string;
  /** A TypeScript file to edit, and a line of it that the edit replaces. */
  edited: { path: string; oldLine: string; newLine: string };
  /** A function name of the project, for prompts. */
  symbol: string;
  /** A class name of the project, for searches. */
  className: string;
}

export interface HookCase {
  hook: HookName;
  /** What the event is, for the task's name. */
  what: string;
  event(i: number): Record<string, unknown>;
}

const TRANSCRIPT = Array.from({ length: 8 }, (_, i) => JSON.stringify({
  parentUuid: i === 0 ? null : `u${i - 1}`, uuid: `u${i}`, sessionId: 's', agentId: 'a', type: i % 2 ? 'user' : 'assistant',
  message: { role: i % 2 ? 'user' : 'assistant', content: [{ type: 'tool_use', name: 'Read', input: { file_path: 'src/x.ts' } }] },
})).join('\n');

/** An Edit call and the client's rejection of it, as Claude Code writes them to the transcript. */
function failedEditLines(i: number, input: { file_path: string; old_string: string; new_string: string }): string {
  const id = `toolu_bench_failed_${i}`;
  const call = { type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id, name: 'Edit', input }] } };
  const result = {
    type: 'user',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, is_error: true, content: `<tool_use_error>String to replace not found in file.\nString: ${input.old_string}</tool_use_error>` }] },
  };
  return `${JSON.stringify(call)}\n${JSON.stringify(result)}\n`;
}

export function hookCases(root: string, files: HookEventFiles): HookCase[] {
  const base = (i: number, event: string) => ({
    session_id: `bench-session-${i}`,
    transcript_path: `${root}/.bench/transcript-${i}.jsonl`,
    cwd: root,
    permission_mode: 'acceptEdits',
    hook_event_name: event,
  });
  const tool = (i: number, event: string, name: string, input: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    ...base(i, event),
    tool_name: name,
    tool_input: input,
    tool_use_id: `toolu_bench_${i}`,
    ...extra,
  });
  const edit = { file_path: `${root}/${files.edited.path}`, old_string: files.edited.oldLine, new_string: files.edited.newLine };
  const debugPrompt = `Investigate why \`${files.symbol}\` fails when called twice`;
  return [
    { hook: 'session-start', what: 'SessionStart', event: (i) => ({ ...base(i, 'SessionStart'), source: 'startup' }) },
    { hook: 'read-enforcer', what: `Read of ${files.largeTs}`, event: (i) => tool(i, 'PreToolUse', 'Read', { file_path: `${root}/${files.largeTs}` }) },
    {
      hook: 'search-router',
      what: `grep -rn "class ${files.className}"`,
      event: (i) => tool(i, 'PreToolUse', 'Bash', { command: `grep -rn "class ${files.className}" .`, description: 'search' }),
    },
    {
      hook: 'tldr-inject',
      what: 'Agent prompt naming a function',
      event: (i) => tool(i, 'PreToolUse', 'Agent', { description: 'debug', prompt: debugPrompt, subagent_type: 'general-purpose' }),
    },
    {
      hook: 'arch-inject',
      what: 'Agent planning prompt',
      event: (i) => tool(i, 'PreToolUse', 'Agent', { description: 'plan', prompt: 'Plan the architecture of a refactor of the core layer', subagent_type: 'Plan' }),
    },
    { hook: 'subagent-start', what: 'SubagentStart', event: (i) => ({ ...base(i, 'SubagentStart'), agent_id: `agent-${i}`, agent_type: 'general-purpose' }) },
    { hook: 'edit-inject', what: `Edit of ${files.edited.path}`, event: (i) => tool(i, 'PreToolUse', 'Edit', edit) },
    { hook: 'signature-helper', what: `Edit of ${files.edited.path}`, event: (i) => tool(i, 'PreToolUse', 'Edit', edit) },
    {
      hook: 'import-validator',
      what: `after an Edit of ${files.edited.path}`,
      event: (i) => tool(i, 'PostToolUse', 'Edit', edit, { tool_response: { filePath: edit.file_path, oldString: edit.old_string, newString: edit.new_string } }),
    },
    {
      hook: 'post-edit-diagnostics',
      what: `after an Edit of ${files.edited.path}`,
      event: (i) => tool(i, 'PostToolUse', 'Edit', edit, { tool_response: { filePath: edit.file_path, oldString: edit.old_string, newString: edit.new_string } }),
    },
    {
      hook: 'edit-notify',
      what: `after an Edit of ${files.edited.path}`,
      event: (i) => tool(i, 'PostToolUse', 'Edit', edit, { tool_response: { filePath: edit.file_path } }),
    },
    {
      // One session whose transcript gains a failed Edit before each call (the first call only
      // places the cursor): the path where the recovery is found and rendered, the dearest one.
      hook: 'edit-recovery',
      what: 'Read after an Edit whose old_string was not found (from the transcript)',
      event: (i) => {
        const transcript = `${root}/.bench/recovery-transcript.jsonl`;
        mkdirSync(dirname(transcript), { recursive: true });
        appendFileSync(transcript, failedEditLines(i, { ...edit, old_string: `${files.edited.oldLine.trim()} /* stale */` }));
        return tool(i, 'PreToolUse', 'Read', { file_path: `${root}/${files.largeTs}` }, { session_id: 'bench-recovery', transcript_path: transcript });
      },
    },
    {
      hook: 'impact-refactor',
      what: 'refactor prompt naming a function',
      event: (i) => ({ ...base(i, 'UserPromptSubmit'), prompt: `Rename \`${files.symbol}\` and update its callers` }),
    },
    {
      hook: 'transcript-safeguard',
      what: 'Agent report that is a raw transcript',
      event: (i) => tool(i, 'PostToolUse', 'Agent', { description: 'debug', prompt: debugPrompt, subagent_type: 'general-purpose' }, {
        tool_response: { status: 'completed', content: [{ type: 'text', text: TRANSCRIPT }] },
      }),
    },
  ];
}
