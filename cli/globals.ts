// The options every command takes, as the program hands them to a command.

export interface GlobalOptions {
  project?: string;
  json: boolean;
  /** False for `--no-daemon` (commander maps it to `daemon: false`) and under TLDR_NO_DAEMON. */
  daemon: boolean;
}
