// The MCP server on the real ≈ 100k-line tree: a tool call's round trip as an MCP client sees it
// (SDK client → `tldr mcp` over stdio → the project's warm daemon → back), for the queries an
// agent asks most, and tree-sitter diagnostics of one file both through MCP and in the daemon.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { FileRecord } from '../../core/types.js';
import { buildRealTree, type RealTree } from '../real-code.js';
import { serveProject, type ServedProject } from '../served-project.js';
import type { BenchSuite, TimedTask } from '../suite.js';

const CLI = fileURLToPath(new URL('../../cli/main.js', import.meta.url));

let tree: RealTree | undefined;
let served: ServedProject | undefined;
let client: Client | undefined;
let files: string[] = [];
let names: string[] = [];

async function call(name: string, args: Record<string, unknown>): Promise<void> {
  const result = await client!.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
}

export const suite: BenchSuite = {
  name: 'mcp',
  async setup() {
    tree = buildRealTree(100_000);
    served = await serveProject(tree.root);
    const env = { ...process.env } as Record<string, string>;
    delete env.NODE_EXTRA_CA_CERTS;
    client = new Client({ name: 'tldr-bench', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], cwd: tree.root, env, stderr: 'ignore' }));
    const listed = (await served.query('tree', {})) as { files: { path: string; lines: number }[] };
    files = listed.files.filter((file) => file.lines >= 300).map((file) => file.path);
    const records = await Promise.all(files.map((file) => served!.query('extract', { file }) as Promise<FileRecord>));
    names = [...new Set(records.flatMap((record) => record.functions.map((fn) => fn.name)))].filter((name) => !name.startsWith('<')).sort();
    // The first call connects the server to the daemon; a few rounds of every kind let both
    // processes compile their hot paths, so the timed calls measure a warm server and daemon.
    for (let round = 0; round < 10; round++) {
      const path = files[round % files.length];
      await call('tree', { path });
      await call('summary', { file: path });
      await call('structure', { path });
      await call('signature', { name: names[round % names.length] });
      await call('impact', { name: names[round % names.length] });
      await call('diagnostics', { path, types: false });
    }
  },
  tasks(): TimedTask[] {
    let next = 0;
    const file = () => files[next++ % files.length];
    const name = () => names[next++ % names.length];
    const limits = { maxP50Ms: 5, maxP99Ms: 25, iterations: 200, timeMs: 2000 };
    return [
      { name: `MCP summary <file> round trip (${files.length} files ≥ 300 lines)`, fn: () => call('summary', { file: file() }), ...limits },
      { name: 'MCP structure <file> round trip', fn: () => call('structure', { path: file() }), ...limits },
      { name: `MCP signature <name> round trip (${names.length} names)`, fn: () => call('signature', { name: name() }), ...limits },
      { name: 'MCP impact <name> round trip', fn: () => call('impact', { name: name() }), ...limits },
      { name: 'MCP diagnostics <file> (tree-sitter syntax errors) round trip', fn: () => call('diagnostics', { path: file(), types: false }), maxP50Ms: 10, maxP99Ms: 25, iterations: 200, timeMs: 2000 },
      { name: 'daemon diagnostics <file> (tree-sitter syntax errors)', fn: () => served!.query('diagnostics', { path: file(), types: false }), maxP50Ms: 10, iterations: 200, timeMs: 1000 },
    ];
  },
  async teardown() {
    await client?.close();
    await served?.stop();
    tree?.cleanup();
    client = undefined;
    served = undefined;
    files = [];
    names = [];
  },
};
