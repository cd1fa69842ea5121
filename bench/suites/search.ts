// `search` on the real ≈ 100k-line tree (bench/real-code.ts): latency per tier through the daemon,
// the literal tier against ripgrep alone on the same queries, what the semantic index costs (build
// time against the whole warm, size on disk, daemon memory), and its quality: MRR@10 and recall@5
// on the committed question set (bench/search-eval) next to a plain BM25 over function bodies,
// plus the structural tier's precision on definition queries.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDaemon, stopDaemon } from '../../core/daemon/lifecycle.js';
import type { StatusResult } from '../../core/daemon/protocol.js';
import { DaemonConnection, daemonPaths } from '../../core/daemon/wire.cjs';
import { openProjectIndex, warmProject } from '../../core/index/open.js';
import { closeExtractPool } from '../../core/pool/extract-pool.js';
import { normalizeName } from '../../core/search/structural/symbol-table.js';
import { literalPattern } from '../../core/search/literal/pattern.js';
import { ripgrepPath } from '../../core/search/literal/ripgrep.js';
import { semanticPath } from '../../core/search/semantic/store.js';
import type { SearchResult } from '../../core/search/types.js';
import type { FileRecord, LanguageId, SearchIndexUpdate, WarmResult } from '../../core/types.js';
import { buildCorpus, evaluateCorpus, loadQuestions, score, type Question, type QuestionResult } from '../search-eval/evaluate.js';
import { buildRealTree, type RealTree } from '../real-code.js';
import type { BenchSuite, Metric, TimedTask } from '../suite.js';

const CLI = fileURLToPath(new URL('../../cli/main.js', import.meta.url));
/** Definitions sampled for the structural tier's latency and precision. */
const DEFINITION_SAMPLE = 300;
const COLD_WARMS = 2;

/** Definition keywords per language, as a developer would type the query. */
const KEYWORD: Partial<Record<LanguageId, { function: string; type: string }>> = {
  python: { function: 'def', type: 'class' },
  typescript: { function: 'function', type: 'class' },
  tsx: { function: 'function', type: 'class' },
  javascript: { function: 'function', type: 'class' },
};

/** Literal queries: identifiers, strings and regexes people grep this tree for. */
const LITERAL_QUERIES = [
  'subscribe', 'unsubscribe', 'self._loop', 'TODO', 'Content-Type', 'isFunction', 'raise ValueError', 'utf-8', 'asyncScheduler',
  'def __init__', 'return None', 'errorContext', 'socket', 'Observable<T>', 'http://', 'lastValue', 'encoding=', 'except Exception',
  '\\bdef _[a-z]+\\(', 'import \\{ .* \\} from', 'self\\.[a-z]+ = None', 'throw new Error\\(',
];

/** ast-grep patterns in the tree's two languages. */
const PATTERNS = [
  'self.$A.append($X)', 'raise $E($$$)', 'isinstance($X, str)', 'console.log($$$)', 'new Subscription($$$)', 'subscriber.next($X)',
  'def $F(self): $$$', 'Object.keys($X)',
];

let tree: RealTree | undefined;
let connection: DaemonConnection | undefined;
let definitionQueries: { query: string; name: string; file: string; line: number }[] = [];
let callQueries: string[] = [];
let dottedQueries: string[] = [];
let questions: string[] = [];
let coldWarms: { warm: WarmResult; search: SearchIndexUpdate }[] = [];
let rssBeforeSemantic = 0;
let rssAfterSemantic = 0;
let firstSemanticMs = 0;

async function ask(body: Parameters<DaemonConnection['send']>[0]): Promise<unknown> {
  const reply = await connection!.send(body);
  if (!reply.ok) throw new Error(`daemon error: ${reply.error.message}`);
  return reply.result;
}

const search = (args: Record<string, unknown>) => ask({ op: 'query', name: 'search', args, cwd: tree!.root }) as Promise<SearchResult>;
const status = () => ask({ op: 'status' }) as Promise<StatusResult>;

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** A `tldr warm --no-daemon` from nothing, in a fresh process. */
/** A cold `tldr warm --no-daemon`, which builds the search index itself (no daemon to leave it to). */
function coldWarm(root: string): { warm: WarmResult; search: SearchIndexUpdate } {
  const env = { ...process.env };
  delete env.NODE_EXTRA_CA_CERTS;
  spawnSync('rm', ['-rf', join(root, '.tldr')]);
  const run = spawnSync(process.execPath, [CLI, 'warm', root, '--no-daemon', '--json'], { encoding: 'utf8', env });
  if (run.status !== 0) throw new Error(`tldr warm failed: ${run.stderr}`);
  const warm = JSON.parse(run.stdout) as WarmResult;
  if (!warm.search_index || warm.search_index.state === 'deferred') throw new Error('tldr warm --no-daemon left the search index unbuilt');
  return { warm, search: warm.search_index };
}

/** Deterministic sample of definitions, spread over the tree. */
function sampleDefinitions(records: ReadonlyMap<string, FileRecord>): typeof definitionQueries {
  const all: typeof definitionQueries = [];
  for (const record of records.values()) {
    const keywords = KEYWORD[record.language];
    if (!keywords) continue;
    for (const fn of record.functions) {
      if (!fn.name.startsWith('<') && !fn.is_declaration) all.push({ query: `${keywords.function} ${fn.name}`, name: fn.name, file: record.path, line: fn.line });
    }
    for (const cls of record.classes) {
      all.push({ query: `class ${cls.name}`, name: cls.name, file: record.path, line: cls.line });
      for (const method of cls.methods) {
        if (!method.name.startsWith('<')) all.push({ query: `${keywords.function} ${method.name}`, name: method.name, file: record.path, line: method.line });
      }
    }
  }
  const step = Math.max(1, Math.floor(all.length / DEFINITION_SAMPLE));
  return all.filter((_, i) => i % step === 0).slice(0, DEFINITION_SAMPLE);
}

export const suite: BenchSuite = {
  name: 'search',
  async setup() {
    tree = buildRealTree(100_000);
    coldWarms = Array.from({ length: COLD_WARMS }, () => coldWarm(tree!.root));
    await warmProject(tree.root);
    await closeExtractPool();
    const index = await openProjectIndex(tree.root);
    const records = await index.records();
    await index.close();
    definitionQueries = sampleDefinitions(records);
    const methods = [...records.values()].flatMap((record) => record.classes.flatMap((cls) => cls.methods.map((method) => method.qualified_name)));
    dottedQueries = methods.filter((_, i) => i % Math.max(1, Math.floor(methods.length / 100)) === 0);
    callQueries = definitionQueries.map((entry) => `${entry.name}(`);
    questions = loadQuestions().filter((q) => q.corpus === 'tree').map((q) => q.q);
    await startDaemon(tree.root, { wait: true, idleMs: 15 * 60 * 1000 });
    connection = await DaemonConnection.open(daemonPaths(tree.root).socket);
    await until(async () => (await status()).call_graph === 'ready', 'the daemon to load the index and build the call graph');
    // Structural and literal first, so that the memory measured next is the semantic index's own.
    await search({ query: definitionQueries[0].query });
    await search({ query: 'subscribe', tier: 'literal' });
    rssBeforeSemantic = (await status()).rss_bytes;
    const started = performance.now();
    await search({ query: questions[0], tier: 'semantic' });
    firstSemanticMs = performance.now() - started;
    rssAfterSemantic = (await status()).rss_bytes;
  },
  tasks(): TimedTask[] {
    let next = 0;
    const cycle = <T>(items: T[]) => () => items[next++ % items.length];
    const definition = cycle(definitionQueries.map((entry) => entry.query));
    const call = cycle(callQueries);
    const dotted = cycle(dottedQueries);
    const question = cycle(questions);
    const literal = cycle(LITERAL_QUERIES);
    const pattern = cycle(PATTERNS);
    return [
      { name: `structural: definition query (${definitionQueries.length} names)`, fn: () => search({ query: definition() }), maxP50Ms: 2, maxP99Ms: 20 },
      { name: 'structural: call shape name( (definitions + call sites)', fn: () => search({ query: call() }), maxP50Ms: 2, maxP99Ms: 20 },
      { name: `structural: Class.method (${dottedQueries.length} paths)`, fn: () => search({ query: dotted() }), maxP50Ms: 2, maxP99Ms: 20 },
      { name: `semantic: natural-language question (${questions.length} questions)`, fn: () => search({ query: question(), tier: 'semantic' }), maxP50Ms: 2, maxP99Ms: 20 },
      { name: `literal: ripgrep over the indexed files (${LITERAL_QUERIES.length} queries)`, fn: () => search({ query: literal(), tier: 'literal' }) },
      { name: `structural: ast-grep pattern (${PATTERNS.length} patterns, files parsed on demand)`, fn: () => search({ query: pattern() }), iterations: 16, timeMs: 2000 },
    ];
  },
  async metrics() {
    const metrics: Metric[] = [];
    const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

    // Literal tier vs ripgrep alone, interleaved on the same queries.
    const rg = ripgrepPath();
    if (rg) {
      const ours: number[] = [];
      const alone: number[] = [];
      for (let round = 0; round < 5; round++) {
        for (const query of LITERAL_QUERIES) {
          let started = performance.now();
          await search({ query, tier: 'literal' });
          ours.push(performance.now() - started);
          started = performance.now();
          const pattern = literalPattern(query);
          spawnSync(rg, ['--no-config', '-n', '--no-heading', ...(pattern.regex ? [] : ['-F']), '-e', query], { cwd: tree!.root, stdio: 'ignore' });
          alone.push(performance.now() - started);
        }
      }
      metrics.push(
        { name: `literal through the daemon p50 (${LITERAL_QUERIES.length} queries × 5)`, value: round(percentile(ours, 50)), unit: 'ms' },
        { name: '  `rg -n` alone on the tree p50 (spawned the same way)', value: round(percentile(alone, 50)), unit: 'ms' },
        { name: '  literal / rg alone (p50)', value: round(percentile(ours, 50) / percentile(alone, 50)), unit: '×', max: 1.5 },
      );
    }

    // What the semantic index costs.
    const warmMs = coldWarms.map(({ warm }) => warm.elapsed_ms);
    const semanticMs = coldWarms.map(({ search }) => search.elapsed_ms);
    const share = coldWarms.map(({ warm, search }) => search.elapsed_ms / (warm.elapsed_ms - search.elapsed_ms));
    metrics.push(
      { name: `cold warm, --no-daemon (${tree!.lines} lines), median of ${COLD_WARMS}`, value: percentile(warmMs, 50), unit: 'ms' },
      { name: '  of which the semantic index', value: percentile(semanticMs, 50), unit: 'ms' },
      { name: '  semantic index / rest of the warm', value: round(percentile(share, 50) * 100, 1), unit: '%', max: 25 },
      { name: `semantic index documents`, value: coldWarms[0].search.documents, unit: 'definitions' },
      { name: '.tldr/search.bin size', value: round(statSync(semanticPath(tree!.root)).size / 1024 / 1024, 2), unit: 'MB' },
      { name: 'daemon RSS added by loading the semantic index', value: round((rssAfterSemantic - rssBeforeSemantic) / 1024 / 1024, 1), unit: 'MB', max: 30 },
      { name: '  first semantic query (loads search.bin)', value: round(firstSemanticMs, 1), unit: 'ms' },
    );

    // Structural precision on definition queries: hits named as asked, and the definition found.
    let hits = 0;
    let named = 0;
    let found = 0;
    for (const entry of definitionQueries) {
      const result = await search({ query: entry.query });
      hits += result.hits.length;
      named += result.hits.filter((hit) => normalizeName(hit.symbol?.split('.').pop() ?? '') === normalizeName(entry.name)).length;
      if (result.hits.some((hit) => hit.file === entry.file && hit.line === entry.line)) found++;
    }
    metrics.push(
      { name: `structural precision on ${definitionQueries.length} definition queries (hits that are that name)`, value: round(named / Math.max(1, hits)), unit: 'ratio', min: 0.95 },
      { name: '  the queried definition among the hits', value: round(found / definitionQueries.length), unit: 'ratio' },
    );

    // Quality on the question set, per split, against the BM25 floor.
    const results: QuestionResult[] = [];
    const all = loadQuestions();
    results.push(...(await evaluateCorpus(tree!.root, all.filter((q) => q.corpus === 'tree'))));
    for (const corpus of ['go', 'rust', 'java', 'go2', 'babel'] as const) {
      const built = buildCorpus(corpus);
      if (!built) continue;
      try {
        results.push(...(await evaluateCorpus(built.root, all.filter((q) => q.corpus === corpus))));
      } finally {
        await closeExtractPool();
        built.cleanup();
      }
    }
    const groups: [string, (q: Question) => boolean, boolean][] = [
      ['rxjs + Python stdlib, tune half', (q) => q.split === 'tune', false],
      ['Rust crates, tune2', (q) => q.split === 'tune2', false],
      ['rxjs + Python stdlib, held-out half', (q) => q.split === 'heldout', true],
      ['Go stdlib (never tuned on)', (q) => q.split === 'generality', false],
      ['JDK java.util (never tuned on)', (q) => q.split === 'java', false],
      ['babel, java.util.concurrent, Go packages (unseen: written after the tuning)', (q) => q.split === 'unseen', false],
    ];
    for (const [label, belongs, targeted] of groups) {
      const part = results.filter((r) => belongs(r.question));
      if (part.length === 0) continue;
      const s = score(part);
      metrics.push(
        { name: `semantic MRR@10, ${label} (${s.questions} questions)`, value: round(s.mrr10), unit: 'ratio', ...(targeted ? { min: 0.75 } : { better: 'higher' as const }) },
        { name: '  recall@5', value: round(s.recall5), unit: 'ratio', ...(targeted ? { min: 0.9 } : { better: 'higher' as const }) },
        { name: '  floor: plain BM25 over function bodies, MRR@10', value: round(s.floorMrr10), unit: 'ratio' },
        { name: '  floor recall@5', value: round(s.floorRecall5), unit: 'ratio' },
      );
    }
    return metrics;
  },
  async teardown() {
    connection?.close();
    if (tree) await stopDaemon(tree.root);
    tree?.cleanup();
    definitionQueries = [];
    callQueries = [];
    dottedQueries = [];
    questions = [];
    coldWarms = [];
  },
};
