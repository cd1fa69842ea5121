// The hook runtime both transports share (http in the daemon, `tldr hook <name>` through the
// daemon socket): raw text in, the answer's JSON text out. It parses and checks the input, looks
// up the behaviour, holds it to its budget, caps the answer and records the call. It never throws
// and never answers anything but a hook answer: whatever goes wrong becomes `{}` (fail-open,
// DESIGN §5), with the reason kept in the call log for `tldr hooks log`.
import { HOOK_CATALOG, type HookRegistration } from './catalog.js';
import { HookCallLog, RecentKeys, type HookCall, type HookOutcome, type HookTransport } from './call-log.js';
import {
  MAX_ANSWER_CHARS,
  isHookName,
  isRecord,
  parseHookInput,
  type HookInput,
  type HookName,
  type HookOutput,
  type HookRun,
  type HookServices,
} from './contract.js';
import { MAX_HOOK_INPUT_BYTES } from './limits.cjs';
import { hookRun } from './registry.js';

const EMPTY = '{}';

/** What the daemon gives every call; the runtime adds the per-call budget (remainingMs). */
export type HookHost = Omit<HookServices, 'remainingMs'>;

/** Thrown by a host whose index is still loading: the hook answers `{}` at once. */
export class IndexWarming extends Error {
  constructor() {
    super('the index is still loading');
    this.name = 'IndexWarming';
  }
}

export interface HookReply {
  /** The answer as JSON text: the http body, the command's stdout. */
  text: string;
  call: HookCall;
}

export interface HookRuntimeOptions {
  /** Behaviour lookup (default: the registry); tests substitute misbehaving behaviours here. */
  behaviour?: (name: HookName) => HookRun | undefined;
  /** Budget per hook (default: the catalog's budgetMs). */
  budgetMs?: (name: HookName) => number;
  log?: HookCallLog;
}

export class HookRuntime {
  readonly log: HookCallLog;
  /** Calls already answered, so that one tool call matched by two `if` filters is answered once. */
  private readonly seen = new RecentKeys(1024);
  private readonly behaviour: (name: HookName) => HookRun | undefined;
  private readonly budgetMs: (name: HookName) => number;

  constructor(private readonly host: HookHost, options: HookRuntimeOptions = {}) {
    this.log = options.log ?? new HookCallLog();
    this.behaviour = options.behaviour ?? hookRun;
    this.budgetMs = options.budgetMs ?? ((name) => HOOK_CATALOG[name].budgetMs);
  }

  /** Answers one hook call; resolves within the hook's budget (plus parsing), never rejects. */
  async run(name: string, raw: string, transport: HookTransport): Promise<HookReply> {
    const started = performance.now();
    const call: HookCall = { at: new Date().toISOString(), hook: name, transport, ms: 0, outcome: 'nothing', chars: EMPTY.length };
    let text = EMPTY;
    try {
      ({ text, outcome: call.outcome, error: call.error } = await this.answer(name, raw, call, started));
    } catch (error) {
      call.outcome = 'failed';
      call.error = describe(error);
    }
    call.chars = text.length;
    call.ms = round(performance.now() - started);
    if (call.error === undefined) delete call.error;
    this.log.record(call);
    return { text, call };
  }

  private async answer(name: string, raw: string, call: HookCall, started: number): Promise<{ text: string; outcome: HookOutcome; error?: string }> {
    if (!isHookName(name)) return { text: EMPTY, outcome: 'unknown-hook' };
    if (raw.length > MAX_HOOK_INPUT_BYTES || Buffer.byteLength(raw) > MAX_HOOK_INPUT_BYTES) {
      return { text: EMPTY, outcome: 'bad-input', error: `input of ${Buffer.byteLength(raw)} bytes` };
    }
    const input = parseInput(raw);
    if (!input) return { text: EMPTY, outcome: 'bad-input' };
    call.event = input.hook_event_name;
    if (input.tool_name !== undefined) call.tool = input.tool_name;
    if (!servesEvent(HOOK_CATALOG[name].registrations, input)) return { text: EMPTY, outcome: 'not-for-hook' };
    if (input.tool_use_id !== undefined && !this.seen.add(`${name}\0${input.session_id}\0${input.hook_event_name}\0${input.tool_use_id}`)) {
      return { text: EMPTY, outcome: 'duplicate' };
    }
    const run = this.behaviour(name);
    if (!run) return { text: EMPTY, outcome: 'nothing' };
    const deadline = started + this.budgetMs(name);
    const services: HookServices = { ...bindHost(this.host), remainingMs: () => Math.max(0, deadline - performance.now()) };
    const result = await withinBudget(run(input, services), deadline - performance.now());
    if (result.kind === 'timeout') return { text: EMPTY, outcome: 'timeout' };
    if (result.kind === 'failed') {
      return result.error instanceof IndexWarming
        ? { text: EMPTY, outcome: 'warming' }
        : { text: EMPTY, outcome: 'failed', error: describe(result.error) };
    }
    const text = capAnswer(result.value);
    return { text, outcome: text === EMPTY ? 'nothing' : 'answered' };
  }
}

/** The host's methods, bound (a class instance's prototype methods do not survive a spread). */
function bindHost(host: HookHost): HookHost {
  return {
    root: host.root,
    index: () => host.index(),
    query: (name, args) => host.query(name, args),
    session: (id) => host.session(id),
    notify: (paths) => host.notify(paths),
    readiness: () => host.readiness(),
  };
}

function parseInput(raw: string): HookInput | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  return parseHookInput(value);
}

/**
 * Whether this hook is installed for the event (and, for tool events, the tool): anything else
 * reaching it (a hand-written settings entry, an older or newer Claude Code) gets `{}` untouched.
 */
export function servesEvent(registrations: HookRegistration[], input: HookInput): boolean {
  return registrations.some((registration) => {
    if (registration.event !== input.hook_event_name) return false;
    if (registration.matcher === undefined) return true;
    return input.tool_name !== undefined && new RegExp(`^(?:${registration.matcher})$`).test(input.tool_name);
  });
}

type Settled = { kind: 'value'; value: HookOutput } | { kind: 'failed'; error: unknown } | { kind: 'timeout' };

/** The behaviour's result, or `timeout` once `ms` have passed (its late result is dropped). */
function withinBudget(work: Promise<HookOutput>, ms: number): Promise<Settled> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ kind: 'timeout' }), Math.max(0, ms));
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve({ kind: 'value', value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve({ kind: 'failed', error });
      },
    );
  });
}

/**
 * The answer as JSON text of at most `max` characters: the texts meant for people and the model
 * (additionalContext, systemMessage) are cut at a line or word boundary, with a note saying so.
 * An answer that cannot fit (or is not an answer at all) becomes `{}`.
 */
export function capAnswer(output: unknown, max = MAX_ANSWER_CHARS): string {
  if (!isRecord(output)) return EMPTY;
  let text: string;
  try {
    text = JSON.stringify(output);
  } catch {
    return EMPTY;
  }
  if (text === EMPTY) return EMPTY;
  if (text.length <= max) return text;
  const answer = structuredClone(output) as HookOutput;
  const specific = isRecord(answer.hookSpecificOutput) ? answer.hookSpecificOutput : undefined;
  // Cut the longer text first; a few rounds absorb what JSON escaping adds.
  for (let round = 0; round < 6 && text.length > max; round++) {
    const excess = text.length - max;
    const context = typeof specific?.additionalContext === 'string' ? specific.additionalContext : '';
    const message = typeof answer.systemMessage === 'string' ? answer.systemMessage : '';
    if (context.length === 0 && message.length === 0) return EMPTY;
    if (context.length >= message.length) specific!.additionalContext = cutCleanly(context, fitLength(context, excess));
    else answer.systemMessage = cutCleanly(message, fitLength(message, excess));
    text = JSON.stringify(answer);
  }
  return text.length <= max ? text : EMPTY;
}

const CUT_NOTE_RESERVE = 64;

/** How many characters of `text` to keep so that its JSON form shrinks by `excess` (escapes scale with it). */
function fitLength(text: string, excess: number): number {
  const escaped = JSON.stringify(text).length;
  return Math.floor((text.length * (escaped - excess - CUT_NOTE_RESERVE)) / escaped);
}

/** `text` shortened to at most `limit` characters (note included), at a line end when one is near. */
export function cutCleanly(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const note = (cut: number) => `\n… (${cut} more characters cut by tldr)`;
  const room = limit - note(text.length).length;
  if (room <= 0) return '';
  let end = room;
  const lineEnd = text.lastIndexOf('\n', end);
  if (lineEnd >= room * 0.6) end = lineEnd;
  else {
    const space = text.lastIndexOf(' ', end);
    if (space >= room * 0.8) end = space;
  }
  // Never split a surrogate pair.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end).trimEnd() + note(text.length - end);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
