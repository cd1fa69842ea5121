// `tldr imports <file>`: the import statements of a file.
import { queryCommand } from '../command.js';
import type { ImportsArgs, ImportsResult } from '../../core/query/imports.js';

export const importsCommand = queryCommand<ImportsArgs, ImportsResult>({
  name: 'imports',
  args: '<file>',
  summary: 'import statements of a file: module, imported names with aliases, line, kind',
  toArgs: (positional) => ({ file: positional[0] }),
  text: (result) => {
    if (result.imports.length === 0) return `${result.file}: no imports\n`;
    return `${result.imports.map((i) => {
      const names = i.bindings.map((b) => (b.alias ? `${b.name} as ${b.alias}` : b.name));
      return `L${i.line} ${i.module}${names.length ? ` {${names.join(', ')}}` : ''}${i.kind === 'import' ? '' : ` (${i.kind})`}`;
    }).join('\n')}\n`;
  },
});
