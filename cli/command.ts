// The shape of a CLI command and the shared runner for query commands: route to the daemon when
// it is up, else compute in-process, then print JSON or text from the same result.
import type { Command } from 'commander';
import type { ServeContext } from '../core/daemon/server.js';
import { TldrError } from '../core/errors.js';
import type { GlobalOptions } from './globals.js';

export interface CommandSpec {
  name: string;
  /** Positional arguments in commander syntax: `<file>`, `[path]`, `<file> <fn> <line>`. */
  args?: string;
  summary: string;
  /** Adds command-specific options. */
  options?: (command: Command) => void;
  /**
   * Runs the command; returns the process exit code. `commands` is every command of the program
   * (the MCP server exposes the query ones), handed in so that no command imports the list.
   */
  run(positional: string[], options: Record<string, unknown>, globals: GlobalOptions, commands: readonly CommandSpec[]): Promise<number>;
  /**
   * Answers the command inside the daemon (the fast path): returns exactly what `run` would print
   * on stdout, or throws the TldrError `run` would throw. Commands without it always run in the
   * CLI process.
   */
  serve?(positional: string[], options: Record<string, unknown>, globals: GlobalOptions, context: ServeContext): Promise<string>;
  /** Set for query commands: the handler they run, their arguments, their text form (the MCP tools reuse these). */
  query?: QueryBinding;
}

export interface QueryBinding {
  /** The query handler's name (core/query/handlers.ts). */
  name: string;
  toArgs(positional: string[], options: Record<string, unknown>): unknown;
  text(result: unknown, options: Record<string, unknown>): string;
}

export interface QuerySpec<A, R> {
  name: string;
  args?: string;
  summary: string;
  options?: (command: Command) => void;
  /** Builds the handler's arguments from the command line. */
  toArgs(positional: string[], options: Record<string, unknown>): A;
  /** The compact text form for humans and agents (options: the command's own, e.g. an output style). */
  text(result: R, options: Record<string, unknown>): string;
}

/** A command answered by the query handler of the same name. */
export function queryCommand<A, R>(spec: QuerySpec<A, R>): CommandSpec {
  return {
    name: spec.name,
    args: spec.args,
    summary: spec.summary,
    options: spec.options,
    query: { name: spec.name, toArgs: spec.toArgs, text: (result, options) => ensureNewline(spec.text(result as R, options)) },
    async run(positional, options, globals) {
      const { runQuery } = await import('./run-query.js');
      const result = (await runQuery(spec.name, spec.toArgs(positional, options), globals)) as R;
      process.stdout.write(formatResult(spec, result, globals.json, options));
      return 0;
    },
    async serve(positional, options, globals, context) {
      const { computeQuery } = await import('./run-query.js');
      const args = spec.toArgs(positional, options);
      const result = (await computeQuery(spec.name, await context.index(), context.cwd, args)) as R;
      return formatResult(spec, result, globals.json, options);
    },
  };
}

/** The one place a query result becomes output, whichever process computed it. */
function formatResult<A, R>(spec: QuerySpec<A, R>, result: R, json: boolean, options: Record<string, unknown>): string {
  return json ? `${JSON.stringify(result)}\n` : ensureNewline(spec.text(result, options));
}

function ensureNewline(text: string): string {
  return text.endsWith('\n') || text === '' ? text : `${text}\n`;
}

/** Parses a positive integer option, or throws a usage error naming the option. */
export function intOption(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new TldrError(`${name} must be a non-negative integer, got ${String(value)}`, `e.g. ${name} ${fallback}`, 2);
  }
  return parsed;
}
