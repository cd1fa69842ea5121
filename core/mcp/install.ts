// `tldr mcp install|uninstall`: the `tldr` entry in a client's MCP configuration, merged into what
// is there. Claude Code keeps project servers in `<project>/.mcp.json` and user servers in
// `~/.claude.json` (`$CLAUDE_CONFIG_DIR/.claude.json` when set) under `mcpServers` — the files
// `claude mcp add -s project|user` writes (2.1.328). Every other key and server is kept as it was;
// a file that is not a JSON object is refused, never overwritten; a changed file is backed up first
// and replaced atomically; installing twice changes nothing.
import { copyFileSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { TldrError } from '../errors.js';

export type McpScope = 'project' | 'user';

export const SERVER_NAME = 'tldr';

export interface StdioServerEntry {
  type: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
}

export interface ConfigChange {
  file: string;
  action: 'added' | 'updated' | 'unchanged' | 'removed' | 'absent';
  backup?: string;
}

export function mcpConfigFile(scope: McpScope, root: string, env: NodeJS.ProcessEnv = process.env): string {
  if (scope === 'project') return join(root, '.mcp.json');
  return join(env.CLAUDE_CONFIG_DIR || homedir(), '.claude.json');
}

/**
 * How Claude Code starts `tldr mcp`: text-only answers, since it shows the model a tool's
 * structuredContent instead of the compact text. A project-scope entry is shared with everyone who
 * checks the project out: when tldr is installed inside the project it names it relative to the
 * project (clients start stdio servers in the project directory); otherwise, and for the user
 * scope, it names this machine's node and tldr.
 */
export function serverEntry(scope: McpScope, root: string, bin: string, node = process.execPath): StdioServerEntry {
  const inside = relative(root, bin);
  if (scope === 'project' && !inside.startsWith('..') && !inside.startsWith(sep)) {
    return { type: 'stdio', command: 'node', args: [inside.split(sep).join('/'), 'mcp', '--text-only'], env: {} };
  }
  return { type: 'stdio', command: node, args: [bin, 'mcp', '--text-only'], env: {} };
}

type Config = Record<string, unknown> & { mcpServers?: Record<string, unknown> };

function readConfig(file: string): Config | undefined {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new TldrError(`cannot update ${file}: it is not valid JSON (${(error as Error).message})`, 'fix or move the file; nothing was changed');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new TldrError(`cannot update ${file}: it is not a JSON object`, 'fix or move the file; nothing was changed');
  }
  const config = parsed as Config;
  const servers = config.mcpServers;
  if (servers !== undefined && (typeof servers !== 'object' || servers === null || Array.isArray(servers))) {
    throw new TldrError(`cannot update ${file}: its "mcpServers" is not an object`, 'fix or move the file; nothing was changed');
  }
  return config;
}

/** Backs up the current file, then replaces it atomically, keeping its permissions. */
function writeConfig(file: string, config: Config): string | undefined {
  let backup: string | undefined;
  let mode = 0o644;
  if (existsSync(file)) {
    mode = statSync(file).mode & 0o777;
    backup = `${file}.tldr.bak`;
    copyFileSync(file, backup);
  }
  const temp = join(dirname(file), `.${process.pid}.${Date.now()}.tldr.tmp`);
  writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`, { mode });
  renameSync(temp, file);
  return backup;
}

export function installServer(file: string, entry: StdioServerEntry): ConfigChange {
  const config = readConfig(file) ?? {};
  const servers = { ...(config.mcpServers ?? {}) };
  const existing = servers[SERVER_NAME];
  if (isDeepStrictEqual(existing, entry)) return { file, action: 'unchanged' };
  servers[SERVER_NAME] = entry;
  const backup = writeConfig(file, { ...config, mcpServers: servers });
  return { file, action: existing === undefined ? 'added' : 'updated', ...(backup ? { backup } : {}) };
}

export function uninstallServer(file: string): ConfigChange {
  const config = readConfig(file);
  if (!config?.mcpServers || !(SERVER_NAME in config.mcpServers)) return { file, action: 'absent' };
  const { [SERVER_NAME]: _removed, ...servers } = config.mcpServers;
  const backup = writeConfig(file, { ...config, mcpServers: servers });
  return { file, action: 'removed', ...(backup ? { backup } : {}) };
}
