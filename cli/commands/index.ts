// Every CLI command, in the order `--help` lists them.
import type { CommandSpec } from '../command.js';
import { treeCommand } from './tree.js';
import { warmCommand } from './warm.js';
import { daemonCommand } from './daemon.js';
import { notifyCommand } from './notify.js';

export const COMMANDS: CommandSpec[] = [
  warmCommand,
  treeCommand,
  notifyCommand,
  daemonCommand,
];
