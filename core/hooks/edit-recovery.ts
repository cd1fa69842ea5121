// edit-recovery: an Edit failed because its old_string is not in the file — the agent's picture of
// the file is stale, or its whitespace is off. It gets the current text of the definition the
// old_string most resembles, line-numbered like a Read, so the retry can quote what is really there.
//
// Claude Code 2.1.328 rejects such an Edit before any PreToolUse and fires no PostToolUseFailure
// for it; only PostToolBatch, which fires after every batch of tool calls, reports it — and each
// hooked event costs ~3–5 ms of the client's own per tool call (test/real-client/README.md). So
// the failure is read from the session's transcript when the agent's next call reaches a tldr
// PreToolUse hook anyway (a Read of the file, a search, another edit), at no cost to other calls;
// PostToolUseFailure · Edit serves clients that report it.
import type { FileRecord } from '../types.js';
import { isRecord, NO_ANSWER, withContext, type HookInput, type HookRun, type HookServices } from './contract.js';
import { fitLines } from './shared/answer.js';
import { projectPath } from './shared/project-file.js';
import { EDIT_TOOLS, recordOf } from './shared/record.js';
import { TranscriptTail } from './shared/transcript-tail.js';
import { blocks, type TranscriptEntry } from './text/transcript.js';

const NOT_FOUND = /String to replace not found/i;
/** The tools that replace an old_string. */
const REPLACING_TOOLS = new Set(['Edit', 'MultiEdit']);
/** Below this share of the old_string's (weighted) words, nothing in the file resembles it. */
const MIN_SIMILARITY = 0.35;
/** Longer definitions are shown around the part that matches. */
const MAX_SHOWN_LINES = 40;
/** Edits waiting for their result in the transcript, per transcript. */
const MAX_PENDING = 32;

interface FailedEdit {
  file: unknown;
  oldStrings: string[];
}

/** A transcript's tail and the Edit calls seen in it whose result has not been read yet. */
class EditWatch {
  private readonly pending = new Map<string, FailedEdit>();

  constructor(readonly tail: TranscriptTail) {}

  /** Edits whose old_string the client reported missing since the last look. */
  failures(): FailedEdit[] {
    const failed: FailedEdit[] = [];
    for (const entry of this.tail.next()) this.read(entry, failed);
    return failed;
  }

  private read(entry: TranscriptEntry, failed: FailedEdit[]): void {
    for (const block of blocks(entry)) {
      if (block.type === 'tool_use' && typeof block.id === 'string' && REPLACING_TOOLS.has(String(block.name)) && isRecord(block.input)) {
        this.pending.set(block.id, { file: block.input.file_path, oldStrings: oldStringsOf(block.input) });
        if (this.pending.size > MAX_PENDING) this.pending.delete(this.pending.keys().next().value as string);
      } else if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') {
        const edit = this.pending.get(block.tool_use_id);
        this.pending.delete(block.tool_use_id);
        if (edit && block.is_error === true && NOT_FOUND.test(resultText(block.content))) failed.push(edit);
      }
    }
  }
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('\n') : '';
}

function watchOf(services: HookServices, input: HookInput): EditWatch | undefined {
  if (typeof input.session_id !== 'string' || typeof input.transcript_path !== 'string') return undefined;
  const notes = services.session(input.session_id).notes;
  const key = `edit-recovery\0${input.transcript_path}`;
  let watch = notes.get(key);
  if (!(watch instanceof EditWatch)) {
    watch = new EditWatch(new TranscriptTail(input.transcript_path));
    notes.set(key, watch);
  }
  return watch as EditWatch;
}

/** The failed edits this event tells of: its own (PostToolUseFailure), or the transcript's since the last look. */
function failedEdits(input: HookInput, services: HookServices): FailedEdit[] {
  if (input.hook_event_name === 'PostToolUseFailure') {
    return REPLACING_TOOLS.has(input.tool_name ?? '') && NOT_FOUND.test(input.error ?? '') && input.tool_input
      ? [{ file: input.tool_input.file_path, oldStrings: oldStringsOf(input.tool_input) }]
      : [];
  }
  if (input.hook_event_name !== 'PreToolUse') return [];
  const failures = watchOf(services, input)?.failures() ?? [];
  // An edit of that file reaching PreToolUse quotes text the file has: the agent has recovered.
  const editing = EDIT_TOOLS.has(input.tool_name ?? '') ? input.tool_input?.file_path : undefined;
  const latest = new Map<unknown, FailedEdit>();
  for (const failure of failures) if (failure.file !== editing) latest.set(failure.file, failure);
  return [...latest.values()];
}

function oldStringsOf(toolInput: Record<string, unknown>): string[] {
  if (typeof toolInput.old_string === 'string') return [toolInput.old_string];
  if (!Array.isArray(toolInput.edits)) return [];
  return toolInput.edits.filter(isRecord).map((edit) => edit.old_string).filter((text): text is string => typeof text === 'string');
}

function words(text: string): Set<string> {
  return new Set(text.match(/[A-Za-z_$][\w$]*|\d+/g) ?? []);
}

interface Region {
  name: string;
  line: number;
  end: number;
}

/** Definitions (and the file's head before the first one), each with its lines. */
function regions(record: FileRecord): Region[] {
  const defs = [...record.functions, ...record.classes.flatMap((c) => c.methods), ...record.classes]
    .map((d) => ({ name: d.qualified_name, line: d.decorated_line ?? d.line, end: d.end_line }));
  const first = Math.min(record.line_count + 1, ...defs.map((d) => d.line));
  return first > 1 ? [{ name: 'the top of the file', line: 1, end: first - 1 }, ...defs] : defs;
}

/**
 * The region the text most resembles: the share of its words the region holds, each word weighted
 * by how few regions hold it (rare names decide), then the smallest region.
 */
export function mostSimilar(record: FileRecord, source: string, text: string): (Region & { score: number }) | undefined {
  const lines = source.split('\n');
  const wanted = [...words(text)];
  if (wanted.length === 0) return undefined;
  const candidates = regions(record).map((region) => ({ region, words: words(lines.slice(region.line - 1, region.end).join('\n')) }));
  const weight = new Map(wanted.map((word) => {
    const holders = candidates.filter((c) => c.words.has(word)).length;
    return [word, Math.log(1 + candidates.length / (1 + holders))];
  }));
  const total = wanted.reduce((sum, word) => sum + weight.get(word)!, 0);
  let best: (Region & { score: number }) | undefined;
  for (const { region, words: held } of candidates) {
    const score = wanted.reduce((sum, word) => sum + (held.has(word) ? weight.get(word)! : 0), 0) / total;
    const better = !best || score > best.score + 1e-9 || (Math.abs(score - best.score) <= 1e-9 && region.end - region.line < best.end - best.line);
    if (better) best = { ...region, score };
  }
  return best && best.score >= MIN_SIMILARITY ? best : undefined;
}

/** Lines of the region to show: all of it, or a window from the line most like the text's first line. */
function shownLines(lines: string[], region: Region, text: string): [number, number] {
  if (region.end - region.line < MAX_SHOWN_LINES) return [region.line, region.end];
  const firstLine = words(text.split('\n').find((l) => l.trim() !== '') ?? '');
  let anchor = region.line;
  let bestOverlap = -1;
  for (let n = region.line; n <= region.end; n++) {
    const overlap = [...words(lines[n - 1] ?? '')].filter((w) => firstLine.has(w)).length;
    if (overlap > bestOverlap) {
      bestOverlap = overlap;
      anchor = n;
    }
  }
  const start = Math.max(region.line, anchor - 5);
  return [start, Math.min(region.end, start + MAX_SHOWN_LINES - 1)];
}

async function recovery(services: HookServices, input: HookInput, edit: FailedEdit): Promise<string[]> {
  const path = projectPath(services, input, edit.file);
  const record = path ? await recordOf(services, path) : undefined;
  if (!path || !record) return [];
  const source = await (await services.index()).source(path);
  const lines = source.split('\n');
  const out: string[] = [];
  for (const text of edit.oldStrings) {
    if (text === '' || source.includes(text)) continue;
    const region = mostSimilar(record, source, text);
    if (!region) continue;
    const [from, to] = shownLines(lines, region, text);
    const range = region.end > region.line ? `L${region.line}-${region.end}` : `L${region.line}`;
    out.push(`tldr: old_string is not in ${path}. The code it most resembles is ${region.name} (${range}); lines ${from}-${to} as the file has them now:`);
    for (let n = from; n <= to; n++) out.push(`${n}\t${lines[n - 1] ?? ''}`);
  }
  return out;
}

export const editRecovery: HookRun = async (input, services) => {
  const edits = failedEdits(input, services);
  if (edits.length === 0) return NO_ANSWER;
  const lines: string[] = [];
  for (const edit of edits.slice(0, 3)) lines.push(...await recovery(services, input, edit));
  if (lines.length === 0) return NO_ANSWER;
  return withContext(input.hook_event_name, fitLines(lines, 2_500));
};
