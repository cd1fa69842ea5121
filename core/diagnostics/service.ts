// One project's diagnostics: syntax errors from the index's records, and the runs of the project's
// checkers with their results kept per (tool, path). A run is reused while nothing in the project
// changed (same index generation, same file content); a run still going when its caller's deadline
// came keeps going, and its findings are handed to the next call for that path — once, marked
// `late`, and `stale` when the file changed since.
import { join } from 'node:path';
import type { ProjectIndex } from '../index/project-index.js';
import { toRelative } from '../project/root.js';
import type { FileRecord, LanguageId } from '../types.js';
import { cargo } from './cargo.js';
import type { Checker, ToolRun } from './checker.js';
import { goVet } from './go-vet.js';
import { findExecutable } from './locate.js';
import { mypy, pyright, pythonTypeCheckers, ruff } from './python.js';
import { TypeScriptChecker } from './typescript.js';
import type { Diagnostic, DiagnosticsResult, ToolName, ToolStatus } from './types.js';

export interface DiagnoseOptions {
  /**
   * How long to wait for the checkers, in ms. What is not done by then is reported `pending`, goes
   * on in the background and reaches the next call for the same path. Default: wait for all.
   */
  deadlineMs?: number;
  /** The checkers to consider: `auto` (default) picks those the files' languages use; `[]` = syntax only. */
  tools?: ToolName[] | 'auto';
  /** A checker run is killed after this long (default 120 s, or TLDR_DIAGNOSTICS_TIMEOUT_MS). */
  timeoutMs?: number;
}

export const DEFAULT_TOOL_TIMEOUT_MS = 120_000;

export function toolTimeoutMs(): number {
  const value = Number(process.env.TLDR_DIAGNOSTICS_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TOOL_TIMEOUT_MS;
}

interface Run {
  /** Index generation and content hash when it started. */
  generation: number;
  hash: string;
  promise: Promise<ToolRun>;
  result?: ToolRun;
  /** A caller has seen its findings. */
  delivered: boolean;
}

/** Languages whose files TypeScript checks (JavaScript only under checkJs, which is not read here). */
const TYPESCRIPT_LANGUAGES: ReadonlySet<LanguageId> = new Set(['typescript', 'tsx']);

export class DiagnosticsService {
  private generation = 0;
  private readonly runs = new Map<string, Run>();
  /** Finished runs no caller has seen yet, by key: what the next call for that path is handed. */
  private readonly undelivered = new Map<string, Run>();
  private readonly typescript = new TypeScriptChecker();
  private readonly checkers: Record<ToolName, Checker>;
  private readonly unsubscribe: () => void;

  constructor(private readonly index: ProjectIndex) {
    this.checkers = { typescript: this.typescript, pyright, mypy, ruff, 'go-vet': goVet, cargo };
    this.unsubscribe = index.onChange(() => this.generation++);
  }

  close(): void {
    this.unsubscribe();
    this.typescript.close();
  }

  /** Diagnostics of a file or of every file under a directory (`rel` relative to the root, `''` = all). */
  async diagnose(rel: string, isDirectory: boolean, options: DiagnoseOptions = {}): Promise<DiagnosticsResult> {
    const records = isDirectory ? await this.recordsUnder(rel) : [await this.index.record(rel)];
    const diagnostics: Diagnostic[] = records.flatMap(syntaxDiagnostics);
    const tools: ToolStatus[] = [];
    const plan = this.plan(records, rel, options.tools ?? 'auto');
    if (plan.length > 0) {
      const generation = this.generation;
      const hash = isDirectory ? '' : records[0].hash;
      const timeoutMs = options.timeoutMs ?? toolTimeoutMs();
      const started = plan.map(({ tool, targets }) => ({ tool, key: `${tool}\0${rel}`, run: this.runFor(tool, rel, targets, generation, hash, timeoutMs) }));
      await settleWithin(started.map((s) => s.run.promise), options.deadlineMs);
      const inside = isDirectory ? underPrefix(rel) : (file: string) => file === rel;
      for (const { tool, key, run } of started) {
        let shown: Run | undefined = run;
        let late = false;
        if (!run.result) {
          shown = this.undelivered.get(key);
          late = shown !== undefined;
        }
        this.undelivered.delete(key);
        if (shown) shown.delivered = true;
        if (!shown?.result) {
          tools.push({ tool, status: 'pending' });
          continue;
        }
        const result = shown.result;
        const status: ToolStatus = { tool, status: result.status };
        if (result.detail) status.detail = result.detail;
        if (result.elapsed_ms !== undefined) status.elapsed_ms = result.elapsed_ms;
        if (late) {
          status.late = true;
          if (shown.hash !== hash || shown.generation !== generation) status.stale = true;
          // The run for the current content is still going: say so next to the late findings.
          tools.push({ tool, status: 'pending' });
        }
        tools.push(status);
        for (const d of result.diagnostics) {
          const file = this.relative(d.file);
          if (file !== undefined && (inside(file) || isConfigFile(file))) diagnostics.push({ ...d, file });
        }
      }
    }
    diagnostics.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column || a.source.localeCompare(b.source)));
    return { path: rel, files: records.length, diagnostics: dedupe(diagnostics), tools };
  }

  private async recordsUnder(rel: string): Promise<FileRecord[]> {
    const prefix = rel === '' ? '' : `${rel}/`;
    return [...(await this.index.records()).values()].filter((record) => record.path.startsWith(prefix));
  }

  /** Which checkers run, on which targets (absolute paths). */
  private plan(records: FileRecord[], rel: string, wanted: ToolName[] | 'auto'): Array<{ tool: ToolName; targets: string[] }> {
    const root = this.index.root;
    const languages = new Set(records.map((record) => record.language));
    const applicable: ToolName[] = [];
    if ([...languages].some((language) => TYPESCRIPT_LANGUAGES.has(language))) applicable.push('typescript');
    if (languages.has('python')) {
      if (wanted === 'auto') {
        const order = pythonTypeCheckers(root);
        applicable.push(order.find((tool) => findExecutable(root, tool)) ?? order[0], 'ruff');
      } else {
        applicable.push('pyright', 'mypy', 'ruff');
      }
    }
    if (languages.has('go')) applicable.push('go-vet');
    if (languages.has('rust')) applicable.push('cargo');
    const chosen = wanted === 'auto' ? applicable : applicable.filter((tool) => wanted.includes(tool));
    return chosen.map((tool) => {
      // The file, or the directory, which the tool walks itself; TypeScript is given its files.
      if (tool !== 'typescript') return { tool, targets: [join(root, rel)] };
      return { tool, targets: records.filter((r) => TYPESCRIPT_LANGUAGES.has(r.language)).map((r) => join(root, r.path)) };
    });
  }

  private runFor(tool: ToolName, rel: string, targets: string[], generation: number, hash: string, timeoutMs: number): Run {
    const key = `${tool}\0${rel}`;
    const existing = this.runs.get(key);
    if (existing && existing.generation === generation && existing.hash === hash && existing.result?.status !== 'timeout') return existing;
    const checked = this.checkers[tool]
      .check({ root: this.index.root, targets, timeoutMs })
      .catch((error: Error): ToolRun => ({ status: 'crashed', diagnostics: [], detail: error.message }));
    const run: Run = {
      generation,
      hash,
      delivered: false,
      promise: checked.then((result) => {
        run.result = result;
        // Kept for the next call for this path; a caller still waiting for it takes it back out.
        if (!run.delivered) this.undelivered.set(key, run);
        return result;
      }),
    };
    this.runs.set(key, run);
    return run;
  }

  private relative(file: string): string | undefined {
    if (file === '') return undefined;
    const rel = toRelative(this.index.root, file);
    return rel.startsWith('../') || rel === '..' || rel.startsWith('/') ? undefined : rel;
  }
}

function syntaxDiagnostics(record: FileRecord): Diagnostic[] {
  return record.errors.map((e) => ({
    file: record.path,
    line: e.line,
    column: e.column,
    end_line: e.end_line,
    severity: 'error' as const,
    code: 'syntax',
    message: e.message,
    source: 'tree-sitter',
  }));
}

/** Waits for all the promises, or until `deadlineMs` has passed when given. */
async function settleWithin(promises: Promise<unknown>[], deadlineMs: number | undefined): Promise<void> {
  const all = Promise.all(promises);
  if (deadlineMs === undefined) {
    await all;
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, deadlineMs)))]);
  clearTimeout(timer);
}

function underPrefix(rel: string): (file: string) => boolean {
  return rel === '' ? () => true : (file) => file === rel || file.startsWith(`${rel}/`);
}

/** A config file's own errors (a broken tsconfig) matter whichever file was asked about. */
function isConfigFile(file: string): boolean {
  return /(^|\/)[jt]sconfig[^/]*\.json$/.test(file);
}

/** The same finding reported twice (a tool run per target) is listed once. */
function dedupe(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.file}\0${d.line}\0${d.column}\0${d.code}\0${d.source}\0${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
