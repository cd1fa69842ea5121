// A small project's first `tldr warm` leaves the semantic search index to the daemon it starts:
// the warm writes the records only, the daemon builds `.tldr/search.bin` in the background, and
// every answer is then the one a warm that built everything itself gives.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSemanticIndex } from '../../dist/core/search/semantic/store.js';
import { cli, daemonProcesses, waitFor } from '../daemon/helpers.js';
import { copyShop } from './helpers.js';

/** Warmed by `tldr warm` (daemon follows), and by `tldr warm --no-daemon` (builds everything itself). */
let deferred: string;
let built: string;

const QUESTIONS: string[][] = [
  ['email', 'the', 'customer', 'about', 'an', 'overdue', 'invoice', '--json'], ['distance between two points', '--json'],
  ['discount', '--tier', 'semantic', '--json'], ['def compute_total', '--json'], ['applyDiscount(', '--json'],
];

beforeAll(() => {
  deferred = copyShop();
  built = copyShop();
  expect(cli(['warm', '--no-daemon'], built).status).toBe(0);
});

afterAll(async () => {
  // A daemon a warm left starting may come up only after a first stop found none.
  await waitFor(() => cli(['daemon', 'stop'], deferred).status === 0 && daemonProcesses(deferred).length === 0, 'the daemon to stop', 10_000);
  for (const root of [deferred, built]) rmSync(root, { recursive: true, force: true });
});

/** One term numbering for every index loaded here, so that two saved indexes compare. */
const termIds = new Map<string, number>();
const intern = (words: string[]) => Int32Array.from(words, (word) => termIds.get(word) ?? termIds.set(word, termIds.size).get(word)!);

/** The saved search index: per file, its content hash and documents, each document's terms in id order. */
function savedIndex(root: string): unknown {
  const loaded = loadSemanticIndex(root, intern);
  if (loaded.state !== 'loaded') throw new Error(`search.bin ${loaded.state}`);
  return Object.fromEntries([...loaded.files].map(([path, { hash, docs }]) => [path, {
    hash,
    docs: docs.map(({ entries, ...doc }) => {
      const terms: number[][] = [];
      for (let i = 0; i < entries.length; i += 3) terms.push([entries[i], entries[i + 1], entries[i + 2]]);
      return { ...doc, lengths: [...doc.lengths], terms: terms.sort((a, b) => a[0] - b[0]) };
    }),
  }]));
}

describe('a small warm that starts the daemon', () => {
  it('writes the records, leaves the search index to the daemon, which builds it', async () => {
    const warm = cli(['warm', '--json'], deferred);
    expect(warm.status).toBe(0);
    const result = JSON.parse(warm.stdout);
    expect(result.search_index).toEqual({ state: 'deferred' });
    expect(result.files).toBe(JSON.parse(cli(['warm', '--json', '--no-daemon'], built).stdout).files);
    await waitFor(() => {
      try {
        return readFileSync(join(deferred, '.tldr', 'search.bin')).length > 0;
      } catch {
        return false;
      }
    }, 'the daemon to build the search index', 20_000);
    expect(savedIndex(deferred)).toEqual(savedIndex(built));
    const again = JSON.parse(cli(['warm', '--json'], deferred).stdout);
    expect(again.daemon_pid).toBeGreaterThan(0);
    expect(again.search_index).toMatchObject({ state: 'unchanged' });
  });

  it('then answers search, structure and impact as a warm that built everything', () => {
    for (const argv of [...QUESTIONS.map((question) => ['search', ...question]), ['structure', 'py/billing.py', '--json'], ['impact', 'applyDiscount', '--json'], ['impact', 'compute_total', '--json']]) {
      const viaDaemon = cli(argv, deferred);
      const fromBuilt = cli([...argv, '--no-daemon'], built);
      expect(viaDaemon.stdout, argv.join(' ')).toBe(fromBuilt.stdout);
      expect(viaDaemon.status, argv.join(' ')).toBe(0);
    }
  });

  it('says so in its text output', () => {
    rmSync(join(deferred, '.tldr'), { recursive: true, force: true });
    cli(['daemon', 'stop'], deferred);
    const warm = cli(['warm'], deferred);
    expect(warm.stdout).toContain('search index: .tldr/search.bin left to the daemon (built in the background)\n');
  });
});
