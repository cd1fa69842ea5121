// `tldr notify <file...>`: tells the project's daemon that files changed so it re-parses them now
// rather than at the next query. Without a daemon there is nothing to tell: every read from the
// cache re-checks size, mtime and hash anyway, so the paths are only validated.
import type { CommandSpec } from '../command.js';
import type { NotifyResult } from '../../core/daemon/protocol.js';
import { TldrError } from '../../core/errors.js';

export const notifyCommand: CommandSpec = {
  name: 'notify',
  args: '<files...>',
  summary: 'mark files as changed so the daemon re-parses them',
  async run(positional, _options, globals) {
    const { resolveProjectRoot } = await import('../../core/project/root.js');
    const root = resolveProjectRoot(globals.project);
    const cwd = process.cwd();
    let result: NotifyResult | undefined;
    if (globals.daemon) {
      const { notifyDaemon } = await import('../../core/daemon/remote.js');
      result = await notifyDaemon(root, positional, cwd);
    }
    if (!result) {
      const { relativeInsideRoot } = await import('../../core/daemon/inside-root.js');
      result = { marked: [], refused: [] };
      for (const path of positional) {
        const rel = relativeInsideRoot(root, path, cwd);
        if (rel === undefined) result.refused.push(path);
        else result.marked.push(rel);
      }
    }
    process.stdout.write(formatNotify(result, globals.json, root));
    return 0;
  },
  async serve(positional, _options, globals, context) {
    const { resolveProjectRoot } = await import('../../core/project/root.js');
    return formatNotify(context.notify(positional), globals.json, resolveProjectRoot(globals.project, context.cwd));
  },
};

function formatNotify(result: NotifyResult, json: boolean, root: string): string {
  if (result.refused.length > 0) {
    throw new TldrError(`path is outside the project: ${result.refused[0]}`, `project root is ${root}`);
  }
  if (json) return `${JSON.stringify({ marked: result.marked })}\n`;
  return `marked ${result.marked.length} file${result.marked.length === 1 ? '' : 's'} as changed\n`;
}
