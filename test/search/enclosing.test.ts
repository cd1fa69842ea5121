// The definition a search hit reports as its symbol: the innermost one around the hit's line.
import { describe, expect, it } from 'vitest';
import { enclosingSymbol } from '../../dist/core/search/enclosing.js';
import { extractSource } from '../extract/helpers.js';

describe('enclosing symbol', () => {
  it('is an overload whose body holds the line, though the overloads are one definition (Java)', async () => {
    const record = await extractSource('Tasks.java', [
      'class Tasks {',
      '    static Future run(Runnable task) {',
      '        return submit(task, POOL);',
      '    }',
      '',
      '    static Future run(Runnable task, Executor executor) {',
      '        return submit(task, executor);',
      '    }',
      '}',
    ].join('\n'));
    expect(enclosingSymbol(record, 3)).toBe('Tasks.run');
    expect(enclosingSymbol(record, 7)).toBe('Tasks.run');
    expect(enclosingSymbol(record, 5)).toBe('Tasks');
  });
});
