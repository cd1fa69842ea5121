// Claude Code hooks (DESIGN §5, §8) on the real ≈ 100k-line tree with `tldr hooks install` done
// and the daemon warm: each hook's latency over http (request → response, one keep-alive
// connection as Claude Code keeps one) and over the command transport (process start → JSON out,
// next to bare `node -e ''` in the same run); then the real Claude Code CLI in a fixture project:
// the time tldr's hooks add to each of 30 hooked tool calls, and the characters the model receives
// in a scripted exploration session with and without them.
import { renameSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTokens } from 'gpt-tokenizer';
import { startDaemon, stopDaemon } from '../../core/daemon/lifecycle.js';
import type { StatusResult } from '../../core/daemon/protocol.js';
import { DaemonConnection, daemonPaths } from '../../core/daemon/wire.cjs';
import { readHttpConfig, TOKEN_HEADER, type HttpHookConfig } from '../../core/hooks/http-config.js';
import { installHooks } from '../../core/hooks/install.js';
import { readSettings, settingsPath, writeSettings } from '../../core/hooks/settings.js';
import { warmProject } from '../../core/index/open.js';
import { closeExtractPool } from '../../core/pool/extract-pool.js';
import type { StructureFile } from '../../core/query/structure.js';
import { ApiStandIn, type Step } from '../../test/real-client/api-stand-in.js';
import { claudeBinary, runClaude } from '../../test/real-client/claude.js';
import { toolExchanges, type ToolExchange } from '../../test/real-client/conversation.js';
import { hookedProject, type HookSetup, type HookedProject } from '../../test/real-client/hooked-project.js';
import { hookCases, type HookCase } from '../hook-events.js';
import { percentile, timeProcess } from '../measure.js';
import { buildRealTree, type RealTree } from '../real-code.js';
import type { BenchSuite, Metric, TimedTask } from '../suite.js';

const BIN = fileURLToPath(new URL('../../cli/tldr.cjs', import.meta.url));
/** Process starts per hook for the command transport, interleaved with bare node. */
const START_SAMPLES = 15;
/** Hooked tool calls per real-client run, and runs per setup (alternated, the median kept). */
const CLIENT_CALLS = 30;
const CLIENT_RUNS = 5;
/** Files this long are the ones read-enforcer summarises (DESIGN §8). */
const LONG_FILE_LINES = 300;

let tree: RealTree | undefined;
let config: HttpHookConfig | undefined;
let connection: DaemonConnection | undefined;
let cases: HookCase[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
let sequence = 0;

function post(hook: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: config!.port, path: `/hooks/${hook}`, method: 'POST', agent, headers: { 'content-type': 'application/json', [TOKEN_HEADER]: config!.token } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`http ${res.statusCode}: ${text}`))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function status(): Promise<StatusResult> {
  const reply = await connection!.send({ op: 'status' });
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.result as StatusResult;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Process start → JSON out for each hook, next to bare node, interleaved. */
function commandTransport(): Metric[] {
  const floor: number[] = [];
  const byHook = new Map<string, number[]>(cases.map((c) => [c.hook, []]));
  for (let i = 0; i < START_SAMPLES; i++) {
    floor.push(timeProcess(['-e', ''], tree!.root));
    for (const c of cases) byHook.get(c.hook)!.push(timeProcess([BIN, 'hook', c.hook], tree!.root, JSON.stringify(c.event(++sequence))));
  }
  const floorP50 = percentile(floor, 50);
  const metrics: Metric[] = [{ name: `command: bare \`node -e ''\` p50 (the floor, ${START_SAMPLES} runs)`, value: floorP50, unit: 'ms' }];
  for (const [hook, samples] of byHook) {
    metrics.push({ name: `command: tldr hook ${hook} over the floor (p50)`, value: percentile(samples, 50) - floorP50, unit: 'ms', max: 15 });
  }
  const all = [...byHook.values()].flat();
  metrics.push({ name: 'command: every hook over the floor (p99)', value: percentile(all, 99) - floorP50, unit: 'ms' });
  return metrics;
}

/** Calls per hook for the in-daemon figures (the daemon's log keeps the latest 200). */
const IN_DAEMON_CALLS = 100;

/** Time the runtime spent on each hook's http calls, from the daemon's own log (arrival → answer). */
async function inDaemon(): Promise<Metric[]> {
  const metrics: Metric[] = [];
  let failed = 0;
  for (const c of cases) {
    for (let i = 0; i < IN_DAEMON_CALLS; i++) await post(c.hook, JSON.stringify(c.event(++sequence)));
    const calls = ((await status()).hooks?.recent ?? []).slice(-IN_DAEMON_CALLS).filter((call) => call.hook === c.hook);
    failed += calls.filter((call) => call.outcome === 'timeout' || call.outcome === 'failed').length;
    const ms = calls.map((call) => call.ms);
    metrics.push(
      { name: `in the daemon: ${c.hook} p50 (${ms.length} calls)`, value: percentile(ms, 50), unit: 'ms', max: 2 },
      { name: '  p99', value: percentile(ms, 99), unit: 'ms', max: 10 },
    );
  }
  metrics.push({ name: 'in the daemon: calls that timed out or failed', value: failed, unit: 'calls', max: 0 });
  return metrics;
}

/** The first request → the last one of a scripted run, in ms: 30 tool calls and their turns. */
async function clientRun(project: HookedProject, steps: Step[]): Promise<{ ms: number; exchanges: ToolExchange[] }> {
  const api = await ApiStandIn.start(steps);
  try {
    const run = await runClaude({ cwd: project.root, prompt: 'go', apiUrl: api.url });
    if (run.exitCode !== 0 || api.remaining !== 0) throw new Error(`the real client run failed (exit ${run.exitCode}): ${run.stderr.slice(0, 300)}`);
    const turns = api.turns;
    return { ms: turns.at(-1)!.at - turns[0].at, exchanges: toolExchanges(api.requests) };
  } finally {
    await api.close();
  }
}

/**
 * The same settings as tldr's http install, answered by a server that only says `{}`: what any
 * http hook costs in Claude Code, to tell it from what tldr's answers add. Without session-start:
 * it would start a daemon (busy indexing, and wanting the server's port) during the runs; it runs
 * before the first request anyway, outside what is timed.
 */
async function noopHttpProject(): Promise<{ project: HookedProject; close(): Promise<void> }> {
  const project = await hookedProject('none', 'tldr-bench-client-');
  await installHooks({ root: project.root, scope: 'local' });
  const path = settingsPath(project.root, 'local');
  const { settings, text } = readSettings(path);
  delete settings.hooks?.SessionStart;
  writeSettings(path, settings, text, true);
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(readHttpConfig(project.root)!.port, '127.0.0.1', resolve));
  return { project, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** 30 Reads of small files (untouched by read-enforcer: the pure cost of being hooked), per setup. */
async function addedPerCall(): Promise<Metric[]> {
  const noop = await noopHttpProject();
  const setups = await Promise.all((['none', 'http', 'command'] as HookSetup[]).map((setup) => hookedProject(setup, 'tldr-bench-client-')));
  const runs: [string, HookedProject][] = [['none', setups[0]], ['no-op http', noop.project], ['http', setups[1]], ['command', setups[2]]];
  try {
    const perRun = new Map<string, number[]>();
    for (let run = 0; run < CLIENT_RUNS; run++) {
      for (const [label, project] of runs) {
        const utilities = ['util/isFunction.ts', 'util/noop.ts', 'util/identity.ts', 'util/arrRemove.ts', 'util/pipe.ts', 'util/errorContext.ts'];
        const steps: Step[] = Array.from({ length: CLIENT_CALLS }, (_, i) => ({ tool: 'Read', input: { file_path: project.abs(`src/internal/${utilities[i % utilities.length]}`) } }));
        const { ms } = await clientRun(project, [...steps, { text: 'done' }]);
        perRun.set(label, [...(perRun.get(label) ?? []), ms / CLIENT_CALLS]);
      }
    }
    // The median run of each setup: one slow run (a stray load spike) moves nothing.
    const typical = (label: string) => percentile(perRun.get(label)!, 50);
    const perCall = (label: string, reference = 'none') => typical(label) - typical(reference);
    return [
      { name: `real client: a Read call without hooks (first request → last / ${CLIENT_CALLS}, median of ${CLIENT_RUNS} runs)`, value: typical('none'), unit: 'ms' },
      { name: "real client: added per hooked tool call, tldr's hooks over http", value: perCall('http'), unit: 'ms', max: 5 },
      { name: '  the same hooks answered by a no-op http server', value: perCall('no-op http'), unit: 'ms' },
      { name: "  tldr's answers over the no-op server's", value: perCall('http', 'no-op http'), unit: 'ms' },
      { name: "real client: added per hooked tool call, tldr's hooks as commands", value: perCall('command'), unit: 'ms' },
    ];
  } finally {
    await noop.close();
    for (const [, project] of runs) project.remove();
  }
}

/** Definitions the exploration searches for, then reads by the line range the search gave. */
const ASKED = [
  { file: 'src/internal/Subscriber.ts', name: 'SafeSubscriber', search: 'grep -rn "class SafeSubscriber" src' },
  { file: 'py/json/decoder.py', name: 'py_scanstring', search: 'grep -rn "def py_scanstring" py' },
  { file: 'py/json/encoder.py', name: 'JSONEncoder', search: 'rg -n "class JSONEncoder" py' },
];
/** Files an agent reads to learn the code (all ≥ 300 lines), and one small one. */
const EXPLORED = ['src/internal/Observable.ts', 'src/internal/types.ts', 'py/json/encoder.py', 'py/json/decoder.py', 'py/json/__init__.py', 'src/internal/config.ts'];

/**
 * A scripted exploration of the fixture project, as an agent learning it does: whole reads of
 * its large files and a small one, then searches for definitions, each read by the line range
 * found. The characters and tokens the model receives with tldr's hooks (http) against the same
 * session without them, and whether what it asked for stayed within reach.
 */
async function exploration(): Promise<Metric[]> {
  const hooked = await hookedProject('http', 'tldr-bench-explore-');
  try {
    const defs = ASKED.map((asked) => {
      const structure = JSON.parse(hooked.tldr('structure', asked.file, '--json')) as StructureFile;
      const def = [...structure.functions, ...structure.classes].find((candidate) => candidate.name === asked.name);
      if (!def) throw new Error(`${asked.name} not found in ${asked.file}`);
      return { ...asked, line: def.line, end: def.end_line, signature: def.signature };
    });
    const steps: Step[] = [
      ...EXPLORED.map((path) => ({ tool: 'Read', input: { file_path: hooked.abs(path) } })),
      ...defs.flatMap((def): Step[] => [
        { tool: 'Bash', input: { command: def.search, description: 'search' } },
        { tool: 'Read', input: { file_path: hooked.abs(def.file), offset: def.line, limit: def.end - def.line + 1 } },
      ]),
      { text: 'done' },
    ];
    const withHooks = await clientRun(hooked, steps);
    // The same project, its hooks set aside: the model's view without tldr.
    const settings = join(hooked.root, '.claude', 'settings.local.json');
    renameSync(settings, `${settings}.aside`);
    const without = await clientRun(hooked, steps).finally(() => renameSync(`${settings}.aside`, settings));
    const received = (exchanges: ToolExchange[]) => exchanges.map((e) => e.result + e.context.filter((c) => /hook additional context/.test(c)).join('\n'));
    const chars = (texts: string[]) => texts.reduce((sum, text) => sum + text.length, 0);
    const hookedTexts = received(withHooks.exchanges);
    const plainTexts = received(without.exchanges);
    // Each definition asked for: its search and its ranged read showed it (first line of its code).
    const reached = defs.filter((def) => hookedTexts.some((text) => text.includes(def.signature.split('\n')[0].trim()))).length;
    // Reads of long files that tldr answered with a summary: their tokens against the full file's.
    const summarised = withHooks.exchanges
      .map((exchange, i) => ({ exchange, i }))
      .filter(({ exchange, i }) => exchange.name === 'Read' && hookedTexts[i] !== plainTexts[i] && plainTexts[i].split('\n').length >= LONG_FILE_LINES);
    // Every definition of a summarised file stays reachable: named (and where, with its first line) in what the model got.
    let definitions = 0;
    let named = 0;
    let withLine = 0;
    for (const { exchange, i } of summarised) {
      const path = (exchange.input as { file_path: string }).file_path.slice(hooked.root.length + 1);
      const structure = JSON.parse(hooked.tldr('structure', path, '--json')) as StructureFile;
      for (const def of [...structure.functions, ...structure.classes, ...structure.classes.flatMap((c) => c.methods)]) {
        definitions++;
        if (!hookedTexts[i].includes(def.name)) continue;
        named++;
        if (new RegExp(`\\b${def.line}\\b`).test(hookedTexts[i])) withLine++;
      }
    }
    const tokens = (texts: string[]) => summarised.reduce((sum, { i }) => sum + countTokens(texts[i]), 0);
    const fullTokens = tokens(plainTexts);
    const summaryTokens = tokens(withHooks.exchanges.map((e) => e.context.filter((c) => /hook additional context/.test(c)).join('\n')));
    const withHeadTokens = tokens(hookedTexts);
    return [
      { name: `exploration (${withHooks.exchanges.length} tool calls): characters the model receives without hooks`, value: chars(plainTexts), unit: 'chars' },
      { name: "  with tldr's hooks", value: chars(hookedTexts), unit: 'chars' },
      { name: '  fewer characters', value: (1 - chars(hookedTexts) / chars(plainTexts)) * 100, unit: '%', min: 70 },
      { name: `  definitions searched for and read by range: shown (of ${defs.length})`, value: reached, unit: 'definitions', min: defs.length },
      { name: `  reads of long files summarised: ${summarised.length}; the summary's tokens against the file's`, value: summarised.length > 0 ? (1 - summaryTokens / fullTokens) * 100 : 0, unit: '%', better: 'higher', min: 90 },
      { name: '    the summary with the head of the file the Read still shows', value: summarised.length > 0 ? (1 - withHeadTokens / fullTokens) * 100 : 0, unit: '%', better: 'higher' },
      { name: `  definitions of those files named in what the model received (of ${definitions})`, value: definitions > 0 ? (named / definitions) * 100 : 0, unit: '%', min: 100 },
      { name: '  … named with their first line', value: definitions > 0 ? (withLine / definitions) * 100 : 0, unit: '%' },
    ];
  } finally {
    hooked.remove();
  }
}

function realClientAvailable(): boolean {
  try {
    claudeBinary();
    return true;
  } catch {
    return false;
  }
}

export const suite: BenchSuite = {
  name: 'hooks',
  async setup() {
    tree = buildRealTree(100_000);
    await warmProject(tree.root);
    await closeExtractPool();
    await installHooks({ root: tree.root, scope: 'local' });
    config = readHttpConfig(tree.root);
    await startDaemon(tree.root, { wait: true, idleMs: 15 * 60 * 1000 });
    connection = await DaemonConnection.open(daemonPaths(tree.root).socket);
    await until(async () => (await status()).call_graph === 'ready', 'the call graph');
    await until(async () => (await status()).hooks?.http.state === 'listening', 'the http listener');
    cases = hookCases(tree.root, {
      largeTs: 'rxjs/internal/Observable.ts',
      edited: { path: 'rxjs/internal/Subject.ts', oldLine: '      throw new ObjectUnsubscribedError();', newLine: '      arrRemove(this.observers);\n      throw new ObjectUnsubscribedError();' },
      symbol: 'pipeFromArray',
      className: 'SafeSubscriber',
    });
    // Each hook once before timing: the first call of a behaviour loads what it needs.
    for (const c of cases) await post(c.hook, JSON.stringify(c.event(++sequence)));
  },
  tasks(): TimedTask[] {
    return cases.map((c) => ({
      name: `http: ${c.hook} (${c.what})`,
      fn: () => post(c.hook, JSON.stringify(c.event(++sequence))),
      maxP50Ms: 2,
      maxP99Ms: 10,
    }));
  },
  async metrics() {
    const metrics = [...(await inDaemon()), ...commandTransport()];
    if (!realClientAvailable()) {
      metrics.push({ name: 'real client: @anthropic-ai/claude-code not installed (a devDependency), not measured', value: 0, unit: '' });
      return metrics;
    }
    metrics.push(...(await addedPerCall()), ...(await exploration()));
    return metrics;
  },
  async teardown() {
    agent.destroy();
    connection?.close();
    if (tree) await stopDaemon(tree.root);
    tree?.cleanup();
    cases = [];
  },
};
