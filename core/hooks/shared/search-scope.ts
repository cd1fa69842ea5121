// Which project files a search command covers: its paths (files or directories), its file-name
// globs (`--include`, `-g`, `-name`; `!` excludes, as in rg) and its type filters (`rg -t ts`,
// `ack --python`). Undefined when the command names nothing inside the project or a filter this
// reader does not know, so tldr never offers hits from files the search would not have read.
import { statSync } from 'node:fs';
import ignore from 'ignore';
import { relativeInsideRoot } from '../../daemon/inside-root.js';
import type { LanguageId } from '../../types.js';
import { languageForPath } from '../../../grammars/languages.js';
import type { SearchRequest } from '../text/search-command.js';

/** Type names of rg, ugrep, ag and ack → the languages they select. */
const TYPES: Record<string, LanguageId[]> = {
  ts: ['typescript', 'tsx'], typescript: ['typescript', 'tsx'], tsx: ['tsx'],
  js: ['javascript'], javascript: ['javascript'], jsx: ['javascript'],
  py: ['python'], python: ['python'], go: ['go'], golang: ['go'], java: ['java'], rust: ['rust'], rs: ['rust'],
  c: ['c'], cc: ['c', 'cpp'], cpp: ['cpp'], 'c++': ['cpp'], cs: ['csharp'], csharp: ['csharp'],
  rb: ['ruby'], ruby: ['ruby'], php: ['php'], kotlin: ['kotlin'], kt: ['kotlin'], swift: ['swift'],
  scala: ['scala'], lua: ['lua'], sh: ['bash'], shell: ['bash'], bash: ['bash'],
};

export interface Scope {
  accept: (file: string) => boolean;
  /** The one project directory searched, when the search names a single directory. */
  path?: string;
}

export function searchScope(root: string, request: SearchRequest): Scope | undefined {
  const prefixes: string[] = [];
  const paths = request.paths.length > 0 ? request.paths : [request.cwd];
  for (const path of paths) {
    const rel = relativeInsideRoot(root, path, request.cwd);
    if (rel === undefined) continue;
    let isDir = false;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      continue;
    }
    prefixes.push(rel === '' ? '' : isDir ? `${rel}/` : rel);
  }
  if (prefixes.length === 0) return undefined;
  const positive = request.globs.filter((glob) => !glob.startsWith('!'));
  const negative = request.globs.filter((glob) => glob.startsWith('!')).map((glob) => glob.slice(1));
  const include = positive.length > 0 ? ignore({ ignorecase: request.ignoreCase }).add(positive) : undefined;
  const exclude = negative.length > 0 ? ignore().add(negative) : undefined;
  let languages: Set<LanguageId> | undefined;
  if (request.types.length > 0) {
    const known = request.types.map((type) => TYPES[type.toLowerCase()]);
    if (known.some((list) => list === undefined)) return undefined;
    languages = new Set(known.flat());
  }
  const accept = (file: string) => {
    if (!prefixes.some((prefix) => prefix === '' || file === prefix || (prefix.endsWith('/') && file.startsWith(prefix)))) return false;
    if (include && !include.ignores(file)) return false;
    if (exclude?.ignores(file)) return false;
    if (languages && !languages.has(languageForPath(file)?.id as LanguageId)) return false;
    return true;
  };
  const single = prefixes.length === 1 && prefixes[0].endsWith('/') ? prefixes[0].slice(0, -1) : undefined;
  return single === undefined ? { accept } : { accept, path: single };
}
