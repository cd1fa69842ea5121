// Build step (`npm run build`): compiles every language's extraction query once, each first in a
// fresh thread as a parsing thread does, so that the package ships their snapshots
// (core/parse/query-snapshots.ts) and even a first run on a machine does not compile them.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, workerData } from 'node:worker_threads';
import { LANGUAGES } from './languages.js';
import type { LanguageId } from '../core/types.js';

const PACKAGE_DIR = fileURLToPath(new URL('../', import.meta.url));

if (isMainThread) {
  rmSync(new URL('../query-snapshots/', import.meta.url), { recursive: true, force: true });
  for (const { id } of LANGUAGES) {
    // The user cache is this package's directory: nothing is read from, or written to, the user's.
    const worker = new Worker(new URL(import.meta.url), { workerData: id, env: { ...process.env, TLDR_CACHE_DIR: PACKAGE_DIR, TLDR_QUERY_SNAPSHOTS: 'on' } });
    // A query that does not compile leaves its language with no definitions at all: the build fails.
    const failure = await new Promise<string | undefined>((resolve) => {
      worker.once('error', (error) => resolve(error.message));
      worker.once('exit', (code) => resolve(code === 0 ? undefined : `exit code ${code}`));
    });
    if (failure !== undefined) {
      process.stderr.write(`query snapshots: the ${id} query does not compile: ${failure}\n`);
      process.exitCode = 1;
    }
  }
} else {
  const { extractionQuery } = await import('../core/extract/queries.js');
  await extractionQuery(workerData as LanguageId);
}
