// The one error type that reaches users: a message and a hint, printed as
// `tldr: <message> (<hint>)`, with the exit code the CLI contract assigns.

export type ExitCode = 1 | 2;

/**
 * Marks a TldrError whichever copy of this module made it: the CLI bundle and the modules it loads
 * from dist/ as they are (the bench harness) each have one, and an error from the other copy is
 * still the user's error, not an internal one.
 */
const BRAND = Symbol.for('tldr.TldrError');

export class TldrError extends Error {
  readonly [BRAND] = true;

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && BRAND in value;
  }

  constructor(
    message: string,
    readonly hint?: string,
    /** 1 = failed lookup or bad input, 2 = usage error. */
    readonly exitCode: ExitCode = 1,
  ) {
    super(message);
    this.name = 'TldrError';
  }

  /** The wire form used by the daemon to carry the error back to a client. */
  toJSON(): { message: string; hint?: string; exitCode: ExitCode } {
    return { message: this.message, hint: this.hint, exitCode: this.exitCode };
  }
}

export function formatError(error: TldrError): string {
  return error.hint ? `tldr: ${error.message} (${error.hint})` : `tldr: ${error.message}`;
}
