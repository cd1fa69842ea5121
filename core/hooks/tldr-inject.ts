// tldr-inject (PreToolUse · Agent/Task, then SubagentStart): briefs a sub-agent on the code its
// task names, with the analysis its intent calls for — debug → call graph + control flow,
// dataflow → data flow, slice → dependences, structure → the file's outline, default and
// architecture → call graph (the layers themselves are arch-inject's).
//
// Delivery, measured with Claude Code 2.1.328 (test/real-client/README.md): context given to the
// Agent call reaches only the parent; two hooks rewriting the same Agent prompt (updatedInput)
// race and one rewrite is lost; SubagentStart's additionalContext reaches the sub-agent's first
// request, several hooks' texts joined. So the prompt is remembered at PreToolUse and the
// briefing answered at SubagentStart.
import type { CallGraph, Definition } from '../graph/call-graph.js';
import type { CfgReport, DfgReport, PdgReport } from '../flow/report.js';
import { TldrError } from '../errors.js';
import type { HookRun, HookServices } from './contract.js';
import { callGraphLines, cfgLines, dfgLines, outlineLines, pdgLines } from './shared/analysis-text.js';
import { fitLines } from './shared/answer.js';
import { readyGraph } from './shared/graph.js';
import { subagentBriefing } from './shared/pending-agents.js';
import { recordOf } from './shared/record.js';
import { symbolsInText } from './shared/symbols-in-text.js';
import { detectIntent, type Intent } from './text/intent.js';

const MAX_SYMBOLS = 3;
/** Definitions analysed per symbol (an overloaded or many-times-defined name lists the rest). */
const MAX_DEFINITIONS = 2;

const INTENT_TEXT: Record<Intent, string> = {
  debug: 'debugging → call graph and control flow',
  dataflow: 'where values come from → call graph and data flow',
  slice: 'what affects what → call graph and dependences',
  structure: 'structure → outline of the files',
  arch: 'design → call graph (layers: see the architecture note)',
  default: 'call graph',
};

/** The flow report of a function, or undefined when there is none (a class, an unparsable body). */
async function flow<R>(services: HookServices, kind: 'cfg' | 'dfg' | 'pdg', def: Definition): Promise<R | undefined> {
  if (def.is_class) return undefined;
  try {
    return await services.query<R>(kind, { file: def.file, function: def.qualified_name });
  } catch (error) {
    if (error instanceof TldrError) return undefined;
    throw error;
  }
}

async function analysis(services: HookServices, graph: CallGraph, intent: Intent, def: Definition, prompt: string): Promise<string[]> {
  if (intent === 'structure') {
    const record = await recordOf(services, def.file);
    return record ? [`${def.qualified_name} is in ${def.file}:`, ...outlineLines(record)] : [];
  }
  const lines = callGraphLines(graph, def);
  if (intent === 'debug') {
    const report = await flow<CfgReport>(services, 'cfg', def);
    if (report) lines.push(...cfgLines(report));
  } else if (intent === 'dataflow') {
    const report = await flow<DfgReport>(services, 'dfg', def);
    if (report) lines.push(...dfgLines(report, new Set(prompt.match(/[A-Za-z_$][\w$]*/g) ?? [])));
  } else if (intent === 'slice') {
    const report = await flow<PdgReport>(services, 'pdg', def);
    if (report) lines.push(...pdgLines(report));
  }
  return lines;
}

/** What tldr tells a sub-agent about its task's code; '' when the task names none. */
export async function briefing(services: HookServices, prompt: string): Promise<string> {
  const graph = await readyGraph(services);
  if (!graph) return '';
  const symbols = symbolsInText(graph, prompt, MAX_SYMBOLS);
  if (symbols.length === 0) return '';
  const intent = detectIntent(prompt);
  const lines = [`tldr: what the code index knows about the code this task names (${INTENT_TEXT[intent]}):`];
  const outlined = new Set<string>();
  for (const symbol of symbols) {
    for (const def of symbol.definitions.slice(0, MAX_DEFINITIONS)) {
      if (intent === 'structure' && outlined.has(def.file)) continue;
      outlined.add(def.file);
      lines.push(...await analysis(services, graph, intent, def, prompt));
    }
    if (symbol.definitions.length > MAX_DEFINITIONS) {
      lines.push(`  (\`${symbol.name}\` has ${symbol.definitions.length - MAX_DEFINITIONS} more definitions: \`tldr signature ${symbol.name}\`)`);
    }
  }
  return fitLines(lines, 2_500);
}

export const tldrInject: HookRun = subagentBriefing('tldr-inject', briefing);
