// Build step (`npm run build`, after tsc): the CLI's ES modules bundled into a few CommonJS chunk
// files under dist/cli/bundle/, which cli/tldr.cts loads through cli/bundle-loader.cts. A CLI
// process otherwise loads ≈ 90 of tsc's modules one by one, at ≈ 0.2 ms each before any of their
// code runs (the first warm of a 20k-line project: ≈ 25 ms of its ≈ 0.5 s), and CommonJS is what
// the loader can hand V8's code cache (Node 20 has none for ES modules). Dynamic imports become
// requires of their chunks, so a command loads what it did before, in fewer files. The daemon,
// the workers and `dist/cli/main.js` load tsc's modules.
//
// tsc's output stays where it is and the bundle depends on its layout: every `import.meta.url` in
// a bundled module becomes that module's own URL in dist/ (reached from the chunk), so paths
// resolved from it (the queries, the wasm, the workers, the package root, what the fingerprints
// hash) are the files they were; our CommonJS modules (.cjs) are not bundled but required from
// where they are, and packages stay packages.
//
// Then one warm of a copy of core/ (TypeScript) and of the language fixtures runs with the bundle
// in training mode, which leaves each chunk's compiled code in dist/cli/bundle/code-cache/.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import { TRAINING_ENV } from './bundle-loader.cjs';

const DIST = fileURLToPath(new URL('../', import.meta.url));
const REPO = join(DIST, '..');
const OUT = join(DIST, 'cli', 'bundle');
/**
 * Packages bundled with our code, so that their compiled code is in the cache too: commander, which
 * every CLI call loads (≈ 5-9 ms to compile on its own).
 */
const BUNDLED_PACKAGES = new Set(['commander']);
/** Each chunk's own URL, for the `import.meta.url`s it replaces. */
const CHUNK_URL = '__tldrChunkUrl';

/** A file's path from the bundle's directory, as a relative module specifier. */
function fromBundle(file: string): string {
  const path = relative(OUT, file).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

rmSync(OUT, { recursive: true, force: true });
const result = await build({
  input: { program: join(DIST, 'cli', 'program.js') },
  platform: 'node',
  logLevel: 'warn',
  plugins: [
    {
      name: 'tldr-dist-layout',
      resolveId(source, importer) {
        if (!importer) return null;
        if (!source.startsWith('.')) return BUNDLED_PACKAGES.has(source) ? null : { id: source, external: true };
        if (source.endsWith('.cjs')) return { id: fromBundle(resolve(dirname(importer), source)), external: true };
        return null;
      },
      transform(code, id) {
        if (!code.includes('import.meta.url')) return null;
        return { code: code.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle(id))}, ${CHUNK_URL}).href`) };
      },
    },
  ],
  output: {
    dir: OUT,
    format: 'cjs',
    dynamicImportInCjs: false,
    banner: `"use strict";\nconst ${CHUNK_URL} = require("node:url").pathToFileURL(__filename).href;`,
    entryFileNames: '[name].cjs',
    chunkFileNames: '[name]-[hash].cjs',
  },
});

const withImport = result.output.filter((chunk) => chunk.type === 'chunk' && callsImport(parseAst(chunk.code))).map((chunk) => chunk.fileName);
if (withImport.length > 0) throw new Error(`bundle chunks must not call import() (cli/bundle-loader.cts): ${withImport.join(', ')}`);

trainCodeCache();

/** Whether a syntax tree (ESTree) holds an `import()` expression. */
function callsImport(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false;
  if ((node as { type?: unknown }).type === 'ImportExpression') return true;
  return Object.values(node).some(callsImport);
}

/** One warm of a copy of core/ and the language fixtures, in training mode (skipped when they are not here). */
function trainCodeCache(): void {
  const sources = [join(REPO, 'core'), join(REPO, 'test', 'fixtures', 'languages')];
  if (!sources.every((dir) => existsSync(dir))) return;
  const project = mkdtempSync(join(tmpdir(), 'tldr-train-'));
  try {
    for (const dir of sources) cpSync(dir, join(project, basename(dir)), { recursive: true });
    execFileSync(process.execPath, [join(DIST, 'cli', 'tldr.cjs'), 'warm', project, '--no-daemon', '--json'], {
      env: { ...process.env, [TRAINING_ENV]: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}
