// A real project to drive the real client in, built at run time from third-party code on this
// machine (never committed): rxjs's core (`src/internal/` with the util, symbol and scheduler
// modules it imports, so every import resolves) and Python's `json` package from the standard
// library. Large files (Observable.ts, 487 lines; json/encoder.py, 443 lines) next to small ones.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pythonStdlib } from '../../bench/real-code.js';

export interface FixtureProject {
  root: string;
  /** Absolute path of a project file. */
  abs(path: string): string;
  read(path: string): string;
  lines(path: string): number;
}

/** Files the scripted sessions use, relative to the root. */
export const FIXTURE_FILES = {
  observable: 'src/internal/Observable.ts',
  subscriber: 'src/internal/Subscriber.ts',
  subject: 'src/internal/Subject.ts',
  config: 'src/internal/config.ts',
  encoder: 'py/json/encoder.py',
  decoder: 'py/json/decoder.py',
} as const;

/** A fresh copy in a temp directory (a `.git` marker makes it a project root). */
export function makeFixtureProject(prefix = 'claude-e2e-'): FixtureProject {
  const root = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  mkdirSync(join(root, '.git'));
  const rxjs = join(dirname(createRequire(import.meta.url).resolve('rxjs/package.json')), 'src', 'internal');
  const internal = join(root, 'src', 'internal');
  mkdirSync(internal, { recursive: true });
  for (const name of readdirSync(rxjs)) if (name.endsWith('.ts')) cpSync(join(rxjs, name), join(internal, name));
  for (const dir of ['util', 'symbol', 'scheduler']) cpSync(join(rxjs, dir), join(internal, dir), { recursive: true });
  const stdlib = pythonStdlib();
  if (!stdlib) throw new Error("python3's standard library is needed for the fixture project");
  mkdirSync(join(root, 'py', 'json'), { recursive: true });
  for (const name of ['__init__.py', 'decoder.py', 'encoder.py', 'scanner.py']) cpSync(join(stdlib, 'json', name), join(root, 'py', 'json', name));
  writeFileSync(join(root, 'package.json'), `${JSON.stringify({ name: 'fixture', private: true, type: 'module' }, null, 2)}\n`);
  const abs = (path: string) => join(root, path);
  const read = (path: string) => readFileSync(abs(path), 'utf8');
  return { root, abs, read, lines: (path) => read(path).split('\n').length - (read(path).endsWith('\n') ? 1 : 0) };
}
