// impact-refactor on the recorded UserPromptSubmit payload and on rxjs: refactoring prompts that
// name project code get its callers, bounded; anything else gets nothing.
import { cpSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impactRefactor } from '../../dist/core/hooks/impact-refactor.js';
import { NO_ANSWER } from '../../dist/core/hooks/contract.js';
import { contextOf, openHookProject, run, type HookProject } from './helpers.js';

let project: HookProject;
beforeAll(async () => {
  project = await openHookProject();
  cpSync(join(dirname(createRequire(import.meta.url).resolve('rxjs/package.json')), 'src'), project.abs('rx'), { recursive: true });
  await project.index.sync();
}, 120_000);
afterAll(() => project.close());

const prompt = (text: string) => project.payload('UserPromptSubmit', { prompt: text });

describe('impact-refactor', () => {
  it('lists the callers of the function the recorded rename prompt names', async () => {
    const output = await run(impactRefactor, project.payload('UserPromptSubmit'), project);
    expect(output.hookSpecificOutput?.hookEventName).toBe('UserPromptSubmit');
    const text = contextOf(output);
    expect(text).toContain('`greet` (src/app.ts:7, src/Main.java:8): 2 call sites in 2 files');
    expect(text).toContain('← main  src/app.ts:14');
    expect(text).not.toContain('welcome');
  });

  it('goes two levels up and stays short for a function called everywhere', async () => {
    const text = contextOf(await run(impactRefactor, prompt('Inline `isFunction` and delete the util file'), project));
    expect(text).toMatch(/`isFunction` \(rx\/internal\/util\/isFunction\.ts:5\): \d+ call sites in \d+ files, depth ≤ 2/);
    expect(text).toContain('more: `tldr impact isFunction`');
    expect(text.split('\n').length).toBeLessThanOrEqual(16);
    expect(text.length).toBeLessThan(2_000);
  });

  it('answers several symbols, classes by their instantiations', async () => {
    const text = contextOf(await run(impactRefactor, prompt('Move Greeter and formatName() into one module'), project));
    expect(text).toContain('`Greeter` (src/app.ts:4)');
    expect(text).toContain('← main  src/app.ts:13');
    expect(text).toContain('`formatName` (src/format.ts:1)');
    expect(text).toContain('← Greeter.greet  src/app.ts:8');
  });

  it('answers nothing without refactoring wording, without symbols, or for a sub-agent report', async () => {
    for (const text of [
      'Explain how `greet` works',
      'Refactor the code so it is easier to test',
      'Rename the variables to something more readable',
      '<task-notification>\n<result>Rename `greet` done</result>\n</task-notification>',
    ]) {
      expect(await run(impactRefactor, prompt(text), project), text).toEqual(NO_ANSWER);
    }
    expect(await run(impactRefactor, project.payload('UserPromptSubmit', { prompt: 7 }), project)).toEqual(NO_ANSWER);
    expect(await run(impactRefactor, project.payload('SessionStart'), project)).toEqual(NO_ANSWER);
  });
});
