// `tldr mcp` driven by the SDK's own Client over stdio: the tools it lists, every tool answering
// with the CLI's text and the command's JSON, errors as tool errors with the CLI's message, paths
// outside the project refused, malformed input answered with protocol errors, the client's root
// used as the project, and the answers coming from the daemon the CLI uses.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { pathToFileURL } from 'node:url';
import { CLI, cleanupProjects, cli, cliEnv, makeProject, type TempProject } from '../daemon/helpers.js';

afterAll(cleanupProjects);

const PYTHON = `"""Geometry helpers."""
import math


class Shape:
    def area(self) -> float:
        raise NotImplementedError


class Circle(Shape):
    def __init__(self, r: float):
        self.r = r

    def area(self) -> float:
        scaled = self.r ** 2
        return math.pi * scaled


def total_area(shapes):
    total = 0
    for s in shapes:
        total += s.area()
    return total
`;

const TYPESCRIPT = `import { readFileSync } from 'node:fs';

/** Loads a config file. */
export function loadConfig(file: string): Record<string, unknown> {
  const text = readFileSync(file, 'utf8');
  return JSON.parse(text);
}

export function main(): void {
  loadConfig('a.json');
}
`;

/** Every tool but `search` (another branch's), with arguments, and the CLI command line it equals. */
const CALLS: Array<{ tool: string; args: Record<string, unknown>; argv: string[] }> = [
  { tool: 'structure', args: { path: 'src/geometry.py' }, argv: ['structure', 'src/geometry.py'] },
  { tool: 'summary', args: { file: 'src/config.ts' }, argv: ['summary', 'src/config.ts'] },
  { tool: 'extract', args: { file: 'src/config.ts' }, argv: ['extract', 'src/config.ts'] },
  { tool: 'imports', args: { file: 'src/geometry.py' }, argv: ['imports', 'src/geometry.py'] },
  { tool: 'importers', args: { module: 'math' }, argv: ['importers', 'math'] },
  { tool: 'tree', args: {}, argv: ['tree'] },
  { tool: 'impact', args: { name: 'Circle.area', depth: 2 }, argv: ['impact', 'Circle.area', '--depth', '2'] },
  { tool: 'context', args: { name: 'total_area' }, argv: ['context', 'total_area'] },
  { tool: 'signature', args: { name: 'loadConfig' }, argv: ['signature', 'loadConfig'] },
  { tool: 'calls', args: { path: 'src', resolved_only: true }, argv: ['calls', 'src', '--resolved'] },
  { tool: 'dead', args: {}, argv: ['dead'] },
  { tool: 'arch', args: {}, argv: ['arch'] },
  { tool: 'cfg', args: { file: 'src/geometry.py', function: 'total_area' }, argv: ['cfg', 'src/geometry.py', 'total_area'] },
  { tool: 'dfg', args: { file: 'src/config.ts', function: 'loadConfig' }, argv: ['dfg', 'src/config.ts', 'loadConfig'] },
  { tool: 'pdg', args: { file: 'src/geometry.py', function: 'total_area' }, argv: ['pdg', 'src/geometry.py', 'total_area'] },
  { tool: 'slice', args: { file: 'src/geometry.py', function: 'Circle.area', line: 16 }, argv: ['slice', 'src/geometry.py', 'Circle.area', '16'] },
  { tool: 'diagnostics', args: { path: 'src', types: false }, argv: ['diagnostics', 'src', '--no-types'] },
  { tool: 'change_impact', args: { files: ['src/config.ts'] }, argv: ['change-impact', 'src/config.ts'] },
];

function connect(cwd: string, options: { roots?: string[]; args?: string[] } = {}): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', ...(options.args ?? [])], cwd, env: cliEnv() as Record<string, string>, stderr: 'pipe' });
  const client = new Client({ name: 'tldr-test', version: '1.0.0' }, { capabilities: options.roots ? { roots: {} } : {} });
  if (options.roots) {
    const roots = options.roots;
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: roots.map((dir) => ({ uri: pathToFileURL(dir).href, name: 'project' })) }));
  }
  return client.connect(transport).then(() => client);
}

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

describe('tldr mcp over stdio', () => {
  let project: TempProject;
  let client: Client;

  beforeAll(async () => {
    project = makeProject({ 'src/geometry.py': PYTHON, 'src/config.ts': TYPESCRIPT });
    client = await connect(project.root);
  });

  afterAll(async () => {
    await client?.close();
  });

  it('lists one tool per query command, each with a description and an input schema', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name).sort();
    const expected = CALLS.map((call) => call.tool);
    // `search` is offered once the search command exists; nothing else beyond the query commands.
    expect(names.filter((name) => name !== 'search')).toEqual([...expected].sort());
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(60);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    const slice = tools.find((tool) => tool.name === 'slice')!;
    expect(slice.inputSchema.required).toEqual(['file', 'function', 'line']);
    expect((slice.inputSchema.properties as Record<string, { type: string }>).line.type).toBe('integer');
  });

  for (const call of CALLS) {
    it(`${call.tool} answers the CLI's text and the command's JSON`, async () => {
      const result = (await client.callTool({ name: call.tool, arguments: call.args })) as CallToolResult;
      expect(result.isError, text(result)).toBeFalsy();
      const viaCli = cli(call.argv, project.root);
      expect(viaCli.status, viaCli.stderr).toBe(0);
      expect(text(result)).toBe(viaCli.stdout);
      const json = cli([...call.argv, '--json'], project.root);
      expect(result.structuredContent).toEqual(JSON.parse(json.stdout));
    });
  }

  it('answers in the JSON shapes of DESIGN §4', async () => {
    const structure = (await client.callTool({ name: 'structure', arguments: { path: 'src/geometry.py' } })).structuredContent as Record<string, unknown>;
    expect(structure).toMatchObject({ file: 'src/geometry.py', language: 'python' });
    expect((structure.functions as Array<{ name: string }>).map((f) => f.name)).toEqual(['total_area']);
    const impact = (await client.callTool({ name: 'impact', arguments: { name: 'loadConfig' } })).structuredContent as Record<string, unknown>;
    expect(impact).toMatchObject({ target: 'loadConfig', definitions: [{ file: 'src/config.ts', line: 4, qualified_name: 'loadConfig' }] });
    expect(impact.callers).toEqual([expect.objectContaining({ file: 'src/config.ts', function: 'main', line: 10, depth: 1 })]);
    const slice = (await client.callTool({ name: 'slice', arguments: { file: 'src/geometry.py', function: 'Circle.area', line: 16 } })).structuredContent;
    expect(slice).toMatchObject({ file: 'src/geometry.py', function: 'Circle.area', line: 16, direction: 'backward', lines: [14, 15, 16] });
  });

  it('a failed lookup is a tool error with the CLI\'s one-line message', async () => {
    const result = (await client.callTool({ name: 'impact', arguments: { name: 'no_such_function' } })) as CallToolResult;
    expect(result.isError).toBe(true);
    const viaCli = cli(['impact', 'no_such_function'], project.root);
    expect(viaCli.status).toBe(1);
    expect(`${text(result)}\n`).toBe(viaCli.stderr);
    const outside = (await client.callTool({ name: 'slice', arguments: { file: 'src/geometry.py', function: 'total_area', line: 2 } })) as CallToolResult;
    expect(outside.isError).toBe(true);
    expect(text(outside)).toMatch(/^tldr: line 2 is outside total_area \(lines 19-23\)/);
  });

  it('refuses paths outside the project', async () => {
    for (const args of [{ path: '/etc/passwd' }, { path: '../../etc' }]) {
      const result = (await client.callTool({ name: 'structure', arguments: args })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(/^tldr: path is outside the project: .* \(project root is /);
    }
    const diff = (await client.callTool({ name: 'change_impact', arguments: { files: ['/etc/hosts'] } })) as CallToolResult;
    expect(diff.isError).toBe(true);
    expect(text(diff)).toContain('path is outside the project: /etc/hosts');
  });

  it('arguments that do not fit the schema are a tool error naming the field', async () => {
    const result = (await client.callTool({ name: 'slice', arguments: { file: 'src/geometry.py', function: 'total_area', line: 'twenty' } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/line/);
    // The server is still serving.
    expect((await client.callTool({ name: 'tree', arguments: {} })).isError).toBeFalsy();
  });

  it('answers from the project\'s daemon, the one the CLI uses', async () => {
    const status = JSON.parse(cli(['daemon', 'status', '--json'], project.root).stdout);
    expect(status.running).toBe(true);
    const before = status.requests as number;
    await client.callTool({ name: 'signature', arguments: { name: 'area' } });
    const after = JSON.parse(cli(['daemon', 'status', '--json'], project.root).stdout).requests as number;
    // The tool call and this status request.
    expect(after - before).toBe(2);
  });

  it('sees an edit at once: the daemon re-reads the changed file', async () => {
    project.write('src/extra.py', 'def fresh_function():\n    return 1\n');
    const result = (await client.callTool({ name: 'signature', arguments: { name: 'fresh_function' } })) as CallToolResult;
    expect(result.isError, text(result)).toBeFalsy();
    expect(text(result)).toContain('src/extra.py:1');
  });
});

describe('the client\'s root is the project', () => {
  it('uses the first root the client offers, not the server\'s cwd, and refuses paths outside it', async () => {
    const served = makeProject({ 'lib/a.py': 'def in_root():\n    return 1\n' });
    const elsewhere = makeProject({ 'b.py': 'def elsewhere():\n    return 2\n' });
    const client = await connect(elsewhere.root, { roots: [served.root] });
    try {
      const tree = (await client.callTool({ name: 'tree', arguments: {} })).structuredContent as { files: Array<{ path: string }> };
      expect(tree.files.map((f) => f.path)).toEqual(['lib/a.py']);
      const outside = (await client.callTool({ name: 'structure', arguments: { path: `${elsewhere.root}/b.py` } })) as CallToolResult;
      expect(outside.isError).toBe(true);
      expect(text(outside)).toContain('path is outside the project');
    } finally {
      await client.close();
    }
  });

  it('--no-daemon answers in the server\'s own process and starts no daemon', async () => {
    const p = makeProject({ 'a.py': 'def f():\n    return g()\n\n\ndef g():\n    return 1\n' });
    const client = await connect(p.root, { args: ['--no-daemon'] });
    try {
      const result = (await client.callTool({ name: 'impact', arguments: { name: 'g' } })) as CallToolResult;
      expect(text(result)).toBe(cli(['impact', 'g', '--no-daemon'], p.root).stdout);
      expect(JSON.parse(cli(['daemon', 'status', '--json'], p.root).stdout).running).toBe(false);
    } finally {
      await client.close();
    }
  });

  it('--text-only answers without structuredContent', async () => {
    const p = makeProject({ 'a.py': 'def f():\n    return 1\n' });
    const client = await connect(p.root, { args: ['--text-only'] });
    try {
      const result = (await client.callTool({ name: 'structure', arguments: { path: 'a.py' } })) as CallToolResult;
      expect(result.structuredContent).toBeUndefined();
      expect(text(result)).toBe(cli(['structure', 'a.py'], p.root).stdout);
    } finally {
      await client.close();
    }
  });
});

describe('malformed input', () => {
  /** Sends raw lines to `tldr mcp` and collects the JSON-RPC messages it answers, until `count` arrived. */
  function exchange(cwd: string, lines: string[], count: number): Promise<{ replies: Array<Record<string, unknown>>; exitCode: number | null }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, 'mcp'], { cwd, env: cliEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
      const replies: Array<Record<string, unknown>> = [];
      let buffer = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`only ${replies.length} replies: ${JSON.stringify(replies)}`));
      }, 30_000);
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        for (let nl = buffer.indexOf('\n'); nl !== -1; nl = buffer.indexOf('\n')) {
          replies.push(JSON.parse(buffer.slice(0, nl)));
          buffer = buffer.slice(nl + 1);
        }
        if (replies.length >= count) child.stdin.end();
      });
      child.on('close', (exitCode) => {
        clearTimeout(timer);
        resolve({ replies, exitCode });
      });
      for (const line of lines) child.stdin.write(`${line}\n`);
    });
  }

  it('answers garbage with JSON-RPC protocol errors and keeps serving', async () => {
    const p = makeProject({ 'a.py': 'def f():\n    return 1\n' });
    const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    const { replies, exitCode } = await exchange(p.root, [
      init,
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      '{this is not json',
      JSON.stringify({ hello: 'world', id: 7 }),
      JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { arguments: {} } }),
      JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'no/such/method' }),
      JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'structure', arguments: { path: 'a.py' } } }),
    ], 6);
    expect(exitCode).toBe(0);
    const byId = new Map(replies.map((reply) => [reply.id, reply]));
    expect(byId.get(1)).toHaveProperty('result.serverInfo.name', 'tldr');
    const parse = replies.find((reply) => reply.id === null && (reply.error as { code: number }).code === -32700);
    expect(parse).toBeDefined();
    expect(byId.get(7)).toHaveProperty('error.code', -32600);
    expect((byId.get(8)?.error as { code: number }).code).toBeLessThan(-32000);
    expect(byId.get(9)).toHaveProperty('error.code', -32601);
    const answered = byId.get(10)?.result as CallToolResult;
    expect(answered.isError).toBeFalsy();
    expect(text(answered)).toContain('f 1-2');
  });
});
