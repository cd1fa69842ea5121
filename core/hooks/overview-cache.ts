// The last project overview session-start gave, kept in `.tldr/hooks-overview.json`: a session
// that starts before the daemon answers (or while its index loads) gets it at once instead of
// nothing, without anyone loading the index. Written by the daemon, read by either side.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureCacheDir } from '../cache/index-file.js';
import { MAX_ANSWER_CHARS, isRecord, withContext } from './contract.js';

interface StoredOverview {
  at: string;
  context: string;
}

function overviewPath(root: string): string {
  return join(root, '.tldr', 'hooks-overview.json');
}

/** Keeps the additionalContext of a session-start answer (JSON text) when it differs from the stored one. */
export function saveOverview(root: string, answer: string): void {
  const context = contextOf(answer);
  if (context === undefined || read(root)?.context === context) return;
  try {
    ensureCacheDir(join(root, '.tldr'));
    const file = overviewPath(root);
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify({ at: new Date().toISOString(), context } satisfies StoredOverview));
    renameSync(temp, file);
  } catch {
    // a read-only checkout: the next session simply has no cached overview
  }
}

/** The stored overview as a SessionStart answer (JSON text), or undefined when there is none. */
export function cachedOverview(root: string): string | undefined {
  const stored = read(root);
  if (!stored) return undefined;
  const note = `\n(tldr's daemon is starting: this overview is from ${stored.at.slice(0, 16).replace('T', ' ')} UTC)`;
  const text = JSON.stringify(withContext('SessionStart', stored.context + note));
  return text.length <= MAX_ANSWER_CHARS ? text : undefined;
}

function read(root: string): StoredOverview | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(overviewPath(root), 'utf8'));
    if (isRecord(value) && typeof value.at === 'string' && typeof value.context === 'string') return { at: value.at, context: value.context };
  } catch {
    // none yet, or damaged: no overview
  }
  return undefined;
}

function contextOf(answer: string): string | undefined {
  try {
    const value: unknown = JSON.parse(answer);
    const specific = isRecord(value) ? value.hookSpecificOutput : undefined;
    return isRecord(specific) && typeof specific.additionalContext === 'string' ? specific.additionalContext : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What `tldr hook <name>` prints when no daemon answers (one is starting in the background): the
 * cached overview for session-start, `{}` for every other hook.
 */
export function answerWithoutDaemon(name: string | undefined, root: string): string {
  return (name === 'session-start' ? cachedOverview(root) : undefined) ?? '{}';
}
