// Finding the project's own diagnostic tools: executables in the project's node_modules/.bin (the
// root's and its ancestors', as npm resolves them), its virtual environment, then PATH; and the
// `typescript` package as the project would import it. Nothing is ever installed or downloaded.
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join, relative } from 'node:path';

export interface FoundTool {
  /** Absolute path of the executable (or of typescript.js). */
  path: string;
  /** How a user would recognise it: `node_modules/.bin/pyright`, `PATH: /usr/bin/ruff`. */
  where: string;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function describe(root: string, path: string): string {
  const rel = relative(root, path);
  return rel.startsWith('..') ? path : rel;
}

/** Directories where a project keeps its executables, nearest first. */
function projectBinDirs(root: string): string[] {
  const dirs: string[] = [];
  const venv = process.env.VIRTUAL_ENV;
  for (const name of ['.venv', 'venv', 'env']) dirs.push(join(root, name, 'bin'));
  if (venv) dirs.push(join(venv, 'bin'));
  for (let dir = root; ; dir = dirname(dir)) {
    dirs.push(join(dir, 'node_modules', '.bin'));
    if (dirname(dir) === dir) break;
  }
  return dirs;
}

/** The executable `name` as the project would run it; undefined when neither it nor PATH has one. */
export function findExecutable(root: string, name: string): FoundTool | undefined {
  for (const dir of projectBinDirs(root)) {
    const path = join(dir, name);
    if (executable(path)) return { path, where: describe(root, path) };
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const path = join(dir, name);
    if (executable(path)) return { path, where: `PATH: ${path}` };
  }
  return undefined;
}

/** Where findExecutable looks, for the "missing" message. */
export function searchedPlaces(): string {
  return 'node_modules/.bin, .venv/bin, venv/bin and PATH';
}

export interface FoundTypeScript extends FoundTool {
  version: string;
}

/**
 * The `typescript` package the project itself would import (resolved from its root, never tldr's
 * own copy), or undefined.
 */
export function findTypeScript(root: string): FoundTypeScript | undefined {
  let path: string;
  try {
    path = createRequire(join(root, '__tldr_resolve__.js')).resolve('typescript');
  } catch {
    return undefined;
  }
  let version = 'unknown version';
  for (let dir = dirname(path); dirname(dir) !== dir; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    try {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (parsed.name === 'typescript') {
        version = parsed.version ?? version;
        break;
      }
    } catch {
      break;
    }
  }
  return { path, version, where: `typescript ${version}` };
}
