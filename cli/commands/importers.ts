// `tldr importers <module>`: files importing a module (a project file/directory or a specifier).
import { queryCommand } from '../command.js';
import type { ImportersArgs, ImportersResult } from '../../core/query/importers.js';

export const importersCommand = queryCommand<ImportersArgs, ImportersResult>({
  name: 'importers',
  args: '<module>',
  summary: 'files importing a module: a project file or directory, or a specifier as written in imports',
  toArgs: (positional) => ({ module: positional[0] }),
  text: (result) => {
    if (result.importers.length === 0) return `nothing imports ${result.module}\n`;
    return `${result.importers.map((i) => `${i.file}:${i.line}  ${i.module}${i.names.length ? `  {${i.names.join(', ')}}` : ''}`).join('\n')}\n`;
  },
});
