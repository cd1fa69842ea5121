// The stdin reader the hook fast path uses: all of it, any size, from a pipe or a file, once —
// a second reader (the full CLI after the fast path fell back) gets the same text.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CLI, cliEnv } from './helpers.js';

const READER = join(dirname(CLI), 'stdin.cjs');
const SCRIPT = `const { readStdin } = require(${JSON.stringify(READER)});
(async () => {
  const first = await readStdin();
  const second = await readStdin();
  process.stdout.write(JSON.stringify({ length: first.length, same: first === second, head: first.slice(0, 40) }));
})();`;

describe('readStdin', () => {
  it('reads a large piped input whole, and hands the same text to a second reader', () => {
    const input = JSON.stringify({ hook_event_name: 'PreToolUse', tool_input: { content: 'é'.repeat(300_000) } });
    const run = spawnSync(process.execPath, ['-e', SCRIPT], { input, env: cliEnv(), encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ length: input.length, same: true, head: input.slice(0, 40) });
  });

  it('reads stdin redirected from a file, and an empty or closed stdin as empty', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tldr-stdin-'));
    try {
      const file = join(dir, 'in.json');
      writeFileSync(file, '{"a":1}');
      const fromFile = spawnSync('sh', ['-c', `"${process.execPath}" -e '${SCRIPT.replace(/'/g, "'\\''")}' < "${file}"`], { env: cliEnv(), encoding: 'utf8' });
      expect(JSON.parse(fromFile.stdout)).toMatchObject({ length: 7, head: '{"a":1}' });
      const empty = spawnSync(process.execPath, ['-e', SCRIPT], { input: '', env: cliEnv(), encoding: 'utf8' });
      expect(JSON.parse(empty.stdout)).toMatchObject({ length: 0, same: true });
      const closed = spawnSync(process.execPath, ['-e', SCRIPT], { stdio: ['ignore', 'pipe', 'pipe'], env: cliEnv(), encoding: 'utf8' });
      expect(JSON.parse(closed.stdout)).toMatchObject({ length: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
