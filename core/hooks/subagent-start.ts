// subagent-start (SubagentStart): a sub-agent starts with none of the session's context; it gets
// the files the session touched most recently (read, edited, written — recorded by
// read-enforcer and edit-notify), newest first, each with what it defines in one line.
import type { FileRecord } from '../types.js';
import { NO_ANSWER, withContext, type HookRun } from './contract.js';
import { fitLines, oneLine } from './shared/answer.js';
import { recordOf } from './shared/record.js';

const MAX_FILES = 8;
const LINE_MAX = 220;

/** `path (language, N lines): class A {m1, m2}; f; g` — top-level definitions, methods inside their class. */
export function fileLine(record: FileRecord): string {
  const items: Array<{ line: number; text: string }> = [];
  for (const cls of record.classes) {
    if (cls.qualified_name !== cls.name) continue;
    const methods = [...new Set(cls.methods.map((m) => m.name))];
    const inner = methods.length === 0 ? '' : ` {${methods.slice(0, 6).join(', ')}${methods.length > 6 ? `, +${methods.length - 6}` : ''}}`;
    items.push({ line: cls.line, text: `${cls.kind} ${cls.name}${inner}` });
  }
  for (const fn of record.functions) if (fn.parent_function === undefined && !fn.name.startsWith('<')) items.push({ line: fn.line, text: fn.name });
  const defined = [...new Set(items.sort((a, b) => a.line - b.line).map((item) => item.text))].join('; ');
  return oneLine(`${record.path} (${record.language}, ${record.line_count} lines)${defined ? `: ${defined}` : ''}`, LINE_MAX);
}

export const subagentStart: HookRun = async (input, services) => {
  if (input.hook_event_name !== 'SubagentStart' || !input.session_id) return NO_ANSWER;
  const lines: string[] = [];
  for (const path of services.session(input.session_id).touched(MAX_FILES * 2)) {
    const record = await recordOf(services, path);
    if (record) lines.push(fileLine(record));
    if (lines.length >= MAX_FILES) break;
  }
  if (lines.length === 0) return NO_ANSWER;
  return withContext('SubagentStart', fitLines(['tldr: files this session worked on most recently (newest first), with what each defines:', ...lines]));
};
