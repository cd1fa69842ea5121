// read-enforcer (PreToolUse · Read): a full read of a large code file becomes a short read of its
// head (updatedInput: the same input with offset 1 and a small limit) plus the file's summary as
// context — every definition with its line range, the imports, and how to read a range. Never a
// deny: the agent gets a working Read and a map of the rest (DESIGN §5).
//
// Untouched: explicit ranges (offset/limit/pages), `allow_large`, non-code and outside-project
// files, small files, a file this reader already had summarised (the second request is served in
// full: the agent insists), and a file a recent search located (the agent knows what it wants).
import { estimateTokens } from '../extract/tokens.js';
import { renderSummary, summaryBudget } from '../query/summary.js';
import type { FileRecord } from '../types.js';
import { NO_ANSWER, withContext, type HookRun } from './contract.js';
import { toolFile } from './shared/project-file.js';
import { recordOf } from './shared/record.js';

/** From here on a summary saves ≥ 90 % of the file's tokens (DESIGN §8). */
export const LARGE_FILE_LINES = 300;
/** Shorter files this dense are summarised too (≈ a 300-line file of long lines). */
export const LARGE_FILE_TOKENS = 5_000;
/**
 * Cap on the summary's tokens in a hook answer (≈ 5,500 characters): on this machine's real
 * 100k-line tree the longest summary of a ≥ 300-line file is ≈ 5,700 characters, the median 1,200.
 */
const SUMMARY_MAX_TOKENS = 1_600;
/** A search that located the file this recently lets it through in full. */
export const SEARCH_RECENT_MS = 15 * 60 * 1000;
/** The head shown: the preamble before the first definition, within these bounds. */
const HEAD_MIN_LINES = 8;
const HEAD_MAX_LINES = 40;
/** Summary and head together must cost at most this share of the file, or the Read goes through. */
const MAX_SHARE = 0.25;

export function isLargeFile(record: FileRecord): boolean {
  return record.line_count >= LARGE_FILE_LINES || (record.source_tokens ?? 0) >= LARGE_FILE_TOKENS;
}

/** Lines shown by the short read: module doc, imports and constants, up to the first definition. */
export function headLines(record: FileRecord): number {
  const starts = [...record.functions, ...record.classes].map((d) => d.decorated_line ?? d.line);
  const first = starts.length > 0 ? Math.min(...starts) : HEAD_MAX_LINES + 1;
  return Math.max(HEAD_MIN_LINES, Math.min(HEAD_MAX_LINES, first - 1, record.line_count));
}

export const readEnforcer: HookRun = async (input, services) => {
  const toolInput = input.tool_input;
  if (input.hook_event_name !== 'PreToolUse' || input.tool_name !== 'Read' || !toolInput || !input.session_id) return NO_ANSWER;
  if (toolInput.offset !== undefined || toolInput.limit !== undefined || toolInput.pages !== undefined || toolInput.allow_large === true) {
    return NO_ANSWER;
  }
  const path = toolFile(services, input);
  if (!path) return NO_ANSWER;
  const session = services.session(input.session_id);
  const reader = input.agent_id;
  session.touch(path);
  const insists = session.wasSummarised(path, reader) || session.searchLocating(path, Date.now() - SEARCH_RECENT_MS) !== undefined;
  const record = insists ? undefined : await recordOf(services, path);
  if (!record || !isLargeFile(record)) {
    session.markFullyRead(path, reader);
    return NO_ANSWER;
  }
  const head = headLines(record);
  const sourceTokens = record.source_tokens ?? Math.ceil(record.size / 4);
  const header = `tldr: ${path} has ${record.line_count} lines; this Read shows 1-${head}. Every definition below (\`Lstart-end signature\` or \`name line\`): Read one with offset and limit; Read the whole file again for all of it.`;
  // The header counts against the summary's budget: together they stay within DESIGN §8's 10 %.
  const summary = renderSummary(record, Math.min(summaryBudget(record), SUMMARY_MAX_TOKENS) - estimateTokens(header));
  // The head costs about its share of the file's lines.
  if (summary.tokens + (sourceTokens * head) / record.line_count > sourceTokens * MAX_SHARE) {
    session.markFullyRead(path, reader);
    return NO_ANSWER;
  }
  session.markSummarised(path, reader);
  // The summary's first line repeats the path and size the header gives, unless it carries the module doc.
  const lines = summary.text.trimEnd().split('\n');
  const body = /\(\w+, \d+ lines\)$/.test(lines[0]) ? lines.slice(1) : lines;
  const text = `${header}\n${body.join('\n')}`;
  return withContext('PreToolUse', text, { ...toolInput, offset: 1, limit: head });
};
