// Every CLI command, in the order `--help` lists them.
import type { CommandSpec } from '../command.js';
import { treeCommand } from './tree.js';
import { warmCommand } from './warm.js';

export const COMMANDS: CommandSpec[] = [
  warmCommand,
  treeCommand,
];
