// `cargo check --message-format=json` in the crate holding each target, offline (tldr never
// fetches crates). Compiler messages carry spans relative to the workspace root; each primary
// span becomes one diagnostic.
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { mergeRuns, missing, type Checker, type CheckRequest, type ToolRun } from './checker.js';
import { runExternal } from './external.js';
import { findExecutable, searchedPlaces } from './locate.js';
import type { Diagnostic, Severity } from './types.js';

interface CargoMessage {
  reason: string;
  manifest_path?: string;
  message?: {
    message: string;
    level: string;
    code?: { code: string } | null;
    spans: Array<{ file_name: string; line_start: number; line_end: number; column_start: number; is_primary: boolean }>;
  };
}

const LEVELS: Record<string, Severity> = { error: 'error', warning: 'warning', note: 'info', help: 'hint' };

function crateRoot(root: string, target: string): string | undefined {
  let dir = statSync(target).isDirectory() ? target : dirname(target);
  for (;;) {
    if (existsSync(join(dir, 'Cargo.toml'))) return dir;
    if (dir === root || dirname(dir) === dir) return undefined;
    dir = dirname(dir);
  }
}

/** Span paths are relative to the workspace root: the package's directory or one above it. */
function spanPath(file: string, packageDir: string): string {
  if (isAbsolute(file)) return file;
  for (let dir = packageDir; ; dir = dirname(dir)) {
    const candidate = join(dir, file);
    if (existsSync(candidate) || dirname(dir) === dir) return existsSync(candidate) ? candidate : join(packageDir, file);
  }
}

export const cargo: Checker = {
  tool: 'cargo',
  async check(request: CheckRequest): Promise<ToolRun> {
    const found = findExecutable(request.root, 'cargo');
    if (!found) return missing(`cargo not found in ${searchedPlaces()}`);
    const crates = new Set<string>();
    for (const target of request.targets) {
      const crate = crateRoot(request.root, target);
      if (crate) crates.add(crate);
    }
    if (crates.size === 0) return { status: 'crashed', diagnostics: [], detail: 'no Cargo.toml at or above the checked files' };
    const runs: ToolRun[] = [];
    for (const crate of crates) {
      runs.push(await runExternal({
        found,
        args: ['check', '--offline', '--quiet', '--message-format=json'],
        cwd: crate,
        timeoutMs: request.timeoutMs,
        // 0: clean; 101: compile errors (or a failure, told apart by whether messages were read).
        okCodes: [0],
        parse: (outcome) => {
          const out: Diagnostic[] = [];
          for (const line of outcome.stdout.split('\n')) {
            if (!line.startsWith('{')) continue;
            const message = JSON.parse(line) as CargoMessage;
            if (message.reason !== 'compiler-message' || !message.message) continue;
            const severity = LEVELS[message.message.level];
            const span = message.message.spans.find((s) => s.is_primary);
            if (!severity || !span) continue;
            const packageDir = message.manifest_path ? dirname(message.manifest_path) : crate;
            out.push({
              file: spanPath(span.file_name, packageDir),
              line: span.line_start,
              column: span.column_start,
              end_line: span.line_end,
              severity,
              code: message.message.code?.code ?? message.message.level,
              message: message.message.message,
              source: 'cargo',
            });
          }
          return out;
        },
      }));
    }
    return mergeRuns(runs);
  },
};
