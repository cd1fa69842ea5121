// TypeScript members that call resolution depends on: function-typed properties of interfaces and
// object type aliases are method declarations (with their parameters and return type); those of an
// inline object type are not definitions at all.
import { describe, expect, it } from 'vitest';
import { cls, extractSource } from './helpers.js';

describe('typescript members for call resolution', () => {
  it('function-typed interface and type-alias properties are method declarations; inline object types define nothing', async () => {
    const r = await extractSource('o.ts', [
      'interface Observer<T> {',
      '  closed?: boolean;',
      '  next: (value: T) => void;',
      '  error?: ((err: any) => void);',
      '}',
      'type Handler = { run: (a: number, b: string) => boolean };',
      'function open(opts: { onClose: () => void }) {',
      '  onClose();',
      '}',
      '',
    ].join('\n'));
    const observer = cls(r, 'Observer');
    expect(observer.fields.map((f) => f.name)).toEqual(['closed']);
    expect(observer.methods.map((m) => [m.name, m.kind, m.params, m.return_type, m.is_declaration])).toEqual([
      ['next', 'method', ['value: T'], 'void', true],
      ['error', 'method', ['err: any'], 'void', true],
    ]);
    expect(cls(r, 'Handler').methods.map((m) => [m.qualified_name, m.params])).toEqual([['Handler.run', ['a: number', 'b: string']]]);
    expect(r.functions.map((f) => f.qualified_name)).toEqual(['open']);
  });
});
