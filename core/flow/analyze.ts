// One function's flow analyses, computed together from its syntax and the language's profile.
// Pure: syntax in, data out. The PDG is built on first use (cfg and dfg commands do not need it).
import type { Node } from 'web-tree-sitter';
import { nodeAccesses, type NodeAccesses } from './accesses.js';
import { buildCfg, type Cfg } from './cfg.js';
import { buildPdg, type Pdg } from './pdg.js';
import type { FlowProfile } from './profile.js';
import { reachingDefinitions, type Dataflow } from './reaching.js';
import { mirror, type Syntax } from './syntax.js';

export interface FunctionFlow {
  syntax: Syntax;
  cfg: Cfg;
  accesses: NodeAccesses[];
  dataflow: Dataflow;
  pdg(): Pdg;
}

const opaqueTypes = new WeakMap<FlowProfile, ReadonlySet<string>>();

/** Analyses a function node of a parsed tree; the tree may be deleted afterwards. */
export function analyseFunctionNode(fn: Node, source: string, profile: FlowProfile): FunctionFlow {
  let opaque = opaqueTypes.get(profile);
  if (!opaque) {
    // Subtrees the data walker skips hold no flow: their insides need not be copied.
    opaque = new Set(profile.data.skip);
    opaqueTypes.set(profile, opaque);
  }
  return analyseSyntax(mirror(fn, source, opaque), profile);
}

export function analyseSyntax(syntax: Syntax, profile: FlowProfile): FunctionFlow {
  const cfg = buildCfg(syntax, syntax.root, profile);
  const accesses = nodeAccesses(syntax, cfg, profile);
  const dataflow = reachingDefinitions(cfg, accesses);
  let pdg: Pdg | undefined;
  return {
    syntax,
    cfg,
    accesses,
    dataflow,
    pdg: () => (pdg ??= buildPdg(cfg, dataflow)),
  };
}
