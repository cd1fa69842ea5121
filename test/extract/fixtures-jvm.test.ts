// Java, Kotlin, Scala and C# fixtures: annotations/attributes in signatures, nested types,
// constructors, interfaces and traits as classes, companion objects, properties with accessors.
import { describe, expect, it } from 'vitest';
import { callEdges, cls, extractFixture, fn, outline } from './helpers.js';

describe('java fixture', async () => {
  const r = await extractFixture('Sample.java');

  it('reads annotations, generics, throws, nested interfaces and enums', () => {
    expect(outline(r)).toEqual([
      'class OrderService L8-40',
      '  constructor OrderService.OrderService L14-17',
      '  method OrderService.collect L19-25',
      '  method OrderService.close L39-39',
      'interface OrderService.Listener L27-29',
      '  method OrderService.Listener.onOrder L28-28',
      'enum OrderService.Status L31-37',
      '  method OrderService.Status.isOpen L34-36',
      'class Point L42-42',
    ]);
    expect(cls(r, 'OrderService')).toMatchObject({
      signature: '@Service @Transactional(readOnly = true) public class OrderService extends BaseService implements Closeable, Auditable',
      decorators: ['@Service', '@Transactional(readOnly = true)'],
      bases: ['BaseService', 'Closeable', 'Auditable'],
      doc: 'An order service.',
      exported: true,
    });
    expect(fn(r, 'OrderService.collect')).toMatchObject({
      signature: '@Override public static <T> List<T> collect(T... items) throws IOException',
      modifiers: ['public', 'static'],
      return_type: 'List<T>',
    });
    expect(fn(r, 'OrderService.close').is_declaration).toBe(true);
    expect(fn(r, 'OrderService.Listener.onOrder').is_declaration).toBe(true);
    expect(cls(r, 'OrderService').fields).toEqual([
      { name: 'repository', line: 11, type: 'OrderRepository', init_call: 'OrderRepository' },
      { name: 'instances', line: 12, type: 'int', static: true },
    ]);
    expect(cls(r, 'Point').fields.map((f) => f.name)).toEqual(['x', 'y']);
  });

  it('reads class, wildcard and static imports', () => {
    expect(r.imports.map((i) => [i.module, i.names])).toEqual([
      ['java.util.List', ['List']], ['java.util.concurrent', ['*']], ['java.lang.Math', ['max']],
    ]);
  });

  it('reads method invocations, constructor calls, super calls and typed locals', () => {
    expect(callEdges(r)).toEqual([
      '<module> -> OrderRepository @11',
      'OrderService.OrderService -> super @15',
      'OrderService.collect -> ArrayList @21',
      'OrderService.collect -> repository.find @22',
      'OrderService.collect -> max @22',
      'OrderService.collect -> first.ship @23',
    ]);
    expect(r.calls[1].kind).toBe('super');
    expect(r.bindings.filter((b) => b.scope === 'OrderService.collect')).toEqual([
      { scope: 'OrderService.collect', name: 'items', line: 20, type: 'T' },
      { scope: 'OrderService.collect', name: 'out', line: 21, type: 'List<T>', init_call: 'ArrayList', init_new: true },
      { scope: 'OrderService.collect', name: 'first', line: 22, type: 'Order', init_call: 'repository.find' },
    ]);
  });
});

describe('kotlin fixture', async () => {
  const r = await extractFixture('kotlin.kt');

  it('reads classes, secondary constructors, accessors, companion members and objects', () => {
    expect(outline(r)).toEqual([
      'class Invoicer L9-30',
      '  constructor Invoicer.constructor L13-13',
      '  method Invoicer.issue L15-20',
      '  getter Invoicer.itemCount L22-23',
      '  method Invoicer.price L25-25',
      '  method Invoicer.create L28-28',
      'interface Issuer L32-34',
      '  method Issuer.issue L33-33',
      'enum Status L36-36',
      'object Registry L38-40',
      '  method Registry.register L39-39',
      'class Item L42-42',
      'function main L44-47',
      'arrow main.square L45-45',
    ]);
    expect(cls(r, 'Invoicer')).toMatchObject({
      signature: '@Service open class Invoicer(private val store: CoreStore, val rate: Double) : BaseService(store), Issuer',
      bases: ['BaseService', 'Issuer'],
      doc: 'Issues invoices.',
    });
    expect(fn(r, 'Invoicer.issue')).toMatchObject({
      signature: 'override suspend fun issue(customer: Customer, vararg items: Item): Invoice',
      return_type: 'Invoice',
      modifiers: ['override', 'suspend'],
    });
    expect(fn(r, 'Invoicer.itemCount').signature).toBe('val itemCount: Int get()');
    expect(fn(r, 'Issuer.issue').is_declaration).toBe(true);
    expect(fn(r, 'Invoicer.price').exported).toBeUndefined();
  });

  it('reads imports with aliases and wildcards, calls and typed locals', () => {
    expect(r.imports.map((i) => [i.module, i.bindings])).toEqual([
      ['kotlin.math.max', [{ name: 'max' }]],
      ['shop.core.Store', [{ name: 'Store', alias: 'CoreStore' }]],
      ['shop.util', [{ name: '*' }]],
    ]);
    expect(callEdges(r)).toContain('Invoicer.issue -> price @16');
    expect(callEdges(r)).toContain('Invoicer.itemCount -> store.count @23');
    expect(callEdges(r)).toContain('Invoicer.create -> Invoicer @28');
    expect(callEdges(r)).toContain('main -> square @46');
    expect(r.bindings).toContainEqual({ scope: 'Invoicer.issue', name: 'total', line: 16, type: 'Double', init_call: 'items.sumOf' });
    expect(r.bindings).toContainEqual({ scope: 'Invoicer.issue', name: 'invoice', line: 17, init_call: 'Invoice' });
  });
});

describe('scala fixture', async () => {
  const r = await extractFixture('scala.scala');

  it('reads classes, traits, objects and curried or expression-bodied defs', () => {
    expect(outline(r)).toEqual([
      'class Invoicer L9-21',
      '  method Invoicer.issue L13-18',
      '  method Invoicer.price L20-20',
      'trait Issuer L23-25',
      '  method Issuer.issue L24-24',
      'object Invoicer L27-29',
      '  method Invoicer.apply L28-28',
      'class Item L31-31',
      'object Main L33-38',
      '  method Main.main L34-37',
      'arrow Main.main.square L35-35',
    ]);
    expect(cls(r, 'Invoicer')).toMatchObject({
      signature: '@deprecated("use v2", "2.0") class Invoicer(store: Store, rate: Double) extends BaseService(store) with Issuer',
      bases: ['BaseService', 'Issuer'],
      doc: 'Issues invoices.',
    });
    expect(fn(r, 'Invoicer.price').signature).toBe('private def price(item: Item): Double');
    expect(fn(r, 'Issuer.issue').is_declaration).toBe(true);
    expect(r.imports.map((i) => [i.module, i.bindings])).toEqual([
      ['scala.collection.mutable', [{ name: 'mutable' }]],
      ['shop.core', [{ name: 'Store' }, { name: 'Mailer', alias: 'Post' }]],
      ['shop.util', [{ name: '*' }]],
    ]);
    expect(callEdges(r)).toContain('Invoicer.apply -> Invoicer @28');
    expect(r.calls.find((c) => c.caller === 'Invoicer.apply')?.kind).toBe('new');
    expect(callEdges(r)).toContain('Main.main -> square @36');
  });
});

describe('c# fixture', async () => {
  const r = await extractFixture('csharp.cs');

  it('reads attributes, constructors, properties with accessors and namespaced types without namespace prefix', () => {
    expect(outline(r)).toEqual([
      'class OrderProcessor L11-37',
      '  constructor OrderProcessor.OrderProcessor L17-20',
      '  method OrderProcessor.ProcessAsync L22-28',
      '  getter OrderProcessor.Name L30-34',
      '  method OrderProcessor.Dispose L36-36',
      'interface IRepository L39-42',
      '  method IRepository.Find L41-41',
      'struct Money L44-44',
      'enum Status L46-46',
    ]);
    expect(cls(r, 'OrderProcessor')).toMatchObject({
      signature: '[Serializable] public class OrderProcessor : ProcessorBase, IDisposable',
      doc: 'Processes orders.',
      bases: ['ProcessorBase', 'IDisposable'],
    });
    expect(fn(r, 'OrderProcessor.ProcessAsync')).toMatchObject({
      signature: 'public async Task<Order> ProcessAsync(string id, int retries = 3)',
      is_async: true,
      return_type: 'Task<Order>',
    });
    expect(fn(r, 'OrderProcessor.Name').signature).toBe('public string Name');
    expect(cls(r, 'OrderProcessor').fields.map((f) => `${f.name}: ${f.type}`)).toEqual(['_repository: Repository', 'Count: int']);
    expect(r.imports.map((i) => [i.module, i.names])).toEqual([
      ['System', ['*']], ['System.Collections.Generic', ['*']], ['System.IO', ['IO']],
    ]);
    expect(callEdges(r)).toEqual([
      '<module> -> Repository @14',
      'OrderProcessor.ProcessAsync -> Order @24',
      'OrderProcessor.ProcessAsync -> _repository.Find @25',
      'OrderProcessor.ProcessAsync -> Notifier.SendAsync @26',
    ]);
    expect(r.bindings).toContainEqual({ scope: 'OrderProcessor.ProcessAsync', name: 'order', line: 24, init_call: 'Order', init_new: true });
    expect(r.bindings).toContainEqual({ scope: 'OrderProcessor.ProcessAsync', name: 'existing', line: 25, type: 'Order', init_call: '_repository.Find' });
    expect(r.errors).toEqual([]);
  });
});
