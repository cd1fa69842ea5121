// What the cached records were computed BY: a hash over the code and queries that turn bytes into
// a FileRecord, plus the parser and grammar versions. A cache built by different extraction code
// is discarded whole, so an upgrade (or a new language query) never serves records — or remembered
// extraction errors — from the old code, whether or not SCHEMA_VERSION was bumped.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMA_VERSION } from '../types.js';

/** Compiled code (under dist/) and shipped data (under the package root) that extraction reads. */
export const DIST_INPUTS = [
  'core/extract', 'core/parse', 'core/files/content.js', 'core/files/policy.js', 'core/files/hash.js',
  'core/pool/extract-file.js', 'core/cache/codec.js', 'grammars/languages.js',
  // Type comments and JSDoc types are read with the type-text helpers.
  'core/graph/type-text.js',
];
const PACKAGE_INPUTS = ['grammars/queries'];
const DEPENDENCIES = ['web-tree-sitter', '@cursorless/tree-sitter-wasms'];

let memo: Buffer | undefined;

/** 20-byte sha1, computed once per process (≈ 1 ms). */
export function extractorFingerprint(): Buffer {
  if (memo) return memo;
  const dist = fileURLToPath(new URL('../../', import.meta.url));
  const hash = createHash('sha1').update(`schema ${SCHEMA_VERSION}\n`);
  for (const input of DIST_INPUTS) hashTree(hash, dist, input);
  for (const input of PACKAGE_INPUTS) hashTree(hash, join(dist, '..'), input);
  for (const name of DEPENDENCIES) hash.update(`${name}@${packageVersion(name)}\n`);
  memo = hash.digest();
  return memo;
}

/** The installed version of a dependency, found from its entry point (not every package exports package.json). */
function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  let dir: string;
  try {
    dir = dirname(require.resolve(`${name}/package.json`));
  } catch {
    try {
      dir = dirname(require.resolve(name));
    } catch {
      return '?';
    }
  }
  for (; dirname(dir) !== dir; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === name) return manifest.version ?? '?';
    } catch {
      // no package.json at this level
    }
  }
  return '?';
}

function hashTree(hash: ReturnType<typeof createHash>, base: string, rel: string): void {
  const abs = join(base, rel);
  let names: string[];
  try {
    names = readdirSync(abs).sort();
  } catch {
    try {
      hash.update(`${rel}\n`).update(readFileSync(abs));
    } catch {
      // An input that is absent in this install (a source-only path) simply does not contribute.
    }
    return;
  }
  for (const name of names) {
    if (name.endsWith('.map') || name.endsWith('.d.ts')) continue;
    hashTree(hash, base, `${rel}/${name}`);
  }
}
