#!/usr/bin/env node
// Entry point: parses the command line, runs one command, maps errors to the CLI contract
// (`tldr: <what> (<hint>)` on stderr; exit 1 for bad input or failed lookup, 2 for usage).
import { Command, CommanderError } from 'commander';
import { TldrError, formatError } from '../core/errors.js';
import { COMMANDS } from './commands/index.js';
import type { CommandSpec, GlobalOptions } from './command.js';

function addGlobalOptions(command: Command): Command {
  return command
    .option('--project <dir>', 'project root (default: nearest ancestor with .git, package.json, …)')
    .option('--json', 'print exactly one JSON document', false)
    .option('--no-daemon', 'compute in-process instead of asking the daemon');
}

function buildProgram(onRun: (spec: CommandSpec, positional: string[], options: Record<string, unknown>) => void): Command {
  const program = addGlobalOptions(new Command('tldr'))
    .description('Code intelligence for AI coding agents')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  for (const spec of COMMANDS) {
    const command = program.command(spec.args ? `${spec.name} ${spec.args}` : spec.name).description(spec.summary);
    addGlobalOptions(command);
    spec.options?.(command);
    command.exitOverride().action((...params: unknown[]) => {
      const cmd = params[params.length - 1] as Command;
      const positional = (params.slice(0, -2) as (string | string[] | undefined)[])
        .flatMap((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));
      onRun(spec, positional, cmd.optsWithGlobals());
    });
  }
  return program;
}

async function main(argv: string[]): Promise<number> {
  let chosen: { spec: CommandSpec; positional: string[]; options: Record<string, unknown> } | undefined;
  const program = buildProgram((spec, positional, options) => {
    chosen = { spec, positional, options };
  });
  try {
    program.parse(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : 2;
    }
    throw error;
  }
  if (!chosen) {
    program.outputHelp();
    return 2;
  }
  const globals: GlobalOptions = {
    project: chosen.options.project as string | undefined,
    json: Boolean(chosen.options.json),
    daemon: chosen.options.daemon !== false,
  };
  return chosen.spec.run(chosen.positional, chosen.options, globals);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof TldrError) {
      process.stderr.write(`${formatError(error)}\n`);
      process.exitCode = error.exitCode;
    } else {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`tldr: internal error: ${message} (please report it; rerun with TLDR_DEBUG=1 for details)\n`);
      if (process.env.TLDR_DEBUG) process.stderr.write(`${(error as Error)?.stack ?? ''}\n`);
      process.exitCode = 1;
    }
  },
);
