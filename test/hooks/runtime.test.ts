// The hook runtime on its own: bad input of every kind answers `{}` without reaching a behaviour,
// a behaviour is held to its budget and its failures are absorbed, answers are capped cleanly,
// every call is logged (bounded), and a tool call reaching a hook twice is answered once.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOOK_CATALOG } from '../../dist/core/hooks/catalog.js';
import { HookCallLog } from '../../dist/core/hooks/call-log.js';
import { HOOK_NAMES, MAX_ANSWER_CHARS, parseHookInput, type HookInput, type HookOutput, type HookRun, type HookServices } from '../../dist/core/hooks/contract.js';
import { HookRuntime, IndexWarming, capAnswer, cutCleanly, servesEvent, type HookHost } from '../../dist/core/hooks/runtime.js';
import { SessionStore } from '../../dist/core/hooks/session.js';

const PAYLOADS = join(import.meta.dirname, '../fixtures/hook-payloads');
const payload = (name: string) => readFileSync(join(PAYLOADS, `${name}.json`), 'utf8');
const READ = payload('PreToolUse-Read');

function host(overrides: Partial<HookHost> = {}): HookHost {
  const sessions = new SessionStore();
  return {
    root: '/nowhere',
    index: () => Promise.reject(new Error('no index in this test')),
    query: () => Promise.reject(new Error('no queries in this test')),
    session: (id) => sessions.get(id),
    notify: () => undefined,
    readiness: () => ({ index: false, callGraph: false }),
    ...overrides,
  };
}

/** A runtime whose read-enforcer is `run` (every other hook has no behaviour). */
function runtimeWith(run: HookRun, options: { budgetMs?: number; log?: HookCallLog; host?: HookHost } = {}) {
  let calls = 0;
  const runtime = new HookRuntime(options.host ?? host(), {
    behaviour: (name) => (name === 'read-enforcer' ? (input, services) => (calls++, run(input, services)) : undefined),
    budgetMs: () => options.budgetMs ?? 200,
    log: options.log,
  });
  return { runtime, calls: () => calls };
}

const context = (text: string): HookOutput => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: text } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('bad input answers {} without reaching the behaviour', () => {
  const bad: [string, string][] = [
    ['garbage', 'this is not json at all \u0000\uffff'],
    ['empty', ''],
    ['truncated', READ.slice(0, READ.length / 2)],
    ['an array', JSON.stringify([JSON.parse(READ)])],
    ['a number', '42'],
    ['null', 'null'],
    ['a string', JSON.stringify(READ)],
    ['no event name', JSON.stringify({ ...JSON.parse(READ), hook_event_name: undefined })],
    ['an event name of the wrong type', JSON.stringify({ ...JSON.parse(READ), hook_event_name: 7 })],
    ['a tool name of the wrong type', JSON.stringify({ ...JSON.parse(READ), tool_name: ['Read'] })],
    ['an event the hook is not installed for', payload('Stop')],
    ['an unknown event', JSON.stringify({ ...JSON.parse(READ), hook_event_name: 'PreToolUseV2' })],
    ['a tool the hook is not installed for', payload('PreToolUse-Bash')],
    ['20 MB', JSON.stringify({ ...JSON.parse(READ), tool_input: { file_path: 'x'.repeat(20 * 1024 * 1024) } })],
  ];
  for (const [what, raw] of bad) {
    it(what, async () => {
      const { runtime, calls } = runtimeWith(async () => context('should not be seen'));
      const started = performance.now();
      const { text, call } = await runtime.run('read-enforcer', raw, 'command');
      expect(text).toBe('{}');
      expect(calls()).toBe(0);
      expect(['bad-input', 'not-for-hook']).toContain(call.outcome);
      expect(performance.now() - started).toBeLessThan(1000);
    });
  }

  it('an unknown hook name', async () => {
    const { runtime } = runtimeWith(async () => context('x'));
    const { text, call } = await runtime.run('read-enforcer; rm -rf /', READ, 'http');
    expect(text).toBe('{}');
    expect(call.outcome).toBe('unknown-hook');
  });

  it('input with fields of the wrong type reaches the behaviour without them', async () => {
    let seen: HookInput | undefined;
    const { runtime } = runtimeWith(async (input) => ((seen = input), {}));
    const raw = JSON.stringify({ ...JSON.parse(READ), session_id: { not: 'a string' }, tool_input: 'not an object', cwd: 12 });
    expect((await runtime.run('read-enforcer', raw, 'http')).text).toBe('{}');
    expect(seen).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Read' });
    expect(seen).not.toHaveProperty('session_id');
    expect(seen).not.toHaveProperty('tool_input');
    expect(seen).not.toHaveProperty('cwd');
  });
});

describe('the budget', () => {
  it('answers {} when the behaviour runs out of time, and drops its late answer', async () => {
    let finish!: (output: HookOutput) => void;
    const { runtime } = runtimeWith(() => new Promise((resolve) => (finish = resolve)), { budgetMs: 80 });
    const started = performance.now();
    const { text, call } = await runtime.run('read-enforcer', READ, 'http');
    const elapsed = performance.now() - started;
    expect(text).toBe('{}');
    expect(call.outcome).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(75);
    expect(elapsed).toBeLessThan(600);
    finish(context('too late'));
    await sleep(5);
    expect(runtime.log.recent().map((entry) => entry.outcome)).toEqual(['timeout']);
  });

  it('tells the behaviour how much time it has left', async () => {
    const left: number[] = [];
    const { runtime } = runtimeWith(async (_input, services) => {
      left.push(services.remainingMs());
      await sleep(30);
      left.push(services.remainingMs());
      return {};
    }, { budgetMs: 500 });
    await runtime.run('read-enforcer', READ, 'command');
    expect(left[0]).toBeGreaterThan(400);
    expect(left[0]).toBeLessThanOrEqual(500);
    expect(left[1]).toBeLessThan(left[0] - 25);
  });

  it('absorbs a throw, a rejection and a warming index', async () => {
    const thrower = runtimeWith(() => {
      throw new Error('boom');
    });
    expect((await thrower.runtime.run('read-enforcer', READ, 'http')).call).toMatchObject({ outcome: 'failed', error: 'boom', chars: 2 });
    const rejecter = runtimeWith(async (_input, services) => {
      await services.index();
      return context('unreachable');
    });
    expect((await rejecter.runtime.run('read-enforcer', READ, 'http')).call).toMatchObject({ outcome: 'failed', error: 'no index in this test' });
    const warming = runtimeWith(() => Promise.reject(new IndexWarming()));
    const { text, call } = await warming.runtime.run('read-enforcer', READ, 'http');
    expect(text).toBe('{}');
    expect(call.outcome).toBe('warming');
  });

  it('gives the behaviour the host, with methods bound', async () => {
    const touched: string[][] = [];
    class Host {
      readonly root = '/project';
      private readonly store = new SessionStore();
      index() {
        return Promise.reject(new Error('none'));
      }
      query<R>(name: string) {
        return Promise.resolve(`${this.root}:${name}` as R);
      }
      session(id: string) {
        return this.store.get(id);
      }
      notify(paths: string[]) {
        touched.push(paths);
      }
      readiness() {
        return { index: true, callGraph: this.root === '/project' };
      }
    }
    const { runtime } = runtimeWith(async (input, services: HookServices) => {
      services.notify(['a.ts']);
      services.session(input.session_id!).touch('a.ts');
      return context(`${await services.query<string>('summary', {})} ${services.session(input.session_id!).touched().join()} ${services.readiness().callGraph}`);
    }, { host: new Host() });
    const { text } = await runtime.run('read-enforcer', READ, 'http');
    expect(JSON.parse(text).hookSpecificOutput.additionalContext).toBe('/project:summary a.ts true');
    expect(touched).toEqual([['a.ts']]);
  });
});

describe('answers', () => {
  it('passes a normal answer through unchanged', async () => {
    const answer = { hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'ctx', updatedInput: { file_path: '/a', limit: 40 } } };
    const { runtime } = runtimeWith(async () => answer);
    const { text, call } = await runtime.run('read-enforcer', READ, 'http');
    expect(JSON.parse(text)).toEqual(answer);
    expect(call).toMatchObject({ outcome: 'answered', chars: text.length, event: 'PreToolUse', tool: 'Read', transport: 'http' });
  });

  it('cuts an overlong context at a line end, keeps the rest of the answer, and says so', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `line ${i}: "quoted" \\ text é 😀`);
    const answer = { hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: lines.join('\n'), updatedInput: { file_path: '/a', limit: 40 } } };
    const { runtime } = runtimeWith(async () => answer);
    const { text } = await runtime.run('read-enforcer', READ, 'http');
    expect(text.length).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
    const parsed = JSON.parse(text);
    expect(parsed.hookSpecificOutput.updatedInput).toEqual({ file_path: '/a', limit: 40 });
    const kept: string = parsed.hookSpecificOutput.additionalContext;
    expect(kept).toMatch(/\n… \(\d+ more characters cut by tldr\)$/);
    const body = kept.slice(0, kept.lastIndexOf('\n…'));
    expect(lines.slice(0, body.split('\n').length).join('\n')).toBe(body);
    expect(body.length).toBeGreaterThan(MAX_ANSWER_CHARS * 0.8);
  });

  it('answers {} for answers that are not answers or cannot fit', async () => {
    for (const output of [null, 'text', [1, 2], { big: 1n }, { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { content: 'x'.repeat(20_000) } } }]) {
      const { runtime } = runtimeWith(async () => output as HookOutput);
      expect((await runtime.run('read-enforcer', READ, 'http')).text).toBe('{}');
    }
    expect(capAnswer({})).toBe('{}');
  });

  it('cuts a systemMessage too, and never splits a surrogate pair', () => {
    const text = capAnswer({ systemMessage: '😀'.repeat(10_000) }, 1000);
    expect(text.length).toBeLessThanOrEqual(1000);
    const kept: string = JSON.parse(text).systemMessage;
    expect(kept.replace(/\n….*$/, '')).toMatch(/^(😀)+$/u);
    expect(cutCleanly('short', 100)).toBe('short');
    expect(cutCleanly('word '.repeat(100), 60)).toMatch(/^(word )*word\n… \(\d+ more characters cut by tldr\)$/);
  });
});

describe('the call log and repeated calls', () => {
  it('keeps the latest calls only, and counts them all', async () => {
    const log = new HookCallLog(50);
    const { runtime } = runtimeWith(async () => ({}), { log });
    for (let i = 0; i < 120; i++) await runtime.run('read-enforcer', JSON.stringify({ ...JSON.parse(READ), tool_use_id: `t${i}` }), 'command');
    expect(log.count).toBe(120);
    expect(log.recent()).toHaveLength(50);
    expect(log.recent(3).map((call) => call.hook)).toEqual(['read-enforcer', 'read-enforcer', 'read-enforcer']);
    expect(log.recent().every((call) => call.ms >= 0 && call.outcome === 'nothing')).toBe(true);
  });

  it('answers one tool call once, even when it arrives twice at the same time', async () => {
    const { runtime, calls } = runtimeWith(async () => (await sleep(20), context('once')));
    const [first, second] = await Promise.all([runtime.run('read-enforcer', READ, 'http'), runtime.run('read-enforcer', READ, 'http')]);
    expect(calls()).toBe(1);
    expect(first.text).toContain('once');
    expect(second).toMatchObject({ text: '{}', call: { outcome: 'duplicate' } });
    // Another tool call is another answer, and so is a call of another session with the same id.
    const next = await runtime.run('read-enforcer', JSON.stringify({ ...JSON.parse(READ), tool_use_id: 'toolu_other' }), 'http');
    expect(next.text).toContain('once');
    const otherSession = await runtime.run('read-enforcer', JSON.stringify({ ...JSON.parse(READ), session_id: 'another-session' }), 'http');
    expect(otherSession.text).toContain('once');
  });
});

describe('the events tldr hooks', () => {
  it('edit-recovery rides only on tool events another hook already has (each hooked event costs the client per call)', () => {
    const key = (r: { event: string; matcher?: string; if?: string[] }) => `${r.event} ${r.matcher ?? ''} ${(r.if ?? []).join(',')}`;
    const others = new Set(HOOK_NAMES.filter((name) => name !== 'edit-recovery').flatMap((name) => HOOK_CATALOG[name].registrations.map(key)));
    const own = HOOK_CATALOG['edit-recovery'].registrations.filter((r) => r.event !== 'PostToolUseFailure');
    expect(own.length).toBeGreaterThan(0);
    for (const registration of own) expect(others, key(registration)).toContain(key(registration));
  });
});

describe('real payloads of Claude Code 2.1.328', () => {
  it('reach exactly the hooks installed for their event and tool', () => {
    const reached: Record<string, string[]> = {};
    for (const file of readdirSync(PAYLOADS).sort()) {
      const input = parseHookInput(JSON.parse(readFileSync(join(PAYLOADS, file), 'utf8')))!;
      expect(input, file).toBeDefined();
      reached[file.replace('.json', '')] = HOOK_NAMES.filter((name) => servesEvent(HOOK_CATALOG[name].registrations, input));
    }
    expect(reached['PreToolUse-Read']).toEqual(['read-enforcer', 'edit-recovery']);
    expect(reached['PreToolUse-Bash']).toEqual(['search-router', 'edit-recovery']);
    expect(reached['PreToolUse-Agent']).toEqual(['tldr-inject', 'arch-inject', 'edit-recovery']);
    expect(reached['PreToolUse-Edit']).toEqual(['edit-inject', 'signature-helper', 'edit-recovery']);
    expect(reached['PostToolUse-Write']).toEqual(['import-validator', 'post-edit-diagnostics', 'edit-notify']);
    expect(reached['PostToolUse-Bash']).toEqual(['search-router', 'edit-notify']);
    expect(reached['PostToolUse-Agent']).toEqual(['transcript-safeguard']);
    // PostToolBatch fires after every batch: hooking it would cost every tool call an event.
    expect(reached['PostToolBatch-Edit-failed']).toEqual([]);
    expect(reached['PostToolBatch-Read']).toEqual([]);
    expect(reached.UserPromptSubmit).toEqual(['impact-refactor', 'transcript-safeguard']);
    expect(reached.SessionStart).toEqual(['session-start']);
    expect(reached.SubagentStart).toEqual(['tldr-inject', 'arch-inject', 'subagent-start']);
    expect(reached.Stop).toEqual([]);
    expect(reached.SessionEnd).toEqual([]);
  });
});
