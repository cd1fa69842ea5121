// Where each hook plugs into Claude Code: the events and matchers `tldr hooks install` writes, and
// the time each may take. One row per hook of DESIGN §5; the behaviour lives in core/hooks/<name>.ts.
// Facts behind the rows (measured with Claude Code 2.1.328, test/real-client/README.md): every
// hooked event costs the client ~3–4 ms per tool call whatever answers it, while more hooks on an
// event already hooked cost next to nothing (they run together), so tldr hooks only the events it
// must; an Edit whose old_string is missing fails before PreToolUse and never fires
// PostToolUseFailure, only PostToolBatch (after every batch: one more event on every call); sub-agents run in the background unless asked not to, and their report comes
// back as a `<task-notification>` UserPromptSubmit; there is no Grep/Glob/Task tool any more, but
// older versions still send them.
import type { HookName } from './contract.js';

export interface HookRegistration {
  event: string;
  /** Tool-name regex for tool events; absent: every occurrence of the event. */
  matcher?: string;
  /**
   * Permission-rule filters (`Bash(grep *)`): Claude Code starts the hook only for matching calls.
   * Several filters become several handler entries for the same hook. A call matching two of them
   * (`grep x | rg y`) reaches tldr twice, URL or command alike (measured with 2.1.328): the runtime
   * answers the second `{}` (same session, event and tool_use_id).
   */
  if?: string[];
}

export interface HookSpec {
  name: HookName;
  registrations: HookRegistration[];
  /** What the runtime allows the behaviour before answering `{}` in its place. */
  budgetMs: number;
  /** Claude Code's own timeout for the handler (seconds), written into settings. */
  timeoutSec: number;
  /** Claude Code does not wait for it (its answer is not read). */
  async?: boolean;
  /** Always a command hook: it must work when no daemon (and so no http listener) runs. */
  commandOnly?: boolean;
}

const EDITS = 'Edit|Write|MultiEdit';
const AGENTS = 'Agent|Task';
const SEARCH_COMMANDS = ['grep', 'egrep', 'fgrep', 'rg', 'git grep', 'ag', 'ack', 'ugrep', 'find'];
const SEARCH_FILTERS = SEARCH_COMMANDS.map((command) => `Bash(${command} *)`);

export const HOOK_CATALOG: Record<HookName, HookSpec> = {
  'session-start': {
    name: 'session-start',
    registrations: [{ event: 'SessionStart' }],
    budgetMs: 1500,
    timeoutSec: 10,
    commandOnly: true,
  },
  'read-enforcer': { name: 'read-enforcer', registrations: [{ event: 'PreToolUse', matcher: 'Read' }], budgetMs: 1000, timeoutSec: 5 },
  'search-router': {
    name: 'search-router',
    registrations: [
      { event: 'PreToolUse', matcher: 'Bash', if: SEARCH_FILTERS },
      { event: 'PreToolUse', matcher: 'Grep|Glob' },
      // What the search located (its output), remembered for read-enforcer.
      { event: 'PostToolUse', matcher: 'Bash', if: SEARCH_FILTERS },
      { event: 'PostToolUse', matcher: 'Grep|Glob' },
    ],
    budgetMs: 1000,
    timeoutSec: 5,
  },
  // The Agent call's prompt is remembered at PreToolUse and the briefing given at SubagentStart:
  // the sub-agent never sees the parent's context, and two updatedInput rewrites of one Agent
  // call race (one is lost) — measured with 2.1.328, test/real-client/README.md.
  'tldr-inject': { name: 'tldr-inject', registrations: [{ event: 'PreToolUse', matcher: AGENTS }, { event: 'SubagentStart' }], budgetMs: 1000, timeoutSec: 5 },
  'arch-inject': { name: 'arch-inject', registrations: [{ event: 'PreToolUse', matcher: AGENTS }, { event: 'SubagentStart' }], budgetMs: 1000, timeoutSec: 5 },
  'subagent-start': { name: 'subagent-start', registrations: [{ event: 'SubagentStart' }], budgetMs: 1000, timeoutSec: 5 },
  'edit-inject': { name: 'edit-inject', registrations: [{ event: 'PreToolUse', matcher: EDITS }], budgetMs: 1000, timeoutSec: 5 },
  'signature-helper': { name: 'signature-helper', registrations: [{ event: 'PreToolUse', matcher: EDITS }], budgetMs: 1000, timeoutSec: 5 },
  'import-validator': { name: 'import-validator', registrations: [{ event: 'PostToolUse', matcher: EDITS }], budgetMs: 1000, timeoutSec: 5 },
  'post-edit-diagnostics': {
    name: 'post-edit-diagnostics',
    registrations: [{ event: 'PostToolUse', matcher: EDITS }],
    budgetMs: 1500,
    timeoutSec: 5,
  },
  'edit-notify': {
    name: 'edit-notify',
    registrations: [{ event: 'PostToolUse', matcher: `${EDITS}|Bash` }, { event: 'FileChanged' }],
    budgetMs: 1000,
    timeoutSec: 5,
    async: true,
  },
  // Reads a failed Edit from the transcript on the next call another tldr PreToolUse hook already
  // hooks (core/hooks/edit-recovery.ts), instead of hooking PostToolBatch.
  'edit-recovery': {
    name: 'edit-recovery',
    registrations: [
      { event: 'PreToolUse', matcher: 'Read' },
      { event: 'PreToolUse', matcher: EDITS },
      { event: 'PreToolUse', matcher: AGENTS },
      { event: 'PreToolUse', matcher: 'Grep|Glob' },
      { event: 'PreToolUse', matcher: 'Bash', if: SEARCH_FILTERS },
      { event: 'PostToolUseFailure', matcher: EDITS },
    ],
    budgetMs: 1000,
    timeoutSec: 5,
  },
  'impact-refactor': { name: 'impact-refactor', registrations: [{ event: 'UserPromptSubmit' }], budgetMs: 1000, timeoutSec: 5 },
  'transcript-safeguard': {
    name: 'transcript-safeguard',
    registrations: [{ event: 'PostToolUse', matcher: `${AGENTS}|TaskOutput` }, { event: 'UserPromptSubmit' }],
    budgetMs: 1000,
    timeoutSec: 5,
  },
};
