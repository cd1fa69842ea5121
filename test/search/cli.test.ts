// `tldr search` on the command line: the same bytes through the daemon and in-process for every
// tier and output style, errors by the CLI contract, and a daemon that sees edits without a restart.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, daemonProcesses, waitFor } from '../daemon/helpers.js';
import { copyShop } from './helpers.js';

let root: string;

beforeAll(() => {
  root = copyShop();
  expect(cli(['warm', '--no-daemon'], root).status).toBe(0);
  expect(cli(['daemon', 'start'], root).status).toBe(0);
});

afterAll(async () => {
  cli(['daemon', 'stop'], root);
  await waitFor(() => daemonProcesses(root).length === 0, 'the daemon to stop', 10_000);
  rmSync(root, { recursive: true, force: true });
});

const CASES: string[][] = [
  ['def compute_total'], ['def compute_total', '--json'], ['applyDiscount(', '--grep'], ['Invoice.send_reminder', '--json'],
  ['print($X)', '--lang', 'python'], ['function $N($$$A) { $$$ }', '--grep'], ['fmt.Println($$$)', '--json'],
  ['reminder', '--tier', 'literal'], ['apply_?[dD]iscount\\(', '--grep'], ['discount', '--tier', 'literal', '--glob', '*.py', '--json'],
  ['email', 'the', 'customer', 'about', 'an', 'overdue', 'invoice'], ['distance between two points', '--json', '--limit', '2'],
  ['discount', '--path', 'src', '--tier', 'semantic'], ['zebracorn'], ['zebracorn', '--grep'],
  // Errors: usage (2) and failed lookups (1).
  ['x', '--tier', 'fuzzy'], ['x', '--limit', 'many'], ['x', '--lang', 'cobol'], ['x', '--path', '/etc'],
  ['def $F($$$): $$$', '--tier', 'structural', '--glob', '*.ts'],
];

describe('tldr search', () => {
  it('prints the same bytes through the daemon and in-process', () => {
    for (const argv of CASES) {
      const viaDaemon = cli(['search', ...argv], root);
      const inProcess = cli(['search', ...argv, '--no-daemon'], root);
      expect(viaDaemon.stdout, argv.join(' ')).toBe(inProcess.stdout);
      expect(viaDaemon.stderr, argv.join(' ')).toBe(inProcess.stderr);
      expect(viaDaemon.status, argv.join(' ')).toBe(inProcess.status);
    }
  });

  it('text is one hit a line (file:line  symbol  preview); --grep is grep -n; --json is DESIGN §4', () => {
    expect(cli(['search', 'def compute_total'], root).stdout).toBe('py/billing.py:6  compute_total  def compute_total(items, tax_rate=0.2)\n');
    expect(cli(['search', 'reminder', '--tier', 'literal', '--limit', '1'], root).stdout).toBe('py/billing.py:1  <module>  """Invoices and payment reminders."""\n');
    expect(cli(['search', 'applyDiscount(', '--grep', '--limit', '2'], root).stdout).toBe(
      'src/pricing.ts:14:export function applyDiscount(price: number, percent: number): number\n' +
        'src/pricing.ts:22:for (const line of lines) total += applyDiscount(line.unitPrice * line.quantity, percent);\n',
    );
    const json = JSON.parse(cli(['search', 'def compute_total', '--json'], root).stdout);
    expect(json).toEqual({
      query: 'def compute_total',
      tier: 'structural',
      hits: [{ file: 'py/billing.py', line: 6, symbol: 'compute_total', text: 'def compute_total(items, tax_rate=0.2)', tier: 'structural', score: 1 }],
    });
    expect(cli(['search', 'zebracorn'], root).stdout).toBe('no literal hits for "zebracorn"\n');
    expect(cli(['search', 'zebracorn', '--grep'], root).stdout).toBe('');
  });

  it('bad input is one line on stderr with the contract\'s exit code', () => {
    const usage = cli(['search', 'x', '--tier', 'fuzzy'], root);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toBe('tldr: unknown tier fuzzy (one of auto, structural, semantic, literal)\n');
    expect(cli(['search', 'x', '--limit', 'many'], root).status).toBe(2);
    const outside = cli(['search', 'x', '--path', '/etc'], root);
    expect(outside.status).toBe(1);
    expect(outside.stderr).toMatch(/^tldr: path is outside the project: \/etc/);
    expect(cli(['search'], root).status).toBe(2);
    expect(cli(['search', '--help'], root).stdout).toContain('--grep');
  });

  it('the daemon answers from an edited file once it is notified, semantic tier included', async () => {
    const path = join(root, 'ruby', 'user.rb');
    writeFileSync(path, `${readFileSync(path, 'utf8')}
# Sends the customer a link to choose a new password.
def send_password_reset(user)
  Mailer.deliver(user.email, "reset")
end
`);
    expect(cli(['notify', path], root).status).toBe(0);
    await waitFor(() => {
      const run = cli(['search', 'send a link to choose a new password', '--json', '--limit', '1'], root);
      return JSON.parse(run.stdout).hits[0]?.symbol === 'send_password_reset';
    }, 'the edit to reach the semantic tier', 10_000);
    expect(cli(['search', 'def send_password_reset', '--json'], root).stdout).toContain('"line":14');
  });

  it('a warm through the daemon reports the search index', () => {
    const warm = JSON.parse(cli(['warm', '--json'], root).stdout);
    expect(warm.daemon_pid).toBeGreaterThan(0);
    expect(warm.search_index).toMatchObject({ state: expect.stringMatching(/updated|unchanged/), documents: expect.any(Number) });
  });
});
