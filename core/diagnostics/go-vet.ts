// `go vet` on the package of each file (or every package under a directory), run from the module
// root. Module downloads and toolchain switches are turned off: tldr never fetches anything.
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { mergeRuns, missing, type Checker, type CheckRequest, type ToolRun } from './checker.js';
import { runExternal } from './external.js';
import { findExecutable, searchedPlaces } from './locate.js';
import type { Diagnostic } from './types.js';

/** `[vet: ]path.go:line:col: message`, paths relative to where vet ran. */
const VET_LINE = /^(?:vet: )?(\S.*?\.go):(\d+):(\d+): (.*)$/;

function moduleRoot(root: string, target: string): string {
  for (let dir = target; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'go.mod'))) return dir;
    if (dir === root || dirname(dir) === dir) return root;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export const goVet: Checker = {
  tool: 'go-vet',
  async check(request: CheckRequest): Promise<ToolRun> {
    const found = findExecutable(request.root, 'go');
    if (!found) return missing(`go not found in ${searchedPlaces()}`);
    // One run per module; the packages of all targets in it together.
    const byModule = new Map<string, Set<string>>();
    for (const target of request.targets) {
      const directory = isDirectory(target);
      const dir = directory ? target : dirname(target);
      const module = moduleRoot(request.root, dir);
      const rel = relative(module, dir);
      const pattern = `./${rel === '' ? '' : `${rel}/`}${directory ? '...' : ''}`.replace(/\/$/, '') || '.';
      if (!byModule.has(module)) byModule.set(module, new Set());
      byModule.get(module)!.add(pattern);
    }
    const runs: ToolRun[] = [];
    for (const [module, patterns] of byModule) {
      runs.push(await runExternal({
        found,
        args: ['vet', ...patterns],
        cwd: module,
        timeoutMs: request.timeoutMs,
        env: { ...process.env, GOTOOLCHAIN: 'local', GOPROXY: 'off' },
        // 0: clean; 1: findings, or a failure (told apart by whether findings were read).
        okCodes: [0],
        parse: (outcome) => {
          const out: Diagnostic[] = [];
          for (const line of outcome.stderr.split('\n')) {
            const m = VET_LINE.exec(line.trim());
            if (!m) continue;
            out.push({
              file: isAbsolute(m[1]) ? m[1] : resolve(module, m[1]),
              line: Number(m[2]),
              column: Number(m[3]),
              end_line: Number(m[2]),
              severity: 'error',
              code: line.trim().startsWith('vet: ') ? 'typecheck' : 'vet',
              message: m[4],
              source: 'go-vet',
            });
          }
          return out;
        },
      }));
    }
    return mergeRuns(runs);
  },
};
