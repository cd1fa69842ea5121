// transcript-safeguard (PostToolUse · Agent/Task/TaskOutput, and UserPromptSubmit for the
// `<task-notification>` a background sub-agent's report arrives as): when what a sub-agent handed
// back is a raw JSONL transcript rather than a report, the model gets a short structured summary
// of it — turns, tools used, files touched, commands, the agent's last message — next to it.
import { isRecord, NO_ANSWER, withContext, type HookInput, type HookRun, type HookServices } from './contract.js';
import { fitLines, oneLine } from './shared/answer.js';
import { summariseTranscript, type TranscriptSummary } from './text/transcript.js';

const AGENT_TOOLS = new Set(['Agent', 'Task', 'TaskOutput']);
const LAST_TEXT_CHARS = 600;

/** The strings of a tool response (Agent: `content[].text`; older shapes: `output`, `result`, a string), bounded in depth. */
function responseTexts(value: unknown, depth = 0, out: string[] = []): string[] {
  if (depth > 4 || out.length > 50) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) responseTexts(item, depth + 1, out);
  else if (isRecord(value)) for (const item of Object.values(value)) responseTexts(item, depth + 1, out);
  return out;
}

/** The report text a hook event carries: a sub-agent tool's response, or a task notification's `<result>`. */
function reports(input: HookInput): string[] {
  if (input.hook_event_name === 'PostToolUse' && AGENT_TOOLS.has(input.tool_name ?? '')) return responseTexts(input.tool_response);
  if (input.hook_event_name === 'UserPromptSubmit' && input.prompt?.trimStart().startsWith('<task-notification>')) {
    const result = /<result>([\s\S]*?)(?:<\/result>|$)/.exec(input.prompt);
    return result ? [result[1]] : [];
  }
  return [];
}

function shortPath(services: HookServices, path: string): string {
  return path.startsWith(`${services.root}/`) ? path.slice(services.root.length + 1) : path;
}

function render(services: HookServices, summary: TranscriptSummary): string {
  const tools = [...summary.tools].sort((a, b) => b[1] - a[1]).map(([name, count]) => `${name} ×${count}`);
  const lines = [
    `tldr: the sub-agent's output is a raw JSONL transcript (${summary.lines} lines, ${Math.round(summary.chars / 1024)} KB), not a report. Its summary${summary.truncated ? ' (of its first lines)' : ''}:`,
    `- ${summary.turns} assistant turns; tools: ${tools.length > 0 ? tools.join(', ') : 'none'}${summary.errors > 0 ? `; ${summary.errors} tool errors` : ''}`,
  ];
  if (summary.files.length > 0) lines.push(`- files: ${summary.files.slice(0, 15).map((f) => shortPath(services, f)).join(', ')}${summary.files.length > 15 ? ` (+${summary.files.length - 15})` : ''}`);
  if (summary.commands.length > 0) lines.push(`- commands: ${summary.commands.slice(0, 5).map((c) => `\`${oneLine(c, 80)}\``).join(', ')}`);
  lines.push(summary.lastText ? `- its last message: ${oneLine(summary.lastText, LAST_TEXT_CHARS)}` : '- it ended without a message');
  return fitLines(lines);
}

export const transcriptSafeguard: HookRun = async (input, services) => {
  let best: TranscriptSummary | undefined;
  for (const text of reports(input)) {
    const summary = summariseTranscript(text);
    if (summary && (!best || summary.lines > best.lines)) best = summary;
  }
  return best ? withContext(input.hook_event_name, render(services, best)) : NO_ANSWER;
};
