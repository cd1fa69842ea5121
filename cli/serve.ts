// The daemon's side of the fast path: parse a client's command line exactly as the CLI would and,
// for commands that can be answered here, return what the CLI would have printed.
import type { RunResult } from '../core/daemon/protocol.js';
import type { ServeContext } from '../core/daemon/server.js';
import { TldrError, formatError } from '../core/errors.js';
import { resolveProjectRoot } from '../core/project/root.js';
import { parseCommandLine, type ProgramOutput } from './program.js';

/** Help and usage errors are left to the CLI process, which prints them itself. */
const DISCARD: ProgramOutput = { writeOut: () => undefined, writeErr: () => undefined };

export function commandLineServer(root: string): (argv: string[], context: ServeContext) => Promise<RunResult> {
  return async (argv, context) => {
    const parsed = parseCommandLine(argv, DISCARD);
    if (parsed.kind !== 'command' || !parsed.spec.serve || !parsed.globals.daemon) return { handled: false };
    try {
      // Another --project than ours is another daemon's business.
      if (resolveProjectRoot(parsed.globals.project, context.cwd) !== root) return { handled: false };
      const stdout = await parsed.spec.serve(parsed.positional, parsed.options, parsed.globals, context);
      return { handled: true, stdout, stderr: '', exitCode: 0 };
    } catch (error) {
      if (!(error instanceof TldrError)) throw error;
      return { handled: true, stdout: '', stderr: `${formatError(error)}\n`, exitCode: error.exitCode };
    }
  };
}
