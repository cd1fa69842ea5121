// Scores the semantic tier on bench/search-eval/questions.json: MRR@10 and recall@5 (a question
// counts as recalled when any of its answers is in the top 5), next to the floor the issue names —
// a plain BM25 over function bodies (identifiers split, no stemming, no fields, no synonyms, no
// call graph) over the same functions, methods and classes. Corpora are real code: the bench's
// 100k-line tree (rxjs + Python stdlib), a slice of Go's standard library, Rust crates from the
// system's cargo registry (concurrency, regex, collections, JSON, random numbers), and java.util
// from the JDK's sources.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openProjectIndex, type CachedProjectIndex } from '../../core/index/open.js';
import { searchProject } from '../../core/search/search.js';
import { fileDocuments } from '../../core/search/semantic/documents.js';
import { splitWords } from '../../core/search/semantic/terms.js';
import type { FileRecord } from '../../core/types.js';
import { buildRealTree } from '../real-code.js';

const QUESTIONS = fileURLToPath(new URL('../../../bench/search-eval/questions.json', import.meta.url));
const GO_SOURCES = '/usr/share/go-1.19/src';
/** Go packages of the generality corpus (every .go file directly in them, tests included). */
const GO_PACKAGES = [
  'net/http', 'strings', 'bytes', 'encoding/json', 'bufio', 'sort', 'strconv', 'path/filepath', 'os', 'time',
  'compress/gzip', 'archive/zip', 'text/template', 'regexp', 'net/url', 'io', 'mime/multipart',
];

/** Go packages of the unseen split's Go corpus: none of the generality corpus's. */
const GO_UNSEEN_PACKAGES = [
  'context', 'sync', 'container/list', 'container/ring', 'container/heap', 'crypto/sha256', 'encoding/base64', 'encoding/csv',
  'math/rand', 'unicode/utf8', 'path',
];
/** Debian's Python packages (python3-babel, python3-dateutil, python3-markdown). */
const PYTHON_PACKAGES = '/usr/lib/python3/dist-packages';
/** Python corpora: babel (the unseen split's, its locale data left out); dateutil with Python-Markdown (the unseen2 split's). */
const PYTHON_CORPORA: Record<'babel' | 'pydeps', string[]> = { babel: ['babel'], pydeps: ['dateutil', 'markdown'] };

const CARGO_REGISTRY = '/usr/share/cargo/registry';
/** Crates of the Rust corpus (their src/ only, under the crate's name without its version). */
const RUST_CRATES = [
  'rayon-core', 'crossbeam-channel', 'crossbeam-utils', 'crossbeam-deque', 'regex', 'indexmap', 'smallvec', 'serde_json',
  'rand', 'once_cell', 'log', 'lock_api', 'either', 'bumpalo',
];

export type Split = 'tune' | 'heldout' | 'generality' | 'tune2' | 'java' | 'unseen' | 'unseen2';

export interface Question {
  corpus: 'tree' | 'go' | 'rust' | 'java' | 'go2' | 'babel' | 'pydeps';
  q: string;
  answers: [string, string][];
  split: Split;
}

export function loadQuestions(): Question[] {
  return (JSON.parse(readFileSync(QUESTIONS, 'utf8')) as { questions: Question[] }).questions;
}

export interface Corpus {
  root: string;
  cleanup(): void;
}

/** The corpus a question set runs on; undefined when its code is not on this machine. */
export function buildCorpus(name: Question['corpus']): Corpus | undefined {
  if (name === 'tree') return buildRealTree(100_000);
  if (name === 'rust') return rustCrates();
  if (name === 'java') return javaUtil();
  if (name === 'babel' || name === 'pydeps') return pythonPackages(PYTHON_CORPORA[name]);
  if (!existsSync(GO_SOURCES)) return undefined;
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-eval-go-')));
  for (const pkg of name === 'go2' ? GO_UNSEEN_PACKAGES : GO_PACKAGES) {
    const from = join(GO_SOURCES, pkg);
    for (const name of readdirSync(from)) {
      if (name.endsWith('.go') && statSync(join(from, name)).isFile()) cpSync(join(from, name), join(root, pkg, name));
    }
  }
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

function pythonPackages(packages: string[]): Corpus | undefined {
  if (packages.some((name) => !existsSync(join(PYTHON_PACKAGES, name)))) return undefined;
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-eval-python-')));
  for (const name of packages) {
    cpSync(join(PYTHON_PACKAGES, name), join(root, name), { recursive: true, filter: (path) => !/__pycache__|locale-data|\.dat$/.test(path) });
  }
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** The Rust corpus: each crate's src/ from the cargo registry (one version per crate, the highest). */
function rustCrates(): Corpus | undefined {
  if (!existsSync(CARGO_REGISTRY)) return undefined;
  const dirs = readdirSync(CARGO_REGISTRY).sort();
  const found = RUST_CRATES.map((crate) => [crate, dirs.filter((dir) => new RegExp(`^${crate}-\\d`).test(dir)).pop()] as const);
  if (found.some(([, dir]) => dir === undefined)) return undefined;
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-eval-rust-')));
  for (const [crate, dir] of found) cpSync(join(CARGO_REGISTRY, dir!, 'src'), join(root, crate, 'src'), { recursive: true });
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** The Java corpus: java.util (java/util/… with its subpackages) from a JDK's src.zip, the first one found. */
function javaUtil(): Corpus | undefined {
  const jvm = '/usr/lib/jvm';
  const zip = (existsSync(jvm) ? readdirSync(jvm).sort() : [])
    .flatMap((jdk) => [join(jvm, jdk, 'lib', 'src.zip'), join(jvm, jdk, 'src.zip')])
    .find((path) => existsSync(path));
  if (!zip) return undefined;
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-eval-java-')));
  try {
    execFileSync('unzip', ['-q', '-o', zip, 'java.base/java/util/*', '-d', scratch], { stdio: 'ignore' });
  } catch {
    rmSync(scratch, { recursive: true, force: true });
    return undefined;
  }
  return { root: join(scratch, 'java.base'), cleanup: () => rmSync(scratch, { recursive: true, force: true }) };
}

export interface QuestionResult {
  question: Question;
  /** 1-based rank of the first answer in the top 10, or 0. */
  rank: number;
  floorRank: number;
  top: string[];
}

export interface Scores {
  questions: number;
  mrr10: number;
  recall5: number;
  floorMrr10: number;
  floorRecall5: number;
}

export function score(results: QuestionResult[]): Scores {
  const n = results.length || 1;
  const mrr = (rank: number) => (rank > 0 && rank <= 10 ? 1 / rank : 0);
  return {
    questions: results.length,
    mrr10: results.reduce((sum, r) => sum + mrr(r.rank), 0) / n,
    recall5: results.filter((r) => r.rank > 0 && r.rank <= 5).length / n,
    floorMrr10: results.reduce((sum, r) => sum + mrr(r.floorRank), 0) / n,
    floorRecall5: results.filter((r) => r.floorRank > 0 && r.floorRank <= 5).length / n,
  };
}

/** Answers that name no definition of the corpus: a broken question set. */
export function missingAnswers(records: ReadonlyMap<string, FileRecord>, questions: Question[]): string[] {
  const known = new Set<string>();
  for (const record of records.values()) {
    for (const fn of record.functions) known.add(`${record.path}#${fn.qualified_name}`);
    for (const cls of record.classes) {
      known.add(`${record.path}#${cls.qualified_name}`);
      for (const method of cls.methods) known.add(`${record.path}#${method.qualified_name}`);
    }
  }
  return questions.flatMap((q) => q.answers.map(([file, symbol]) => `${file}#${symbol}`)).filter((key) => !known.has(key));
}

/** Plain BM25 over function bodies: the floor the semantic tier has to beat. */
class BodyBm25 {
  private readonly docs: { key: string; tf: Map<string, number>; length: number }[] = [];
  private readonly df = new Map<string, number>();
  private averageLength = 0;

  constructor(records: ReadonlyMap<string, FileRecord>, root: string) {
    for (const record of records.values()) {
      const lines = readFileSync(join(root, record.path), 'utf8').split('\n');
      for (const doc of fileDocuments(record, lines.join('\n'))) {
        const words = splitWords(lines.slice(doc.line - 1, doc.end_line).join('\n'));
        const tf = new Map<string, number>();
        for (const word of words) tf.set(word, (tf.get(word) ?? 0) + 1);
        for (const word of tf.keys()) this.df.set(word, (this.df.get(word) ?? 0) + 1);
        this.docs.push({ key: `${record.path}#${doc.qualified_name}`, tf, length: words.length });
      }
    }
    this.averageLength = this.docs.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, this.docs.length);
  }

  top(question: string, count: number): string[] {
    const words = [...new Set(splitWords(question))];
    const n = this.docs.length;
    const scored = this.docs.map((doc) => {
      let score = 0;
      for (const word of words) {
        const tf = doc.tf.get(word);
        if (!tf) continue;
        const df = this.df.get(word)!;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * doc.length) / this.averageLength));
      }
      return { key: doc.key, score };
    });
    return scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1)).slice(0, count).map((s) => s.key);
  }
}

function rankOf(top: string[], answers: [string, string][]): number {
  const wanted = new Set(answers.map(([file, symbol]) => `${file}#${symbol}`));
  const at = top.findIndex((key) => wanted.has(key));
  return at === -1 ? 0 : at + 1;
}

/** Runs the questions of one corpus through the semantic tier and the floor. */
export async function evaluateCorpus(root: string, questions: Question[], index?: CachedProjectIndex): Promise<QuestionResult[]> {
  const own = index ?? (await openProjectIndex(root));
  try {
    const records = await own.records();
    const missing = missingAnswers(records, questions);
    if (missing.length > 0) throw new Error(`answers not defined in the corpus: ${missing.join(', ')}`);
    const floor = new BodyBm25(records, root);
    const results: QuestionResult[] = [];
    for (const question of questions) {
      const answer = await searchProject(own, { query: question.q, tier: 'semantic', limit: 10 });
      const top = answer.hits.map((hit) => `${hit.file}#${hit.symbol}`);
      results.push({ question, rank: rankOf(top, question.answers), floorRank: rankOf(floor.top(question.q, 10), question.answers), top });
    }
    return results;
  } finally {
    if (!index) await own.close();
  }
}
