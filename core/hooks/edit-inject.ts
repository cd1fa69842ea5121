// edit-inject (PreToolUse · Edit/Write): an agent about to change a file it has not read in full
// in this session (nor been given its map) gets the file's structure — every definition with its
// line range, the imports — and, for an Edit, the definition its old_string lies in. Once per
// file and reader: the map counts as given (read-enforcer then serves a full read in full).
import type { FileRecord } from '../types.js';
import { NO_ANSWER, withContext, type HookRun } from './contract.js';
import { fitLines } from './shared/answer.js';
import { outlineLines } from './shared/analysis-text.js';
import { toolFile } from './shared/project-file.js';
import { EDIT_TOOLS, recordOf } from './shared/record.js';

const OUTLINE_TOKENS = 450;

/** The innermost definition holding `line`; in an overloaded function, the overload holding it. */
function enclosing(record: FileRecord, line: number): { name: string; line: number; end: number; signature: string } | undefined {
  let best: { name: string; line: number; end: number; signature: string } | undefined;
  const consider = (name: string, from: number, to: number, signature: string) => {
    if (from <= line && line <= to && (!best || to - from < best.end - best.line)) best = { name, line: from, end: to, signature };
  };
  for (const def of [...record.classes, ...record.functions, ...record.classes.flatMap((c) => c.methods)]) {
    consider(def.qualified_name, def.line, def.end_line, def.signature);
    for (const o of 'overloads' in def ? def.overloads ?? [] : []) consider(def.qualified_name, o.line, o.end_line, o.signature);
  }
  return best;
}

export const editInject: HookRun = async (input, services) => {
  if (input.hook_event_name !== 'PreToolUse' || !EDIT_TOOLS.has(input.tool_name ?? '') || !input.session_id) return NO_ANSWER;
  const path = toolFile(services, input);
  if (!path) return NO_ANSWER;
  const session = services.session(input.session_id);
  const reader = input.agent_id;
  if (session.hasReadFully(path, reader) || session.wasSummarised(path, reader)) return NO_ANSWER;
  const record = await recordOf(services, path);
  if (!record || record.functions.length + record.classes.length === 0) return NO_ANSWER;
  session.markSummarised(path, reader);
  const lines = [`tldr: you are ${input.tool_name === 'Write' ? 'overwriting' : 'editing'} ${path} without having read it in full in this session; its structure:`];
  const oldString = input.tool_input?.old_string;
  if (input.tool_name === 'Edit' && typeof oldString === 'string' && oldString !== '') {
    const source = await (await services.index()).source(path);
    const at = source.indexOf(oldString);
    const line = at < 0 ? undefined : source.slice(0, at).split('\n').length;
    const def = line === undefined ? undefined : enclosing(record, line);
    if (def) lines.push(`the text you replace is at line ${line}, inside ${def.name} (L${def.line}-${def.end}): ${def.signature}`);
  }
  lines.push(...outlineLines(record, OUTLINE_TOKENS));
  return withContext('PreToolUse', fitLines(lines));
};
