// The text an Edit, MultiEdit or Write puts into a file, with the text it replaces.
import type { HookInput } from '../contract.js';

/** The new text of an Edit (each edit of a MultiEdit) or Write, with the text it replaces. */
export function editTexts(input: HookInput): Array<{ next: string; previous: string }> {
  const toolInput = input.tool_input ?? {};
  if (input.tool_name === 'Write') return typeof toolInput.content === 'string' ? [{ next: toolInput.content, previous: '' }] : [];
  if (input.tool_name === 'Edit') {
    return typeof toolInput.new_string === 'string' ? [{ next: toolInput.new_string, previous: typeof toolInput.old_string === 'string' ? toolInput.old_string : '' }] : [];
  }
  if (input.tool_name === 'MultiEdit' && Array.isArray(toolInput.edits)) {
    return toolInput.edits
      .filter((edit): edit is { new_string: string; old_string?: unknown } => typeof edit === 'object' && edit !== null && typeof (edit as { new_string?: unknown }).new_string === 'string')
      .map((edit) => ({ next: edit.new_string, previous: typeof edit.old_string === 'string' ? edit.old_string : '' }));
  }
  return [];
}
