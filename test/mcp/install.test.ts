// `tldr mcp install|uninstall`: merges the tldr server into the MCP configuration Claude Code reads
// (`.mcp.json`, `~/.claude.json`), keeps everything else, backs up, refuses broken files, changes
// nothing the second time — and the real Claude Code CLI then lists the server as connected.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claudeBinary } from '../../dist/test/real-client/claude.js';
import { cleanupProjects, cli, makeProject } from '../daemon/helpers.js';

afterAll(cleanupProjects);

const homes: string[] = [];
afterAll(() => {
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

function tempHome(): string {
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-mcp-home-')));
  homes.push(home);
  return home;
}

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('tldr mcp install --scope project', () => {
  it('creates .mcp.json, then leaves it alone the second time', () => {
    const p = makeProject({ 'a.py': 'def f():\n    return 1\n' });
    const first = cli(['mcp', 'install'], p.root);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toBe(`added the tldr MCP server to ${join(p.root, '.mcp.json')}\n`);
    const entry = json(join(p.root, '.mcp.json')).mcpServers.tldr;
    expect(entry).toMatchObject({ type: 'stdio', command: process.execPath, args: [expect.stringMatching(/dist\/cli\/tldr\.cjs$/), 'mcp', '--text-only'] });
    const again = cli(['mcp', 'install', '--json'], p.root);
    expect(JSON.parse(again.stdout)).toEqual({ file: join(p.root, '.mcp.json'), action: 'unchanged' });
    expect(existsSync(join(p.root, '.mcp.json.tldr.bak'))).toBe(false);
  });

  it('merges with the servers and keys already there, keeping a backup', () => {
    const p = makeProject({});
    const before = { mcpServers: { other: { type: 'stdio', command: 'other-server', args: ['--x'] }, tldr: { command: 'old-tldr' } }, extra: { keep: [1, 2] } };
    p.write('.mcp.json', JSON.stringify(before));
    const run = cli(['mcp', 'install', '--json'], p.root);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ action: 'updated', backup: join(p.root, '.mcp.json.tldr.bak') });
    const after = json(join(p.root, '.mcp.json'));
    expect(after.extra).toEqual({ keep: [1, 2] });
    expect(after.mcpServers.other).toEqual(before.mcpServers.other);
    expect(after.mcpServers.tldr.args).toContain('mcp');
    expect(json(join(p.root, '.mcp.json.tldr.bak'))).toEqual(before);
    const removed = cli(['mcp', 'uninstall'], p.root);
    expect(removed.stdout).toContain('removed the tldr MCP server');
    expect(json(join(p.root, '.mcp.json')).mcpServers).toEqual({ other: before.mcpServers.other });
    expect(cli(['mcp', 'uninstall'], p.root).stdout).toContain('no tldr MCP server');
  });

  it('refuses to touch a file it cannot parse, and says so in one line', () => {
    const p = makeProject({});
    const broken = '{ "mcpServers": { "other": { "command": "x", } ';
    p.write('.mcp.json', broken);
    const run = cli(['mcp', 'install'], p.root);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^tldr: cannot update .*\.mcp\.json: it is not valid JSON .*\(fix or move the file; nothing was changed\)\n$/);
    expect(readFileSync(join(p.root, '.mcp.json'), 'utf8')).toBe(broken);
    p.write('.mcp.json', '[1, 2]');
    expect(cli(['mcp', 'install'], p.root).stderr).toContain('it is not a JSON object');
    p.write('.mcp.json', '{"mcpServers": "nope"}');
    expect(cli(['mcp', 'install'], p.root).stderr).toContain('"mcpServers" is not an object');
  });

  it('rejects an unknown scope or action as a usage error', () => {
    const p = makeProject({});
    expect(cli(['mcp', 'install', '--scope', 'galaxy'], p.root)).toMatchObject({ status: 2, stderr: 'tldr: unknown scope galaxy (use project or user)\n' });
    expect(cli(['mcp', 'frobnicate'], p.root).status).toBe(2);
  });
});

describe('tldr mcp install --scope user', () => {
  it('merges into ~/.claude.json (or $CLAUDE_CONFIG_DIR/.claude.json), keeping every other key', () => {
    const p = makeProject({});
    const home = tempHome();
    writeFileSync(join(home, '.claude.json'), JSON.stringify({ numStartups: 3, projects: { '/x': { allowedTools: [] } }, mcpServers: { a: { command: 'a' } } }));
    const run = cli(['mcp', 'install', '--scope', 'user'], p.root, { HOME: home });
    expect(run.status, run.stderr).toBe(0);
    const config = json(join(home, '.claude.json'));
    expect(config.numStartups).toBe(3);
    expect(config.projects).toEqual({ '/x': { allowedTools: [] } });
    expect(Object.keys(config.mcpServers)).toEqual(['a', 'tldr']);
    const configDir = join(home, 'elsewhere');
    mkdirSync(configDir);
    expect(cli(['mcp', 'install', '--scope', 'user'], p.root, { HOME: home, CLAUDE_CONFIG_DIR: configDir }).status).toBe(0);
    expect(json(join(configDir, '.claude.json')).mcpServers.tldr.command).toBe(process.execPath);
  });

  it('the real Claude Code lists the installed server as connected', () => {
    const p = makeProject({ 'a.py': 'def f():\n    return 1\n' });
    const home = tempHome();
    expect(cli(['mcp', 'install', '--scope', 'user'], p.root, { HOME: home }).status).toBe(0);
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1' };
    for (const key of Object.keys(env)) if (key.startsWith('ANTHROPIC_') || key === 'CLAUDE_CONFIG_DIR') delete env[key];
    delete env.NODE_EXTRA_CA_CERTS;
    const list = spawnSync(claudeBinary(), ['mcp', 'list'], { cwd: p.root, env, encoding: 'utf8', timeout: 60_000 });
    expect(list.stdout).toMatch(/^tldr: .*tldr\.cjs mcp --text-only - ✔ Connected$/m);
    const get = spawnSync(claudeBinary(), ['mcp', 'get', 'tldr'], { cwd: p.root, env, encoding: 'utf8', timeout: 60_000 });
    expect(get.stdout).toContain('Scope: User config');
  });
});
