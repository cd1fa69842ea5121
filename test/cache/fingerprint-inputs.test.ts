// The extractor fingerprint must hash every module extraction runs: one left out lets a cache built
// by older code be served after an upgrade (core/cache/fingerprint.ts).
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIST_INPUTS } from '../../dist/core/cache/fingerprint.js';
import { INPUTS as SEARCH_INPUTS } from '../../dist/core/search/semantic/store.js';

const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../dist');

/** Compiled modules reached from `entry` through relative static imports. */
function reached(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm)) visit(join(dirname(file), spec));
  };
  visit(join(DIST, entry));
  return [...seen].map((file) => relative(DIST, file));
}

describe('the extractor fingerprint', () => {
  it('covers every module the extraction of a file imports', () => {
    const covered = (module: string) => DIST_INPUTS.some((input) => module === input || module.startsWith(`${input}/`))
      // The search documents built beside a record are hashed by search.bin's own fingerprint.
      || SEARCH_INPUTS.some((input) => module === `core/search/semantic/${input}`)
      // Types and error classes compute nothing; msgpack only carries batches between threads.
      || ['core/types.js', 'core/errors.js', 'core/cache/msgpackr.js'].includes(module);
    const modules = reached('core/pool/extract-file.js');
    expect(modules).toContain('core/extract/jsdoc-types.js');
    expect(modules.filter((module) => !covered(module))).toEqual([]);
  });
});
