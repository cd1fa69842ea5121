// `pdg <file> <fn>`: control dependences (post-dominator based) and data dependences.
import type { PdgReport } from '../flow/report.js';
import type { FlowArgs } from './cfg.js';
import type { QueryHandler } from './context.js';

export const pdgQuery: QueryHandler<FlowArgs, PdgReport> = async (ctx, args) => {
  const { runFlowQuery } = await import('../flow/service.js');
  return runFlowQuery(ctx, 'pdg', args);
};
