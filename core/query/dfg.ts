// `dfg <file> <fn>`: definitions, uses and def-use edges (reaching definitions over the CFG).
import { dfgReport, type DfgReport } from '../flow/report.js';
import type { FlowArgs } from './cfg.js';
import type { QueryHandler } from './context.js';

export const dfgQuery: QueryHandler<FlowArgs, DfgReport> = async (ctx, args) => {
  const { loadFunctionFlow } = await import('../flow/service.js');
  const target = await loadFunctionFlow(ctx, args.file, args.function);
  return dfgReport({ file: target.file, function: target.fn.qualified_name }, target.flow);
};
