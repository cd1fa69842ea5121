// Real third-party code to benchmark on, found on this machine: TypeScript from the rxjs sources
// (a devDependency that ships src/), Python from python3's standard library (on every machine of
// this kind), C and C++ from the system headers, Java from the JDK's src.zip, JavaScript from
// dependencies that ship readable sources, Bash from the shell completion scripts. Nothing is
// generated; a language with no real code on the machine is simply not measured.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeContent } from '../core/files/content.js';
import type { LanguageId } from '../core/types.js';
import { languageForPath } from '../grammars/languages.js';

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NODE_MODULES = join(PACKAGE_ROOT, 'node_modules');

export interface RealFile {
  path: string;
  text: string;
  bytes: number;
}

export interface RealSample {
  language: LanguageId;
  origin: string;
  files: RealFile[];
  bytes: number;
}

interface Candidate {
  language: LanguageId;
  dirs: () => string[];
  /** Read every file of these directories as this language (extensionless scripts, `.h` C++ headers). */
  forced?: boolean;
}

export function pythonStdlib(): string | undefined {
  try {
    const dir = execFileSync('python3', ['-c', 'import sysconfig; print(sysconfig.get_paths()["stdlib"])'], { encoding: 'utf8' }).trim();
    if (existsSync(join(dir, 'asyncio'))) return dir;
  } catch {
    // no python3 on PATH
  }
  const debian = readdirSafe('/usr/lib').filter((name) => /^python3\.\d+$/.test(name)).sort().pop();
  return debian ? join('/usr/lib', debian) : undefined;
}

let javaSources: string | undefined;

/** java.util from the JDK's src.zip, unpacked once into a temp directory. */
function javaUtil(): string[] {
  if (javaSources) return [javaSources];
  const zip = readdirSafe('/usr/lib/jvm')
    .sort()
    .map((jdk) => join('/usr/lib/jvm', jdk, 'lib', 'src.zip'))
    .find((path) => existsSync(path));
  if (!zip) return [];
  const dir = mkdtempSync(join(tmpdir(), 'tldr-bench-java-'));
  try {
    execFileSync('unzip', ['-q', '-o', zip, 'java.base/java/util/*', '-d', dir], { stdio: 'ignore' });
  } catch {
    return [];
  }
  javaSources = join(dir, 'java.base', 'java', 'util');
  return [javaSources];
}

export function cleanupRealCode(): void {
  if (javaSources) rmSync(javaSources.replace(/\/java\.base\/java\/util$/, ''), { recursive: true, force: true });
  javaSources = undefined;
}

const CANDIDATES: Candidate[] = [
  { language: 'typescript', dirs: () => [join(NODE_MODULES, 'rxjs', 'src')] },
  { language: 'python', dirs: () => ['asyncio', 'email', 'json', 'http'].map((name) => join(pythonStdlib() ?? '/nonexistent', name)) },
  {
    language: 'javascript',
    dirs: () => ['commander/lib', 'piscina/dist', 'msgpackr', 'ignore', 'cli-progress/lib', 'tinybench/dist'].map((name) => join(NODE_MODULES, name)),
  },
  { language: 'c', dirs: () => ['/usr/include'] },
  { language: 'cpp', dirs: () => readdirSafe('/usr/include/c++').sort().slice(-1).map((version) => join('/usr/include/c++', version, 'bits')), forced: true },
  { language: 'java', dirs: javaUtil },
  { language: 'go', dirs: () => ['/usr/lib/go/src', '/usr/local/go/src', '/usr/share/doc/git/contrib'] },
  { language: 'rust', dirs: () => [join(homedir(), '.cargo', 'registry', 'src')] },
  { language: 'ruby', dirs: () => ['/usr/lib/ruby'] },
  { language: 'bash', dirs: () => ['/usr/share/bash-completion/completions'], forced: true },
];

/** Up to `maxBytes` of real source per language, in a fixed (sorted) order. */
export function realSamples(maxBytes = 1_000_000): RealSample[] {
  const samples: RealSample[] = [];
  for (const candidate of CANDIDATES) {
    const sample: RealSample = { language: candidate.language, origin: '', files: [], bytes: 0 };
    const origins: string[] = [];
    for (const dir of candidate.dirs()) {
      if (sample.bytes >= maxBytes || !existsSync(dir)) continue;
      const before = sample.files.length;
      collect(dir, candidate, sample, maxBytes);
      if (sample.files.length > before) origins.push(dir.replace(NODE_MODULES, 'node_modules'));
    }
    sample.origin = origins.join(', ');
    if (sample.bytes >= 20_000) samples.push(sample);
  }
  return samples;
}

function collect(dir: string, candidate: Candidate, sample: RealSample, maxBytes: number): void {
  for (const name of readdirSafe(dir).sort()) {
    if (sample.bytes >= maxBytes) return;
    const path = join(dir, name);
    let stats;
    try {
      stats = statSync(path);
    } catch {
      continue;
    }
    if (stats.isDirectory()) {
      if (name !== 'node_modules' && name !== '__pycache__' && !name.startsWith('.')) collect(path, candidate, sample, maxBytes);
      continue;
    }
    if (!stats.isFile() || stats.size > 400_000 || stats.size === 0) continue;
    if (!candidate.forced && languageForPath(name)?.id !== candidate.language) continue;
    const verdict = decodeContent(readFileSync(path));
    if (verdict.kind !== 'text' || verdict.lossy) continue;
    sample.files.push({ path, text: verdict.text, bytes: stats.size });
    sample.bytes += stats.size;
  }
}

export interface RealTree {
  root: string;
  files: number;
  lines: number;
  bytes: number;
  composition: string;
  cleanup(): void;
}

/** Python standard-library packages added, in this order, until the tree reaches its line target. */
const STDLIB_PACKAGES = [
  'asyncio', 'email', 'json', 'http', 'xml', 'logging', 'concurrent', 'importlib', 'urllib', 'wsgiref',
  'multiprocessing', 'ctypes', 'html', 'collections', 're', 'zoneinfo', 'tomllib', 'curses', 'dbm', 'venv',
];

/**
 * A project of ≈ `targetLines` lines of real code: rxjs's TypeScript sources, then whole Python
 * standard-library packages until the target is reached. Each package is copied whole, so the
 * total lands a little above the target; the exact count is returned.
 */
export function buildRealTree(targetLines = 100_000): RealTree {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-bench-tree-')));
  const stdlib = pythonStdlib();
  const rxjs = join(NODE_MODULES, 'rxjs', 'src');
  if (!existsSync(rxjs) || !stdlib) throw new Error('real code not found: needs node_modules/rxjs/src and python3 stdlib');
  const copy = (from: string, to: string) =>
    cpSync(from, to, { recursive: true, filter: (source) => basename(source) !== '__pycache__' });
  copy(rxjs, join(root, 'rxjs'));
  const used = ['rxjs/src'];
  let totals = countTree(root);
  mkdirSync(join(root, 'python'));
  for (const name of STDLIB_PACKAGES) {
    if (totals.lines >= targetLines) break;
    if (!existsSync(join(stdlib, name))) continue;
    copy(join(stdlib, name), join(root, 'python', name));
    used.push(name);
    const added = countTree(join(root, 'python', name));
    totals = { files: totals.files + added.files, lines: totals.lines + added.lines, bytes: totals.bytes + added.bytes };
  }
  return {
    root,
    ...totals,
    composition: `${used[0]} + ${basename(stdlib)} stdlib (${used.slice(1).join(', ')})`,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * A whole real project of 10-20k lines, as a user warms it for the first time: Python's asyncio
 * package (≈ 14k lines), or rxjs's sources without their testing and ajax parts (≈ 19k lines of
 * TypeScript).
 */
export function buildSmallProject(language: 'python' | 'typescript'): RealTree {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-bench-small-')));
  const stdlib = pythonStdlib();
  const rxjs = join(NODE_MODULES, 'rxjs', 'src');
  const from = language === 'python' ? (stdlib && join(stdlib, 'asyncio')) : rxjs;
  if (!from || !existsSync(from)) throw new Error(`real code not found for the small ${language} project`);
  const left = new Set(['testing', 'ajax', 'fetch']);
  cpSync(from, join(root, language === 'python' ? 'asyncio' : 'src'), {
    recursive: true,
    filter: (source) => basename(source) !== '__pycache__' && (language === 'python' || !left.has(basename(source))),
  });
  mkdirSync(join(root, '.git'));
  return {
    root,
    ...countTree(root),
    composition: language === 'python' ? `${basename(stdlib!)} asyncio` : 'rxjs/src without testing, ajax, fetch',
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

function countTree(dir: string): { files: number; lines: number; bytes: number } {
  const totals = { files: 0, lines: 0, bytes: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const sub = countTree(path);
      totals.files += sub.files;
      totals.lines += sub.lines;
      totals.bytes += sub.bytes;
    } else if (entry.isFile() && languageForPath(entry.name)) {
      const bytes = readFileSync(path);
      totals.files++;
      totals.bytes += bytes.length;
      for (const byte of bytes) if (byte === 10) totals.lines++;
    }
  }
  return totals;
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
