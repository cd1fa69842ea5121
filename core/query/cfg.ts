// `cfg <file> <fn>`: the function's control-flow graph and cyclomatic complexity.
import type { CfgReport } from '../flow/report.js';
import type { QueryHandler } from './context.js';

export interface FlowArgs {
  file: string;
  function: string;
}

export const cfgQuery: QueryHandler<FlowArgs, CfgReport> = async (ctx, args) => {
  const { runFlowQuery } = await import('../flow/service.js');
  return runFlowQuery(ctx, 'cfg', args);
};
