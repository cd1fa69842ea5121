// Real third-party source for the property tests: code shipped in installed npm packages, in
// python3's standard library, and — when the machine has them — in the JDK's src.zip, Debian's Go
// sources (golang-*-src), Debian's Rust crates (librust-*-dev), libstdc++'s headers, C examples
// shipped with -dev packages, bash-completion scripts and the App Engine PHP SDK. Files are taken in a fixed order
// up to a byte budget per language, so runs are repeatable.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LanguageId } from '../../dist/core/types.js';

export interface CorpusFile {
  language: LanguageId;
  path: string;
  source: string;
}

const root = join(import.meta.dirname, '..', '..');

function walk(dir: string, accept: (path: string) => boolean, out: string[] = []): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return out;
  }
  for (const name of entries) {
    const path = join(dir, name);
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      continue;
    }
    if (stat.isDirectory()) {
      if (name !== 'test' && name !== 'tests' && name !== 'node_modules') walk(path, accept, out);
    } else if (accept(path) && stat.size < 400_000) {
      out.push(path);
    }
  }
  return out;
}

function take(language: LanguageId, paths: string[], budget: number): CorpusFile[] {
  const files: CorpusFile[] = [];
  let used = 0;
  for (const path of paths) {
    const source = readFileSync(path, 'utf8');
    if (used + source.length > budget) continue;
    used += source.length;
    files.push({ language, path, source });
  }
  return files;
}

const isTs = (p: string) => p.endsWith('.ts') && !/\.d\.[cm]?ts$/.test(p);
const isJs = (p: string) => /\.(c|m)?js$/.test(p) && !p.endsWith('.min.js');

export function typescriptCorpus(budget: number): CorpusFile[] {
  const dirs = ['rxjs/src', 'piscina/src', 'gpt-tokenizer/src'].map((d) => join(root, 'node_modules', d));
  return take('typescript', dirs.flatMap((d) => walk(d, isTs)).filter((p) => !p.includes('/model/')), budget);
}

export function javascriptCorpus(budget: number): CorpusFile[] {
  const dirs = ['commander/lib', 'postcss/lib', 'msgpackr', 'picomatch/lib', 'source-map-js/lib', 'piscina/dist', 'cli-progress/lib', 'ignore', 'vite/dist/node/chunks', 'tinybench/dist']
    .map((d) => join(root, 'node_modules', d));
  return take('javascript', dirs.flatMap((d) => walk(d, isJs)), budget);
}

export function pythonCorpus(budget: number): CorpusFile[] {
  const candidates = ['/usr/lib/python3.11', '/usr/lib/python3.12', '/usr/lib/python3.13'];
  const dir = candidates.find((d) => existsSync(join(d, 'os.py')));
  if (!dir) return [];
  const paths = walk(dir, (p) => p.endsWith('.py') && !p.includes('/site-packages/') && !p.includes('/lib2to3/'));
  return take('python', paths, budget);
}

export function goCorpus(budget: number): CorpusFile[] {
  const shared = existsSync('/usr/share') ? readdirSync('/usr/share').filter((d) => /^go-1\.\d+$/.test(d)).sort().map((d) => `/usr/share/${d}/src`) : [];
  const base = ['/usr/local/go/src', '/usr/lib/go/src', ...shared].find((d) => existsSync(join(d, 'strings')));
  if (!base) return [];
  const dirs = ['strings', 'bytes', 'strconv', 'sort', 'encoding/json', 'bufio', 'text/template', 'net/url', 'regexp', 'path']
    .map((d) => join(base, d));
  return take('go', dirs.flatMap((d) => walk(d, (p) => p.endsWith('.go') && !p.endsWith('_test.go'))), budget);
}

export function rustCorpus(budget: number): CorpusFile[] {
  const base = '/usr/share/cargo/registry';
  if (!existsSync(base)) return [];
  const crates = readdirSync(base).sort().filter((c) => /^(regex|serde_json|serde|memchr|aho-corasick|smallvec|either|once_cell)-/.test(c));
  return take('rust', crates.flatMap((c) => walk(join(base, c, 'src'), (p) => p.endsWith('.rs'))), budget);
}

/** java.util sources from the JDK's src.zip, extracted into a temp dir. */
export function javaCorpus(budget: number): CorpusFile[] {
  const jvm = '/usr/lib/jvm';
  if (!existsSync(jvm)) return [];
  const zip = readdirSync(jvm).sort().map((d) => join(jvm, d, 'lib', 'src.zip')).find((p) => existsSync(p));
  if (!zip) return [];
  const dir = mkdtempSync(join(tmpdir(), 'tldr-flow-java-'));
  try {
    execFileSync('unzip', ['-q', '-o', zip, 'java.base/java/util/*', '-d', dir], { stdio: 'ignore' });
    return take('java', walk(join(dir, 'java.base', 'java', 'util'), (p) => p.endsWith('.java')), budget);
  } catch {
    return [];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function cppCorpus(budget: number): CorpusFile[] {
  const base = '/usr/include/c++';
  if (!existsSync(base)) return [];
  const version = readdirSync(base).sort().pop();
  return version ? take('cpp', walk(join(base, version, 'bits'), () => true), budget) : [];
}

export function cCorpus(budget: number): CorpusFile[] {
  const examples = existsSync('/usr/share/doc') ? walk('/usr/share/doc', (p) => p.endsWith('.c')) : [];
  return take('c', examples, budget);
}

export function bashCorpus(budget: number): CorpusFile[] {
  return take('bash', walk('/usr/share/bash-completion/completions', () => true), budget);
}

export function phpCorpus(budget: number): CorpusFile[] {
  return take('php', walk('/usr/lib/google-cloud-sdk/platform/google_appengine/php', (p) => p.endsWith('.php')), budget);
}
