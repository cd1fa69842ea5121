// Python checkers: pyright (`--outputjson`), mypy (its one-line text form, which every version
// prints) and ruff (`--output-format=json`), each as the project has it. Which type checker runs
// follows the project's configuration (pyrightconfig.json or [tool.pyright]; mypy.ini, [tool.mypy]
// or setup.cfg's [mypy]), else whichever is present, pyright first. ruff runs besides.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { Checker, CheckRequest, ToolRun } from './checker.js';
import { missing } from './checker.js';
import { runExternal } from './external.js';
import { findExecutable, searchedPlaces } from './locate.js';
import type { Diagnostic, Severity } from './types.js';

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** The project's type checkers in the order to try them. */
export function pythonTypeCheckers(root: string): Array<'pyright' | 'mypy'> {
  const pyproject = readText(join(root, 'pyproject.toml'));
  const mypyConfigured = existsSync(join(root, 'mypy.ini')) || existsSync(join(root, '.mypy.ini'))
    || /^\[tool\.mypy\]/m.test(pyproject) || /^\[mypy\]/m.test(readText(join(root, 'setup.cfg')));
  const pyrightConfigured = existsSync(join(root, 'pyrightconfig.json')) || /^\[tool\.pyright\]/m.test(pyproject);
  return mypyConfigured && !pyrightConfigured ? ['mypy', 'pyright'] : ['pyright', 'mypy'];
}

/** Paths as the tools print them (relative to the root, where they run) back to absolute. */
function targetArgs(request: CheckRequest): string[] {
  return request.targets.map((target) => relative(request.root, target) || '.');
}

function absolute(root: string, path: string): string {
  return isAbsolute(path) ? path : resolve(root, path);
}

interface PyrightOutput {
  generalDiagnostics?: Array<{
    file: string;
    severity: string;
    message: string;
    rule?: string;
    range?: { start: { line: number; character: number }; end: { line: number; character: number } };
  }>;
}

const PYRIGHT_SEVERITY: Record<string, Severity> = { error: 'error', warning: 'warning', information: 'info' };

export const pyright: Checker = {
  tool: 'pyright',
  async check(request: CheckRequest): Promise<ToolRun> {
    const found = findExecutable(request.root, 'pyright');
    if (!found) return missing(`pyright not found in ${searchedPlaces()}`);
    return runExternal({
      found,
      args: ['--outputjson', ...targetArgs(request)],
      cwd: request.root,
      timeoutMs: request.timeoutMs,
      // 0: no errors, 1: errors; 2 fatal, 3 configuration error, 4 bad arguments.
      okCodes: [0, 1],
      parse: (outcome) => {
        const parsed = JSON.parse(outcome.stdout) as PyrightOutput;
        return (parsed.generalDiagnostics ?? []).map((d) => ({
          file: absolute(request.root, d.file),
          line: (d.range?.start.line ?? 0) + 1,
          column: (d.range?.start.character ?? 0) + 1,
          end_line: (d.range?.end.line ?? d.range?.start.line ?? 0) + 1,
          severity: PYRIGHT_SEVERITY[d.severity] ?? 'info',
          code: d.rule ?? 'pyright',
          message: d.message,
          source: 'pyright',
        }));
      },
    });
  },
};

/** `file:line:col[:end_line:end_col]: severity: message  [code]` */
const MYPY_LINE = /^(.+?):(\d+):(\d+)(?::(\d+):(\d+))?: (error|warning|note): (.*?)(?: {2}\[([\w-]+)\])?$/;

export const mypy: Checker = {
  tool: 'mypy',
  async check(request: CheckRequest): Promise<ToolRun> {
    const found = findExecutable(request.root, 'mypy');
    if (!found) return missing(`mypy not found in ${searchedPlaces()}`);
    return runExternal({
      found,
      args: ['--show-column-numbers', '--show-error-end', '--show-error-codes', '--no-error-summary', '--no-color-output', '--no-pretty', ...targetArgs(request)],
      cwd: request.root,
      timeoutMs: request.timeoutMs,
      // 0: clean, 1: errors; 2: a crash or bad usage.
      okCodes: [0, 1],
      parse: (outcome) => {
        const out: Diagnostic[] = [];
        for (const line of outcome.stdout.split('\n')) {
          const m = MYPY_LINE.exec(line.trimEnd());
          if (!m) continue;
          out.push({
            file: absolute(request.root, m[1]),
            line: Number(m[2]),
            column: Number(m[3]),
            end_line: m[4] ? Number(m[4]) : Number(m[2]),
            severity: m[6] === 'note' ? 'info' : (m[6] as Severity),
            code: m[8] ?? 'mypy',
            message: m[7],
            source: 'mypy',
          });
        }
        return out;
      },
    });
  },
};

interface RuffFinding {
  code: string | null;
  message: string;
  filename: string;
  location: { row: number; column: number };
  end_location?: { row: number; column: number };
}

export const ruff: Checker = {
  tool: 'ruff',
  async check(request: CheckRequest): Promise<ToolRun> {
    const found = findExecutable(request.root, 'ruff');
    if (!found) return missing(`ruff not found in ${searchedPlaces()}`);
    return runExternal({
      found,
      args: ['check', '--output-format=json', '--no-fix', '--quiet', ...targetArgs(request)],
      cwd: request.root,
      timeoutMs: request.timeoutMs,
      // 0: clean, 1: findings; 2: bad configuration or an internal error.
      okCodes: [0, 1],
      parse: (outcome) =>
        (JSON.parse(outcome.stdout || '[]') as RuffFinding[]).map((f) => ({
          file: absolute(request.root, f.filename),
          line: f.location.row,
          column: f.location.column,
          end_line: f.end_location?.row ?? f.location.row,
          // A finding without a rule code is ruff's own syntax error.
          severity: f.code === null ? 'error' : 'warning',
          code: f.code ?? 'syntax',
          message: f.message,
          source: 'ruff',
        })),
    });
  },
};
