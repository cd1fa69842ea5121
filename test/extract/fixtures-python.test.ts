// Python fixture: decorators, properties, nested classes and functions, lambdas, docstrings,
// relative and aliased imports, `__all__`, `if __name__ == '__main__'` code at <module>.
import { describe, expect, it } from 'vitest';
import { callEdges, cls, extractFixture, fn, outline } from './helpers.js';

describe('python fixture', async () => {
  const r = await extractFixture('python.py');

  it('lists every definition with its kind and line range', () => {
    expect(outline(r)).toEqual([
      'class Service L13-46',
      '  constructor Service.__init__ L18-20',
      '  getter Service.size L23-24',
      '  setter Service.size L27-28',
      '  method Service.parse L32-34',
      '  method Service.fetch L36-40',
      'class Service.Config L42-46',
      '  method Service.Config.enabled L45-46',
      'function Service.fetch.transform L37-38',
      'function load L49-52',
      'arrow load.handler L51-51',
      'arrow square L55-55',
    ]);
  });

  it('starts decorated definitions at their def line, as ast does, and keeps decorators in the signature', () => {
    expect(fn(r, 'Service.parse')).toMatchObject({
      line: 32,
      decorated_line: 30,
      signature: '@staticmethod @cached(ttl=10) def parse(text: str) -> "Node"',
      decorators: ['@staticmethod', '@cached(ttl=10)'],
      params: ['text: str'],
      return_type: '"Node"',
    });
    expect(fn(r, 'Service.size', 0)).toMatchObject({ kind: 'getter', signature: '@property def size(self) -> int' });
    expect(fn(r, 'Service.size', 1)).toMatchObject({ kind: 'setter', signature: '@size.setter def size(self, value: int) -> None' });
    expect(fn(r, 'Service.fetch')).toMatchObject({ signature: 'async def fetch(self, key: str)', is_async: true });
  });

  it('reads docstrings, bases, fields and qualified nested names', () => {
    const service = cls(r, 'Service');
    expect(service).toMatchObject({ doc: 'Serves requests.', bases: ['Base'], signature: 'class Service(Base, metaclass=Meta)' });
    expect(service.fields).toEqual([
      { name: 'retries', line: 16, type: 'int' },
      { name: 'repo', line: 19 },
      { name: 'cache', line: 20, init_call: 'OD' },
    ]);
    expect(fn(r, 'Service.fetch.transform').parent_function).toBe('Service.fetch');
    expect(fn(r, 'Service.Config.enabled').class_name).toBe('Service.Config');
    expect(r.doc).toBe('Fixture: the Python constructs the extractor handles deliberately.');
  });

  it('uses __all__ for exports', () => {
    expect(r.exports.map((e) => e.name)).toEqual(['Service', 'load']);
    expect(cls(r, 'Service').exported).toBe(true);
    expect(fn(r, 'load').exported).toBe(true);
    expect(fn(r, 'square').exported).toBeUndefined();
  });

  it('reads plain, aliased, relative, parenthesised and star imports', () => {
    expect(r.imports.map((i) => [i.module, i.bindings, i.line])).toEqual([
      ['os', [{ name: '*', alias: 'os' }], 2],
      ['os.path', [{ name: '*', alias: 'osp' }], 3],
      ['sys', [{ name: '*', alias: 'sys' }], 3],
      ['collections', [{ name: 'OrderedDict', alias: 'OD' }, { name: 'defaultdict' }], 4],
      ['.', [{ name: 'sibling' }], 5],
      ['..pkg.mod', [{ name: 'helper' }, { name: 'other', alias: 'renamed' }], 6],
      ['typing', [{ name: '*' }], 8],
    ]);
  });

  it('attributes calls: lambdas to their binding, decorators and __main__ code to <module>', () => {
    expect(callEdges(r)).toEqual([
      'Service.__init__ -> OD @20',
      'Service.size -> len @24',
      'Service.size -> self.cache.clear @28',
      '<module> -> cached @31',
      'Service.parse -> Node @34',
      'Service.fetch.transform -> value.strip @38',
      'Service.fetch -> self.repo.get @39',
      'Service.fetch -> transform @40',
      'load -> Service @50',
      'load -> Repository @50',
      'load.handler -> service.fetch @51',
      'load -> handler @52',
      '<module> -> load @59',
      '<module> -> print @60',
      '<module> -> osp.join @60',
      '<module> -> os.getcwd @60',
    ]);
    expect(r.calls.find((c) => c.callee === 'print')?.arg_count).toBe(5);
  });

  it('records typed parameters and call initialisers, self attributes included', () => {
    expect(r.bindings).toEqual([
      // A literal collection is written `[]` (a list) or `{}` (a dict), whatever it holds.
      { scope: '<module>', name: '__all__', line: 10, init_any: ['[]'] },
      // The class body is a scope of its own: its attributes are bindings there too.
      { scope: 'Service', name: 'retries', line: 16, type: 'int' },
      { scope: 'Service.__init__', name: 'repo', line: 18, type: 'Repository' },
      { scope: 'Service.__init__', name: 'self.repo', line: 19, init_name: 'repo' },
      { scope: 'Service.__init__', name: 'self.cache', line: 20, init_call: 'OD' },
      { scope: 'Service.size', name: 'value', line: 27, type: 'int' },
      { scope: 'Service.parse', name: 'text', line: 32, type: 'str' },
      { scope: 'Service.fetch', name: 'key', line: 36, type: 'str' },
      { scope: 'Service.fetch', name: 'result', line: 39, init_call: 'self.repo.get', awaited: true },
      { scope: 'load', name: 'service', line: 50, init_call: 'Service' },
      { scope: 'load', name: 'x', line: 52, element_of: 'args' },
    ]);
  });
});
