// The daemon's event loop stays free: a slow request (the flow analysis of a huge function) runs
// in the worker pool, so quick requests sent meanwhile are answered before it finishes, and a file
// edited meanwhile is re-parsed without waiting for it.
import { afterAll, describe, expect, it } from 'vitest';
import { DaemonConnection, daemonPaths } from '../../dist/core/daemon/wire.cjs';
import { cleanupProjects, cli, makeProject, waitFor } from './helpers.js';

afterAll(cleanupProjects);

/** A function of 20,000 chained assignments: its slice takes the daemon seconds, not milliseconds. */
const CHAIN = 20_000;
const hugeFunction = (name: string) =>
  `def ${name}(a):\n    x0 = a\n${Array.from({ length: CHAIN - 1 }, (_, i) => `    x${i + 1} = x${i} + ${i % 7}\n`).join('')}    return x${CHAIN - 1}\n`;
/** `def` on line 1, x0 … x(CHAIN-1) on lines 2 … CHAIN+1, the return below them. */
const RETURN_LINE = CHAIN + 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a slow request does not hold up others', () => {
  it('ping and structure sent while a slice of a huge function runs are answered before the slice', async () => {
    const project = makeProject({
      'huge.py': hugeFunction('huge'),
      'other.py': hugeFunction('other'),
      'small.py': 'def small(a):\n    b = a + 1\n    return b\n',
    });
    expect(cli(['daemon', 'start'], project.root).status).toBe(0);
    const connection = await DaemonConnection.open(daemonPaths(project.root).socket);
    try {
      const ask = async (name: string, args: unknown) => {
        const reply = await connection.send({ op: 'query', name, args, cwd: project.root });
        if (!reply.ok) throw new Error(reply.error.message);
        return reply.result as { lines?: number[] };
      };
      await waitFor(async () => ((await connection.send({ op: 'status' })) as { result: { files: number } }).result.files === 3, 'the index to load');
      // Loads the flow modules and the grammar first: what follows is the analysis alone.
      expect((await ask('slice', { file: 'small.py', function: 'small', line: 3 })).lines).toEqual([1, 2, 3]);

      const order: string[] = [];
      const slow = ask('slice', { file: 'huge.py', function: 'huge', line: RETURN_LINE }).then((report) => {
        order.push('slice');
        return report;
      });
      // The daemon is well into the analysis by now (it parses 450 KB and builds a 20,000-node graph).
      await sleep(100);
      const ping = connection.send({ op: 'ping' }).then((reply) => {
        order.push('ping');
        return reply;
      });
      const structure = ask('structure', { path: 'small.py' }).then((result) => {
        order.push('structure');
        return result;
      });
      expect((await ping).ok).toBe(true);
      expect(JSON.stringify(await structure)).toContain('"small"');
      const report = await slow;
      expect(order.indexOf('slice')).toBe(2);
      // Every line of the function feeds the returned value.
      expect(report.lines).toEqual(Array.from({ length: RETURN_LINE }, (_, i) => i + 1));

      // An edit during another slow request is re-parsed (by a second worker) before it ends.
      const after: string[] = [];
      const slowAgain = ask('pdg', { file: 'other.py', function: 'other' }).then(() => after.push('pdg'));
      await sleep(100);
      project.write('small.py', 'def small(a):\n    b = a + 1\n    return b\n\n\ndef edited():\n    return 2\n');
      const edited = await ask('structure', { path: 'small.py' });
      after.push('structure');
      expect(JSON.stringify(edited)).toContain('"edited"');
      await slowAgain;
      expect(after).toEqual(['structure', 'pdg']);
    } finally {
      connection.close();
    }
  });
});
