// Runs the real Claude Code CLI (`@anthropic-ai/claude-code`, pinned in package.json) in print
// mode against an ApiStandIn, in an isolated HOME so that no user settings, credentials or
// history leak in or out. The project's own `.claude/settings*.json` decide which hooks run.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface ClaudeRunOptions {
  /** The project directory Claude Code starts in. */
  cwd: string;
  prompt: string;
  /** ApiStandIn.url. */
  apiUrl: string;
  /** HOME for the run; a fresh temp directory when absent. */
  home?: string;
  /** Extra environment (e.g. PATH with the tldr bin first). */
  env?: Record<string, string>;
  /** Extra CLI arguments, e.g. `['--permission-mode', 'acceptEdits']`. */
  args?: string[];
  timeoutMs?: number;
}

export interface ClaudeRun {
  exitCode: number | null;
  /** `--output-format json`'s result object, when stdout held one. */
  result?: { is_error?: boolean; result?: string; session_id?: string; num_turns?: number; [key: string]: unknown };
  stdout: string;
  stderr: string;
  durationMs: number;
  home: string;
}

/** The native binary the npm package installs (bin/claude.exe on every platform). */
export function claudeBinary(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@anthropic-ai/claude-code/package.json');
  const bin = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> }).bin.claude;
  return join(dirname(manifest), bin);
}

export function runClaude(options: ClaudeRunOptions): Promise<ClaudeRun> {
  const home = options.home ?? mkdtempSync(join(tmpdir(), 'tldr-claude-home-'));
  mkdirSync(home, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('ANTHROPIC_') || key.startsWith('CLAUDE')) delete env[key];
  delete env.NODE_EXTRA_CA_CERTS;
  // The hooks it runs start and reach daemons as they would for a user (vitest.config.ts turns them off).
  delete env.TLDR_NO_DAEMON;
  Object.assign(env, {
    HOME: home,
    ANTHROPIC_BASE_URL: options.apiUrl,
    ANTHROPIC_API_KEY: 'sk-ant-stand-in',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    ...options.env,
  });
  const args = ['-p', options.prompt, '--output-format', 'json', ...(options.args ?? [])];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(claudeBinary(), args, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      let result: ClaudeRun['result'];
      try {
        result = JSON.parse(stdout.trim().split('\n').pop() ?? '') as ClaudeRun['result'];
      } catch {
        result = undefined;
      }
      resolve({ exitCode, result, stdout, stderr, durationMs: performance.now() - started, home });
    });
  });
}
