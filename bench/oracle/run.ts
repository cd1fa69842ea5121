// The accuracy oracle end to end: copy real third-party sources into a temp project (rxjs's
// TypeScript sources from node_modules; a subset of python3's standard library), index it with
// the real pipeline, build our call graph, and compare direct callers with the checker's.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { callGraphFor } from '../../core/graph/for-index.js';
import { openProjectIndex } from '../../core/index/open.js';
import type { CallGraph } from '../../core/graph/call-graph.js';
import type { DispatchMode } from '../../core/graph/callers.js';
import { QUERY_SCOPES, askOracle, judge, queriesFor, sampleTargets, score, type OracleReport, type QueryScope } from './compare.js';
import { PyrightOracle } from './pyright-oracle.js';
import { TypeScriptOracle } from './typescript-oracle.js';
import type { CallerOracle } from './types.js';

/** `javascript`: a JavaScript tree, checked by the TypeScript language service too (JSDoc types, `allowJs`). */
export type OracleLanguage = 'typescript' | 'javascript' | 'python';

/** Whether the TypeScript language service is the checker for `language`. */
export function checkedByTypeScript(language: OracleLanguage): boolean {
  return language !== 'python';
}

export interface OracleProject {
  language: OracleLanguage;
  /** What the sources are, for reports. */
  source: string;
  root: string;
  include(file: string): boolean;
  /** Directories to delete with the project (outside its root). */
  extra?: string[];
}

/** Standard-library modules for the Python oracle: class hierarchies, packages, relative imports. */
export const PYTHON_MODULES = {
  small: ['json', 'logging', 'argparse.py', 'configparser.py', 'textwrap.py'],
  full: [
    'json', 'logging', 'email', 'http', 'urllib', 'concurrent', 'argparse.py', 'configparser.py', 'textwrap.py',
    'difflib.py', 'csv.py', 'zipfile', 'tarfile.py', 'shutil.py', 'tempfile.py', 'pprint.py', 'optparse.py', 'cmd.py',
  ],
};

export function prepareTypeScriptProject(): OracleProject {
  const pkg = createRequire(import.meta.url).resolve('rxjs/package.json');
  const root = mkdtempSync(join(tmpdir(), 'tldr-oracle-ts-'));
  cpSync(join(dirname(pkg), 'src'), root, { recursive: true, filter: (path) => !path.endsWith('.json') });
  return { language: 'typescript', source: 'rxjs@7 src (npm)', root, include: (file) => file.endsWith('.ts') };
}

/**
 * pyright resolves stdlib module names to its bundled typeshed stubs before local code, so a copy
 * of `logging` in the workspace would not be what `import logging` means to it. A typeshed
 * directory without the stubs of the copied modules makes both tools read the same sources.
 */
function typeshedWithout(modules: readonly string[]): string {
  const bundled = join(dirname(createRequire(import.meta.url).resolve('pyright/package.json')), 'dist', 'typeshed-fallback');
  const dir = mkdtempSync(join(tmpdir(), 'tldr-oracle-typeshed-'));
  const removed = new Set(modules.map((m) => m.replace(/\.py$/, '').split('/')[0]));
  mkdirSync(join(dir, 'stdlib'));
  symlinkSync(join(bundled, 'stubs'), join(dir, 'stubs'));
  for (const entry of readdirSync(join(bundled, 'stdlib'))) {
    if (entry === 'VERSIONS' || removed.has(entry.replace(/\.pyi$/, ''))) continue;
    symlinkSync(join(bundled, 'stdlib', entry), join(dir, 'stdlib', entry));
  }
  const versions = readFileSync(join(bundled, 'stdlib', 'VERSIONS'), 'utf8')
    .split('\n')
    .filter((line) => !removed.has(line.split(':')[0].split('.')[0].trim()));
  writeFileSync(join(dir, 'stdlib', 'VERSIONS'), versions.join('\n'));
  return dir;
}

/**
 * The platform pyright analyses Python projects for. `All` (pyright takes any other value than a
 * named platform as none) leaves `sys.platform` / `os.name` tests undecided, so code under
 * `if sys.platform == 'win32':` and modules that raise ImportError off Windows are analysed like
 * the rest, as tldr reads them; with the host's platform (pyright's default: `Linux` here) that
 * code is unreachable to pyright and calls nothing. `TLDR_ORACLE_PYTHON_PLATFORM=Linux` measures
 * with the host's view, as the figures before this setting did.
 */
export function pythonPlatform(value = process.env.TLDR_ORACLE_PYTHON_PLATFORM): string {
  return value?.trim() || 'All';
}

/**
 * The same pyright settings for every Python project: a typeshed without the project's own
 * top-level modules (`modules`), the platform above, and the Python version when known.
 * Returns the typeshed directory, to delete with the project.
 */
function writePyrightConfig(root: string, modules: readonly string[], version?: string): string {
  const typeshedPath = typeshedWithout(modules);
  const config = { typeshedPath, pythonPlatform: pythonPlatform(), ...(version ? { pythonVersion: version } : {}) };
  writeFileSync(join(root, 'pyrightconfig.json'), JSON.stringify(config));
  return typeshedPath;
}

/**
 * A temp copy of a project outside the repository, named by the user (bench runs on code the team
 * has not seen): a TypeScript source tree is copied as the project root; a Python package (a
 * directory with `__init__.py`) is copied under its own name so that its absolute imports resolve.
 */
export function prepareExternalProject(language: OracleLanguage, dir: string): OracleProject {
  if (!existsSync(dir)) throw new Error(`oracle project ${dir} does not exist`);
  const root = mkdtempSync(join(tmpdir(), `tldr-oracle-${language === 'python' ? 'py' : language === 'typescript' ? 'ts' : 'js'}-`));
  const skip = (path: string) => path.includes('__pycache__') || path.includes('node_modules') || /\/(__tests__|tests?)(\/|$)/.test(path);
  const isPackage = language === 'python' && existsSync(join(dir, '__init__.py'));
  cpSync(dir, isPackage ? join(root, basename(dir)) : root, { recursive: true, filter: (path) => !skip(path) && !path.endsWith('.json') });
  if (language === 'typescript') return { language, source: dir, root, include: (file) => /\.tsx?$/.test(file) };
  if (language === 'javascript') return { language, source: dir, root, include: (file) => /\.(m|c)?jsx?$/.test(file) };
  const typeshed = writePyrightConfig(root, readdirSync(root));
  return { language, source: dir, root, include: (file) => file.endsWith('.py'), extra: [typeshed] };
}

/**
 * Extra projects from `TLDR_ORACLE_PROJECTS`: comma-separated `typescript=DIR` / `javascript=DIR` / `python=DIR`
 * entries (an npm package's `src/`, a package under /usr/lib/python3/dist-packages).
 */
export function externalProjectsFromEnv(value = process.env.TLDR_ORACLE_PROJECTS): Array<{ language: OracleLanguage; dir: string }> {
  if (!value?.trim()) return [];
  return value.split(',').map((entry) => entry.trim()).filter(Boolean).map((entry) => {
    const match = /^(typescript|javascript|python)=(.+)$/.exec(entry);
    if (!match) throw new Error(`TLDR_ORACLE_PROJECTS: ${entry} is not typescript=DIR, javascript=DIR or python=DIR`);
    return { language: match[1] as OracleLanguage, dir: match[2] };
  });
}

/** A temp project holding the named stdlib modules; undefined when python3 is not available. */
export function preparePythonProject(modules: readonly string[]): OracleProject | undefined {
  let stdlib: string;
  let version: string;
  try {
    const out = execFileSync('python3', ['-c', 'import sys, sysconfig; print(sysconfig.get_paths()["stdlib"]); print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8' });
    [stdlib, version] = out.trim().split('\n');
  } catch {
    return undefined;
  }
  const root = mkdtempSync(join(tmpdir(), 'tldr-oracle-py-'));
  const copied: string[] = [];
  for (const module of modules) {
    const from = join(stdlib, module);
    if (!existsSync(from)) continue;
    cpSync(from, join(root, module), { recursive: true, filter: (path) => !path.includes('__pycache__') && !/\/tests?(\/|$)/.test(path) });
    copied.push(module);
  }
  const typeshed = writePyrightConfig(root, copied, version);
  return { language: 'python', source: `python${version} stdlib: ${copied.join(', ')}`, root, include: (file) => file.endsWith('.py'), extra: [typeshed] };
}

export async function buildGraph(root: string): Promise<{ graph: CallGraph; close: () => Promise<void> }> {
  const index = await openProjectIndex(root);
  const graph = await callGraphFor(index);
  return { graph, close: () => index.close() };
}

export interface OracleRun {
  project: OracleProject;
  /** One report per dispatch mode and query scope, over the same checker answers. */
  reports: Record<DispatchMode, Record<QueryScope, OracleReport>>;
  graphBuildMs: number;
  oracleMs: number;
  /** Definitions left unanswered because the checker's hierarchy at their name is another declaration. */
  redirected: number;
}

export async function runOracle(project: OracleProject, sampleSize: number, seed = 1): Promise<OracleRun> {
  const started = performance.now();
  const { graph, close } = await buildGraph(project.root);
  const graphBuildMs = performance.now() - started;
  let oracle: CallerOracle | undefined;
  try {
    const targets = sampleTargets(graph, project.include, sampleSize, seed, (file) => readFileSync(join(project.root, file), 'utf8'));
    oracle = checkedByTypeScript(project.language)
      ? new TypeScriptOracle(project.root, graph.paths().filter(project.include))
      : new PyrightOracle(project.root, (file) => graph.record(file)?.classes);
    const asked = performance.now();
    await oracle.start();
    const queries = queriesFor(graph, targets, project.include, (file) => readFileSync(join(project.root, file), 'utf8'));
    const answers = await askOracle(oracle, queries);
    const oracleMs = performance.now() - asked;
    const byScope = (mode: DispatchMode) =>
      Object.fromEntries(QUERY_SCOPES.map((scope) => [scope, score(graph, oracle!, queries, answers, mode, scope)])) as Record<QueryScope, OracleReport>;
    const reports = { none: byScope('none'), abstract: byScope('abstract'), family: byScope('family') };
    await judge(oracle, Object.values(reports).flatMap((byScope) => Object.values(byScope)));
    return { project, reports, graphBuildMs, oracleMs, redirected: oracle.redirected ?? 0 };
  } finally {
    await oracle?.stop();
    await close();
  }
}

export function removeProject(project: OracleProject): void {
  for (const dir of [project.root, ...(project.extra ?? [])]) rmSync(dir, { recursive: true, force: true });
}
