// Shared helpers for the hook behaviour tests: a private copy of a real fixture project (the one
// the hook payloads were recorded in, test/fixtures/projects/mixed, or a graph fixture), opened
// in-process with HookServices over it, and the recorded payloads with ${PROJECT} pointing at it.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openProjectIndex, type CachedProjectIndex } from '../../dist/core/index/open.js';
import { inProcessServices, prepareServices, type InProcessServices } from '../../dist/core/hooks/in-process.js';
import { pythonStdlib } from '../../dist/bench/real-code.js';
import { parseHookInput, type HookInput, type HookOutput, type HookRun } from '../../dist/core/hooks/contract.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const PAYLOADS = join(FIXTURES, 'hook-payloads');
export const SESSION = '40aaf17e-5313-456b-b222-8a08326c227c';
const require = createRequire(import.meta.url);

/** Real third-party files on this machine (never committed): rxjs's TypeScript sources. */
export function rxjsSource(path: string): string {
  return readFileSync(join(dirname(require.resolve('rxjs/package.json')), 'src', path), 'utf8');
}

export interface HookProject {
  root: string;
  index: CachedProjectIndex;
  services: InProcessServices;
  /** A recorded payload (test/fixtures/hook-payloads/<name>.json) in this project, with fields replaced. */
  payload(name: string, patch?: Record<string, unknown>): HookInput;
  /** The payload with another tool_input (`*_path` fields relative to the project become absolute). */
  toolPayload(name: string, toolInput: Record<string, unknown>, patch?: Record<string, unknown>): HookInput;
  abs(path: string): string;
  write(path: string, text: string): void;
  close(): Promise<void>;
}

/**
 * A temp copy of `fixture` (a folder under test/fixtures/) plus `extra` files, indexed, with the
 * call graph built (the daemon's steady state).
 */
export async function openHookProject(extra: Record<string, string> = {}, fixture = 'projects/mixed'): Promise<HookProject> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-hooks-')));
  cpSync(join(FIXTURES, fixture), root, { recursive: true });
  mkdirSync(join(root, '.git'), { recursive: true });
  for (const [path, text] of Object.entries(extra)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const index = await openProjectIndex(root, { extraction: 'in-process' });
  await index.sync();
  const services = inProcessServices(index);
  await prepareServices(services);
  const abs = (path: string) => join(root, path);
  const payload = (name: string, patch: Record<string, unknown> = {}): HookInput => {
    const text = readFileSync(join(PAYLOADS, `${name}.json`), 'utf8')
      .split('${PROJECT}').join(root)
      .split('${HOME}').join(tmpdir())
      .split('${PROJECT_KEY}').join(root.replaceAll('/', '-'));
    const input = parseHookInput({ ...JSON.parse(text), ...patch });
    if (!input) throw new Error(`payload ${name} is not a hook event`);
    return input;
  };
  return {
    root,
    index,
    services,
    payload,
    toolPayload(name, toolInput, patch = {}) {
      const absolute = Object.fromEntries(Object.entries(toolInput).map(([key, value]) =>
        [key, key.endsWith('_path') && typeof value === 'string' && !value.startsWith('/') ? abs(value) : value]));
      return payload(name, { tool_input: absolute, ...patch });
    },
    abs,
    write(path, text) {
      mkdirSync(dirname(abs(path)), { recursive: true });
      writeFileSync(abs(path), text);
      index.invalidate([path]);
    },
    async close() {
      await index.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The additional context of an answer ('' when none). */
export function contextOf(output: HookOutput): string {
  return output.hookSpecificOutput?.additionalContext ?? '';
}

/** Runs a behaviour and checks what every answer must satisfy: JSON-clean, under the size cap. */
export async function run(hook: HookRun, input: HookInput, project: HookProject): Promise<HookOutput> {
  const output = await hook(input, project.services);
  const json = JSON.stringify(output);
  if (json.length > 9_000) throw new Error(`answer of ${json.length} characters`);
  return JSON.parse(json) as HookOutput;
}

/** A file of Python's standard library on this machine (never committed). */
export function stdlibSource(path: string): string {
  const dir = pythonStdlib();
  if (!dir) throw new Error('python3 standard library not found');
  return readFileSync(join(dir, path), 'utf8');
}
