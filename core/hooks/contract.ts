// The contract between Claude Code, the hook runtime (transports: http in the daemon, the
// `tldr hook <name>` command) and the hook behaviours (one module per hook). A behaviour is a
// function from (event, services the daemon provides) to the answer Claude Code reads; it never
// parses stdin, never writes stdout, never throws at the agent: the runtime turns any failure,
// timeout or bad input into `{}` (fail-open, DESIGN §5).
import type { ProjectIndex } from '../index/project-index.js';
import type { SessionState } from './session.js';

export const HOOK_NAMES = [
  'session-start',
  'read-enforcer',
  'search-router',
  'tldr-inject',
  'arch-inject',
  'subagent-start',
  'edit-inject',
  'signature-helper',
  'import-validator',
  'post-edit-diagnostics',
  'edit-notify',
  'edit-recovery',
  'impact-refactor',
  'transcript-safeguard',
] as const;

export type HookName = (typeof HOOK_NAMES)[number];

export function isHookName(name: string): name is HookName {
  return (HOOK_NAMES as readonly string[]).includes(name);
}

/**
 * The fields of Claude Code's hook input that tldr reads (test/fixtures/hook-payloads/ holds real
 * ones). parseHookInput keeps only fields of the right type, so a behaviour can trust these types.
 */
export interface HookInput {
  hook_event_name: string;
  session_id?: string;
  transcript_path?: string;
  cwd?: string;
  permission_mode?: string;
  prompt_id?: string;
  /** PreToolUse, PostToolUse, PostToolUseFailure. */
  tool_name?: string;
  tool_input?: Record<string, unknown>;
  tool_use_id?: string;
  /** PostToolUse: the tool's result (shape per tool: Read `{file:{content,…}}`, Bash `{stdout,…}`, Agent `{content:[…]}`). */
  tool_response?: unknown;
  /** PostToolUseFailure: the failure text. */
  error?: string;
  /** UserPromptSubmit. */
  prompt?: string;
  /** SessionStart: startup | resume | clear | compact. */
  source?: string;
  /** SubagentStart/SubagentStop, and tool events inside a sub-agent. */
  agent_id?: string;
  agent_type?: string;
  /** FileChanged. */
  file_path?: string;
}

/** What a hook answers. `{}` means "nothing to add": the tool runs untouched. */
export interface HookOutput {
  hookSpecificOutput?: {
    hookEventName: string;
    /** Reaches the model as `<Event>:<Tool> hook additional context: …` after the tool result. */
    additionalContext?: string;
    /** PreToolUse: the tool runs with this input instead (the whole input, not a patch). */
    updatedInput?: Record<string, unknown>;
    /** Never `deny` to deliver a useful answer (DESIGN §5); kept for completeness. */
    permissionDecision?: 'allow' | 'deny' | 'ask';
    permissionDecisionReason?: string;
  };
  /** Shown to the user, not the model. */
  systemMessage?: string;
  suppressOutput?: boolean;
}

export const NO_ANSWER: HookOutput = Object.freeze({}) as HookOutput;

/** Claude Code cuts hook output at 10,000 characters; answers stay far below (typical ≤ 2,000). */
export const MAX_ANSWER_CHARS = 9_000;

/** What the daemon gives a behaviour. Every method is safe to call; failures surface as throws the runtime absorbs. */
export interface HookServices {
  /** Absolute, symlink-resolved project root. */
  readonly root: string;
  /** The project index, fresh (files changed on disk are re-checked on read). */
  index(): Promise<ProjectIndex>;
  /** Runs a query handler (core/query/handlers.ts) with paths relative to the root. */
  query<R = unknown>(name: string, args: unknown): Promise<R>;
  /** This session's state (per session_id, bounded, kept by the daemon across both transports). */
  session(sessionId: string): SessionState;
  /** Marks files changed (absolute or relative to the root); they are re-parsed shortly. */
  notify(paths: string[]): void;
  /** Milliseconds left before the runtime answers `{}` in this behaviour's place. */
  remainingMs(): number;
  /**
   * What the daemon has loaded: the index (records) and the call graph (symbol table, callers,
   * imports). A behaviour that needs what is not ready yet answers `{}` instead of waiting for it.
   */
  readiness(): { index: boolean; callGraph: boolean };
}

export type HookRun = (input: HookInput, services: HookServices) => Promise<HookOutput>;

/** Keeps only well-typed fields of a parsed JSON value; undefined when it is not a hook event at all. */
export function parseHookInput(value: unknown): HookInput | undefined {
  if (!isRecord(value) || typeof value.hook_event_name !== 'string') return undefined;
  const input: HookInput = { hook_event_name: value.hook_event_name };
  for (const key of STRING_FIELDS) {
    if (typeof value[key] === 'string') (input as unknown as Record<string, unknown>)[key] = value[key];
  }
  if (isRecord(value.tool_input)) input.tool_input = value.tool_input;
  if (value.tool_response !== undefined) input.tool_response = value.tool_response;
  return input;
}

const STRING_FIELDS = [
  'session_id', 'transcript_path', 'cwd', 'permission_mode', 'prompt_id', 'tool_name', 'tool_use_id',
  'error', 'prompt', 'source', 'agent_id', 'agent_type', 'file_path',
] as const;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The answer that adds `text` as context for the model (nothing when text is empty). */
export function withContext(event: string, text: string, updatedInput?: Record<string, unknown>): HookOutput {
  if (!text && !updatedInput) return NO_ANSWER;
  return {
    hookSpecificOutput: {
      hookEventName: event,
      ...(text ? { additionalContext: text } : {}),
      ...(updatedInput ? { updatedInput } : {}),
    },
  };
}
