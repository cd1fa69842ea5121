// Ruby, PHP, Swift, Lua and Bash fixtures: modules and singleton methods, PHP use groups and
// promoted properties, Swift extensions and protocols, Lua table methods, Bash functions and
// commands as calls.
import { describe, expect, it } from 'vitest';
import { callEdges, cls, extractFixture, fn, outline } from './helpers.js';

describe('ruby fixture', async () => {
  const r = await extractFixture('ruby.rb');

  it('nests classes in modules and reads initialize, self. methods and endless defs', () => {
    expect(outline(r)).toEqual([
      'module Billing L5-29',
      'class Billing.Invoicer L7-28',
      '  constructor Billing.Invoicer.initialize L11-14',
      '  method Billing.Invoicer.build L16-18',
      '  method Billing.Invoicer.issue! L20-23',
      '  method Billing.Invoicer.price L27-27',
      'arrow square L31-31',
    ]);
    expect(cls(r, 'Billing.Invoicer')).toMatchObject({
      signature: 'class Invoicer < BaseService',
      bases: ['BaseService', 'Comparable'],
      doc: 'Issues invoices.',
    });
    expect(cls(r, 'Billing.Invoicer').fields.map((f) => f.name)).toEqual(['store', 'mailer']);
    expect(fn(r, 'Billing.Invoicer.build').signature).toBe('def self.build(config)');
    expect(fn(r, 'Billing.Invoicer.initialize').params).toEqual(['store', 'rate: 1.0']);
    expect(r.imports.map((i) => [i.module, i.kind])).toEqual([['json', 'import'], ['lib/store', 'include']]);
  });

  it('reads Foo.new as construction, calls in blocks and receiver calls', () => {
    expect(r.calls.find((c) => c.line === 13)).toMatchObject({ kind: 'new', callee: 'Mailer', caller: 'Billing.Invoicer.initialize' });
    expect(callEdges(r)).toContain('Billing.Invoicer.issue! -> price @21');
    expect(callEdges(r)).toContain('Billing.Invoicer.issue! -> @mailer.deliver @22');
    expect(callEdges(r)).toContain('<module> -> Billing::Invoicer.build @32');
    expect(r.bindings).toEqual([{ scope: 'Billing.Invoicer.initialize', name: '@mailer', line: 13, init_call: 'Mailer', init_new: true }]);
  });
});

describe('php fixture', async () => {
  const r = await extractFixture('php.php');

  it('reads classes, interfaces, traits, constructors with promoted properties and closures', () => {
    expect(outline(r)).toEqual([
      'class Invoicer L15-38',
      '  constructor Invoicer.__construct L20-24',
      '  method Invoicer.make L26-29',
      '  method Invoicer.issue L31-37',
      'interface Issuer L40-43',
      '  method Issuer.issue L42-42',
      'trait Loggable L45-51',
      '  method Loggable.log L47-50',
      'function make_mailer L53-57',
      'arrow make_mailer.$format L55-55',
    ]);
    expect(cls(r, 'Invoicer')).toMatchObject({
      signature: '#[Service] final class Invoicer extends BaseService implements Issuer',
      doc: 'Issues invoices.',
      bases: ['BaseService', 'Issuer'],
    });
    expect(cls(r, 'Invoicer').fields.map((f) => `${f.name}: ${f.type}`)).toEqual(['mailer: Mailer', 'logger: Logger']);
    expect(fn(r, 'Invoicer.make')).toMatchObject({ signature: 'public static function make(array $config = []): static', return_type: 'static' });
    expect(fn(r, 'Issuer.issue').is_declaration).toBe(true);
  });

  it('reads use clauses, groups, aliases and literal requires', () => {
    expect(r.imports.map((i) => [i.module, i.bindings, i.kind])).toEqual([
      ['App\\Models\\Customer', [{ name: 'Customer' }], 'import'],
      ['App\\Support\\Mailer', [{ name: 'Mailer' }], 'import'],
      ['App\\Support\\Clock', [{ name: 'Clock', alias: 'SystemClock' }], 'import'],
      ['Psr\\Log\\LoggerInterface', [{ name: 'LoggerInterface', alias: 'Logger' }], 'import'],
      ['bootstrap.php', [], 'include'],
    ]);
  });

  it('reads parent:: as super, member and static calls, and new bindings', () => {
    expect(r.calls[0]).toMatchObject({ kind: 'super', callee: 'parent.__construct', caller: 'Invoicer.__construct' });
    expect(callEdges(r)).toContain('Invoicer.make -> Container.get @28');
    expect(callEdges(r)).toContain('Invoicer.issue -> $this->mailer.send @35');
    expect(callEdges(r)).toContain('make_mailer.$format -> strtoupper @55');
    expect(r.bindings).toContainEqual({ scope: 'Invoicer.issue', name: '$invoice', line: 34, init_call: 'Invoice', init_new: true });
  });
});

describe('swift fixture', async () => {
  const r = await extractFixture('swift.swift');

  it('reads classes, protocols, extensions, initialisers and computed properties', () => {
    expect(outline(r)).toEqual([
      'class Invoicer L6-32',
      '  constructor Invoicer.init L11-15',
      '  method Invoicer.issue L17-23',
      '  getter Invoicer.itemCount L25-27',
      '  method Invoicer.price L29-31',
      'protocol Issuer L34-36',
      '  method Issuer.issue L35-35',
      'struct Item L38-40',
      'impl Invoicer L42-44',
      '  method Invoicer.summary L43-43',
      'enum Status L46-46',
      'function main L48-51',
    ]);
    expect(cls(r, 'Invoicer')).toMatchObject({
      signature: '@MainActor public class Invoicer: BaseService, Issuer',
      doc: 'Issues invoices.',
      exported: true,
    });
    expect(fn(r, 'Invoicer.issue')).toMatchObject({
      signature: '@discardableResult public func issue(to customer: Customer, items: [Item]) async throws -> Invoice',
      params: ['to customer: Customer', 'items: [Item]'],
      return_type: 'Invoice',
    });
    expect(fn(r, 'Issuer.issue').is_declaration).toBe(true);
    expect(cls(r, 'Invoicer').fields).toEqual([{ name: 'store', line: 8, type: 'Store' }, { name: 'rate', line: 9, type: 'Double' }]);
    expect(r.imports.map((i) => i.module)).toEqual(['Foundation', 'Shop.Store']);
    expect(callEdges(r)).toContain('Invoicer.init -> super.init @14');
    expect(callEdges(r)).toContain('Invoicer.itemCount -> store.count @26');
    expect(r.bindings).toContainEqual({ scope: 'main', name: 'invoicer', line: 49, init_call: 'Invoicer' });
  });
});

describe('lua fixture', async () => {
  const r = await extractFixture('lua.lua');

  it('names table functions T.f / T:m with the table as owner, and local functions', () => {
    expect(outline(r)).toEqual([
      'function format L27-29',
      'arrow square L31-31',
      'method Invoicer.new L9-13',
      'method Invoicer.issue L15-21',
      'method Invoicer.price L23-25',
    ]);
    expect(fn(r, 'Invoicer.new')).toMatchObject({ class_name: 'Invoicer', doc: 'Makes an invoicer.', signature: 'function Invoicer.new(rate)' });
    expect(fn(r, 'format')).toMatchObject({ signature: 'local function format(value)', modifiers: ['local'] });
    expect(fn(r, 'format').exported).toBeUndefined();
    expect(r.imports.map((i) => [i.module, i.names])).toEqual([['json', ['json']], ['store', ['store']]]);
    expect(callEdges(r)).toContain('Invoicer.issue -> self:price @18');
    expect(callEdges(r)).toContain('format -> string.format @28');
    expect(r.doc).toBe('Fixture: the Lua constructs the extractor handles.');
  });
});

describe('bash fixture', async () => {
  const r = await extractFixture('bash.sh');

  it('reads functions in both syntaxes, sourced files and commands as calls', () => {
    expect(outline(r)).toEqual(['function issue_invoice L8-13', 'function compute_total L15-17']);
    expect(fn(r, 'issue_invoice')).toMatchObject({ signature: 'issue_invoice()', doc: 'Issues one invoice.' });
    expect(fn(r, 'compute_total').signature).toBe('function compute_total');
    expect(r.imports.map((i) => [i.module, i.kind])).toEqual([['./lib/common.sh', 'include'], ['$HOME/.config/billing.sh', 'include']]);
    expect(callEdges(r)).toEqual([
      '<module> -> set @3',
      'issue_invoice -> compute_total @11',
      'issue_invoice -> send_mail @12',
      'issue_invoice -> tee @12',
      'compute_total -> echo @16',
      '<module> -> issue_invoice @20',
    ]);
    expect(r.calls.find((c) => c.name === 'send_mail')?.arg_count).toBe(2);
    expect(r.doc).toBe('Fixture: the Bash constructs the extractor handles.');
  });
});
