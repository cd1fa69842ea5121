// `search` on a fixture shop in eight languages: structural definitions, calls, member paths and
// ast-grep patterns; literal search through ripgrep and through the in-process scan (same
// answers); the semantic tier; scoping by --path and --glob; what the ignore rules keep out.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TldrError } from '../../dist/core/errors.js';
import { openProjectIndex, type CachedProjectIndex } from '../../dist/core/index/open.js';
import { search } from '../../dist/core/query/search.js';
import { searchProject } from '../../dist/core/search/search.js';
import type { SearchOptions, SearchResult } from '../../dist/core/search/types.js';
import { copyShop } from './helpers.js';

let root: string;
let index: CachedProjectIndex;

const run = (options: SearchOptions): Promise<SearchResult> => searchProject(index, options);
const where = (result: SearchResult) => result.hits.map((hit) => `${hit.file}:${hit.line} ${hit.symbol}`);

beforeAll(async () => {
  root = copyShop();
  index = await openProjectIndex(root);
  await index.sync();
});

afterAll(async () => {
  await index.close();
  rmSync(root, { recursive: true, force: true });
});

describe('structural tier: definitions from the symbol table', () => {
  it('answers a definition query in each language with the definition itself', async () => {
    const cases: [string, string][] = [
      ['def compute_total', 'py/billing.py:6 compute_total'],
      ['function applyDiscount', 'src/pricing.ts:14 applyDiscount'],
      ['class Cart', 'java/Cart.java:5 Cart'],
      ['fn new', 'rust/lib.rs:9 Point.new'],
      ['struct Point', 'rust/lib.rs:2 Point'],
      ['def valid_email?', 'ruby/user.rb:8 User.valid_email?'],
      ['function M.setup', 'lua/setup.lua:4 M.setup'],
      ['deploy_release() {', 'scripts/deploy.sh:3 deploy_release'],
      ['const formatMoney =', 'src/money.ts:7 formatMoney'],
      ['public void addItem(String sku)', 'java/Cart.java:9 Cart.addItem'],
    ];
    for (const [query, expected] of cases) {
      const result = await run({ query });
      expect(result.tier, query).toBe('structural');
      expect(where(result)[0], query).toBe(expected);
    }
  });

  it('matches names across camelCase and snake_case, exact spelling first', async () => {
    const result = await run({ query: 'def apply_discount' });
    expect(where(result)).toEqual(['py/billing.py:12 apply_discount', 'src/pricing.ts:14 applyDiscount']);
    expect(result.hits[0].score).toBeGreaterThan(result.hits[1].score);
  });

  it('falls back to names that start with the query only when none matches whole', async () => {
    expect(where(await run({ query: 'def compute' }))).toEqual(['py/billing.py:6 compute_total']);
    expect(where(await run({ query: 'def total' }))).toEqual(['py/billing.py:24 Invoice.total']);
  });

  it('a Go receiver ranks that type\'s method first; a class query finds no functions', async () => {
    expect(where(await run({ query: 'func (s *Server) Start' }))).toEqual(['go/server.go:19 Server.Start', 'go/server.go:25 Start']);
    expect(where(await run({ query: 'class Start' }))).toEqual([]);
  });

  it('every hit of a definition query is a definition of that name (precision)', async () => {
    for (const query of ['def compute_total', 'function applyDiscount', 'class Invoice', 'func NewServer', 'def setPrice']) {
      const name = query.split(' ').pop()!.replace(/_/g, '').toLowerCase();
      const result = await run({ query });
      expect(result.hits.length, query).toBeGreaterThan(0);
      for (const hit of result.hits) expect(hit.symbol!.split('.').pop()!.replace(/_/g, '').toLowerCase(), query).toBe(name);
    }
  });
});

describe('structural tier: calls and member paths', () => {
  it('a call shape gives the definition, then each call site with its enclosing function', async () => {
    const result = await run({ query: 'applyDiscount(' });
    expect(result.tier).toBe('structural');
    expect(result.hits.map((hit) => `${hit.line} ${hit.symbol} ${hit.text}`)).toEqual([
      '14 applyDiscount export function applyDiscount(price: number, percent: number): number',
      '22 orderTotal for (const line of lines) total += applyDiscount(line.unitPrice * line.quantity, percent);',
      '39 PriceBook.priceOf return applyDiscount(price, 0);',
    ]);
  });

  it('a member call matches calls written through that path; a grep-escaped call too', async () => {
    expect(where(await run({ query: 'this.prices.set(' }))).toEqual(['src/pricing.ts:32 PriceBook.setPrice']);
    expect(where(await run({ query: 'fmt\\.Println\\(' }))).toEqual(['go/server.go:20 Server.Start', 'go/server.go:26 Start']);
  });

  it('a qualified name finds the method', async () => {
    expect(where(await run({ query: 'Invoice.send_reminder' }))).toEqual(['py/billing.py:27 Invoice.send_reminder']);
    expect(where(await run({ query: 'Point::distance' }))).toEqual(['rust/lib.rs:14 Point.distance']);
  });
});

describe('structural tier: ast-grep patterns', () => {
  it('runs a pattern in every language it is code in, with enclosing definitions', async () => {
    const result = await run({ query: 'print($X)' });
    expect(result.tier).toBe('structural');
    expect(where(result)).toEqual(['lua/setup.lua:6 M.setup', 'py/billing.py:31 Invoice.send_reminder']);
    expect(where(await run({ query: 'print($X)', lang: 'python' }))).toEqual(['py/billing.py:31 Invoice.send_reminder']);
  });

  it('patterns in TypeScript, Go, Java, Rust and Ruby', async () => {
    expect(where(await run({ query: 'console.log($$$ARGS)' }))).toEqual(['src/pricing.ts:23 orderTotal']);
    expect(where(await run({ query: 'fmt.Println($$$)', lang: 'go' }))).toEqual(['go/server.go:20 Server.Start', 'go/server.go:26 Start']);
    expect(where(await run({ query: 'System.out.println($X)' }))).toEqual(['java/Cart.java:11 Cart.addItem']);
    expect(where(await run({ query: '($A - $B).abs()', lang: 'rust' }))).toEqual(['rust/lib.rs:15 Point.distance']);
    expect(where(await run({ query: '$S.include?($X)', lang: 'ruby' }))).toEqual(['ruby/user.rb:9 User.valid_email?']);
  });

  it('a definition pattern runs as a kind rule: TypeScript functions with return types and generics are found', async () => {
    const result = await run({ query: 'function $N($$$A) { $$$ }', lang: 'typescript' });
    expect(where(result)).toEqual(['src/money.ts:2 roundCents', 'src/pricing.ts:14 applyDiscount', 'src/pricing.ts:20 orderTotal']);
    // Python's five functions and methods, and Ruby's two methods: `def` is a keyword of both.
    expect(where(await run({ query: 'def $F($$$): $$$' })).map((hit) => hit.split(':')[0])).toEqual([
      ...Array(5).fill('py/billing.py'), ...Array(2).fill('ruby/user.rb'),
    ]);
  });

  it('a definition header written without its body matches definitions with any body', async () => {
    expect(where(await run({ query: 'def $F(self, $X):' }))).toEqual(['py/billing.py:27 Invoice.send_reminder']);
    expect(where(await run({ query: 'def $F(self, $X)' }))).toEqual(['py/billing.py:27 Invoice.send_reminder']);
    expect(where(await run({ query: 'export function $F(price: number, percent: number): number' }))).toEqual(['src/pricing.ts:14 applyDiscount']);
    expect(where(await run({ query: 'public void $M(String $S)' }))).toEqual(['java/Cart.java:9 Cart.addItem']);
  });

  it('a pattern that is code in no searched language is an error when the tier is forced', async () => {
    await expect(run({ query: 'def $F($$$): $$$', tier: 'structural', glob: ['*.ts'] })).rejects.toThrow(/not valid code in typescript/);
  });
});

describe('literal tier', () => {
  const withRipgrep = async (rg: string | undefined, options: SearchOptions) => {
    const saved = process.env.TLDR_RIPGREP;
    if (rg === undefined) delete process.env.TLDR_RIPGREP;
    else process.env.TLDR_RIPGREP = rg;
    try {
      return await run(options);
    } finally {
      if (saved === undefined) delete process.env.TLDR_RIPGREP;
      else process.env.TLDR_RIPGREP = saved;
    }
  };

  it('finds strings with their enclosing definitions, in file and line order', async () => {
    const result = await run({ query: 'reminder', tier: 'literal' });
    expect(result.hits.map((hit) => `${hit.file}:${hit.line} ${hit.symbol} ${hit.text}`)).toEqual([
      'py/billing.py:1 null """Invoices and payment reminders."""',
      'py/billing.py:27 Invoice.send_reminder def send_reminder(self, server="localhost"):',
      'py/billing.py:28 Invoice.send_reminder """Email the customer a reminder that the invoice is overdue."""',
      'py/billing.py:31 Invoice.send_reminder print("reminder sent")',
    ]);
  });

  it('regex syntax searches as a regex, anything else as written', async () => {
    expect(where(await run({ query: 'apply_?[dD]iscount\\(', tier: 'literal' }))).toEqual([
      'py/billing.py:12 apply_discount', 'src/pricing.ts:14 applyDiscount', 'src/pricing.ts:22 orderTotal', 'src/pricing.ts:39 PriceBook.priceOf',
    ]);
    expect(where(await run({ query: 'price.set', tier: 'literal' }))).toEqual([]);
    expect(where(await run({ query: 'prices.set', tier: 'literal' }))).toEqual(['src/pricing.ts:32 PriceBook.setPrice']);
  });

  it('honours .gitignore and .tldrignore, and searches only indexed files', async () => {
    for (const hidden of ['zebracorn-generated', 'zebracorn-scratch', 'zebracorn-readme']) {
      expect((await run({ query: hidden })).hits, hidden).toEqual([]);
    }
  });

  it('--path and --glob narrow the files', async () => {
    const everywhere = where(await run({ query: 'discount', tier: 'literal', limit: 100 }));
    expect(new Set(everywhere.map((hit) => hit.split(':')[0]))).toEqual(new Set(['py/billing.py', 'src/pricing.ts']));
    expect(where(await run({ query: 'discount', tier: 'literal', path: 'py', limit: 100 })).every((hit) => hit.startsWith('py/'))).toBe(true);
    expect(where(await run({ query: 'discount', tier: 'literal', glob: ['*.ts'], limit: 100 })).every((hit) => hit.startsWith('src/'))).toBe(true);
    expect(where(await run({ query: 'discount', tier: 'literal', glob: ['!src/**'], limit: 100 })).every((hit) => hit.startsWith('py/'))).toBe(true);
  });

  it('a missing, crashing or failing ripgrep gives exactly the answer ripgrep gives', async () => {
    const scripts = mkdtempSync(join(tmpdir(), 'tldr-rg-'));
    const failing = join(scripts, 'rg-fails');
    writeFileSync(failing, '#!/bin/sh\necho "garbage output" \necho boom >&2\nexit 2\n');
    const crashing = join(scripts, 'rg-crashes');
    writeFileSync(crashing, '#!/bin/sh\nkill -9 $$\n');
    const notExecutable = join(scripts, 'rg-not-executable');
    writeFileSync(notExecutable, 'not a program');
    chmodSync(failing, 0o755);
    chmodSync(crashing, 0o755);
    try {
      const queries: SearchOptions[] = [
        { query: 'reminder', tier: 'literal' },
        { query: 'apply_?[dD]iscount\\(', tier: 'literal' },
        { query: 'return', tier: 'literal', limit: 3 },
        { query: '^\\s+def ', tier: 'literal', limit: 50 },
        { query: '€', tier: 'literal' },
        { query: 'discount', tier: 'literal', glob: ['*.py'] },
        { query: 'print($X)' },
      ];
      for (const options of queries) {
        const reference = await withRipgrep(undefined, options);
        expect(reference.hits.length, options.query).toBeGreaterThan(0);
        for (const rg of ['/nonexistent/rg', failing, crashing, notExecutable]) {
          expect(await withRipgrep(rg, options), `${options.query} with ${rg}`).toEqual(reference);
        }
      }
    } finally {
      rmSync(scripts, { recursive: true, force: true });
    }
  });
});

describe('semantic tier', () => {
  it('answers questions written without the identifiers', async () => {
    const cases: [string, string][] = [
      ['how do we email a customer about an overdue invoice', 'Invoice.send_reminder'],
      ['distance between two points on the map', 'Point.distance'],
      ['add up the items and apply the sales tax', 'compute_total'],
      ['look up the unit price of a product', 'PriceBook.priceOf'],
      ['check that an email address looks valid', 'User.valid_email?'],
      ['round money to whole cents', 'roundCents'],
    ];
    for (const [question, symbol] of cases) {
      const result = await run({ query: question });
      expect(result.tier, question).toBe('semantic');
      expect(result.hits[0]?.symbol, question).toBe(symbol);
    }
  });

  it('hits carry the DESIGN §4 fields, best first, within the limit', async () => {
    const result = await run({ query: 'discount on a price', limit: 3 });
    expect(Object.keys(result)).toEqual(['query', 'tier', 'hits']);
    expect(result.hits.length).toBe(3);
    for (const hit of result.hits) expect(Object.keys(hit)).toEqual(['file', 'line', 'symbol', 'text', 'tier', 'score']);
    const scores = result.hits.map((hit) => hit.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('--path narrows semantic hits too', async () => {
    const result = await run({ query: 'apply a percentage discount', path: 'py' });
    expect(result.hits.every((hit) => hit.file.startsWith('py/'))).toBe(true);
    expect(result.hits[0].symbol).toBe('apply_discount');
  });
});

describe('auto and the literal fallback', () => {
  it('a structural or semantic query that finds nothing falls back to literal', async () => {
    const dotted = await run({ query: 'example.com' });
    expect(dotted.tier).toBe('literal');
    expect(where(dotted)).toEqual(['py/billing.py:30 Invoice.send_reminder']);
    const forced = await run({ query: 'def no_such_function', tier: 'structural' });
    expect(forced).toEqual({ query: 'def no_such_function', tier: 'structural', hits: [] });
  });

  it('a bare name is a literal search whose lines defining the name come first; a forced literal search keeps file order', async () => {
    const project = mkdtempSync(join(tmpdir(), 'tldr-search-name-'));
    try {
      mkdirSync(join(project, 'app'));
      mkdirSync(join(project, 'lib'));
      writeFileSync(join(project, 'app', 'main.py'), 'from lib.orders import parse_order\n\nprint(parse_order("7 apples"))\n');
      writeFileSync(join(project, 'lib', 'orders.py'), '# parse_order reads one line of an order\n\n\ndef parse_order(text):\n    return text.split()\n');
      const own = await openProjectIndex(project);
      try {
        const auto = await searchProject(own, { query: 'parse_order' });
        expect(auto.tier).toBe('literal');
        expect(auto.hits.map((hit) => `${hit.file}:${hit.line} ${hit.text}`)).toEqual([
          'lib/orders.py:4 def parse_order(text):',
          'app/main.py:1 from lib.orders import parse_order',
          'app/main.py:3 print(parse_order("7 apples"))',
          'lib/orders.py:1 # parse_order reads one line of an order',
        ]);
        expect(auto.hits[0].score).toBeGreaterThan(auto.hits[1].score);
        const forced = await searchProject(own, { query: 'parse_order', tier: 'literal' });
        expect(forced.hits.map((hit) => `${hit.file}:${hit.line}`)).toEqual(['app/main.py:1', 'app/main.py:3', 'lib/orders.py:1', 'lib/orders.py:4']);
        expect((await searchProject(own, { query: 'parse_order', limit: 2 })).hits.map((hit) => `${hit.file}:${hit.line}`)).toEqual(['lib/orders.py:4', 'app/main.py:1']);
      } finally {
        await own.close();
      }
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('test code\'s calls, pattern matches and definitions rank after the product\'s', async () => {
    const project = mkdtempSync(join(tmpdir(), 'tldr-search-tests-'));
    try {
      mkdirSync(join(project, 'shop'));
      writeFileSync(join(project, 'shop', 'test_orders.py'), 'from shop.worker import parse_order\n\n\ndef test_parse():\n    assert parse_order("1 pear") == ["1", "pear"]\n\n\ndef handle(line):\n    return line\n');
      writeFileSync(join(project, 'shop', 'worker.py'), 'def parse_order(text):\n    return text.split()\n\n\ndef handle(line):\n    return parse_order(line)\n');
      const own = await openProjectIndex(project);
      try {
        const at = async (query: string, limit = 20) => (await searchProject(own, { query, limit })).hits.map((hit) => `${hit.file}:${hit.line}`);
        expect(await at('parse_order(')).toEqual(['shop/worker.py:1', 'shop/worker.py:6', 'shop/test_orders.py:5']);
        expect(await at('parse_order($X)', 1)).toEqual(['shop/worker.py:6']);
        expect(await at('def handle')).toEqual(['shop/worker.py:5', 'shop/test_orders.py:8']);
      } finally {
        await own.close();
      }
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('limit 0 answers nothing, quickly', async () => {
    expect((await run({ query: 'reminder', limit: 0 })).hits).toEqual([]);
  });
});

describe('the query handler', () => {
  const ctx = () => ({ index, cwd: join(root, 'py') });

  it('resolves --path from the caller\'s directory first, then from the project root', async () => {
    const fromCwd = await search(ctx(), { query: 'reminder', tier: 'literal', path: 'billing.py' });
    expect(fromCwd.hits.length).toBe(4);
    const fromRoot = await search(ctx(), { query: 'discount', tier: 'literal', path: 'src' });
    expect(fromRoot.hits.every((hit) => hit.file.startsWith('src/'))).toBe(true);
  });

  it('refuses bad arguments with usage errors and paths outside the project with exit 1', async () => {
    const failures: [Record<string, unknown>, number][] = [
      [{ query: '' }, 2],
      [{ query: '   ' }, 2],
      [{}, 2],
      [{ query: 'x', tier: 'fuzzy' }, 2],
      [{ query: 'x', limit: -1 }, 2],
      [{ query: 'x', limit: 1.5 }, 2],
      [{ query: 'x', glob: '*.ts' }, 2],
      [{ query: 'x', lang: 'cobol' }, 2],
      [{ query: 'x', path: '/etc' }, 1],
      [{ query: 'x', path: 'no/such/dir' }, 1],
    ];
    for (const [args, exitCode] of failures) {
      const attempt = search(ctx(), args as never);
      await expect(attempt, JSON.stringify(args)).rejects.toBeInstanceOf(TldrError);
      await attempt.catch((error: TldrError) => expect(error.exitCode, JSON.stringify(args)).toBe(exitCode));
    }
  });
});

