// A sub-agent's task, remembered from the Agent call (PreToolUse) until the sub-agent starts
// (SubagentStart): the sub-agent never sees context given to the parent's tool call, and
// SubagentStart carries only agent_id and agent_type, so the hooks that brief sub-agents queue
// the prompt by agent type and take the oldest when a sub-agent of that type starts (parallel
// Agent calls start in the order they were made). Measured with Claude Code 2.1.328:
// test/real-client/README.md.
import { NO_ANSWER, isRecord, withContext, type HookInput, type HookRun, type HookServices } from '../contract.js';
import type { SessionState } from '../session.js';

export interface PendingAgent {
  prompt: string;
  agentType?: string;
  at: number;
}

const AGENT_TOOLS = new Set(['Agent', 'Task']);
/** A sub-agent starts within a second of its Agent call; an entry this old was never started. */
const PENDING_MS = 10_000;
const MAX_PENDING = 16;

function queue(session: SessionState, hook: string): PendingAgent[] {
  const key = `${hook}:pending-agents`;
  let list = session.notes.get(key);
  if (!Array.isArray(list)) session.notes.set(key, (list = []));
  return list as PendingAgent[];
}

/** The prompt of an Agent/Task call, or undefined when the event is not one. */
export function agentPrompt(input: HookInput): { prompt: string; agentType?: string } | undefined {
  const toolInput = input.tool_input;
  if (input.hook_event_name !== 'PreToolUse' || !AGENT_TOOLS.has(input.tool_name ?? '') || !isRecord(toolInput)) return undefined;
  if (typeof toolInput.prompt !== 'string' || toolInput.prompt.trim() === '') return undefined;
  return { prompt: toolInput.prompt, agentType: typeof toolInput.subagent_type === 'string' ? toolInput.subagent_type : undefined };
}

export function rememberAgent(session: SessionState, hook: string, agent: { prompt: string; agentType?: string }, now = Date.now()): void {
  const list = queue(session, hook);
  const fresh = list.filter((entry) => now - entry.at <= PENDING_MS);
  fresh.push({ ...agent, at: now });
  list.splice(0, list.length, ...fresh.slice(-MAX_PENDING));
}

/** The oldest remembered task for a sub-agent of this type (any type when unknown), removed from the queue. */
export function takeAgent(session: SessionState, hook: string, agentType: string | undefined, now = Date.now()): PendingAgent | undefined {
  const list = queue(session, hook);
  for (let i = 0; i < list.length; i++) {
    const entry = list[i];
    if (now - entry.at > PENDING_MS) continue;
    if (agentType !== undefined && entry.agentType !== undefined && entry.agentType !== agentType) continue;
    list.splice(0, i + 1, ...list.slice(0, i).filter((older) => now - older.at <= PENDING_MS));
    return entry;
  }
  return undefined;
}

/**
 * The behaviour of a hook that briefs sub-agents: remembers each Agent/Task prompt at PreToolUse
 * (answering nothing to the parent) and answers the sub-agent's SubagentStart with `brief(prompt)`.
 */
export function subagentBriefing(hook: string, brief: (services: HookServices, prompt: string) => Promise<string>): HookRun {
  return async (input, services) => {
    if (!input.session_id) return NO_ANSWER;
    const session = services.session(input.session_id);
    const agent = agentPrompt(input);
    if (agent) {
      rememberAgent(session, hook, agent);
      return NO_ANSWER;
    }
    if (input.hook_event_name !== 'SubagentStart') return NO_ANSWER;
    const pending = takeAgent(session, hook, input.agent_type);
    return pending ? withContext('SubagentStart', await brief(services, pending.prompt)) : NO_ANSWER;
  };
}
