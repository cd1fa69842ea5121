// Loads the CLI bundle (CommonJS chunks, cli/build-bundle.ts) with V8's code cache. Node 20 has
// no module compile cache, so each CLI process compiled its ≈ 0.7 MB of bundled code again: the
// top level of every chunk it loads, then each function on its first call. The build runs one
// warm with this loader in training mode, which writes each chunk's compiled code (every function
// that ran) next to the bundle; a CLI process hands it to V8 with the chunk's source and V8 uses
// it when it was made by the same V8 with the same flags (else it compiles as usual).
//
// V8 checks a cache against the source's length only, and a release build does not check the
// cache's own bytes (damaged ones abort the process), so each cache carries a CRC of the source it
// was made from and one of its bytes: one that does not match is not given to V8. The chunks must not
// use `import()`: a script compiled from a cache has no dynamic import callback in Node 20 (the
// build fails on one; ES modules are loaded through cli/import-esm.cts).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';

/** Set by the build's training run: write the caches at exit instead of reading them. */
export const TRAINING_ENV = 'TLDR_CODE_CACHE_TRAINING';
/** TLDR_CODE_CACHE=off compiles the bundle without its caches (to measure or rule them out). */
const OFF_ENV = 'TLDR_CODE_CACHE';

const MAGIC = 0x43434c54; // "TLCC"
const HEADER_BYTES = 16;
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_TAIL = '\n});';

interface Chunk {
  module: { exports: Record<string, unknown> };
  script: Script;
  source: string;
}

/** How a chunk was compiled: from its cache, by V8 after rejecting the cache, or without one. */
export type CacheUse = 'used' | 'rejected' | 'none';

const uses = new Map<string, CacheUse>();

/** Each chunk this process loaded (file name) and how it was compiled. */
export function codeCacheUse(): ReadonlyMap<string, CacheUse> {
  return uses;
}

type Wrapper = (exports: unknown, require: NodeJS.Require, module: Chunk['module'], filename: string, dirname: string) => void;

/** Loads the bundle's entry chunk (and, through it, the chunks it requires); returns its exports. */
export function loadBundle(entry: string): Record<string, unknown> {
  const bundleDir = dirname(entry);
  const cacheDir = join(bundleDir, 'code-cache');
  const training = process.env[TRAINING_ENV] === '1';
  const useCache = !training && process.env[OFF_ENV] !== 'off';
  const chunks = new Map<string, Chunk>();
  if (training) process.once('exit', () => writeCaches(cacheDir, chunks));

  function load(path: string): Record<string, unknown> {
    const loaded = chunks.get(path);
    if (loaded) return loaded.module.exports;
    const source = readFileSync(path, 'utf8');
    const cachedData = useCache ? readCache(join(cacheDir, `${basename(path)}.bin`), source) : undefined;
    const script = new Script(WRAPPER_HEAD + source + WRAPPER_TAIL, { filename: path, cachedData });
    uses.set(basename(path), cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'used');
    const module = { exports: {} as Record<string, unknown> };
    // Registered before it runs: chunks that require each other get the exports made so far, as in Node.
    chunks.set(path, { module, script, source });
    const wrapper = script.runInThisContext() as Wrapper;
    wrapper.call(module.exports, module.exports, requireFrom(path), module, path, dirname(path));
    return module.exports;
  }

  /** A chunk's `require`: other chunks through `load`, everything else through Node. */
  function requireFrom(path: string): NodeJS.Require {
    const nodeRequire = createRequire(path);
    const chunkRequire = ((id: string) => {
      if (id.startsWith('./') && id.endsWith('.cjs')) {
        const target = resolve(dirname(path), id);
        if (dirname(target) === bundleDir) return load(target);
      }
      return nodeRequire(id);
    }) as NodeJS.Require;
    return Object.assign(chunkRequire, { resolve: nodeRequire.resolve, cache: nodeRequire.cache, main: nodeRequire.main, extensions: nodeRequire.extensions });
  }

  return load(resolve(entry));
}

/** The cache for `source`, or undefined when there is none or it was made from another source. */
function readCache(path: string, source: string): Buffer | undefined {
  let data: Buffer;
  try {
    data = readFileSync(path);
  } catch {
    return undefined;
  }
  if (data.length <= HEADER_BYTES || data.readUInt32LE(0) !== MAGIC) return undefined;
  if (data.readUInt32LE(4) !== source.length || data.readUInt32LE(8) !== crc32(source)) return undefined;
  const code = data.subarray(HEADER_BYTES);
  return data.readUInt32LE(12) === crc32(code) ? code : undefined;
}

/** Each loaded chunk's code as it stands (every function compiled so far), written whole or not at all. */
function writeCaches(cacheDir: string, chunks: Map<string, Chunk>): void {
  mkdirSync(cacheDir, { recursive: true });
  for (const [path, { script, source }] of chunks) {
    const code = script.createCachedData();
    const header = Buffer.alloc(HEADER_BYTES);
    header.writeUInt32LE(MAGIC, 0);
    header.writeUInt32LE(source.length, 4);
    header.writeUInt32LE(crc32(source), 8);
    header.writeUInt32LE(crc32(code), 12);
    const target = join(cacheDir, `${basename(path)}.bin`);
    const temp = `${target}.${process.pid}.tmp`;
    writeFileSync(temp, Buffer.concat([header, code]));
    renameSync(temp, target);
  }
}

