// tldr's hooks in the real Claude Code (2.1.328, pinned), end to end: a fixture project of real
// code, `tldr hooks install`, the daemon warm, and a scripted session (test/hooks-e2e/session.ts)
// run against the Messages API stand-in. For each hook: it is reached by the events the settings
// install (and only those), and what the model receives is what the hook is for — over both
// transports. A run without hooks is the reference: whatever tldr does not touch is identical to
// it, and with the daemon stopped mid-session everything is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiStandIn } from '../../dist/test/real-client/api-stand-in.js';
import { runClaude } from '../../dist/test/real-client/claude.js';
import { conversationText, toolExchanges, type ToolExchange } from '../../dist/test/real-client/conversation.js';
import { FIXTURE_FILES as F } from '../../dist/test/real-client/fixture-project.js';
import { hookedProject, type HookedProject } from '../../dist/test/real-client/hooked-project.js';
import { DEBUG_AGENT, PLAN_AGENT, WRITTEN, comparable, hookContext, runSession, subAgentContext, subAgentFirstTurn, type SessionRun } from './session.js';

const TIMEOUT = 180_000;
const projects: HookedProject[] = [];
let reference: SessionRun;
let referenceRoot: string;
const sessions: Partial<Record<'http' | 'command', { project: HookedProject; session: SessionRun }>> = {};

beforeAll(async () => {
  const plain = await hookedProject('none');
  projects.push(plain);
  referenceRoot = plain.root;
  reference = await runSession(plain);
  for (const transport of ['http', 'command'] as const) {
    const project = await hookedProject(transport);
    projects.push(project);
    sessions[transport] = { project, session: await runSession(project) };
  }
}, TIMEOUT);

afterAll(() => {
  for (const project of projects) project.remove();
});

const byTool = (session: SessionRun, name: string) => session.exchanges.filter((exchange) => exchange.name === name);
const reads = (session: SessionRun, path: string, root: string) => byTool(session, 'Read').filter((exchange) => (exchange.input as { file_path: string }).file_path === `${root}/${path}`);
const lineCount = (result: string) => result.split('\n').filter((line) => /^\s*\d+\t/.test(line)).length;

describe('the reference run, without hooks', () => {
  it('went as scripted', () => {
    expect(reference.run.exitCode, reference.run.stderr).toBe(0);
    expect(reference.remaining).toBe(0);
    expect(reference.exchanges).toHaveLength(13);
    expect(reference.exchanges.every((exchange) => hookContext(exchange) === '')).toBe(true);
    expect(reference.calls).toEqual([]);
  });
});

for (const transport of ['http', 'command'] as const) {
  describe(`tldr's hooks over ${transport}`, () => {
    const get = () => sessions[transport]!;

    it('the session went as scripted', () => {
      const { session } = get();
      expect(session.run.exitCode, session.run.stderr).toBe(0);
      expect(session.remaining).toBe(0);
      expect(session.exchanges.map((exchange) => exchange.name)).toEqual(reference.exchanges.map((exchange) => exchange.name));
    });

    it('every hook is reached by the events it is installed for, and only those', () => {
      const { session } = get();
      const reached = new Map<string, number>();
      for (const call of session.calls) {
        const key = `${call.hook} ${call.event}${call.tool ? `:${call.tool}` : ''}`;
        reached.set(key, (reached.get(key) ?? 0) + 1);
      }
      const expected: Record<string, number> = {
        'session-start SessionStart': 1,
        'impact-refactor UserPromptSubmit': 1,
        'transcript-safeguard UserPromptSubmit': 1,
        // 5 reads by the main agent, 1 by the debugging sub-agent.
        'read-enforcer PreToolUse:Read': 6,
        // The grep, before and after; `ls` does not match the if filters.
        'search-router PreToolUse:Bash': 1,
        'search-router PostToolUse:Bash': 1,
        'tldr-inject PreToolUse:Agent': 2,
        'arch-inject PreToolUse:Agent': 2,
        'subagent-start SubagentStart': 2,
        'tldr-inject SubagentStart': 2,
        'arch-inject SubagentStart': 2,
        // The Edit that failed never reached PreToolUse (2.1.328 validates old_string first).
        'edit-inject PreToolUse:Edit': 1,
        // edit-recovery rides on every PreToolUse another hook has: it reads the failed Edit from
        // the transcript on the next one (the Write).
        'edit-recovery PreToolUse:Read': 6,
        'edit-recovery PreToolUse:Bash': 1,
        'edit-recovery PreToolUse:Agent': 2,
        'edit-recovery PreToolUse:Edit': 1,
        'edit-recovery PreToolUse:Write': 1,
        'edit-inject PreToolUse:Write': 1,
        'signature-helper PreToolUse:Edit': 1,
        'signature-helper PreToolUse:Write': 1,
        'import-validator PostToolUse:Edit': 1,
        'import-validator PostToolUse:Write': 1,
        'post-edit-diagnostics PostToolUse:Edit': 1,
        'post-edit-diagnostics PostToolUse:Write': 1,
        'edit-notify PostToolUse:Edit': 1,
        'edit-notify PostToolUse:Write': 1,
        'edit-notify PostToolUse:Bash': 2,
        'transcript-safeguard PostToolUse:Agent': 2,
      };
      expect(Object.fromEntries([...reached].sort())).toEqual(Object.fromEntries(Object.entries(expected).sort()));
      const transports = new Set(session.calls.filter((call) => call.hook !== 'session-start').map((call) => call.transport));
      expect([...transports]).toEqual([transport]);
      // Nothing failed, ran out of time or was refused.
      expect(session.calls.filter((call) => !['answered', 'nothing'].includes(call.outcome))).toEqual([]);
    });

    it('what tldr leaves alone is exactly what the model sees without hooks', () => {
      const { session, project } = get();
      const untouched = [1, 5, 12].map((i) => [comparable(session.exchanges[i], project.root), comparable(reference.exchanges[i], referenceRoot)]);
      // The second read of Observable.ts, `ls`, and the planning sub-agent's report.
      for (const [hooked, plain] of untouched) expect({ ...hooked, hooks: '' }).toEqual(plain);
      expect(comparable(session.exchanges[1], project.root).hooks).toBe('');
    });

    it('session-start: the model starts with the project overview', () => {
      const text = conversationText(get().session.requests[0]);
      const context = text.slice(text.indexOf('SessionStart hook additional context: '));
      expect(context).toMatch(/^SessionStart hook additional context: /);
      expect(context).toMatch(/TypeScript/);
      expect(context).toMatch(/Python/);
    });

    it('read-enforcer: a large file becomes its head plus the summary, and the second Read returns it whole', () => {
      const { session, project } = get();
      const [summarised, again] = reads(session, F.observable, project.root);
      const lines = project.lines(F.observable);
      const whole = lineCount(reads(reference, F.observable, referenceRoot)[0].result);
      expect(summarised.isError).toBe(false);
      expect(lineCount(summarised.result)).toBeLessThanOrEqual(40);
      const context = hookContext(summarised);
      expect(context).toContain(`PreToolUse:Read hook additional context: tldr: ${F.observable} has ${lines} lines`);
      for (const name of ['Observable', 'subscribe', 'pipe', 'forEach', 'toPromise']) expect(context).toContain(name);
      expect(context).not.toMatch(/hook error/i);
      expect(context.length).toBeLessThan(lines * 45 * 0.25);
      expect(lineCount(again.result)).toBe(whole);
      expect(hookContext(again)).toBe('');
      const [small] = reads(session, F.config, project.root);
      expect(comparable(small, project.root)).toEqual(comparable(reads(reference, F.config, referenceRoot)[0], referenceRoot));
      const [python] = reads(session, F.encoder, project.root);
      expect(lineCount(python.result)).toBeLessThan(project.lines(F.encoder) / 4);
      expect(hookContext(python)).toContain('JSONEncoder');
    });

    it('search-router: the grep gets tldr\'s hits, and the file it located is then read in full', () => {
      const { session, project } = get();
      const grep = byTool(session, 'Bash')[0];
      expect(comparable(grep, project.root).result).toBe(comparable(byTool(reference, 'Bash')[0], referenceRoot).result);
      expect(hookContext(grep)).toMatch(/PreToolUse:Bash hook additional context: [\s\S]*src\/internal\/Subscriber\.ts/);
      const [located] = reads(session, F.subscriber, project.root);
      expect(located.result).toBe(reads(reference, F.subscriber, referenceRoot)[0].result);
    });

    it('tldr-inject: the debugging sub-agent\'s first request carries tldr\'s analysis of the code it names', () => {
      const context = subAgentContext(get().session, DEBUG_AGENT);
      expect(context).toMatch(/Subscriber\.error\s+src\/internal\/Subscriber\.ts:\d+-\d+/);
      expect(context).toMatch(/called by: [\s\S]*Subscriber\._error/);
      expect(context).toMatch(/Subscriber\.complete\s+src\/internal\/Subscriber\.ts:\d+/);
    });

    it('arch-inject: the planning sub-agent gets the layers of the code it names', () => {
      const context = subAgentContext(get().session, PLAN_AGENT);
      expect(context).toMatch(/layer/i);
      expect(context).toMatch(/src\/internal\/scheduler/);
    });

    it('subagent-start: a sub-agent hears which files the session touched, newest first', () => {
      const context = subAgentContext(get().session, DEBUG_AGENT);
      expect(context).toMatch(/^SubagentStart hook additional context: [\s\S]*py\/json\/encoder\.py[\s\S]*src\/internal\/Observable\.ts/);
    });

    it('edit-inject: an Edit of a file not read gets its structure', () => {
      const edit = byTool(get().session, 'Edit')[0];
      expect(edit.isError).toBe(false);
      expect(hookContext(edit)).toMatch(/PreToolUse:Edit hook additional context: [\s\S]*_throwIfClosed/);
    });

    it('signature-helper: the call with too few arguments is flagged with the real signature', () => {
      const context = hookContext(byTool(get().session, 'Edit')[0]);
      // Flagged: one argument where the definition needs two, with the signature it has.
      expect(context).toMatch(/arrRemove\W[^\n]*\b1 argument[^\n]*\b2\b/);
      expect(context).toContain('src/internal/util/arrRemove.ts:6');
      expect(context).toContain('arr: T[] | undefined | null, item: T');
    });

    it('import-validator: the import that resolves to nothing is named', () => {
      const write = byTool(get().session, 'Write')[0];
      expect(hookContext(write)).toMatch(/PostToolUse:Write hook additional context: [\s\S]*no_such_module/);
    });

    it('post-edit-diagnostics: the syntax error is reported with its line at once', () => {
      const context = hookContext(byTool(get().session, 'Write')[0]);
      // `def broken(:` is line 5.
      expect(context).toMatch(/PostToolUse:Write hook additional context: tldr: py\/json\/extra\.py after this edit has 1 error:\s*L5:\d+ /);
    });

    it('edit-notify: edits reach the daemon at once, with nothing said to the model', () => {
      const { session, project } = get();
      expect(session.calls.filter((call) => call.hook === 'edit-notify').every((call) => call.outcome === 'nothing')).toBe(true);
      expect(project.tldr('structure', WRITTEN.path, '--json')).toContain('broken');
    });

    it("edit-recovery: a failed Edit's next hooked call gets the current text of the function it meant", () => {
      const { session } = get();
      const failed = byTool(session, 'Edit')[1];
      expect(failed.isError).toBe(true);
      expect(failed.result).toMatch(/String to replace not found/);
      // The text as it is now: `this.closed`, not the stale `this.isClosed`, and the first Edit's line.
      const next = byTool(session, 'Write')[0];
      expect(hookContext(next)).toMatch(/PreToolUse:Write hook additional context: [\s\S]*_throwIfClosed\(\) \{\n\d+\t\s+if \(this\.closed\) \{\n\d+\t\s+arrRemove\(this\.observers\);/);
      // Said once: not again on the calls after it.
      expect(session.exchanges.filter((exchange) => /old_string is not in/.test(hookContext(exchange)))).toHaveLength(1);
    });

    it('impact-refactor: the refactor prompt gets the callers of Observable.pipe', () => {
      const text = conversationText(get().session.requests[0]);
      expect(text).toMatch(/UserPromptSubmit hook additional context: [\s\S]*pipe/);
    });

    it('transcript-safeguard: a sub-agent report that is a raw transcript gets a short summary', () => {
      const agent = byTool(get().session, 'Agent')[0];
      // The dump: 8 lines, 4 Reads of Subscriber.ts by the sub-agent it records.
      expect(hookContext(agent)).toMatch(/PostToolUse:Agent hook additional context: [\s\S]*transcript[\s\S]*Read ×4[\s\S]*src\/internal\/Subscriber\.ts/);
    });
  });
}

describe('with the daemon stopped mid-session', () => {
  let stopped: SessionRun;
  let project: HookedProject;

  beforeAll(async () => {
    project = await hookedProject('http');
    projects.push(project);
    stopped = await runSession(project, () => project.stopDaemon());
  }, TIMEOUT);

  it('every tool call is exactly what the model sees without hooks, and no daemon comes back', () => {
    expect(stopped.run.exitCode, stopped.run.stderr).toBe(0);
    expect(stopped.remaining).toBe(0);
    const plain = (exchanges: ToolExchange[], root: string) => exchanges.map((exchange) => comparable(exchange, root));
    expect(plain(stopped.exchanges, project.root)).toEqual(plain(reference.exchanges, referenceRoot));
    // Sub-agents' first requests carry nothing from tldr either.
    for (const prompt of [DEBUG_AGENT, PLAN_AGENT]) {
      const text = conversationText(subAgentFirstTurn(stopped, prompt)!);
      expect(text).not.toMatch(/hook additional context/);
    }
    expect(project.status()).toBeUndefined();
  });
});

describe('a session that starts with no daemon running', () => {
  let project: HookedProject;
  let session: { exchanges: ToolExchange[]; exitCode: number | null; waitedMs: number };

  beforeAll(async () => {
    project = await hookedProject('http');
    projects.push(project);
    project.stopDaemon();
    let waitedMs = -1;
    const api = await ApiStandIn.start([
      // The model's first turn comes after SessionStart: by then session-start has started the
      // daemon in the background; wait (here, in the stand-in) until it has loaded the project.
      () => {
        const started = Date.now();
        while (Date.now() - started < 60_000) {
          const status = project.status();
          if (status?.ready && status.call_graph === 'ready' && status.hooks?.http.state === 'listening') break;
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        }
        waitedMs = Date.now() - started;
        return { tool: 'Read', input: { file_path: project.abs(F.observable) } };
      },
      { text: 'finished' },
    ]);
    const run = await runClaude({ cwd: project.root, prompt: 'read it', apiUrl: api.url, env: { TLDR_DAEMON_IDLE_MS: '300000' } });
    await api.close();
    session = { exchanges: toolExchanges(api.requests), exitCode: run.exitCode, waitedMs };
  }, TIMEOUT);

  it('session-start starts the daemon with its http listener, and the http hooks then reach it', () => {
    expect(session.exitCode).toBe(0);
    expect(session.waitedMs).toBeGreaterThanOrEqual(0);
    // Only session-start is a command hook (http hooks cannot start anything): it started this daemon.
    expect(project.status()?.hooks?.http).toMatchObject({ state: 'listening' });
    const calls = project.hookCalls();
    expect(calls.some((call) => call.hook === 'session-start')).toBe(false);
    expect(calls.some((call) => call.hook === 'read-enforcer' && call.transport === 'http')).toBe(true);
    expect(hookContext(session.exchanges[0])).toContain(`tldr: ${F.observable} has`);
  });
});
