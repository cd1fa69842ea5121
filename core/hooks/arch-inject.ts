// arch-inject (PreToolUse · Agent/Task, then SubagentStart, like tldr-inject): a planning, design
// or refactoring task that names project code (symbols, files, module directories) gets the
// architecture around it — the modules involved with their layer, what they import and what
// imports them, the import cycles they are in — and the project's layers, top to bottom.
import { moduleOf, type ArchResult } from '../query/arch.js';
import type { HookRun, HookServices } from './contract.js';
import { fitLines } from './shared/answer.js';
import { readyGraph } from './shared/graph.js';
import { subagentBriefing } from './shared/pending-agents.js';
import { filesInText, symbolsInText } from './shared/symbols-in-text.js';
import { ARCHITECTURE_PROMPT } from './text/intent.js';

const MAX_MODULES = 4;
const LISTED = 6;

function listed(items: string[], max = LISTED): string {
  return items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} (+${items.length - max})`;
}

/** Module directories the text names: `core/hooks`, `src/graph/`, or a backticked `hooks` that is one module's last segment. */
function modulesNamed(arch: ArchResult, text: string): string[] {
  const names = arch.modules.map((m) => m.name);
  const found: string[] = [];
  for (const match of text.matchAll(/(?<![\w/.-])((?:\.\/)?[\w.-]+(?:\/[\w.-]+)+)\/?(?![\w/.-])/g)) {
    const token = match[1].replace(/^\.\//, '');
    const module = names.find((name) => name === token) ?? names.filter((name) => name.endsWith(`/${token}`)).at(0);
    if (module) found.push(module);
  }
  for (const match of text.matchAll(/`([\w-]+)\/?`/g)) {
    const candidates = names.filter((name) => name === match[1] || name.endsWith(`/${match[1]}`));
    if (candidates.length === 1) found.push(candidates[0]);
  }
  return found;
}

/** The architecture note for a task, or '' when it is not about design or names no project code. */
export async function architectureBriefing(services: HookServices, fullPrompt: string): Promise<string> {
  const prompt = fullPrompt.slice(0, 20_000);
  if (!ARCHITECTURE_PROMPT.test(prompt)) return '';
  const graph = await readyGraph(services);
  if (!graph) return '';
  const arch = await services.query<ArchResult>('arch', {});
  const named = [
    ...symbolsInText(graph, prompt).flatMap((symbol) => symbol.definitions.slice(0, 2).map((def) => moduleOf(def.file))),
    ...filesInText(graph, prompt).map((file) => moduleOf(file)),
    ...modulesNamed(arch, prompt),
  ];
  const modules = [...new Set(named)].slice(0, MAX_MODULES);
  if (modules.length === 0) return '';
  const byName = new Map(arch.modules.map((m) => [m.name, m]));
  const lines = ['tldr architecture (a module is a directory; it sits one layer above everything it imports; layer 0 imports no other module):'];
  for (const name of modules) {
    const module = byName.get(name);
    if (!module) continue;
    lines.push(`${name}: layer ${module.layer}, ${module.files} files`);
    lines.push(`  imports: ${module.depends_on.length > 0 ? listed(module.depends_on) : 'no other module'}`);
    lines.push(`  imported by: ${module.used_by.length > 0 ? listed(module.used_by) : 'no other module'}`);
    const cycles = arch.cycles.filter((cycle) => cycle.modules.includes(name));
    for (const cycle of cycles.slice(0, 2)) lines.push(`  import cycle: ${listed(cycle.modules)}`);
  }
  lines.push(`layers, top to bottom (${arch.modules.length} modules):`);
  for (const layer of [...arch.layers].reverse().slice(0, 8)) lines.push(`  ${layer.layer}: ${listed(layer.modules, 5)}`);
  if (arch.layers.length > 8) lines.push(`  … ${arch.layers.length - 8} lower layers: \`tldr arch\``);
  if (arch.cycles.length > 0) lines.push(`${arch.cycles.length} import cycle(s) between modules in the project: \`tldr arch\` lists them`);
  return fitLines(lines, 2_500);
}

export const archInject: HookRun = subagentBriefing('arch-inject', architectureBriefing);
