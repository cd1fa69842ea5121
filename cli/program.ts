// The full command line: commander parsing into one CommandSpec, running it, and mapping errors to
// the CLI contract (`tldr: <what> (<hint>)` on stderr; exit 1 for bad input or failed lookup, 2
// for usage). Shared by the CLI process and the daemon, which parses the same way to answer the
// fast path.
import { Command, CommanderError } from 'commander';
import { TldrError, formatError } from '../core/errors.js';
import { COMMANDS } from './commands/index.js';
import type { CommandSpec } from './command.js';
import type { GlobalOptions } from './globals.js';
import { daemonDisabledByEnv } from '../core/daemon/wire.cjs';

export type ParsedCommandLine =
  | { kind: 'command'; spec: CommandSpec; positional: string[]; options: Record<string, unknown>; globals: GlobalOptions }
  /** Help, version or a usage error: commander already wrote its output. */
  | { kind: 'exit'; exitCode: number };

export interface ProgramOutput {
  writeOut(text: string): void;
  writeErr(text: string): void;
}

const PROCESS_OUTPUT: ProgramOutput = {
  writeOut: (text) => process.stdout.write(text),
  writeErr: (text) => process.stderr.write(text),
};

function addGlobalOptions(command: Command): Command {
  return command
    .option('--project <dir>', 'project root (default: nearest ancestor with .git, package.json, …)')
    .option('--json', 'print exactly one JSON document', false)
    .option('--no-daemon', 'compute in-process instead of asking the daemon');
}

/**
 * The command a command line names outright: its first word after the global options. Only that
 * command is then built — commander's objects for all of them cost ≈ 3 ms of every CLI start — and
 * it parses the line as it would among all (help, unknown words and usage errors build them all).
 */
function namedCommand(argv: string[]): CommandSpec | undefined {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === '--json' || word === '--no-daemon' || word.startsWith('--project=')) continue;
    if (word === '--project') {
      i++;
      continue;
    }
    return COMMANDS.find((spec) => spec.name === word);
  }
  return undefined;
}

function buildProgram(
  output: ProgramOutput,
  onRun: (spec: CommandSpec, positional: string[], options: Record<string, unknown>) => void,
  commands: readonly CommandSpec[],
): Command {
  const program = addGlobalOptions(new Command('tldr'))
    .description('Code intelligence for AI coding agents')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput(output);
  for (const spec of commands) {
    const command = program.command(spec.args ? `${spec.name} ${spec.args}` : spec.name).description(spec.summary);
    addGlobalOptions(command);
    spec.options?.(command);
    command.exitOverride().configureOutput(output).action((...params: unknown[]) => {
      const cmd = params[params.length - 1] as Command;
      const positional = (params.slice(0, -2) as (string | string[] | undefined)[])
        .flatMap((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));
      onRun(spec, positional, cmd.optsWithGlobals());
    });
  }
  return program;
}

/** Parses argv (without `node tldr`) into the command to run, or the exit code of help/usage. */
export function parseCommandLine(argv: string[], output: ProgramOutput = PROCESS_OUTPUT): ParsedCommandLine {
  let chosen: { spec: CommandSpec; positional: string[]; options: Record<string, unknown> } | undefined;
  const named = namedCommand(argv);
  const program = buildProgram(output, (spec, positional, options) => {
    chosen = { spec, positional, options };
  }, named ? [named] : COMMANDS);
  try {
    program.parse(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return { kind: 'exit', exitCode: error.exitCode === 0 ? 0 : 2 };
    throw error;
  }
  if (!chosen) {
    program.outputHelp();
    return { kind: 'exit', exitCode: 2 };
  }
  const globals: GlobalOptions = {
    project: chosen.options.project as string | undefined,
    json: Boolean(chosen.options.json),
    daemon: chosen.options.daemon !== false,
  };
  return { kind: 'command', ...chosen, globals };
}

/** Runs one command line in this process and sets the exit code. */
export async function runCommandLine(argv: string[]): Promise<void> {
  // A reader that stops early (`tldr … | head`) closes the pipe: that ends the output, not in error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
  try {
    const parsed = parseCommandLine(argv);
    if (parsed.kind === 'exit') {
      process.exitCode = parsed.exitCode;
      return;
    }
    // Read here, not in parseCommandLine: the daemon parses its clients' command lines too.
    if (daemonDisabledByEnv()) parsed.globals.daemon = false;
    process.exitCode = await parsed.spec.run(parsed.positional, parsed.options, parsed.globals, COMMANDS);
  } catch (error) {
    if (error instanceof TldrError) {
      process.stderr.write(`${formatError(error)}\n`);
      process.exitCode = error.exitCode;
    } else {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`tldr: internal error: ${message} (please report it; rerun with TLDR_DEBUG=1 for details)\n`);
      if (process.env.TLDR_DEBUG) process.stderr.write(`${(error as Error)?.stack ?? ''}\n`);
      process.exitCode = 1;
    }
  }
}
