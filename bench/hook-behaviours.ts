// What the hook behaviours cost and save, measured in-process on real code (the `hooks` bench
// suite calls these; so can a one-off script):
// - timeBehaviours: per hook, the latency of the behaviour alone (no transport) over a set of
//   events, as the daemon runs it;
// - readSummaryFigures: read-enforcer on every file of ≥ 300 lines — the tokens of what the model
//   receives (context, and head lines) against the whole file, counted with a real tokenizer, and
//   whether every definition of the file is named in it (DESIGN §8);
// - explorationFigures: a scripted exploration (full reads of large files, greps for definitions
//   and reads of their ranges), the characters the model receives with the behaviours and without,
//   and whether every definition the session asked about is still reachable.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { countTokens } from 'gpt-tokenizer';
import type { HookInput, HookName, HookOutput, HookServices } from '../core/hooks/contract.js';
import { LARGE_FILE_LINES } from '../core/hooks/read-enforcer.js';
import { hookRun } from '../core/hooks/registry.js';
import type { ProjectIndex } from '../core/index/project-index.js';
import type { FileRecord } from '../core/types.js';

export interface BehaviourCase {
  hook: HookName;
  /** What the event is, for reports. */
  what: string;
  /** The i-th event (a new session and tool call each time, so that no answer comes from memory). */
  event(i: number): Record<string, unknown>;
}

export interface BehaviourTiming {
  hook: HookName;
  what: string;
  samples: number;
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  /** Share of the calls that answered something (not `{}`). */
  answered: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs each case `iterations` times (after `warmup` untimed runs) through its behaviour, on `services`. */
export async function timeBehaviours(services: HookServices, cases: BehaviourCase[], iterations = 200, warmup = 10): Promise<BehaviourTiming[]> {
  const out: BehaviourTiming[] = [];
  let call = 0;
  for (const item of cases) {
    const run = hookRun(item.hook);
    if (!run) continue;
    const times: number[] = [];
    let answered = 0;
    for (let i = 0; i < warmup + iterations; i++) {
      const input = item.event(call++) as unknown as HookInput;
      const started = performance.now();
      const output = await run(input, services);
      const elapsed = performance.now() - started;
      if (i < warmup) continue;
      times.push(elapsed);
      if (output.hookSpecificOutput) answered++;
    }
    times.sort((a, b) => a - b);
    out.push({
      hook: item.hook, what: item.what, samples: times.length,
      p50_ms: percentile(times, 50), p99_ms: percentile(times, 99), mean_ms: times.reduce((a, b) => a + b, 0) / times.length,
      answered: answered / times.length,
    });
  }
  return out;
}

/** The names of every definition a file's record holds. */
function definitionNames(record: FileRecord): string[] {
  return [...new Set([...record.functions, ...record.classes, ...record.classes.flatMap((c) => c.methods)].map((d) => d.name).filter((n) => !n.startsWith('<')))];
}

/** What Claude Code's Read shows for lines [from, to] of a file: `N\t<line>` per line. */
function readResult(source: string, from = 1, to = Number.POSITIVE_INFINITY): string {
  return source.split('\n').slice(from - 1, to).map((line, i) => `${from + i}\t${line}`).join('\n');
}

function context(output: HookOutput): string {
  return output.hookSpecificOutput?.additionalContext ?? '';
}

export interface ReadSummaryFigures {
  files: number;
  raw_tokens: number;
  summary_tokens: number;
  /** The head lines the short read still shows. */
  head_tokens: number;
  /** 1 − summary / raw. */
  summary_saving: number;
  /** 1 − (summary + head) / raw: what the model reads instead of the file. */
  read_saving: number;
  worst: { file: string; ratio: number };
  /** Files read-enforcer left whole (its guard found the summary not worth it). */
  untouched: string[];
  /** Definitions a summary does not name, as `file: name`. */
  missing_definitions: string[];
}

export async function readSummaryFigures(services: HookServices, index: ProjectIndex): Promise<ReadSummaryFigures> {
  const run = hookRun('read-enforcer')!;
  const figures: ReadSummaryFigures = {
    files: 0, raw_tokens: 0, summary_tokens: 0, head_tokens: 0, summary_saving: 0, read_saving: 0, worst: { file: '', ratio: 0 }, untouched: [], missing_definitions: [],
  };
  let session = 0;
  for (const record of (await index.records()).values()) {
    if (record.line_count < LARGE_FILE_LINES) continue;
    const source = await index.source(record.path);
    const output = await run({
      hook_event_name: 'PreToolUse', session_id: `summary-figures-${session++}`, cwd: services.root, tool_name: 'Read',
      tool_input: { file_path: `${services.root}/${record.path}` },
    }, services);
    figures.files++;
    const raw = countTokens(readResult(source));
    figures.raw_tokens += raw;
    const limit = output.hookSpecificOutput?.updatedInput?.limit;
    if (typeof limit !== 'number') {
      figures.untouched.push(record.path);
      figures.summary_tokens += raw;
      continue;
    }
    const text = context(output);
    const summary = countTokens(text);
    figures.summary_tokens += summary;
    figures.head_tokens += countTokens(readResult(source, 1, limit));
    if (summary / raw > figures.worst.ratio) figures.worst = { file: record.path, ratio: summary / raw };
    for (const name of definitionNames(record)) if (!text.includes(name)) figures.missing_definitions.push(`${record.path}: ${name}`);
  }
  figures.summary_saving = 1 - figures.summary_tokens / Math.max(1, figures.raw_tokens);
  figures.read_saving = 1 - (figures.summary_tokens + figures.head_tokens) / Math.max(1, figures.raw_tokens);
  return figures;
}

export interface ExplorationFigures {
  reads: number;
  greps: number;
  range_reads: number;
  chars_without: number;
  chars_with: number;
  /** 1 − with / without. */
  saving: number;
  /** Definitions the session asked about (every definition of the files read in full, every definition grepped) that the model cannot locate from what it received. */
  unreachable: string[];
}

function ripgrep(): string {
  return (createRequire(import.meta.url)('@vscode/ripgrep') as { rgPath: string }).rgPath;
}

/**
 * The scripted session: a full Read of each of `reads` large files (the longest of the project,
 * round-robin over its top directories), then for `greps` top-level functions of other large files
 * `rg -n "<keyword> <name>"` and a Read of 60 lines from the line it found. The same calls go
 * through the behaviours (read-enforcer, search-router; one session, as an agent's) and without:
 * the characters are those of the tool results plus the hooks' context.
 */
export async function explorationFigures(services: HookServices, index: ProjectIndex, reads = 12, greps = 8): Promise<ExplorationFigures> {
  const records = [...(await index.records()).values()].filter((r) => r.line_count >= LARGE_FILE_LINES);
  const byTop = new Map<string, FileRecord[]>();
  for (const record of records.sort((a, b) => b.line_count - a.line_count || a.path.localeCompare(b.path))) {
    const top = record.path.split('/').slice(0, 2).join('/');
    byTop.set(top, [...(byTop.get(top) ?? []), record]);
  }
  const ordered: FileRecord[] = [];
  for (let round = 0; ordered.length < records.length; round++) {
    const before = ordered.length;
    for (const list of byTop.values()) if (list[round]) ordered.push(list[round]);
    if (ordered.length === before) break;
  }
  const readFiles = ordered.slice(0, reads);
  const grepTargets = ordered.slice(reads).flatMap((record) => {
    const fn = record.functions.find((f) => f.parent_function === undefined && f.name.length >= 6 && !f.is_declaration);
    return fn ? [{ record, fn }] : [];
  }).slice(0, greps);
  const readEnforcer = hookRun('read-enforcer')!;
  const searchRouter = hookRun('search-router')!;
  const session = `exploration-${Date.now()}`;
  const base = { session_id: session, cwd: services.root };
  const figures: ExplorationFigures = { reads: 0, greps: 0, range_reads: 0, chars_without: 0, chars_with: 0, saving: 0, unreachable: [] };

  for (const record of readFiles) {
    const source = await index.source(record.path);
    const full = readResult(source);
    const output = await readEnforcer({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: `${services.root}/${record.path}` } }, services);
    const limit = output.hookSpecificOutput?.updatedInput?.limit;
    const received = `${typeof limit === 'number' ? readResult(source, 1, limit) : full}\n${context(output)}`;
    figures.reads++;
    figures.chars_without += full.length;
    figures.chars_with += received.length;
    for (const name of definitionNames(record)) if (!received.includes(name)) figures.unreachable.push(`${record.path}: ${name}`);
  }
  for (const { record, fn } of grepTargets) {
    const keyword = record.language === 'python' ? 'def' : 'function';
    const command = `rg -n "${keyword} ${fn.name}"`;
    let stdout = '';
    try {
      stdout = execFileSync(ripgrep(), ['-n', `${keyword} ${fn.name}`], { cwd: services.root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      stdout = (error as { stdout?: string }).stdout ?? '';
    }
    const output = await searchRouter({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } }, services);
    await searchRouter({ ...base, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command }, tool_response: { stdout, stderr: '' } }, services);
    figures.greps++;
    figures.chars_without += stdout.length;
    figures.chars_with += stdout.length + context(output).length;
    const located = `${stdout}\n${context(output)}`;
    if (!located.includes(`${record.path}:${fn.line}`)) figures.unreachable.push(`${record.path}: ${fn.name} (grep)`);
    // The range the grep found, read as the agent would: unchanged by the hooks.
    const source = await index.source(record.path);
    const range = readResult(source, fn.line, fn.line + 59);
    const rangeOutput = await readEnforcer({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: `${services.root}/${record.path}`, offset: fn.line, limit: 60 } }, services);
    figures.range_reads++;
    figures.chars_without += range.length;
    figures.chars_with += range.length + context(rangeOutput).length;
  }
  figures.saving = 1 - figures.chars_with / Math.max(1, figures.chars_without);
  return figures;
}
