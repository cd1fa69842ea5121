// `pdg <file> <fn>`: control dependences (post-dominator based) and data dependences.
import { pdgReport, type PdgReport } from '../flow/report.js';
import type { FlowArgs } from './cfg.js';
import type { QueryHandler } from './context.js';

export const pdgQuery: QueryHandler<FlowArgs, PdgReport> = async (ctx, args) => {
  const { loadFunctionFlow } = await import('../flow/service.js');
  const target = await loadFunctionFlow(ctx, args.file, args.function);
  return pdgReport({ file: target.file, function: target.fn.qualified_name }, target.flow);
};
