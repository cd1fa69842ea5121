// Every CLI command, in the order `--help` lists them.
import type { CommandSpec } from '../command.js';

export const COMMANDS: CommandSpec[] = [
];
