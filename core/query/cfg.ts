// `cfg <file> <fn>`: the function's control-flow graph and cyclomatic complexity.
import { cfgReport, type CfgReport } from '../flow/report.js';
import type { QueryHandler } from './context.js';

export interface FlowArgs {
  file: string;
  function: string;
}

export const cfgQuery: QueryHandler<FlowArgs, CfgReport> = async (ctx, args) => {
  const { loadFunctionFlow } = await import('../flow/service.js');
  const target = await loadFunctionFlow(ctx, args.file, args.function);
  return cfgReport({ file: target.file, function: target.fn.qualified_name }, target.flow);
};
