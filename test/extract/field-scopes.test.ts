// Functions inside a class field's initializer that is not itself a function — an IIFE or a callback,
// as in @tanstack/virtual-core's `Virtualizer.observer` — are nested in that field (`Class.field.f`,
// like `Class.method.f` in a method), not methods of the class; code there is made by `Class.field`.
// The same in TypeScript, TSX and JavaScript.
import { describe, expect, it } from 'vitest';
import { extractSource } from './helpers.js';

/** virtual-core 3.19's `observer` field, trimmed to its shape; `typed` keeps the TypeScript annotations. */
function virtualizer(typed: boolean): string {
  const t = (annotation: string) => (typed ? annotation : '');
  return [
    'export class Virtualizer {',
    `  ${t('private ')}now = () => this.targetWindow?.performance?.now?.() ?? Date.now()`,
    `  ${t('private ')}observer = (() => {`,
    `    let _ro${t(': ResizeObserver | null')} = null`,
    '',
    '    const get = () => {',
    '      if (_ro) {',
    '        return _ro',
    '      }',
    '      return (_ro = new ResizeObserver((entries) => {',
    '        const run = () => {',
    '          entries.forEach(measureEntry)',
    '          this.notify()',
    '        }',
    '        run()',
    '      }))',
    '    }',
    '',
    `    const measureEntry = (entry${t(': ResizeObserverEntry')}) => {`,
    '      this.resizeItem(entry)',
    '    }',
    '',
    '    return {',
    '      disconnect: () => {',
    '        get()?.disconnect()',
    '        _ro = null',
    '      },',
    '    }',
    '  })()',
    '  handlers = wrap(() => { const onScroll = () => this.notify(); return onScroll })',
    `  static registry = (() => { function make() { return 1 } return make })()`,
    '  notify() {}',
    `  resizeItem(entry${t(': ResizeObserverEntry')}) {}`,
    '}',
    '',
  ].join('\n');
}

describe.each([['v.ts', true], ['v.tsx', true], ['v.js', false]])('class field initializers as scopes (%s)', (path, typed) => {
  it('a function in an IIFE or a callback of a field is nested in the field, not a method', async () => {
    const r = await extractSource(path, virtualizer(typed));
    expect(r.functions.map((f) => [f.qualified_name, f.kind, f.line, f.end_line, f.parent_function, f.class_name])).toEqual([
      ['Virtualizer.observer.get', 'arrow', 6, 17, 'Virtualizer.observer', undefined],
      ['Virtualizer.observer.get.run', 'arrow', 11, 14, 'Virtualizer.observer.get', undefined],
      ['Virtualizer.observer.measureEntry', 'arrow', 19, 21, 'Virtualizer.observer', undefined],
      ['Virtualizer.handlers.onScroll', 'arrow', 30, 30, 'Virtualizer.handlers', undefined],
      ['Virtualizer.registry.make', 'function', 31, 31, 'Virtualizer.registry', undefined],
    ]);
    // A function-valued field is still a method; the fields keep their names.
    const [cls] = r.classes;
    expect(cls.methods.map((m) => [m.qualified_name, m.kind])).toEqual([
      ['Virtualizer.now', 'arrow'], ['Virtualizer.notify', 'method'], ['Virtualizer.resizeItem', 'method'],
    ]);
    expect(cls.fields.map((f) => f.name)).toEqual(['observer', 'handlers', 'registry']);
  });

  it('calls and bindings in the initializer belong to the field; the IIFE itself is no call', async () => {
    const r = await extractSource(path, virtualizer(typed));
    expect(r.calls.filter((c) => c.line >= 6 && c.line <= 30).map((c) => [c.line, c.callee, c.caller])).toEqual([
      [10, 'ResizeObserver', 'Virtualizer.observer.get'],
      [12, 'entries.forEach', 'Virtualizer.observer.get.run'],
      [13, 'this.notify', 'Virtualizer.observer.get.run'],
      [15, 'run', 'Virtualizer.observer.get'],
      [20, 'this.resizeItem', 'Virtualizer.observer.measureEntry'],
      [25, 'get', 'Virtualizer.observer'],
      [25, 'get()?.disconnect', 'Virtualizer.observer'],
      [30, 'wrap', 'Virtualizer.handlers'],
      [30, 'this.notify', 'Virtualizer.handlers.onScroll'],
    ]);
    expect(r.bindings.filter((b) => b.name === '_ro')).toEqual([
      ...(typed ? [{ scope: 'Virtualizer.observer', name: '_ro', line: 4, type: 'ResizeObserver | null' }] : []),
      { scope: 'Virtualizer.observer.get', name: '_ro', line: 10, init_call: 'ResizeObserver', init_new: true, assigned: true },
    ]);
  });
});

describe('callee text', () => {
  it('an IIFE longer than the text read of a callee is no call, and a long chain is named by its last member', async () => {
    const body = Array.from({ length: 60 }, (_, i) => `  const v${i} = load.item${i}`).join('\n');
    const r = await extractSource('iife.ts', `const api = (() => {\n${body}\n  return v0\n})()\nfetchAll(() => {\n${body}\n}).then(done)\n`);
    expect(r.calls.map((c) => [c.name, c.line])).toEqual([['fetchAll', 64], ['then', 125]]);
  });
});
