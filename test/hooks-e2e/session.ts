// The scripted Claude Code session the end-to-end suite runs in a fixture project: one main
// conversation and two sub-agents that between them fire every one of tldr's 14 hooks (reads of
// large and small files, a search, edits that work and one that fails, a Write with errors,
// sub-agents for debugging and for planning, a refactor prompt), and what came back from it.
import { ApiStandIn, type RecordedRequest, type Step } from '../../dist/test/real-client/api-stand-in.js';
import { runClaude, type ClaudeRun } from '../../dist/test/real-client/claude.js';
import { conversationText, firstUserText, toolExchanges, type ToolExchange } from '../../dist/test/real-client/conversation.js';
import { FIXTURE_FILES as F } from '../../dist/test/real-client/fixture-project.js';
import { tldrEnv, type HookedProject } from '../../dist/test/real-client/hooked-project.js';
import type { HookCall } from '../../dist/core/hooks/call-log.js';

export const PROMPT = 'Refactor `Observable.pipe` so that it needs fewer overloads';
export const DEBUG_AGENT = 'Investigate why `Subscriber.error` is called twice after `Subscriber.complete`';
export const PLAN_AGENT = 'Plan the architecture for moving `AsyncScheduler` and `AsyncAction` out of the core, below `Observable`';

/** The edit that works: `arrRemove` takes two arguments, this call gives one. */
export const EDIT = { old_string: '      throw new ObjectUnsubscribedError();', new_string: '      arrRemove(this.observers);\n      throw new ObjectUnsubscribedError();' };
/** An edit whose old_string is stale: it resembles `_throwIfClosed`, which no longer reads like this. */
export const STALE_EDIT = { old_string: '  protected _throwIfClosed() {\n    if (this.isClosed) {\n      throw new ObjectUnsubscribedError();', new_string: 'x' };
/** A new Python module with a syntax error (line 5) and an import that resolves to nothing. */
export const WRITTEN = { path: 'py/json/extra.py', content: 'from .decoder import JSONDecoder\nfrom .no_such_module import helper\n\n\ndef broken(:\n    return JSONDecoder()\n' };

/** A sub-agent's report that is a raw JSONL transcript, as agents sometimes paste. */
export const TRANSCRIPT_DUMP = Array.from({ length: 8 }, (_, i) => JSON.stringify({
  parentUuid: i === 0 ? null : `u${i - 1}`,
  uuid: `u${i}`,
  sessionId: 'sess-1',
  agentId: 'agent-1',
  type: i % 2 === 0 ? 'assistant' : 'user',
  message: i % 2 === 0
    ? { role: 'assistant', content: [{ type: 'tool_use', name: 'Read', input: { file_path: 'src/internal/Subscriber.ts' } }] }
    : { role: 'user', content: [{ type: 'tool_result', content: 'ok' }] },
})).join('\n');

export interface SessionRun {
  run: ClaudeRun;
  requests: RecordedRequest[];
  turns: RecordedRequest[];
  exchanges: ToolExchange[];
  /** The daemon's hook log after the run (empty without a daemon). */
  calls: HookCall[];
  /** Steps of the script not taken (0 when the session went as scripted). */
  remaining: number;
}

/**
 * Runs the session in `project`. `beforeFirstTurn` runs when the model is first asked (after
 * SessionStart and UserPromptSubmit), e.g. to stop the daemon mid-session.
 */
export async function runSession(project: HookedProject, beforeFirstTurn?: () => void): Promise<SessionRun> {
  const abs = project.abs;
  const first: Step = { tool: 'Read', input: { file_path: abs(F.observable) } };
  const steps: Step[] = [
    beforeFirstTurn ? () => (beforeFirstTurn(), first) : first,
    { tool: 'Read', input: { file_path: abs(F.observable) } },
    { tool: 'Read', input: { file_path: abs(F.config) } },
    { tool: 'Bash', input: { command: 'grep -rn "class SafeSubscriber" src', description: 'find SafeSubscriber' } },
    { tool: 'Read', input: { file_path: abs(F.subscriber) } },
    { tool: 'Bash', input: { command: 'ls src/internal/symbol', description: 'list' } },
    { tool: 'Edit', input: { file_path: abs(F.subject), ...EDIT } },
    { tool: 'Edit', input: { file_path: abs(F.subject), ...STALE_EDIT } },
    // A model takes a while to answer a failed Edit: by then the client has written it to the transcript.
    { tool: 'Write', input: { file_path: abs(WRITTEN.path), content: WRITTEN.content }, thinkMs: 500 },
    { tool: 'Read', input: { file_path: abs(F.encoder) } },
    { tool: 'Agent', input: { description: 'debug', prompt: DEBUG_AGENT, subagent_type: 'general-purpose', run_in_background: false } },
    { tool: 'Agent', input: { description: 'plan', prompt: PLAN_AGENT, subagent_type: 'general-purpose', run_in_background: false } },
    { text: 'finished' },
  ];
  const api = await ApiStandIn.start(steps);
  api.scriptAgent(DEBUG_AGENT.slice(0, 40), { tool: 'Read', input: { file_path: abs(F.decoder) } }, { text: TRANSCRIPT_DUMP });
  api.scriptAgent(PLAN_AGENT.slice(0, 40), { text: 'plan: keep the scheduler below the core' });
  try {
    const run = await runClaude({
      cwd: project.root,
      prompt: PROMPT,
      apiUrl: api.url,
      args: ['--permission-mode', 'acceptEdits'],
      env: { TLDR_DAEMON_IDLE_MS: tldrEnv().TLDR_DAEMON_IDLE_MS! },
    });
    return { run, requests: api.requests, turns: api.turns, exchanges: toolExchanges(api.requests), calls: project.hookCalls(), remaining: api.remaining };
  } finally {
    await api.close();
  }
}

/** The first request of the sub-agent whose prompt starts with `prompt`'s first words. */
export function subAgentFirstTurn(session: SessionRun, prompt: string): RecordedRequest | undefined {
  return session.turns.find((turn) => firstUserText(turn.body).includes(prompt.slice(0, 40)));
}

/** What a sub-agent's first request carries after its prompt: the SubagentStart context onwards ('' when none). */
export function subAgentContext(session: SessionRun, prompt: string): string {
  const first = subAgentFirstTurn(session, prompt);
  const text = first ? conversationText(first) : '';
  const at = text.indexOf('SubagentStart hook additional context:');
  return at < 0 ? '' : text.slice(at);
}

/** The hook texts among a tool call's context messages (Claude Code adds notes of its own too). */
export function hookContext(exchange: ToolExchange): string {
  return exchange.context.filter((text) => /hook additional context/.test(text)).join('\n');
}

/** A tool call's result and hook context with what differs between runs replaced, to compare runs. */
export function comparable(exchange: ToolExchange, root: string): { name: string; result: string; isError: boolean; hooks: string } {
  // Claude Code's own per-run details: sub-agent ids and durations.
  const strip = (text: string) => text.split(root).join('<project>').replace(/\ba[0-9a-f]{16}\b/g, '<agent>').replace(/duration_ms: \d+/g, 'duration_ms: <n>');
  return { name: exchange.name, result: strip(exchange.result), isError: exchange.isError, hooks: strip(hookContext(exchange)) };
}
