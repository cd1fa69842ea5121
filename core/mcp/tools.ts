// The MCP tools: one row per query command. A row names the CLI command it stands for, describes
// it for a model, declares its input schema, and turns the input into that command's positional
// arguments and options — so a tool call is validated and answered exactly like the command line
// (same handler, same errors, same text). A row whose command this build lacks is not offered.
import { z } from 'zod';
import { TOOL_NAMES } from '../diagnostics/types.js';

export interface CommandLine {
  positional: string[];
  /** Option values keyed as commander names them (`--dispatch` → `dispatch`). */
  options: Record<string, unknown>;
}

export interface ToolRow {
  /** The MCP tool name. */
  name: string;
  /** The CLI command (and query handler) that answers it. */
  command: string;
  title: string;
  description: string;
  input: z.ZodRawShape;
  toCommandLine(input: Record<string, unknown>): CommandLine;
}

const PATHS = 'Paths are relative to the project root (or absolute inside it); paths outside the project are refused.';
const FUNCTION = 'Qualified name (`Class.method`, `outer.inner`) or a plain name when unique.';

const path = (what: string) => z.string().min(1).describe(`${what}. ${PATHS}`);
const depth = (what: string) => z.number().int().min(0).max(50).optional().describe(what);

/** Only the options that were given: absent input fields stay absent, as an omitted flag would. */
function given(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/** A boolean input that maps to a flag: only `true` sets it. */
const flag = (value: unknown): true | undefined => (value === true ? true : undefined);

const flowTool = (name: 'cfg' | 'dfg' | 'pdg', title: string, description: string): ToolRow => ({
  name,
  command: name,
  title,
  description,
  input: { file: path('The file holding the function'), function: z.string().min(1).describe(FUNCTION) },
  toCommandLine: (input) => ({ positional: [input.file as string, input.function as string], options: {} }),
});

export const TOOL_ROWS: readonly ToolRow[] = [
  {
    name: 'structure',
    command: 'structure',
    title: 'Definitions of a file or directory',
    description: 'List the functions, classes (with methods) and imports of a file, or of every file under a directory, each with its line range and signature. Cheaper than reading the file: use it to find where things are before reading or editing.',
    input: { path: path('A file or directory') },
    toCommandLine: (input) => ({ positional: [input.path as string], options: {} }),
  },
  {
    name: 'summary',
    command: 'summary',
    title: 'Token-lean summary of a file',
    description: 'A compact summary of one source file — imports, classes, methods and functions with signatures, first doc lines and line ranges, syntax errors — that replaces reading the whole file. Read only the line ranges you need afterwards.',
    input: { file: path('The file to summarise') },
    toCommandLine: (input) => ({ positional: [input.file as string], options: {} }),
  },
  {
    name: 'extract',
    command: 'extract',
    title: 'Full record of a file',
    description: 'Everything tldr extracted from one file: imports, exports, classes with fields and methods, all functions including nested ones, signatures, docstrings, every call site with its enclosing function, local bindings and syntax errors. Larger than `summary`; use it when you need call sites or bindings.',
    input: { file: path('The file to extract') },
    toCommandLine: (input) => ({ positional: [input.file as string], options: {} }),
  },
  {
    name: 'imports',
    command: 'imports',
    title: 'Imports of a file',
    description: 'The import statements of one file: module, imported names with aliases, line and kind (import, require, dynamic, re-export, include).',
    input: { file: path('The file whose imports to list') },
    toCommandLine: (input) => ({ positional: [input.file as string], options: {} }),
  },
  {
    name: 'importers',
    command: 'importers',
    title: 'Files importing a module',
    description: 'The files that import a module, with the import lines. The module is a project file or directory, or a specifier as written in imports (`lodash`, `./util`).',
    input: { module: z.string().min(1).describe('A project file or directory, or an import specifier') },
    toCommandLine: (input) => ({ positional: [input.module as string], options: {} }),
  },
  {
    name: 'tree',
    command: 'tree',
    title: 'Indexed files',
    description: 'The source files tldr indexed (the whole project, or under one directory), with language and line counts.',
    input: { path: path('A directory or file (default: the whole project)').optional() },
    toCommandLine: (input) => ({ positional: input.path === undefined ? [] : [input.path as string], options: {} }),
  },
  {
    name: 'impact',
    command: 'impact',
    title: 'Callers of a function or class',
    description: 'Who calls a function, method or class (instantiations), transitively, with the file and line of every call and its depth (1 = direct caller). Use before changing or removing a definition to see what breaks. Calls whose receiver type is unknown are listed apart as possible callers.',
    input: {
      name: z.string().min(1).describe(FUNCTION),
      file: path('Only the definition in this file').optional(),
      depth: depth('Levels of callers to follow (default 3)'),
      dispatch: z.enum(['none', 'abstract', 'family']).optional().describe('Calls through overridden or interface methods: none, abstract (interface/abstract only) or family (the whole override family); default by language'),
    },
    toCommandLine: (input) => ({ positional: [input.name as string], options: given({ file: input.file, depth: input.depth, dispatch: input.dispatch }) }),
  },
  {
    name: 'context',
    command: 'context',
    title: 'A function in context',
    description: 'LLM-ready context for a function: its code location, signature and docstring, the signatures of the functions it calls, and its callers. The best single call before modifying a function.',
    input: { name: z.string().min(1).describe(FUNCTION), depth: depth('Levels of callees to include (default 2)') },
    toCommandLine: (input) => ({ positional: [input.name as string], options: given({ depth: input.depth }) }),
  },
  {
    name: 'signature',
    command: 'signature',
    title: 'Definitions of a name',
    description: 'Every definition of a name across the project: signature, file, line and the first docstring line. Use it to call a function correctly without reading its file.',
    input: { name: z.string().min(1).describe('A function, method or class name, plain or qualified') },
    toCommandLine: (input) => ({ positional: [input.name as string], options: {} }),
  },
  {
    name: 'calls',
    command: 'calls',
    title: 'Call-graph edges',
    description: 'The call-graph edges leaving the files under a path: caller, callee (resolved to a file and function, or unresolved as written), call line and confidence. Can be large for a whole project: give a path.',
    input: {
      path: path('A file or directory (default: the whole project)').optional(),
      resolved_only: z.boolean().optional().describe('Leave out calls that could not be resolved to a project definition'),
    },
    toCommandLine: (input) => ({ positional: input.path === undefined ? [] : [input.path as string], options: given({ resolved: flag(input.resolved_only) }) }),
  },
  {
    name: 'dead',
    command: 'dead',
    title: 'Uncalled functions',
    description: 'Functions and methods nothing calls. Entry points, exports, tests, framework hooks, overrides and dunder methods are excluded by rule.',
    input: { path: path('A file or directory (default: the whole project)').optional() },
    toCommandLine: (input) => ({ positional: input.path === undefined ? [] : [input.path as string], options: {} }),
  },
  {
    name: 'arch',
    command: 'arch',
    title: 'Architecture layers',
    description: 'The project\'s modules arranged in layers by their dependencies, the direction of dependencies between them, and dependency cycles. Use it to plan changes that cross modules.',
    input: { depth: z.number().int().min(1).max(20).optional().describe('Directory depth that makes a module (default: every directory)') },
    toCommandLine: (input) => ({ positional: [], options: given({ depth: input.depth }) }),
  },
  flowTool('cfg', 'Control-flow graph', 'The control-flow graph of one function: statement blocks with lines, edges (next, true, false, loop, jump, exception, fallthrough) and cyclomatic complexity. Use it to see every path through a function.'),
  flowTool('dfg', 'Data-flow graph', 'The data flow of one function: where each variable is defined and used, and which definition reaches which use. Use it to trace where a value comes from or goes.'),
  flowTool('pdg', 'Program dependence graph', 'The program dependence graph of one function: control dependences (which condition decides whether a line runs) and data dependences.'),
  {
    name: 'slice',
    command: 'slice',
    title: 'Program slice',
    description: 'The statements of a function that affect a given line (backward slice) or that the line affects (forward), with their code. Use it to understand a bug at one line without reading the whole function.',
    input: {
      file: path('The file holding the function'),
      function: z.string().min(1).describe(FUNCTION),
      line: z.number().int().min(1).describe('The line of the slicing criterion, inside the function'),
      forward: z.boolean().optional().describe('Forward slice: the statements the line affects (default: backward)'),
      var: z.string().min(1).optional().describe('Only the dependences of this variable at the line'),
    },
    toCommandLine: (input) => ({ positional: [input.file as string, input.function as string, String(input.line)], options: given({ forward: flag(input.forward), var: input.var }) }),
  },
  {
    name: 'search',
    command: 'search',
    title: 'Search the code',
    description: 'Find code by shape (`function parseConfig`, `class Repo`, an ast-grep pattern with $VAR), by meaning (natural language: "where do we validate tokens") or by text. Ranked hits with file, line, enclosing symbol and a preview.',
    input: {
      query: z.string().min(1).describe('A code shape, a natural-language question, or literal text'),
      tier: z.enum(['auto', 'structural', 'semantic', 'literal']).optional().describe('Force a search tier (default: chosen from the query)'),
      limit: z.number().int().min(1).max(500).optional().describe('Maximum hits'),
      path: path('Only under this file or directory').optional(),
      glob: z.array(z.string().min(1)).min(1).optional().describe('Only files matching these globs; `!glob` excludes'),
      lang: z.string().min(1).optional().describe('Run an ast-grep pattern in this language only (e.g. python)'),
    },
    toCommandLine: (input) => ({ positional: [input.query as string], options: given({ tier: input.tier, limit: input.limit, path: input.path, glob: input.glob, lang: input.lang }) }),
  },
  {
    name: 'diagnostics',
    command: 'diagnostics',
    title: 'Errors in a file or directory',
    description: 'What is broken: syntax errors (every language, instantly) and, unless types is false, type and lint errors from the project\'s own checkers — its TypeScript compiler, pyright or mypy, ruff, go vet, cargo check. Each checker gets a status (ok, missing, timeout, crashed, pending): no diagnostics means clean only when the checkers say ok. Run it after editing.',
    input: {
      path: path('A file or directory'),
      types: z.boolean().optional().describe('false: syntax errors only, run no checker (default true)'),
      tools: z.array(z.enum(TOOL_NAMES as [string, ...string[]])).min(1).optional().describe('Only these checkers'),
      deadline_ms: z.number().int().min(0).max(600_000).optional().describe('Answer after this long; checkers still running are reported pending and answer the next call'),
    },
    toCommandLine: (input) => ({
      positional: [input.path as string],
      options: given({
        types: input.types === false ? false : undefined,
        tool: Array.isArray(input.tools) ? input.tools.join(',') : undefined,
        deadline: input.deadline_ms,
      }),
    }),
  },
  {
    name: 'change_impact',
    command: 'change-impact',
    title: 'What a change reaches',
    description: 'The functions a change touched, everything that calls them (transitively, with call lines) and the tests among those callers, nearest first. By default the change is `git diff HEAD` (staged, unstaged and untracked); give files to narrow it, or files without git to compare them with tldr\'s earlier records. Run it after editing to know what to re-test.',
    input: {
      files: z.array(z.string().min(1)).optional().describe(`Changed files to consider. ${PATHS}`),
      git: z.union([z.boolean(), z.string().min(1)]).optional().describe('Diff against git: true for HEAD, or a revision (branch, tag, commit). Default: true when no files are given'),
      depth: depth('Levels of callers to follow (default 3)'),
    },
    toCommandLine: (input) => ({
      positional: (input.files as string[] | undefined) ?? [],
      options: given({ git: input.git === false ? undefined : input.git, depth: input.depth }),
    }),
  },
];
