// edit-notify (PostToolUse · Edit/Write and Bash, FileChanged; async: Claude Code does not wait):
// marks the files the agent changed dirty, so the next answer is computed from their new text
// (the watcher would see them too, later). For Bash, only the files the command line names as
// written, moved or deleted; a command that names none is left to the watcher. Records what the
// session touched, for subagent-start.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { NO_ANSWER, type HookInput, type HookRun, type HookServices } from './contract.js';
import { projectPath } from './shared/project-file.js';
import { writtenPaths } from './text/written-paths.js';

const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);
/** A command naming more files than this is left to the watcher. */
const MAX_PATHS = 200;

function pathsOf(input: HookInput): unknown[] {
  if (input.hook_event_name === 'FileChanged') return [input.file_path];
  if (input.hook_event_name !== 'PostToolUse' || !input.tool_input) return [];
  if (EDIT_TOOLS.has(input.tool_name ?? '')) return [input.tool_input.file_path ?? input.tool_input.notebook_path];
  if (input.tool_name === 'Bash' && typeof input.tool_input.command === 'string') {
    return writtenPaths(input.tool_input.command, input.cwd ?? '/') ?? [];
  }
  return [];
}

function isDirectory(services: HookServices, rel: string): boolean {
  try {
    return statSync(join(services.root, rel)).isDirectory();
  } catch {
    return false;
  }
}

export const editNotify: HookRun = async (input, services) => {
  const candidates = pathsOf(input);
  if (candidates.length === 0 || candidates.length > MAX_PATHS) return NO_ANSWER;
  // A directory would make the index walk the whole tree again; the watcher sees what changed in it.
  const paths = [...new Set(candidates.map((path) => projectPath(services, input, path)))]
    .filter((rel): rel is string => rel !== undefined && !isDirectory(services, rel));
  if (paths.length === 0) return NO_ANSWER;
  services.notify(paths);
  if (input.session_id) {
    const session = services.session(input.session_id);
    for (const path of paths) session.touch(path);
  }
  return NO_ANSWER;
};
