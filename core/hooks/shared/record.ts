// A file's fresh record for a behaviour: undefined where the CLI would report an error (missing,
// skipped as binary/minified/too large, unsupported language), and while the index is still
// loading (a hook never waits for it), so a hook answers `{}` for them.
import { TldrError } from '../../errors.js';
import type { FileRecord } from '../../types.js';
import { languageForPath } from '../../../grammars/languages.js';
import type { HookServices } from '../contract.js';

export async function recordOf(services: HookServices, path: string): Promise<FileRecord | undefined> {
  if (!languageForPath(path) || !services.readiness().index) return undefined;
  try {
    return await (await services.index()).record(path);
  } catch (error) {
    if (error instanceof TldrError) return undefined;
    throw error;
  }
}
