// session-start on the recorded SessionStart payload: the project overview from the index's
// records, and the commands alone while the index is loading.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionStart, TLDR_COMMANDS } from '../../dist/core/hooks/session-start.js';
import { NO_ANSWER } from '../../dist/core/hooks/contract.js';
import { contextOf, openHookProject, run, type HookProject } from './helpers.js';

let project: HookProject;
beforeAll(async () => {
  project = await openHookProject({}, 'graph/py-pkg');
});
afterAll(() => project.close());

describe('session-start', () => {
  it('gives the languages, size, main modules, entry points and the commands worth knowing', async () => {
    const output = await run(sessionStart, project.payload('SessionStart'), project);
    expect(output.hookSpecificOutput?.hookEventName).toBe('SessionStart');
    const lines = contextOf(output).split('\n');
    expect(lines[0]).toMatch(/^tldr: this project as its code index sees it — 7 files, \d+ lines: Python 100% \(7 files\)$/);
    expect(lines[1]).toBe('main modules: src/shop/ (6 files, 91 lines), tests/ (1 file, 5 lines)');
    expect(lines[2]).toBe('entry points: src/shop/app.py');
    expect(lines.slice(3)).toEqual(TLDR_COMMANDS);
    expect(contextOf(output).length).toBeLessThan(2_000);
  });

  it('answers with the commands alone while the index is loading', async () => {
    const loading = { ...project.services, readiness: () => ({ index: false, callGraph: false }), index: () => new Promise<never>(() => {}) };
    expect(contextOf(await sessionStart(project.payload('SessionStart'), loading)).split('\n')).toEqual(TLDR_COMMANDS);
  });

  it('answers nothing to other events', async () => {
    expect(await run(sessionStart, project.payload('UserPromptSubmit'), project)).toEqual(NO_ANSWER);
  });
});
