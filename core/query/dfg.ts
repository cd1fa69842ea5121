// `dfg <file> <fn>`: definitions, uses and def-use edges (reaching definitions over the CFG).
import type { DfgReport } from '../flow/report.js';
import type { FlowArgs } from './cfg.js';
import type { QueryHandler } from './context.js';

export const dfgQuery: QueryHandler<FlowArgs, DfgReport> = async (ctx, args) => {
  const { runFlowQuery } = await import('../flow/service.js');
  return runFlowQuery(ctx, 'dfg', args);
};
