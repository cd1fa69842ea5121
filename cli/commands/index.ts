// Every CLI command, in the order `--help` lists them.
import type { CommandSpec } from '../command.js';
import { treeCommand } from './tree.js';
import { benchCommand } from './bench.js';
import { warmCommand } from './warm.js';
import { daemonCommand } from './daemon.js';
import { notifyCommand } from './notify.js';
import { cfgCommand } from './cfg.js';
import { dfgCommand } from './dfg.js';
import { pdgCommand } from './pdg.js';
import { sliceCommand } from './slice.js';
import { archCommand } from './arch.js';
import { callsCommand } from './calls.js';
import { contextCommand } from './context.js';
import { deadCommand } from './dead.js';
import { impactCommand } from './impact.js';
import { importersCommand } from './importers.js';
import { signatureCommand } from './signature.js';
import { structureCommand } from './structure.js';
import { extractCommand } from './extract.js';
import { summaryCommand } from './summary.js';
import { importsCommand } from './imports.js';
import { searchCommand } from './search.js';
import { diagnosticsCommand } from './diagnostics.js';
import { changeImpactCommand } from './change-impact.js';
import { mcpCommand } from './mcp.js';
import { hookCommand } from './hook.js';
import { hooksCommand } from './hooks.js';

export const COMMANDS: CommandSpec[] = [
  warmCommand,
  treeCommand,
  structureCommand,
  extractCommand,
  summaryCommand,
  importsCommand,
  cfgCommand,
  dfgCommand,
  pdgCommand,
  sliceCommand,
  callsCommand,
  impactCommand,
  contextCommand,
  signatureCommand,
  searchCommand,
  importersCommand,
  deadCommand,
  archCommand,
  diagnosticsCommand,
  changeImpactCommand,
  benchCommand,
  notifyCommand,
  daemonCommand,
  mcpCommand,
  hookCommand,
  hooksCommand,
];
