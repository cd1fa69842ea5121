// The search classifier: every rule claims its own examples (in table order), a few hundred real
// queries land on the tier they should, and structural shapes carry the right name and kind.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULES, classifyQuery, looksLikeRegex, parseDefinition, structuralShape } from '../../dist/core/search/classify.js';
import { literalPattern } from '../../dist/core/search/literal/pattern.js';

interface LabelledQuery {
  query: string;
  tier: string;
  kind?: string;
  source: string;
}

const REAL = (JSON.parse(readFileSync(fileURLToPath(new URL('./queries.json', import.meta.url)), 'utf8')) as { queries: LabelledQuery[] }).queries;

describe('classification rules', () => {
  it('each rule claims every one of its examples', () => {
    const misses: string[] = [];
    for (const rule of RULES) {
      for (const example of rule.examples) {
        const verdict = classifyQuery(example);
        if (verdict.rule !== rule.name) misses.push(`${JSON.stringify(example)} is "${rule.name}" but went to "${verdict.rule}"`);
      }
    }
    expect(misses).toEqual([]);
  });

  it('the table ends with a rule that takes anything, so every query gets a tier', () => {
    expect(RULES[RULES.length - 1].test('')).toBe(true);
    expect(classifyQuery('').tier).toBe('literal');
  });

  it(`${REAL.length} real queries (grep/rg/sg commands, CodeSearchNet questions, code-search tool calls) land on their tier`, () => {
    expect(REAL.length).toBeGreaterThanOrEqual(300);
    const wrong = REAL.filter((entry) => {
      const verdict = classifyQuery(entry.query);
      return verdict.tier !== entry.tier || (entry.kind !== undefined && (verdict.tier !== 'structural' || verdict.shape.kind !== entry.kind));
    }).map((entry) => `${JSON.stringify(entry.query)} → ${classifyQuery(entry.query).rule}, want ${entry.tier}${entry.kind ? `/${entry.kind}` : ''}`);
    expect(wrong).toEqual([]);
    const tiers = new Set(REAL.map((entry) => entry.tier));
    expect([...tiers].sort()).toEqual(['literal', 'semantic', 'structural']);
  });
});

describe('structural shapes', () => {
  it('definitions in many languages give the name, the owner and what kind of definition', () => {
    expect(parseDefinition('def parse_args')).toEqual({ kind: 'definition', name: 'parse_args', wants: 'function', keyword: 'def' });
    expect(parseDefinition('export async function loadConfig(')).toMatchObject({ name: 'loadConfig', wants: 'function' });
    expect(parseDefinition('func (s *Server) Serve')).toMatchObject({ name: 'Serve', qualifier: 'Server', wants: 'function' });
    expect(parseDefinition('func (Server) Close()')).toMatchObject({ name: 'Close', qualifier: 'Server' });
    expect(parseDefinition('local function M.setup')).toMatchObject({ name: 'setup', qualifier: 'M' });
    expect(parseDefinition('class Foo<T> extends Bar {')).toMatchObject({ name: 'Foo', wants: 'type' });
    expect(parseDefinition('impl<T> Display for Wrapper<T>')).toMatchObject({ name: 'Display', wants: 'type', keyword: 'impl' });
    expect(parseDefinition('enum class Color')).toMatchObject({ name: 'Color', wants: 'type', keyword: 'class' });
    expect(parseDefinition('pub fn new')).toMatchObject({ name: 'new', wants: 'function' });
    expect(parseDefinition('const useStore = create(')).toMatchObject({ name: 'useStore', wants: 'any' });
    expect(parseDefinition('async function* walk')).toMatchObject({ name: 'walk', keyword: 'function*' });
    for (const prose of ['class that handles retries', 'function to parse dates', 'type of the error', 'def parse dates', 'def ']) {
      expect(parseDefinition(prose)).toBeUndefined();
    }
  });

  it('calls, member paths and patterns keep what was typed', () => {
    expect(classifyQuery('this.repo.save(')).toMatchObject({ tier: 'structural', shape: { kind: 'call', callee: 'this.repo.save' } });
    expect(classifyQuery('os\\.path\\.join\\(')).toMatchObject({ shape: { kind: 'call', callee: 'os.path.join' } });
    expect(classifyQuery('\\.unwrap\\(\\)')).toMatchObject({ shape: { kind: 'call', callee: 'unwrap' } });
    expect(classifyQuery('Foo::bar')).toMatchObject({ shape: { kind: 'dotted', path: 'Foo::bar' } });
    expect(classifyQuery('console.log($X)')).toMatchObject({ shape: { kind: 'pattern' } });
    expect(classifyQuery('config.json').tier).toBe('literal');
  });

  it('a forced structural tier reads a bare name as a definition and anything else as a pattern', () => {
    expect(structuralShape('parseConfig')).toEqual({ kind: 'definition', name: 'parseConfig', wants: 'any' });
    expect(structuralShape('await fetch(url)')).toEqual({ kind: 'pattern' });
    expect(structuralShape('def main')).toMatchObject({ kind: 'definition', name: 'main' });
  });
});

describe('literal patterns', () => {
  it('regex syntax makes a regex, everything else is searched as written', () => {
    for (const regex of ['foo.*bar', '\\bnil\\b', 'TODO|FIXME', '^import ', 'x{2,3}', '[a-z]+_id', '(?:a|b)c']) expect(looksLikeRegex(regex)).toBe(true);
    for (const fixed of ['os.path', 'a || b', 'string | number', 'arr[0]', 'a?.b', 'price $', 'C++', '$HOME']) expect(looksLikeRegex(fixed)).toBe(false);
    expect(literalPattern('foo.*bar')).toMatchObject({ regex: true });
    expect(literalPattern('os.path').regex).toBe(false);
    expect(literalPattern('os.path').test('import os.path')).toBe(true);
    expect(literalPattern('os.path').test('import osXpath')).toBe(false);
  });

  it('a query that looks like a regex but does not compile is searched as written', () => {
    const pattern = literalPattern('foo(|bar');
    expect(pattern.regex).toBe(false);
    expect(pattern.test('x = foo(|bar')).toBe(true);
  });
});
