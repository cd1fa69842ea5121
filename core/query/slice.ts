// `slice <file> <fn> <line> [--forward] [--var V]`: the statements the line depends on (backward)
// or that depend on it (forward), transitively.
import { TldrError } from '../errors.js';
import { sliceReport, statementLines, variablesOnLine, type SliceReport } from '../flow/report.js';
import type { FlowArgs } from './cfg.js';
import type { QueryHandler } from './context.js';

export interface SliceArgs extends FlowArgs {
  line: number;
  forward?: boolean;
  var?: string;
}

export const sliceQuery: QueryHandler<SliceArgs, SliceReport> = async (ctx, args) => {
  const { checkLineInFunction, loadFunctionFlow, noStatementAt } = await import('../flow/service.js');
  const target = await loadFunctionFlow(ctx, args.file, args.function);
  const line = Number(args.line);
  checkLineInFunction(target, line);
  const subject = { file: target.file, function: target.fn.qualified_name };
  const { flow } = target;
  if (args.var !== undefined && !variablesOnLine(flow, line).includes(args.var)) {
    const present = variablesOnLine(flow, line);
    if (statementLines(flow).includes(line)) {
      throw new TldrError(
        `variable ${args.var} does not occur on line ${line}`,
        present.length > 0 ? `variables on that line: ${present.join(', ')}` : 'that line reads and writes no variables; drop --var',
      );
    }
  }
  const report = sliceReport(subject, flow, { line, direction: args.forward ? 'forward' : 'backward', variable: args.var });
  if (!report) throw noStatementAt(target, line, statementLines(flow));
  return report;
};
