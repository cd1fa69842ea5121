// One realistic event per hook, as Claude Code 2.1.328 sends it (shapes from
// test/fixtures/hook-payloads/), aimed at real files of a project: what the `hooks` bench times
// over both transports. Each call is a new session and tool call (`i`), so that no answer comes
// from per-session memory (a second Read of a file is served in full, cheaply) or is dropped as a
// duplicate.
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
      hook: 'edit-recovery',
      what: 'PostToolBatch with an Edit whose old_string was not found',
      event: (i) => ({
        ...base(i, 'PostToolBatch'),
        tool_calls: [{
          tool_name: 'Edit',
          tool_input: { ...edit, old_string: `${files.edited.oldLine.trim()} /* stale */` },
          tool_use_id: `toolu_bench_${i}`,
          tool_response: `<tool_use_error>String to replace not found in file.\nString: ${files.edited.oldLine.trim()} /* stale */</tool_use_error>`,
        }],
      }),
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
