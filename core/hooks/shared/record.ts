// A file's fresh record for a behaviour: undefined where the CLI would report an error (missing,
// skipped as binary/minified/too large, unsupported language), and while the index is still
// loading (a hook never waits for it), so a hook answers `{}` for them.
import { TldrError } from '../../errors.js';
import type { FileRecord } from '../../types.js';
import { languageForPath } from '../../../grammars/languages.js';
import type { HookInput, HookServices } from '../contract.js';
import { toolFile } from './project-file.js';

export async function recordOf(services: HookServices, path: string): Promise<FileRecord | undefined> {
  if (!languageForPath(path) || !services.readiness().index) return undefined;
  try {
    return await (await services.index()).record(path);
  } catch (error) {
    if (error instanceof TldrError) return undefined;
    throw error;
  }
}

/** The tools that change one file's text (Claude Code's, and MultiEdit of older versions). */
export const EDIT_TOOLS: ReadonlySet<string> = new Set(['Edit', 'Write', 'MultiEdit']);

/** The project file an Edit/Write event of `event` changes, with its fresh record; undefined for any other event or file. */
export async function editedFile(services: HookServices, input: HookInput, event: string): Promise<{ path: string; record: FileRecord } | undefined> {
  if (input.hook_event_name !== event || !EDIT_TOOLS.has(input.tool_name ?? '')) return undefined;
  const path = toolFile(services, input);
  const record = path ? await recordOf(services, path) : undefined;
  return path && record ? { path, record } : undefined;
}
