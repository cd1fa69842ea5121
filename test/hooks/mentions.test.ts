// Finding the symbols free text names, on prompts written as people write them, against real
// symbol tables full of English words: rxjs (map, filter, take, retry, timeout, share…) and
// Python's json and http packages (load, dump, decode, request, send, close…).
import { cpSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callGraphFor } from '../../dist/core/graph/for-index.js';
import type { CallGraph } from '../../dist/core/graph/call-graph.js';
import { symbolsInText, filesInText } from '../../dist/core/hooks/shared/symbols-in-text.js';
import { findMentions } from '../../dist/core/hooks/text/mentions.js';
import { pythonStdlib } from '../../dist/bench/real-code.js';
import { openHookProject, type HookProject } from './helpers.js';
import { NAMING_PROMPTS, PROSE_PROMPTS, PYTHON_NAMING_PROMPTS, PYTHON_PROSE_PROMPTS } from './prompts.js';

let project: HookProject;
let graph: CallGraph;

beforeAll(async () => {
  project = await openHookProject({}, 'projects/mixed');
  const rxjs = join(dirname(createRequire(import.meta.url).resolve('rxjs/package.json')), 'src');
  cpSync(rxjs, project.abs('rx'), { recursive: true });
  mkdirSync(project.abs('py'));
  for (const name of ['json', 'http']) cpSync(join(pythonStdlib()!, name), project.abs(`py/${name}`), { recursive: true, filter: (p) => !p.includes('__pycache__') });
  await project.index.sync();
  graph = await callGraphFor(project.index);
}, 120_000);
afterAll(() => project.close());

const names = (text: string) => symbolsInText(graph, text).map((s) => s.name);

describe('symbols in free text', () => {
  it.each(PROSE_PROMPTS)('finds nothing in prose: %s', (prompt) => {
    expect(names(prompt)).toEqual([]);
  });

  it.each(PYTHON_PROSE_PROMPTS)('finds nothing in prose (Python): %s', (prompt) => {
    expect(names(prompt)).toEqual([]);
  });

  it.each(NAMING_PROMPTS)('finds what is named: %s', (prompt, expected) => {
    expect(names(prompt)).toEqual(expected);
  });

  it.each(PYTHON_NAMING_PROMPTS)('finds what is named (Python): %s', (prompt, expected) => {
    expect(names(prompt)).toEqual(expected);
  });

  it('narrows an ambiguous name to the files the text names', () => {
    const [filter] = symbolsInText(graph, 'In rx/internal/operators/filter.ts, what does the filter function do?');
    expect(filter.definitions.map((d) => d.file)).toEqual(['rx/internal/operators/filter.ts']);
    expect(filesInText(graph, 'see filter.ts and rx/internal/Observable.ts')).toEqual(['rx/internal/operators/filter.ts', 'rx/internal/Observable.ts']);
  });

  it('reads backticks, calls, qualified names and cue words as the strong or weak forms they are', () => {
    expect(findMentions('Rename `greet` to `welcome`, then call formatName(x) and Greeter.greet; the run method, a Cache')).toEqual([
      { name: 'greet', how: 'backtick', at: 7 },
      { name: 'welcome', how: 'backtick', at: 18 },
      { name: 'formatName', how: 'call', at: 39 },
      { name: 'formatName', how: 'identifier', at: 39 },
      { name: 'Greeter.greet', how: 'qualified', at: 57 },
      { name: 'run', how: 'cue', at: 76 },
      { name: 'Cache', how: 'capitalised', at: 90 },
    ]);
    expect(findMentions('see `self.repo.save(item)` and ```\nget()\n```')).toEqual([{ name: 'repo.save', how: 'backtick', at: 4 }]);
    expect(findMentions('Open src/app.ts and https://x.io/a.b then e.g. file(s)')).toEqual([]);
  });
});
