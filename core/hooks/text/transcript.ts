// Raw Claude Code transcripts (JSONL: one entry per line with parentUuid, sessionId, agentId…) that
// a sub-agent returned instead of a report, told apart from a report, and summarised: turns,
// tools used, files touched, commands run, and the last thing the agent said.

/** At least this many transcript entries, making up at least half of the non-empty lines. */
const MIN_ENTRIES = 3;
/** Lines and characters read: enough for any summary, bounded for a 20 MB dump. */
const MAX_LINES = 2_000;
const MAX_CHARS = 2_000_000;
const MARKER = /"(?:parentUuid|sessionId|agentId)"\s*:/;

export interface TranscriptSummary {
  /** Lines of the whole output. */
  lines: number;
  /** Only the first lines were read (the counts are theirs). */
  truncated: boolean;
  chars: number;
  /** Assistant messages. */
  turns: number;
  tools: Map<string, number>;
  files: string[];
  commands: string[];
  errors: number;
  lastText?: string;
}

export type TranscriptEntry = Record<string, unknown>;
type Entry = TranscriptEntry;

/** The JSON objects among `lines`, one per line; anything else (a line cut short, plain text) is skipped. */
export function jsonLineObjects(lines: string[]): Entry[] {
  const entries: Entry[] = [];
  for (const line of lines) {
    if (!line.startsWith('{')) continue;
    try {
      const value = JSON.parse(line) as unknown;
      if (value && typeof value === 'object' && !Array.isArray(value)) entries.push(value as Entry);
    } catch {
      // A line cut by an output limit, or still being written.
    }
  }
  return entries;
}

/** Transcript entries of `text`, or undefined when it is not a transcript dump. */
export function transcriptEntries(text: string): Entry[] | undefined {
  const lines = text.slice(0, MAX_CHARS).split('\n', MAX_LINES).map((line) => line.trim()).filter(Boolean);
  const entries = jsonLineObjects(lines.filter((line) => MARKER.test(line)));
  return entries.length >= MIN_ENTRIES && entries.length * 2 >= lines.length ? entries : undefined;
}

/** The content blocks of an entry's message (text, tool_use, tool_result…). */
export function blocks(entry: Entry): Array<Record<string, unknown>> {
  const message = entry.message as { content?: unknown } | undefined;
  return Array.isArray(message?.content) ? message.content.filter((b): b is Record<string, unknown> => !!b && typeof b === 'object') : [];
}

export function summariseTranscript(text: string): TranscriptSummary | undefined {
  const entries = transcriptEntries(text);
  if (!entries) return undefined;
  let lines = text.endsWith('\n') ? 0 : 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
  const summary: TranscriptSummary = {
    lines, truncated: text.length > MAX_CHARS || lines > MAX_LINES, chars: text.length, turns: 0, tools: new Map(), files: [], commands: [], errors: 0,
  };
  const files = new Set<string>();
  for (const entry of entries) {
    if (entry.type === 'assistant') {
      summary.turns++;
      const texts: string[] = [];
      for (const block of blocks(entry)) {
        if (block.type === 'text' && typeof block.text === 'string' && block.text.trim()) texts.push(block.text.trim());
        if (block.type !== 'tool_use' || typeof block.name !== 'string') continue;
        summary.tools.set(block.name, (summary.tools.get(block.name) ?? 0) + 1);
        const input = (block.input ?? {}) as Record<string, unknown>;
        for (const key of ['file_path', 'notebook_path', 'path']) if (typeof input[key] === 'string') files.add(input[key] as string);
        if (typeof input.command === 'string' && summary.commands.length < 10) summary.commands.push(input.command);
      }
      if (texts.length > 0) summary.lastText = texts.join('\n');
    } else if (entry.type === 'user') {
      for (const block of blocks(entry)) if (block.type === 'tool_result' && block.is_error === true) summary.errors++;
    }
  }
  summary.files = [...files];
  return summary;
}
