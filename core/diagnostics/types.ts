// The records diagnostics produce, whichever tool found them: one shape for a syntax error from
// tree-sitter, a TypeScript type error and a ruff lint alike, plus the per-tool status that says
// whether "no diagnostics" means the tool ran clean or never answered.

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface Diagnostic {
  /** Path relative to the project root, `/` separators. */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based, in characters. */
  column: number;
  end_line: number;
  severity: Severity;
  /** The tool's own code: `syntax`, `TS2322`, `reportAttributeAccessIssue`, `F401`, `E0308`, … */
  code: string;
  message: string;
  /** Which tool reported it: `tree-sitter` or a ToolName. */
  source: string;
}

/** The type checkers and linters tldr can ask; never installed by tldr, only found. */
export type ToolName = 'typescript' | 'pyright' | 'mypy' | 'ruff' | 'go-vet' | 'cargo';

export const TOOL_NAMES: readonly ToolName[] = ['typescript', 'pyright', 'mypy', 'ruff', 'go-vet', 'cargo'];

/**
 * `ok`: the tool ran and its findings are in the list (none means clean). `missing`: not found in
 * the project or on PATH. `timeout`: killed at the time limit. `crashed`: it failed or its output
 * could not be read. `pending`: still running when the caller's deadline came; its findings go to
 * the next call for the same path.
 */
export type ToolState = 'ok' | 'missing' | 'timeout' | 'crashed' | 'pending';

export interface ToolStatus {
  tool: ToolName;
  status: ToolState;
  /** Where the tool was found (`node_modules/.bin/pyright`, `typescript 5.9.3`), or why it failed. */
  detail?: string;
  /** Wall time of the run, for finished runs. */
  elapsed_ms?: number;
  /** The findings come from a run that finished after an earlier call had returned (handed over once). */
  late?: boolean;
  /** That run checked content that has changed since: its lines may have moved. */
  stale?: boolean;
}

export interface DiagnosticsResult {
  /** The path asked about, relative to the project root (`''` for the root). */
  path: string;
  /** Files whose syntax was checked. */
  files: number;
  /** Ordered by file, line, column. */
  diagnostics: Diagnostic[];
  /** One entry per tool that applies to the files' languages (none when only syntax was asked). */
  tools: ToolStatus[];
}
