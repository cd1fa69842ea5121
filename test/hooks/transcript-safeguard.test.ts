// transcript-safeguard on the recorded PostToolUse:Agent payload, with a real sub-agent transcript
// recorded from Claude Code 2.1.328 (test/fixtures/transcripts/subagent.jsonl: a sub-agent that
// read two files and ran a grep) in place of the report.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptSafeguard } from '../../dist/core/hooks/transcript-safeguard.js';
import { NO_ANSWER } from '../../dist/core/hooks/contract.js';
import { contextOf, openHookProject, run, type HookProject } from './helpers.js';

let project: HookProject;
let transcript: string;
beforeAll(async () => {
  project = await openHookProject();
  transcript = readFileSync(fileURLToPath(new URL('../fixtures/transcripts/subagent.jsonl', import.meta.url)), 'utf8').split('${PROJECT}').join(project.root);
});
afterAll(() => project.close());

function agentReturning(text: string) {
  const input = project.payload('PostToolUse-Agent');
  return { ...input, tool_response: { ...(input.tool_response as object), content: [{ type: 'text', text }] } };
}

const EXPECTED = [
  /^tldr: the sub-agent's output is a raw JSONL transcript \(9 lines, \d+ KB\), not a report\. Its summary:$/,
  /^- 4 assistant turns; tools: Read ×2, Bash ×1$/,
  /^- files: src\/app\.ts, src\/format\.ts$/,
  /^- commands: `grep -rn greet src`$/,
  /^- its last message: greet is a method of Greeter \(src\/app\.ts:7\); main calls it with "world"\.$/,
];

describe('transcript-safeguard', () => {
  it('leaves the recorded report alone', async () => {
    expect(await run(transcriptSafeguard, project.payload('PostToolUse-Agent'), project)).toEqual(NO_ANSWER);
  });

  it('summarises a sub-agent that returned its raw transcript', async () => {
    const output = await run(transcriptSafeguard, agentReturning(`Here is what happened:\n${transcript}`), project);
    expect(output.hookSpecificOutput?.hookEventName).toBe('PostToolUse');
    const lines = contextOf(output).split('\n');
    expect(lines).toHaveLength(EXPECTED.length);
    lines.forEach((line, i) => expect(line).toMatch(EXPECTED[i]));
  });

  it('summarises a background sub-agent\'s task notification', async () => {
    const prompt = `<task-notification>\n<task-id>a2d1</task-id>\n<status>completed</status>\n<result>${transcript}</result>\n</task-notification>`;
    const output = await run(transcriptSafeguard, project.payload('UserPromptSubmit', { prompt }), project);
    expect(output.hookSpecificOutput?.hookEventName).toBe('UserPromptSubmit');
    expect(contextOf(output).split('\n')[1]).toMatch(EXPECTED[1]);
  });

  it('is not fooled by a report that mentions transcript fields, and stays bounded on a huge dump', async () => {
    const report = 'The sessionId and "parentUuid": fields are in every line of the transcript.\n{"agentId": "a"}\nDone.';
    expect(await run(transcriptSafeguard, agentReturning(report), project)).toEqual(NO_ANSWER);
    const huge = Array.from({ length: 2_500 }, () => transcript).join('');
    const text = contextOf(await run(transcriptSafeguard, agentReturning(huge), project));
    expect(text).toMatch(/^tldr: the sub-agent's output is a raw JSONL transcript \(20000 lines, \d+ KB\), not a report\. Its summary \(of its first lines\):/);
    expect(text.length).toBeLessThan(2_000);
  });
});
