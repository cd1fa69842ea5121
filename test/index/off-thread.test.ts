// An index opened with `extraction: 'pool'` (the daemon's) parses in the worker pool even when
// one file is asked for: this thread keeps running timers and other requests meanwhile.
import { afterAll, describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openProjectIndex } from '../../dist/core/index/open.js';
import { closeExtractPool } from '../../dist/core/pool/extract-pool.js';

afterAll(closeExtractPool);

/** ≈ 800 KB of Python: hundreds of milliseconds to parse and extract. */
const big = Array.from({ length: 20_000 }, (_, i) => `def f${i}(x):\n    return g(x, ${i})\n`).join('');

describe('extraction off the main thread', () => {
  it('record() of a changed file in a pool index lets a timer run before it answers', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-off-thread-')));
    try {
      writeFileSync(join(root, 'big.py'), big);
      writeFileSync(join(root, 'small.py'), 'def small():\n    return 1\n');
      const index = await openProjectIndex(root, { extraction: 'pool' });
      expect((await index.records()).size).toBe(2);
      // A first re-parse loads whatever a parse needs, wherever it runs.
      appendFileSync(join(root, 'small.py'), 'def more():\n    return 2\n');
      expect((await index.record('small.py')).functions.map((fn) => fn.name)).toEqual(['small', 'more']);

      appendFileSync(join(root, 'big.py'), 'def appended():\n    return 0\n');
      let timerRan = false;
      const timer = setTimeout(() => (timerRan = true), 20);
      const record = await index.record('big.py');
      clearTimeout(timer);
      // Parsed on this thread, the record would be ready before any timer could run.
      expect(timerRan).toBe(true);
      expect(record.functions).toHaveLength(20_001);
      expect(record.functions.at(-1)?.name).toBe('appended');
      await index.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('says where analyses run: the pool for a pool index, in-process otherwise', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-off-thread-')));
    try {
      expect((await openProjectIndex(root, { extraction: 'pool' })).analysis).toBe('pool');
      expect((await openProjectIndex(root)).analysis).toBe('in-process');
      expect((await openProjectIndex(root, { extraction: 'auto' })).analysis).toBe('in-process');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
