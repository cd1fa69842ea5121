// The project file a tool input names: Claude Code sends absolute paths (`tool_input.file_path`),
// older clients and Bash commands relative ones (from the event's `cwd`). Anything that is not a
// string, or lies outside the project once symlinks are resolved, is no project file.
import { relativeInsideRoot } from '../../daemon/inside-root.js';
import type { HookInput, HookServices } from '../contract.js';

/** `value` as a path relative to the project root, or undefined (not a string, outside, the root itself). */
export function projectPath(services: HookServices, input: HookInput, value: unknown, cwd = input.cwd): string | undefined {
  if (typeof value !== 'string' || value === '' || value.includes('\u0000')) return undefined;
  const rel = relativeInsideRoot(services.root, value, cwd ?? services.root);
  return rel === '' ? undefined : rel;
}

/** The project file of a tool call's `file_path` (Read, Edit, Write) or `notebook_path`. */
export function toolFile(services: HookServices, input: HookInput): string | undefined {
  const toolInput = input.tool_input;
  if (!toolInput) return undefined;
  return projectPath(services, input, toolInput.file_path ?? toolInput.notebook_path);
}
