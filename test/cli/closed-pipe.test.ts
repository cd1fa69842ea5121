// `tldr … | head`: the reader closes the pipe after the first bytes. The CLI must stop quietly
// (exit 0, nothing on stderr), not die on EPIPE with a stack trace.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

describe('output into a pipe that closes early', () => {
  it('ends quietly with exit 0', () => {
    const script = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} structure node_modules/rxjs/src --project node_modules/rxjs --no-daemon --json | head -c 10 >/dev/null; echo "exit=\${PIPESTATUS[0]}"`;
    const run = spawnSync('bash', ['-c', script], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('exit=0');
  });
});
