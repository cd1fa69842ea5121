// `tldr mcp`: the MCP server on stdio (stdout carries the protocol and nothing else).
// `tldr mcp install|uninstall [--scope project|user]`: adds tldr to, or removes it from, the
// client's MCP configuration by merging (core/mcp/install.ts).
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import type { CommandSpec } from '../command.js';
import { TldrError } from '../../core/errors.js';

const ACTIONS = ['serve', 'install', 'uninstall'];
const SCOPES = ['project', 'user'];

export const mcpCommand: CommandSpec = {
  name: 'mcp',
  args: '[action]',
  summary: 'MCP server on stdio exposing the query commands as tools; `mcp install|uninstall [--scope project|user]` edits the client\'s MCP configuration',
  options: (command: Command) => {
    command
      .option('--scope <scope>', 'where install/uninstall writes: project (.mcp.json, default) or user (~/.claude.json)')
      .option('--text-only', 'answer tools with the compact text alone, without structuredContent (what install configures for Claude Code, which shows structuredContent instead of the text)');
  },
  async run(positional, options, globals, commands) {
    const action = positional[0] ?? 'serve';
    if (!ACTIONS.includes(action)) throw new TldrError(`unknown mcp action ${action}`, 'use install or uninstall, or no action to serve', 2);
    if (action === 'serve') return serve(commands, globals.project, options.textOnly === true, !globals.daemon);
    const scope = (options.scope as string | undefined) ?? 'project';
    if (!SCOPES.includes(scope)) throw new TldrError(`unknown scope ${scope}`, 'use project or user', 2);
    const [{ resolveProjectRoot }, install] = await Promise.all([import('../../core/project/root.js'), import('../../core/mcp/install.js')]);
    const root = resolveProjectRoot(globals.project);
    const file = install.mcpConfigFile(scope as 'project' | 'user', root);
    const bin = fileURLToPath(new URL('../tldr.cjs', import.meta.url));
    const change = action === 'install'
      ? install.installServer(file, install.serverEntry(scope as 'project' | 'user', root, bin))
      : install.uninstallServer(file);
    const said: Record<typeof change.action, string> = {
      added: `added the tldr MCP server to ${file}`,
      updated: `updated the tldr MCP server in ${file}`,
      unchanged: `the tldr MCP server is already in ${file}`,
      removed: `removed the tldr MCP server from ${file}`,
      absent: `no tldr MCP server in ${file}`,
    };
    const backup = change.backup ? ` (previous version saved as ${change.backup})` : '';
    process.stdout.write(globals.json ? `${JSON.stringify(change)}\n` : `${said[change.action]}${backup}\n`);
    return 0;
  },
};

async function serve(all: readonly CommandSpec[], project: string | undefined, textOnly: boolean, noDaemon: boolean): Promise<number> {
  const [{ TldrMcpServer }, { resolveProjectRoot }] = await Promise.all([
    import('../../core/mcp/server.js'),
    import('../../core/project/root.js'),
  ]);
  const commands = new Map(all.flatMap((spec) => (spec.query ? [[spec.name, spec.query] as const] : [])));
  const { DAEMON_VERSION } = await import('../../core/daemon/wire.cjs');
  const server = new TldrMcpServer({
    commands,
    // --project names the project when the client offers no roots.
    cwd: project === undefined ? process.cwd() : resolveProjectRoot(project),
    version: DAEMON_VERSION.split('/')[0],
    textOnly,
    noDaemon,
  });
  const closed = new Promise<void>((resolve) => {
    server.server.server.onclose = () => resolve();
  });
  await server.connect();
  await closed;
  await server.close();
  return 0;
}
