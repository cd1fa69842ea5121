// `tldr mcp`: every query command as an MCP tool (core/mcp/tools.ts), answered by the project's
// daemon (core/mcp/backend.ts). The project is the client's first root when it offers roots,
// otherwise the server's working directory — in both cases the project root tldr would discover
// from there, as the CLI and the hooks do, so all three share one daemon; relative paths resolve
// against that directory. A tool answers with the command's text form (what the CLI prints) and the
// command's JSON as structuredContent; a failure is a tool error carrying the CLI's one-line
// message, never a crash of the server.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { TldrError, formatError } from '../errors.js';
import { findProjectRoot } from '../project/root.js';
import { QueryBackend } from './backend.js';
import { LineTransport } from './stdio.js';
import { TOOL_ROWS, type ToolRow } from './tools.js';

/** What the server needs of a query command (the CLI's QueryBinding). */
export interface QueryCommand {
  name: string;
  toArgs(positional: string[], options: Record<string, unknown>): unknown;
  text(result: unknown, options: Record<string, unknown>): string;
}

export interface McpServerOptions {
  /** Query commands by CLI name; rows whose command is missing are not offered. */
  commands: ReadonlyMap<string, QueryCommand>;
  /** Directory used when the client offers no roots. */
  cwd: string;
  version: string;
  /**
   * Leave structuredContent out, answering with the compact text alone. Claude Code (2.1.328)
   * shows the model a tool's structuredContent, as JSON, instead of its text when both are present.
   */
  textOnly?: boolean;
  /** Compute every answer in this process, never asking or starting a daemon. */
  noDaemon?: boolean;
}

/** Text beyond this is cut (with a note): an agent's context is the scarce resource. */
const MAX_TEXT_CHARS = 40_000;
/** A JSON result larger than this is left out of structuredContent (the text says so). */
const MAX_STRUCTURED_BYTES = 2 * 1024 * 1024;

const INSTRUCTIONS = [
  'tldr answers questions about this codebase from a parsed, cached index: structure, call graph, control and data flow, diagnostics.',
  'Prefer `summary` or `structure` to reading a whole file, `signature` to guessing how to call a function, `impact` before changing a definition,',
  'and `diagnostics` plus `change_impact` after editing. Paths are relative to the project root.',
].join(' ');

export class TldrMcpServer {
  readonly server: McpServer;
  private backend: Promise<QueryBackend> | undefined;
  private readonly offered: ToolRow[];

  constructor(private readonly options: McpServerOptions) {
    this.server = new McpServer({ name: 'tldr', version: options.version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
    this.offered = TOOL_ROWS.filter((row) => options.commands.has(row.command));
    for (const row of this.offered) {
      this.server.registerTool(row.name, {
        title: row.title,
        description: row.description,
        inputSchema: row.input,
        annotations: { title: row.title, readOnlyHint: true, openWorldHint: false },
      }, (input: Record<string, unknown>) => this.call(row, input));
    }
    this.server.server.oninitialized = () => void this.project();
    this.server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
      const previous = this.backend;
      this.backend = undefined;
      await (await previous?.catch(() => undefined))?.close();
    });
  }

  /** The names of the tools offered. */
  toolNames(): string[] {
    return this.offered.map((row) => row.name);
  }

  async connect(transport = new LineTransport()): Promise<void> {
    await this.server.connect(transport);
  }

  async close(): Promise<void> {
    await this.server.close();
    await (await this.backend?.catch(() => undefined))?.close();
  }

  private project(): Promise<QueryBackend> {
    this.backend ??= this.resolveProject();
    return this.backend;
  }

  private async resolveProject(): Promise<QueryBackend> {
    const dir = (await this.clientRoot()) ?? this.options.cwd;
    return new QueryBackend(findProjectRoot(dir), dir, !this.options.noDaemon);
  }

  /** The client's first `file://` root that is a directory, if it offers roots. */
  private async clientRoot(): Promise<string | undefined> {
    if (!this.server.server.getClientCapabilities()?.roots) return undefined;
    try {
      const { roots } = await this.server.server.listRoots(undefined, { timeout: 5000 });
      for (const root of roots) {
        if (!root.uri.startsWith('file://')) continue;
        const path = fileURLToPath(root.uri);
        if (existsSync(path) && statSync(path).isDirectory()) return realpathSync(path);
      }
    } catch {
      // A client that declares roots but does not answer: use the working directory.
    }
    return undefined;
  }

  private async call(row: ToolRow, input: Record<string, unknown>): Promise<CallToolResult> {
    try {
      const command = this.options.commands.get(row.command)!;
      const { positional, options } = row.toCommandLine(input);
      const args = command.toArgs(positional, options);
      const backend = await this.project();
      const result = await backend.run(command.name, args);
      return answer(command.text(result, options), this.options.textOnly ? undefined : result);
    } catch (error) {
      const text = error instanceof TldrError
        ? formatError(error)
        : `tldr: internal error: ${(error as Error)?.message ?? String(error)} (please report it)`;
      return { isError: true, content: [{ type: 'text', text }] };
    }
  }
}

/** The text, cut when too long, and the result as structuredContent unless `result` is undefined. */
function answer(text: string, result: unknown): CallToolResult {
  let shown = text;
  if (shown.length > MAX_TEXT_CHARS) {
    const rest = shown.slice(MAX_TEXT_CHARS).split('\n').length;
    shown = `${shown.slice(0, MAX_TEXT_CHARS)}\n… ${rest} more lines cut (narrow the request: a path, a lower depth)\n`;
  }
  if (result === undefined) return { content: [{ type: 'text', text: shown }] };
  const structured = typeof result === 'object' && result !== null && !Array.isArray(result) ? (result as Record<string, unknown>) : { result };
  // Measured only for results whose text had to be cut: a JSON 50 times its text does not occur.
  if (shown !== text && Buffer.byteLength(JSON.stringify(structured)) > MAX_STRUCTURED_BYTES) {
    return { content: [{ type: 'text', text: `${shown}(the JSON result, over ${MAX_STRUCTURED_BYTES / 1024 / 1024} MB, is left out: narrow the request)\n` }] };
  }
  return { content: [{ type: 'text', text: shown }], structuredContent: structured };
}
