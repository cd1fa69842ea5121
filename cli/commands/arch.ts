// `tldr arch`: module layers, dependency direction and import cycles.
import { intOption, queryCommand } from '../command.js';
import type { ArchArgs, ArchResult } from '../../core/query/arch.js';

export const archCommand = queryCommand<ArchArgs, ArchResult>({
  name: 'arch',
  summary: 'module layers (from imports), dependency direction between modules, and import cycles',
  options: (command) => command.option('--depth <n>', 'directory depth that makes a module (default: every directory)'),
  toArgs: (_positional, options) => (options.depth === undefined ? {} : { depth: intOption(options.depth, '--depth', 1) }),
  text: (result) => {
    const out: string[] = [];
    for (const { layer, modules } of [...result.layers].reverse()) {
      out.push(`layer ${layer}:`);
      for (const name of modules) {
        const module = result.modules.find((m) => m.name === name)!;
        out.push(`  ${name} (${module.files} files)${module.depends_on.length ? ` -> ${module.depends_on.join(', ')}` : ''}`);
      }
    }
    if (result.cycles.length) {
      out.push('module cycles:');
      for (const cycle of result.cycles) out.push(`  ${cycle.modules.join(' <-> ')}`);
    }
    if (result.file_cycles.length) {
      out.push(`file import cycles: ${result.file_cycles.length}`);
      for (const cycle of result.file_cycles.slice(0, 10)) out.push(`  ${cycle.join(' <-> ')}`);
    }
    return `${out.join('\n')}\n`;
  },
});
