// session-start (SessionStart): a short overview of the project for the new session — languages
// and size, the main modules, the entry points — and the tldr commands worth knowing. Cheap: it
// reads the records the daemon holds (no call graph, no parsing); while the index is still
// loading it answers with the commands alone.
import type { FileRecord, LanguageId } from '../types.js';
import { NO_ANSWER, withContext, type HookRun } from './contract.js';
import { fitLines, plural } from './shared/answer.js';
import { groupDigits } from '../text/group-digits.js';

const MAIN_MODULES = 6;
const ENTRY_POINTS = 6;

const LANGUAGE_NAMES: Record<LanguageId, string> = {
  typescript: 'TypeScript', tsx: 'TSX', javascript: 'JavaScript', python: 'Python', go: 'Go', java: 'Java', rust: 'Rust', c: 'C',
  cpp: 'C++', csharp: 'C#', ruby: 'Ruby', php: 'PHP', kotlin: 'Kotlin', swift: 'Swift', scala: 'Scala', lua: 'Lua', bash: 'Bash',
};

export const TLDR_COMMANDS = [
  'tldr commands worth knowing (answered by its daemon in milliseconds; paths relative to the project):',
  '  tldr structure <file|dir>        definitions with line ranges and signatures',
  '  tldr context <name>              a function, its callees\' signatures, its callers',
  '  tldr impact <name>               everything that calls it, before you change it',
  '  tldr search "<name or question>" definitions by name, shape or description',
  '  tldr cfg|dfg|slice <file> <fn>   control flow, data flow, what affects a line',
  '  tldr arch                        modules, layers, import cycles',
  '  tldr diagnostics <file>          syntax, type and lint errors',
  'A Read of a large code file shows its head and a map of its definitions; Read it again for the whole file.',
];

function thousands(n: number): string {
  return n >= 10_000 ? `${Math.round(n / 1000)}k` : groupDigits(n);
}

/** The module a file belongs to: its first directory, or its first two when the first holds nearly everything. */
function moduleKeys(paths: string[]): (path: string) => string {
  const top = new Map<string, number>();
  for (const path of paths) top.set(path.split('/')[0], (top.get(path.split('/')[0]) ?? 0) + 1);
  const dominant = new Set([...top].filter(([, count]) => count > paths.length * 0.6).map(([dir]) => dir));
  return (path) => {
    const parts = path.split('/');
    if (parts.length === 1) return '.';
    return dominant.has(parts[0]) && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
  };
}

const ENTRY_FILE = /(?:^|\/)(?:__main__\.py|main\.\w+|cli\.\w+|app\.\w+|server\.\w+|manage\.py|index\.[jt]sx?)$/;

function isEntryPoint(record: FileRecord): boolean {
  const depth = record.path.split('/').length;
  if (record.functions.some((fn) => fn.parent_function === undefined && (fn.name === 'main' || fn.name === 'Main'))) return true;
  if (record.classes.some((cls) => cls.methods.some((m) => m.name === 'main' && (m.modifiers ?? []).includes('static')))) return true;
  return depth <= 3 && ENTRY_FILE.test(record.path);
}

/** Overviews by records snapshot: the index hands out a new map whenever a file changes. */
const overviews = new WeakMap<ReadonlyMap<string, FileRecord>, string[]>();

export function projectOverview(records: ReadonlyMap<string, FileRecord>): string[] {
  let overview = overviews.get(records);
  if (!overview) overviews.set(records, (overview = computeOverview(records)));
  return overview;
}

function computeOverview(records: ReadonlyMap<string, FileRecord>): string[] {
  if (records.size === 0) return [];
  const byLanguage = new Map<LanguageId, { files: number; lines: number }>();
  let lines = 0;
  for (const record of records.values()) {
    const entry = byLanguage.get(record.language) ?? { files: 0, lines: 0 };
    entry.files++;
    entry.lines += record.line_count;
    byLanguage.set(record.language, entry);
    lines += record.line_count;
  }
  const languages = [...byLanguage].sort((a, b) => b[1].lines - a[1].lines).slice(0, 5)
    .map(([language, { files, lines: l }]) => `${LANGUAGE_NAMES[language]} ${Math.round((100 * l) / Math.max(1, lines))}% (${plural(files, 'file')})`);
  const keyOf = moduleKeys([...records.keys()]);
  const modules = new Map<string, { files: number; lines: number }>();
  for (const record of records.values()) {
    const key = keyOf(record.path);
    const entry = modules.get(key) ?? { files: 0, lines: 0 };
    entry.files++;
    entry.lines += record.line_count;
    modules.set(key, entry);
  }
  const main = [...modules].sort((a, b) => b[1].lines - a[1].lines).slice(0, MAIN_MODULES)
    .map(([name, { files, lines: l }]) => `${name}/ (${plural(files, 'file')}, ${thousands(l)} lines)`);
  const entries = [...records.values()].filter(isEntryPoint)
    .sort((a, b) => a.path.split('/').length - b.path.split('/').length || a.path.localeCompare(b.path))
    .slice(0, ENTRY_POINTS).map((record) => record.path);
  const out = [`tldr: this project as its code index sees it — ${plural(records.size, 'file')}, ${thousands(lines)} lines: ${languages.join(', ')}`];
  out.push(`main modules: ${main.join(', ')}`);
  if (entries.length > 0) out.push(`entry points: ${entries.join(', ')}`);
  return out;
}

export const sessionStart: HookRun = async (input, services) => {
  if (input.hook_event_name !== 'SessionStart') return NO_ANSWER;
  // Still loading: the commands alone (the overview comes with the next session start).
  const overview = services.readiness().index ? projectOverview(await (await services.index()).records()) : [];
  return withContext('SessionStart', fitLines([...overview, ...TLDR_COMMANDS], 2_500));
};
