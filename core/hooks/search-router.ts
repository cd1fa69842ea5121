// search-router. PreToolUse · Bash (grep, rg, git grep, ag, ack, ugrep, find) and Grep/Glob
// (older clients): reads the search with a shell-words parser; for a pattern that names a
// definition, a call, a project symbol or a few words of natural language, adds tldr's
// structural/semantic hits from tldr search (`file:line  symbol  signature`) as context and lets
// the search run. A literal that ripgrep serves well, and any command it does not fully follow, are
// left alone.
// PostToolUse on the same calls: remembers which files the search located (from its output), so
// that read-enforcer serves them in full; tldr's own hits are remembered at PreToolUse.
import type { ProjectIndex } from '../index/project-index.js';
import { relativeInsideRoot } from '../daemon/inside-root.js';
import { NO_ANSWER, isRecord, withContext, type HookInput, type HookOutput, type HookRun, type HookServices } from './contract.js';
import { fitLines, oneLine } from './shared/answer.js';
import { readyGraph } from './shared/graph.js';
import { searchScope } from './shared/search-scope.js';
import { hookSearch, type HookSearchResult } from './shared/search-tier.js';
import type { SearchRecord } from './session.js';
import { parseSearchCommand, type SearchRequest } from './text/search-command.js';

const HIT_LIMIT = 8;
/** A search that located more files than this did not locate any one of them. */
const LOCATED_MAX_FILES = 10;
/** Output lines read for located files. */
const OUTPUT_MAX_LINES = 400;

/** The search a tool call runs: a Bash command line, or the Grep tool's input (older clients). */
function requestOf(input: HookInput, cwd: string): SearchRequest | undefined {
  const toolInput = input.tool_input;
  if (!toolInput) return undefined;
  if (input.tool_name === 'Bash') return typeof toolInput.command === 'string' ? parseSearchCommand(toolInput.command, cwd) : undefined;
  if (input.tool_name !== 'Grep' && input.tool_name !== 'Glob') return undefined;
  if (typeof toolInput.pattern !== 'string') return undefined;
  const path = toolInput.path === undefined ? cwd : typeof toolInput.path === 'string' ? toolInput.path : undefined;
  if (path === undefined) return undefined;
  const glob = typeof toolInput.glob === 'string' ? [toolInput.glob] : [];
  const type = typeof toolInput.type === 'string' ? [toolInput.type] : [];
  const isGlobTool = input.tool_name === 'Glob';
  return {
    tool: isGlobTool ? 'find' : 'rg',
    patterns: [toolInput.pattern],
    paths: [path],
    cwd,
    globs: isGlobTool ? [toolInput.pattern] : glob,
    types: type,
    fixed: false,
    ignoreCase: toolInput['-i'] === true,
    word: false,
    filesOnly: toolInput.output_mode === 'files_with_matches',
    recursive: true,
  };
}

function render(pattern: string, result: HookSearchResult): string {
  const what = result.tier === 'semantic'
    ? `definitions whose names match the words of \`${oneLine(pattern, 60)}\` (tldr's semantic hits)`
    : `where \`${oneLine(pattern, 60)}\` is defined (tldr's structural hits)`;
  const lines = [`tldr: ${what}; the search runs as asked:`];
  for (const hit of result.hits) {
    const range = hit.end_line > hit.line ? `${hit.line}-${hit.end_line}` : `${hit.line}`;
    lines.push(`${hit.file}:${range}  ${hit.symbol}  ${oneLine(hit.signature, 120)}`);
  }
  if (result.more > 0) lines.push(`(+${result.more} more definitions: \`tldr signature <name>\` lists them all)`);
  return fitLines(lines);
}

function locatedFiles(result: HookSearchResult): SearchRecord['files'] {
  const byFile = new Map<string, number[]>();
  for (const hit of result.hits) byFile.set(hit.file, [...(byFile.get(hit.file) ?? []), hit.line]);
  return [...byFile].map(([path, lines]) => ({ path, lines }));
}

async function beforeSearch(input: HookInput, services: HookServices, request: SearchRequest): Promise<HookOutput> {
  if (request.tool === 'find') return NO_ANSWER;
  const scope = searchScope(services.root, request);
  const graph = scope && await readyGraph(services);
  if (!scope || !graph) return NO_ANSWER;
  const index: ProjectIndex = await services.index();
  const result = await hookSearch(index, graph, {
    patterns: request.patterns, fixed: request.fixed, path: scope.path, globs: request.globs, inScope: scope.accept, limit: HIT_LIMIT,
  });
  if (!result) return NO_ANSWER;
  if (input.session_id) {
    services.session(input.session_id).recordSearch({ at: Date.now(), pattern: request.patterns.join(' '), files: locatedFiles(result) });
  }
  return withContext('PreToolUse', render(request.patterns.join(' | '), result));
}

/** The text a search printed: Bash's stdout, or the file list of the Grep/Glob tools. */
function outputLines(response: unknown): string[] {
  if (!isRecord(response)) return typeof response === 'string' ? response.split('\n', OUTPUT_MAX_LINES) : [];
  if (typeof response.stdout === 'string') return response.stdout.split('\n', OUTPUT_MAX_LINES);
  if (Array.isArray(response.filenames)) return response.filenames.filter((name): name is string => typeof name === 'string').slice(0, OUTPUT_MAX_LINES);
  return [];
}

/**
 * Files (with lines) a search's output names: `path:line:text`, `path:text`, `path` (`-l`, find),
 * or `line:text` when the search read one file. Undefined when it located too many to count.
 */
export function filesInOutput(services: HookServices, request: SearchRequest, lines: string[]): SearchRecord['files'] | undefined {
  const single = request.paths.length === 1 && request.tool !== 'find' ? relativeInsideRoot(services.root, request.paths[0], request.cwd) : undefined;
  const located = new Map<string, number[]>();
  const checked = new Map<string, string | undefined>();
  for (const line of lines) {
    if (line === '' || line === '--') continue;
    let path: string | undefined;
    let lineNumber: number | undefined;
    const numbered = /^(\d+)[:-]/.exec(line);
    if (numbered && single !== undefined && single !== '') {
      path = single;
      lineNumber = Number(numbered[1]);
    } else {
      // `path:line:text` or `path:text`; context lines (`path-line-text`) name the same files.
      const match = /^(.+?):(?:(\d+):)?/.exec(line);
      const candidate = request.filesOnly || request.tool === 'find' ? line : match?.[1];
      if (candidate === undefined) continue;
      if (!checked.has(candidate)) {
        if (checked.size > LOCATED_MAX_FILES * 4) break;
        const rel = relativeInsideRoot(services.root, candidate, request.cwd);
        checked.set(candidate, rel === '' ? undefined : rel);
      }
      path = checked.get(candidate);
      if (match?.[2] && !request.filesOnly) lineNumber = Number(match[2]);
    }
    if (path === undefined) continue;
    const list = located.get(path) ?? [];
    if (lineNumber !== undefined && list.length < 20) list.push(lineNumber);
    located.set(path, list);
    if (located.size > LOCATED_MAX_FILES) return undefined;
  }
  return [...located].map(([path, found]) => ({ path, lines: found }));
}

function afterSearch(input: HookInput, services: HookServices, request: SearchRequest): HookOutput {
  if (!input.session_id) return NO_ANSWER;
  const files = filesInOutput(services, request, outputLines(input.tool_response));
  if (files && files.length > 0) {
    services.session(input.session_id).recordSearch({ at: Date.now(), pattern: request.patterns.join(' '), files });
  }
  return NO_ANSWER;
}

export const searchRouter: HookRun = async (input, services) => {
  const request = requestOf(input, input.cwd ?? services.root);
  if (!request) return NO_ANSWER;
  if (input.hook_event_name === 'PreToolUse') return beforeSearch(input, services, request);
  if (input.hook_event_name === 'PostToolUse') return afterSearch(input, services, request);
  return NO_ANSWER;
};
