// The harness itself, against the real CLI: a scripted tool call runs, its result and a hook's
// context come back as the model would see them, and a sub-agent gets its own script.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiStandIn } from './api-stand-in.js';
import { runClaude } from './claude.js';
import { firstUserText, toolExchanges } from './conversation.js';

const work = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-stand-in-')));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function project(hookOutput: object): string {
  const root = join(work, `p${Math.random().toString(36).slice(2)}`);
  mkdirSync(join(root, '.claude'), { recursive: true });
  writeFileSync(join(root, 'notes.txt'), 'alpha\nbeta\ngamma\n');
  const hook = join(root, 'hook.sh');
  writeFileSync(hook, `#!/bin/sh\ncat >/dev/null\necho '${JSON.stringify(hookOutput)}'\n`);
  chmodSync(hook, 0o755);
  writeFileSync(join(root, '.claude/settings.local.json'), JSON.stringify({
    hooks: { PreToolUse: [{ matcher: 'Read', hooks: [{ type: 'command', command: hook }] }] },
  }));
  return root;
}

describe('the real Claude Code against the stand-in', () => {
  it('runs a scripted Read and shows its result with the hook context', async () => {
    const root = project({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'CONTEXT-FROM-HOOK' } });
    const api = await ApiStandIn.start([{ tool: 'Read', input: { file_path: join(root, 'notes.txt') } }, { text: 'finished' }]);
    const run = await runClaude({ cwd: root, prompt: 'read the notes', apiUrl: api.url });
    await api.close();
    expect(run.exitCode).toBe(0);
    expect(run.result?.result).toBe('finished');
    const [read] = toolExchanges(api.requests);
    expect(read).toMatchObject({ name: 'Read', isError: false });
    expect(read.result).toContain('beta');
    expect(read.context.join('\n')).toContain('PreToolUse:Read hook additional context: CONTEXT-FROM-HOOK');
  });

  it('narrows a tool call with updatedInput, and routes a sub-agent to its own script', async () => {
    const root = project({ hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { file_path: '', offset: 1, limit: 1 } } });
    // updatedInput replaces the whole input: give the path back.
    writeFileSync(join(root, 'hook.sh'), `#!/bin/sh\ncat >/dev/null\necho '${JSON.stringify({
      hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { file_path: join(root, 'notes.txt'), offset: 1, limit: 1 } },
    })}'\n`);
    const api = await ApiStandIn.start([
      { tool: 'Agent', input: { description: 'look', prompt: 'Look at the notes file', subagent_type: 'general-purpose', run_in_background: false } },
      { text: 'finished' },
    ]);
    api.scriptAgent('Look at the notes file', { tool: 'Read', input: { file_path: join(root, 'notes.txt') } }, { text: 'the notes start with alpha' });
    const run = await runClaude({ cwd: root, prompt: 'delegate', apiUrl: api.url });
    await api.close();
    expect(run.exitCode).toBe(0);
    expect(api.remaining).toBe(0);
    const exchanges = toolExchanges(api.requests);
    const read = exchanges.find((exchange) => exchange.name === 'Read')!;
    expect(read.result).toContain('alpha');
    expect(read.result).not.toContain('beta');
    expect(exchanges.find((exchange) => exchange.name === 'Agent')!.result).toContain('the notes start with alpha');
    expect(api.turns.some((turn) => firstUserText(turn.body).includes('Look at the notes file'))).toBe(true);
  });
});
