// The real Claude Code (pinned) with tldr installed as an MCP server (`tldr mcp install --scope
// user` in its HOME), driven by the scripted Messages API stand-in: the model is told of the
// `mcp__tldr__*` tools and tldr's instructions, loads them through ToolSearch (2.1.328 defers MCP
// tools), calls them, and reads tldr's compact text answers — and its one-line errors, marked as
// errors.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiStandIn } from '../../dist/test/real-client/api-stand-in.js';
import { runClaude } from '../../dist/test/real-client/claude.js';
import { toolExchanges } from '../../dist/test/real-client/conversation.js';
import { cleanupProjects, cli, makeProject } from '../daemon/helpers.js';

afterAll(cleanupProjects);

const home = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-mcp-claude-home-')));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const CALC = `def add(a, b):
    return a + b


def double(x):
    return add(x, x)
`;

const TESTS = `from calc import add


def test_add():
    assert add(1, 2) == 3
`;

describe('Claude Code with tldr as an MCP server', () => {
  it('lists the mcp__tldr__ tools and gets answers and errors from scripted calls', async () => {
    const project = makeProject({ 'calc.py': CALC, 'test_calc.py': TESTS });
    expect(cli(['mcp', 'install', '--scope', 'user'], project.root, { HOME: home }).status).toBe(0);
    const api = await ApiStandIn.start([
      { tool: 'ToolSearch', input: { query: 'select:mcp__tldr__impact,mcp__tldr__structure,mcp__tldr__change_impact' } },
      { tool: 'mcp__tldr__impact', input: { name: 'add' } },
      { tool: 'mcp__tldr__structure', input: { path: '/etc/passwd' } },
      { tool: 'mcp__tldr__change_impact', input: { files: ['calc.py'] } },
      { text: 'finished' },
    ]);
    const run = await runClaude({ cwd: project.root, prompt: 'who calls add?', apiUrl: api.url, home, args: ['--allowedTools', 'mcp__tldr'] });
    await api.close();
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.result?.result).toBe('finished');

    // The deferred tools are announced by name once the server has connected (the first request
    // may go out while it is still connecting); their schemas come with ToolSearch.
    const seen = JSON.stringify(api.turns.map((turn) => turn.body));
    for (const tool of ['structure', 'summary', 'impact', 'context', 'slice', 'diagnostics', 'change_impact']) expect(seen).toContain(`mcp__tldr__${tool}`);
    expect(seen).toContain('tldr answers questions about this codebase');
    // Once selected, the tool is offered with tldr's description and input schema.
    const loaded = api.turns[1].body.tools?.find((tool) => tool.name === 'mcp__tldr__impact') as { description?: string; input_schema?: { required?: string[] } } | undefined;
    expect(loaded?.description).toContain('Who calls a function, method or class');
    expect(loaded?.input_schema?.required).toEqual(['name']);

    const exchanges = toolExchanges(api.requests);
    const impact = exchanges.find((e) => e.name === 'mcp__tldr__impact')!;
    expect(impact.isError).toBe(false);
    expect(impact.result).toBe(cli(['impact', 'add'], project.root).stdout);
    expect(impact.result).toContain('test_add  test_calc.py:5');

    const outside = exchanges.find((e) => e.name === 'mcp__tldr__structure')!;
    expect(outside.isError).toBe(true);
    expect(outside.result).toBe(`tldr: path is outside the project: /etc/passwd (project root is ${project.root})`);

    const change = exchanges.find((e) => e.name === 'mcp__tldr__change_impact')!;
    expect(change.isError).toBe(false);
    expect(change.result).toContain('calc.py (unchanged)');
  }, 120_000);
});
