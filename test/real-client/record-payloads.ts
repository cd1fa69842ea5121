// Records the hook payloads today's Claude Code sends, for the hook unit tests: runs the real CLI
// against the stand-in in a temp copy of a fixture project with a recording command hook on every
// event tldr serves, and writes each payload to test/fixtures/hook-payloads/ with the project
// directory replaced by ${PROJECT} and the home directory by ${HOME}.
//   npm run build && node dist/test/real-client/record-payloads.js
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiStandIn } from './api-stand-in.js';
import { runClaude } from './claude.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const OUT = join(REPO, 'test/fixtures/hook-payloads');
const EVENTS = [
  'SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch',
  'SubagentStart', 'SubagentStop', 'Stop', 'SessionEnd',
];

interface RecordedPayload {
  hook_event_name: string;
  tool_name?: string;
  agent_id?: string;
  tool_calls?: { tool_name: string; tool_response?: unknown }[];
}

const work = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-record-')));
const project = join(work, 'project');
const home = join(work, 'home');
const inbox = join(work, 'inbox');
mkdirSync(inbox);
cpSync(join(REPO, 'test/fixtures/projects/mixed'), project, { recursive: true });
mkdirSync(join(project, '.git'));
const recorder = join(work, 'record.sh');
writeFileSync(recorder, `#!/bin/sh\ncat > "${inbox}/$(date +%s%N)-$1.json"\necho '{}'\n`);
chmodSync(recorder, 0o755);
const hooks: Record<string, unknown[]> = {};
for (const event of EVENTS) hooks[event] = [{ matcher: '*', hooks: [{ type: 'command', command: `${recorder} ${event}` }] }];
mkdirSync(join(project, '.claude'));
writeFileSync(join(project, '.claude/settings.local.json'), JSON.stringify({ hooks }, null, 2));

const file = (path: string) => join(project, path);
const api = await ApiStandIn.start([
  { tool: 'Read', input: { file_path: file('src/app.ts') } },
  { tool: 'Read', input: { file_path: file('src/app.ts'), offset: 1, limit: 5 } },
  { tool: 'Bash', input: { command: 'grep -rn "def " src', description: 'find Python definitions' } },
  { tool: 'Bash', input: { command: 'cat no-such-file' } },
  { tool: 'Edit', input: { file_path: file('src/util.py'), old_string: 'this text is not in the file', new_string: 'x' } },
  { tool: 'Edit', input: { file_path: file('src/format.ts'), old_string: 'name.trim().toUpperCase()', new_string: 'name.trim().toLocaleUpperCase()' } },
  { tool: 'Write', input: { file_path: file('src/added.ts'), content: 'export const added = 1;\n' } },
  { tool: 'Agent', input: { description: 'explore', prompt: 'Explain how `greet` in src/app.ts is used', subagent_type: 'general-purpose', run_in_background: false } },
  { text: 'finished' },
]);
api.scriptAgent('Explain how `greet`', { tool: 'Read', input: { file_path: file('src/util.py') } }, { text: 'greet is used by main' });
const run = await runClaude({ cwd: project, prompt: 'Rename `greet` to `welcome` everywhere', apiUrl: api.url, home, args: ['--permission-mode', 'acceptEdits'] });
await api.close();
if (run.exitCode !== 0) throw new Error(`claude exited ${run.exitCode}: ${run.stderr}`);

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const seen = new Map<string, number>();
for (const name of readdirSync(inbox).sort()) {
  const text = readFileSync(join(inbox, name), 'utf8')
    .split(project).join('${PROJECT}')
    .split(project.replaceAll('/', '-')).join('${PROJECT_KEY}')
    .split(home).join('${HOME}');
  const payload = JSON.parse(text) as RecordedPayload;
  const batch = payload.tool_calls?.[0];
  const base = [
    payload.hook_event_name,
    payload.tool_name ?? batch?.tool_name,
    JSON.stringify(batch?.tool_response ?? '').includes('tool_use_error') ? 'failed' : undefined,
    payload.agent_id && payload.tool_name ? 'subagent' : undefined,
  ].filter(Boolean).join('-');
  const count = (seen.get(base) ?? 0) + 1;
  seen.set(base, count);
  writeFileSync(join(OUT, `${base}${count > 1 ? `-${count}` : ''}.json`), `${JSON.stringify(payload, null, 2)}\n`);
}
rmSync(work, { recursive: true, force: true });
console.log(`recorded ${[...seen.values()].reduce((a, b) => a + b, 0)} payloads into ${OUT}`);
