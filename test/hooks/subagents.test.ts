// The hooks that brief sub-agents (tldr-inject, arch-inject, subagent-start) on the recorded
// PreToolUse:Agent and SubagentStart payloads: the Agent call's prompt is remembered, the
// briefing goes to the sub-agent's SubagentStart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tldrInject } from '../../dist/core/hooks/tldr-inject.js';
import { archInject } from '../../dist/core/hooks/arch-inject.js';
import { subagentStart } from '../../dist/core/hooks/subagent-start.js';
import { readEnforcer } from '../../dist/core/hooks/read-enforcer.js';
import { editNotify } from '../../dist/core/hooks/edit-notify.js';
import { NO_ANSWER, type HookRun } from '../../dist/core/hooks/contract.js';
import { SessionState } from '../../dist/core/hooks/session.js';
import { rememberAgent, takeAgent } from '../../dist/core/hooks/shared/pending-agents.js';
import { detectIntent } from '../../dist/core/hooks/text/intent.js';
import { contextOf, openHookProject, run, rxjsSource, type HookProject } from './helpers.js';

let project: HookProject;
beforeAll(async () => {
  project = await openHookProject({
    'src/rx/mergeMap.ts': rxjsSource('internal/operators/mergeMap.ts'),
    'src/rx/mergeInternals.ts': rxjsSource('internal/operators/mergeInternals.ts'),
  });
});
afterAll(() => project.close());

/** The Agent call with `prompt` (the recorded payload otherwise), then the sub-agent's start. */
async function briefed(hook: HookRun, prompt?: string, session = `s-${Math.random()}`, target = project): Promise<string> {
  const agent = target.payload('PreToolUse-Agent', { session_id: session });
  if (prompt !== undefined) agent.tool_input = { ...agent.tool_input, prompt };
  expect(await run(hook, agent, target)).toEqual(NO_ANSWER);
  const output = await run(hook, target.payload('SubagentStart', { session_id: session }), target);
  if (contextOf(output)) expect(output.hookSpecificOutput?.hookEventName).toBe('SubagentStart');
  return contextOf(output);
}

describe('tldr-inject', () => {
  it('gives the sub-agent of the recorded Agent call the call graph of the function it names', async () => {
    const text = await briefed(tldrInject);
    expect(text).toContain('(call graph)');
    expect(text).toContain('Greeter.greet  src/app.ts:7-9  greet(name: string): string');
    expect(text).toContain('calls: formatName (src/format.ts:1)');
    expect(text).toContain('called by: main (src/app.ts:14)');
  });

  it('adds the analysis the intent asks for', async () => {
    const debug = await briefed(tldrInject, 'Debug why mergeInternals() drops values when concurrent is 1');
    expect(debug).toContain('debugging → call graph and control flow');
    expect(debug).toMatch(/control flow: cyclomatic complexity \d+/);
    expect(debug).toContain('called by: mergeMap (src/rx/mergeMap.ts:93)');
    const dataflow = await briefed(tldrInject, 'Where does the value of buffer in mergeInternals come from?');
    expect(dataflow).toMatch(/data flow \(variable: set at → used at\):\n {4}buffer: L32 /);
    const slice = await briefed(tldrInject, 'What affects the return value of `formatName`?');
    expect(slice).toContain('L2 reads name@L1');
    const structure = await briefed(tldrInject, 'Show the structure of the Greeter class');
    expect(structure).toContain('Greeter is in src/app.ts:');
    expect(structure).toContain('L7-9 greet(name: string): string');
  });

  it('answers nothing when the task names no project code, or no Agent call preceded the start', async () => {
    expect(await briefed(tldrInject, 'Find out why the tests fail and fix them')).toBe('');
    expect(await run(tldrInject, project.payload('SubagentStart', { session_id: 'never-asked' }), project)).toEqual(NO_ANSWER);
    expect(await run(tldrInject, project.payload('PreToolUse-Agent', { session_id: undefined }), project)).toEqual(NO_ANSWER);
  });

  it('waits for nothing: no briefing while the call graph is being built', async () => {
    const warming = { ...project.services, readiness: () => ({ index: true, callGraph: false }) };
    await tldrInject(project.payload('PreToolUse-Agent', { session_id: 'warming' }), warming);
    expect(await tldrInject(project.payload('SubagentStart', { session_id: 'warming' }), warming)).toEqual(NO_ANSWER);
  });
});

describe('pending sub-agent prompts', () => {
  it('pairs each start with the oldest prompt of its agent type, and forgets prompts never started', () => {
    const session = new SessionState();
    rememberAgent(session, 'h', { prompt: 'one', agentType: 'Explore' }, 1_000);
    rememberAgent(session, 'h', { prompt: 'two', agentType: 'general-purpose' }, 1_001);
    rememberAgent(session, 'h', { prompt: 'three', agentType: 'general-purpose' }, 1_002);
    expect(takeAgent(session, 'h', 'general-purpose', 1_500)?.prompt).toBe('two');
    expect(takeAgent(session, 'h', 'Explore', 1_600)?.prompt).toBe('one');
    expect(takeAgent(session, 'other-hook', 'general-purpose', 1_700)).toBeUndefined();
    expect(takeAgent(session, 'h', 'general-purpose', 60_000)).toBeUndefined();
  });
});

describe('intent', () => {
  it.each([
    ['Debug why the cache misses', 'debug'],
    ['Investigate the crash in `parse`', 'debug'],
    ['Where does `config` come from?', 'dataflow'],
    ['What affects the value returned on line 40?', 'slice'],
    ['List all functions in src/app.ts', 'structure'],
    ['Plan the refactor of the graph module', 'arch'],
    ['Explain how `greet` in src/app.ts is used', 'default'],
  ])('%s → %s', (prompt, intent) => {
    expect(detectIntent(prompt)).toBe(intent);
  });
});

describe('arch-inject', () => {
  let monorepo: HookProject;
  beforeAll(async () => {
    monorepo = await openHookProject({}, 'graph/ts-monorepo');
  });
  afterAll(() => monorepo.close());

  it('gives a design task the layers and the named code\'s module, its imports and importers', async () => {
    const text = await briefed(archInject, 'Plan how to move `Repo` out of the core package', 'arch', monorepo);
    expect(text).toContain('packages/core/src: layer 0');
    expect(text).toContain('imported by: packages/app/src');
    expect(text).toMatch(/layers, top to bottom \(\d+ modules\):\n {2}1: .*packages\/app\/src/);
  });

  it('reads module directories named in the task', async () => {
    expect(await briefed(archInject, 'Design a cleaner boundary for packages/core/src/store', 'dirs', monorepo)).toContain('packages/core/src/store: layer');
  });

  it('answers nothing to other tasks, or design tasks that name no code', async () => {
    expect(await briefed(archInject, 'Explain how `Repo` saves items', 'no-design', monorepo)).toBe('');
    expect(await briefed(archInject, 'Plan a design for splitting the monolith into services', 'no-code', monorepo)).toBe('');
  });
});

describe('subagent-start', () => {
  it('lists the files the session touched, newest first, with what each defines', async () => {
    const session = 'touching';
    await run(readEnforcer, project.payload('PreToolUse-Read', { session_id: session }), project);
    await run(editNotify, project.payload('PostToolUse-Edit', { session_id: session }), project);
    const text = contextOf(await run(subagentStart, project.payload('SubagentStart', { session_id: session }), project));
    expect(text.split('\n')).toEqual([
      'tldr: files this session worked on most recently (newest first), with what each defines:',
      'src/format.ts (typescript, 3 lines): formatName',
      'src/app.ts (typescript, 15 lines): class Greeter {constructor, greet}; main',
    ]);
  });

  it('answers nothing before the session touched a file', async () => {
    expect(await run(subagentStart, project.payload('SubagentStart', { session_id: 'fresh' }), project)).toEqual(NO_ANSWER);
    expect(await run(subagentStart, project.payload('PreToolUse-Agent'), project)).toEqual(NO_ANSWER);
  });
});
