// The CLI bundle's loader (cli/bundle-loader.cts): chunks load as CommonJS would load them, the
// build's training run leaves caches that later processes use, and a cache that does not belong to
// its chunk (edited source, damaged bytes) is never used.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const DIST = join(__dirname, '..', '..', 'dist');
const LOADER = join(DIST, 'cli', 'bundle-loader.cjs');
const FIXTURES = join(__dirname, '..', 'fixtures', 'languages');

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tldr-bundle-loader-'));
  temps.push(dir);
  return dir;
}

/** Runs `body` in a fresh node process with the loader as `loader`; returns what it printed as JSON. */
function inNode(body: string, env: NodeJS.ProcessEnv = {}): unknown {
  const script = `const loader = require(${JSON.stringify(LOADER)});\n(async () => {\n${body}\n})();`;
  const clean = { ...process.env };
  delete clean.TLDR_CODE_CACHE_TRAINING;
  delete clean.TLDR_CODE_CACHE;
  const out = execFileSync(process.execPath, ['-e', script], { env: { ...clean, ...env }, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!);
}

/** A bundle of two chunks that require each other, as rolldown's CommonJS output does. */
function writeBundle(dir: string, value: number): string {
  const bundle = join(dir, 'bundle');
  mkdirSync(bundle, { recursive: true });
  writeFileSync(join(bundle, 'program.cjs'), [
    '"use strict";',
    'const part = require("./part-a1.cjs");',
    'exports.kind = "program";',
    'exports.answer = () => `${part.value()} from ${require("node:path").basename(__filename)}`;',
  ].join('\n'));
  writeFileSync(join(bundle, 'part-a1.cjs'), [
    '"use strict";',
    'const program = require("./program.cjs");',
    `exports.value = () => ${value} + ":" + typeof program;`,
  ].join('\n'));
  return join(bundle, 'program.cjs');
}

const RUN_FIXTURE = `const m = loader.loadBundle(process.env.ENTRY);
console.log(JSON.stringify({ answer: m.answer(), use: Object.fromEntries(loader.codeCacheUse()) }));`;

describe('bundle loader', () => {
  it('loads chunks that require each other, trains caches, and uses them in the next process', () => {
    const entry = writeBundle(tempDir(), 42);
    const untrained = inNode(RUN_FIXTURE, { ENTRY: entry });
    expect(untrained).toEqual({ answer: '42:object from program.cjs', use: { 'program.cjs': 'none', 'part-a1.cjs': 'none' } });

    inNode(RUN_FIXTURE, { ENTRY: entry, TLDR_CODE_CACHE_TRAINING: '1' });
    const caches = readdirSync(join(entry, '..', 'code-cache')).sort();
    expect(caches).toEqual(['part-a1.cjs.bin', 'program.cjs.bin']);

    expect(inNode(RUN_FIXTURE, { ENTRY: entry })).toEqual({ answer: '42:object from program.cjs', use: { 'program.cjs': 'used', 'part-a1.cjs': 'used' } });
    expect(inNode(RUN_FIXTURE, { ENTRY: entry, TLDR_CODE_CACHE: 'off' })).toMatchObject({ use: { 'program.cjs': 'none', 'part-a1.cjs': 'none' } });
  });

  it('never hands V8 a cache made from other source, even of the same length', () => {
    const dir = tempDir();
    const entry = writeBundle(dir, 42);
    inNode(RUN_FIXTURE, { ENTRY: entry, TLDR_CODE_CACHE_TRAINING: '1' });
    // V8 itself would take this cache: it checks the source's length only.
    writeBundle(dir, 43);
    expect(inNode(RUN_FIXTURE, { ENTRY: entry })).toEqual({ answer: '43:object from program.cjs', use: { 'program.cjs': 'used', 'part-a1.cjs': 'none' } });
  });

  it('compiles a chunk whose cache is damaged from its source (V8 would abort on it)', () => {
    const entry = writeBundle(tempDir(), 42);
    inNode(RUN_FIXTURE, { ENTRY: entry, TLDR_CODE_CACHE_TRAINING: '1' });
    const cache = join(entry, '..', 'code-cache', 'program.cjs.bin');
    const bytes = readFileSync(cache);
    for (let i = 40; i < bytes.length; i += 7) bytes[i] ^= 0x5a;
    writeFileSync(cache, bytes);
    writeFileSync(join(entry, '..', 'code-cache', 'part-a1.cjs.bin'), 'not a cache');
    const result = inNode(RUN_FIXTURE, { ENTRY: entry }) as { answer: string; use: Record<string, string> };
    expect(result.answer).toBe('42:object from program.cjs');
    expect(result.use).toEqual({ 'program.cjs': 'none', 'part-a1.cjs': 'none' });
  });

  it('the built CLI uses its caches for a first warm, extraction included', () => {
    const program = join(DIST, 'cli', 'bundle', 'program.cjs');
    expect(existsSync(join(DIST, 'cli', 'bundle', 'code-cache', 'program.cjs.bin'))).toBe(true);
    const project = tempDir();
    cpSync(FIXTURES, project, { recursive: true });
    const result = inNode(`const { runCommandLine } = loader.loadBundle(${JSON.stringify(program)});
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = () => true;
await runCommandLine(['warm', ${JSON.stringify(project)}, '--no-daemon', '--json']);
write(JSON.stringify(Object.fromEntries(loader.codeCacheUse())) + '\\n');`) as Record<string, string>;
    const extraction = Object.keys(result).find((chunk) => chunk.startsWith('extract-file-'));
    expect(extraction).toBeDefined();
    expect(result['program.cjs']).toBe('used');
    expect(result[extraction!]).toBe('used');
    expect(Object.entries(result).filter(([, use]) => use === 'rejected')).toEqual([]);
  });
});
