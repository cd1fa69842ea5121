// impact-refactor (UserPromptSubmit): a prompt that asks to refactor, rename, move, delete,
// extract or inline code it names gets the callers of that code — the blast radius — before the
// agent starts: direct callers, then theirs (depth 2, 3 when few), bounded. Nothing when the
// prompt names no project symbol, or is a sub-agent's report (`<task-notification>`).
import type { CallGraph } from '../graph/call-graph.js';
import { transitiveCallers, type Caller } from '../graph/callers.js';
import { NO_ANSWER, withContext, type HookRun } from './contract.js';
import { fitLines, plural } from './shared/answer.js';
import { readyGraph } from './shared/graph.js';
import { symbolsInText, type FoundSymbol } from './shared/symbols-in-text.js';

const REFACTOR_WORDING = /\b(?:refactor\w*|renam\w*|move[sd]?|moving|delet\w*|remov\w*|extract\w*|inlin\w*|split\w*|replac\w*|deprecat\w*|chang\w* (?:the |its )?signature)\b/i;
const MAX_SYMBOLS = 3;
const MAX_DEFINITIONS = 3;
/** Callers listed per symbol; the rest are counted. */
const LISTED_CALLERS = 12;
/** Depth 3 only while the callers stay this few. */
const DEEP_LIMIT = 30;

export function asksToRefactor(prompt: string): boolean {
  return REFACTOR_WORDING.test(prompt);
}

/** Callers at depth 2, or 3 when depth 2 found few. */
function boundedCallers(graph: CallGraph, symbol: FoundSymbol): { callers: Caller[]; depth: number } {
  const definitions = symbol.definitions.slice(0, MAX_DEFINITIONS);
  const two = transitiveCallers(graph, definitions, 2);
  if (two.length >= DEEP_LIMIT) return { callers: two, depth: 2 };
  return { callers: transitiveCallers(graph, definitions, 3), depth: 3 };
}

function describe(graph: CallGraph, symbol: FoundSymbol): string[] {
  const { callers, depth } = boundedCallers(graph, symbol);
  const where = symbol.definitions.slice(0, MAX_DEFINITIONS).map((d) => `${d.file}:${d.line}`).join(', ');
  const more = symbol.definitions.length > MAX_DEFINITIONS ? ` (+${symbol.definitions.length - MAX_DEFINITIONS} more definitions)` : '';
  const files = new Set(callers.map((c) => c.file)).size;
  const head = callers.length === 0
    ? `\`${symbol.name}\` (${where}${more}): no callers found in the project`
    : `\`${symbol.name}\` (${where}${more}): ${plural(callers.length, 'call site')} in ${plural(files, 'file')}, depth ≤ ${depth}`;
  const lines = [head];
  for (const caller of callers.slice(0, LISTED_CALLERS)) {
    const indent = '  '.repeat(caller.depth);
    const via = caller.confidence === 'high' ? '' : ` (${caller.via})`;
    lines.push(`${indent}← ${caller.function}  ${caller.file}:${caller.line}${via}`);
  }
  if (callers.length > LISTED_CALLERS) lines.push(`  … ${callers.length - LISTED_CALLERS} more: \`tldr impact ${symbol.name}\``);
  return lines;
}

export const impactRefactor: HookRun = async (input, services) => {
  const prompt = input.prompt;
  if (input.hook_event_name !== 'UserPromptSubmit' || !prompt || prompt.trimStart().startsWith('<task-notification>')) return NO_ANSWER;
  if (!asksToRefactor(prompt)) return NO_ANSWER;
  const graph = await readyGraph(services);
  if (!graph) return NO_ANSWER;
  const symbols = symbolsInText(graph, prompt, MAX_SYMBOLS);
  if (symbols.length === 0) return NO_ANSWER;
  const lines = ['tldr impact: what calls the code this prompt changes (← caller  file:line; indented = a caller of a caller):'];
  for (const symbol of symbols) lines.push(...describe(graph, symbol));
  return withContext('UserPromptSubmit', fitLines(lines));
};
