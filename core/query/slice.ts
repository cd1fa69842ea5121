// `slice <file> <fn> <line> [--forward] [--var V]`: the statements the line depends on (backward)
// or that depend on it (forward), transitively.
import type { SliceReport } from '../flow/report.js';
import type { FlowArgs } from './cfg.js';
import type { QueryHandler } from './context.js';

export interface SliceArgs extends FlowArgs {
  line: number;
  forward?: boolean;
  var?: string;
}

export const sliceQuery: QueryHandler<SliceArgs, SliceReport> = async (ctx, args) => {
  const { runFlowQuery } = await import('../flow/service.js');
  return runFlowQuery(ctx, 'slice', args);
};
