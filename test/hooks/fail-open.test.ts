// Every behaviour on every recorded payload, on mangled ones and with a daemon still loading: it
// never throws, answers within the size cap, answers nothing to what it cannot read (wrong field
// types, files outside the project, unknown tools), and never waits for an index that is loading.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_NAMES, MAX_ANSWER_CHARS, NO_ANSWER, type HookInput, type HookServices } from '../../dist/core/hooks/contract.js';
import { hookRun } from '../../dist/core/hooks/registry.js';
import { openHookProject, rxjsSource, type HookProject } from './helpers.js';

const PAYLOADS = readdirSync(fileURLToPath(new URL('../fixtures/hook-payloads/', import.meta.url))).map((name) => name.replace(/\.json$/, '')).sort();
const BAD_VALUES: unknown[] = [42, null, [], {}, '', '/etc/passwd', '../../../../etc/hosts', 'a\u0000b', { file_path: 'x' }, ['src/app.ts']];

let project: HookProject;
beforeAll(async () => {
  project = await openHookProject({ 'src/observable.ts': rxjsSource('internal/Observable.ts') });
});
afterAll(() => project.close());

async function check(name: (typeof HOOK_NAMES)[number], input: HookInput, services: HookServices = project.services): Promise<unknown> {
  const output = await hookRun(name)!(input, services);
  const json = JSON.stringify(output);
  expect(json.length).toBeLessThan(MAX_ANSWER_CHARS);
  if (output.hookSpecificOutput) expect(output.hookSpecificOutput.permissionDecision).toBeUndefined();
  return output;
}

describe('every behaviour fails open', () => {
  it('has a behaviour for each of the 14 hooks', () => {
    expect(HOOK_NAMES.filter((name) => !hookRun(name))).toEqual([]);
  });

  it.each(HOOK_NAMES)('%s: every recorded payload, and each tool_input field replaced by garbage', async (name) => {
    for (const payload of PAYLOADS) {
      const input = project.payload(payload, { session_id: `fail-open-${name}` });
      await check(name, input);
      for (const [field] of Object.entries(input.tool_input ?? {})) {
        for (const bad of BAD_VALUES) await check(name, { ...input, tool_input: { ...input.tool_input, [field]: bad } });
      }
      for (const bad of BAD_VALUES) await check(name, { ...input, transcript_path: bad as string });
      await check(name, { ...input, tool_response: 'x'.repeat(100_000) });
    }
  });

  it.each(HOOK_NAMES)('%s: nothing for files outside the project and unknown tools', async (name) => {
    for (const payload of PAYLOADS.filter((p) => p.startsWith('PreToolUse') || p.startsWith('PostToolUse-'))) {
      const input = project.payload(payload);
      expect(await check(name, { ...input, tool_input: { ...input.tool_input, file_path: '/etc/hosts' }, tool_name: 'Read' })).toEqual(NO_ANSWER);
      expect(await check(name, { ...input, tool_name: 'NoSuchTool' })).toEqual(NO_ANSWER);
    }
  });

  it.each(HOOK_NAMES)('%s: never waits for an index that is still loading', async (name) => {
    const loading: HookServices = {
      ...project.services,
      readiness: () => ({ index: false, callGraph: false }),
      index: () => new Promise(() => {}),
      query: () => new Promise(() => {}),
    };
    for (const payload of PAYLOADS) {
      const answer = await Promise.race([
        check(name, project.payload(payload, { session_id: `loading-${name}` }), loading),
        new Promise((resolve) => setTimeout(() => resolve('waited'), 2_000)),
      ]);
      expect(answer, payload).not.toBe('waited');
      if (name !== 'session-start') expect(answer, payload).toEqual(NO_ANSWER);
    }
  });
});
