// `tldr tree [path]`: indexed files, drawn as an indented tree with line counts.
import { queryCommand } from '../command.js';
import type { TreeArgs, TreeResult } from '../../core/query/tree.js';

export const treeCommand = queryCommand<TreeArgs, TreeResult>({
  name: 'tree',
  args: '[path]',
  summary: 'file tree of the indexed files (JSON: {path, files:[{path,language,lines}], lines})',
  toArgs: (positional) => (positional[0] === undefined ? {} : { path: positional[0] }),
  text: formatTree,
});

export function formatTree(result: TreeResult): string {
  const where = result.path === '' ? 'the project' : result.path;
  if (result.files.length === 0) return `no indexed files in ${where}\n`;
  const out: string[] = [];
  let open: string[] = [];
  for (const file of result.files) {
    const parts = file.path.split('/');
    const dirs = parts.slice(0, -1);
    let same = 0;
    while (same < open.length && same < dirs.length && open[same] === dirs[same]) same++;
    for (let depth = same; depth < dirs.length; depth++) out.push(`${'  '.repeat(depth)}${dirs[depth]}/`);
    open = dirs;
    out.push(`${'  '.repeat(dirs.length)}${parts[parts.length - 1]} (${file.lines})`);
  }
  const count = result.files.length;
  out.push(`${count} file${count === 1 ? '' : 's'}, ${result.lines} lines in ${where}`);
  return `${out.join('\n')}\n`;
}
