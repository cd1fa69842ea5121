// No module of the project imports itself through others: a cycle makes load order decide what is
// initialised (a dynamic import hides it until it bites) and tangles layers that should stand
// alone. Type-only imports count too: they couple the modules all the same. Read from the
// TypeScript sources with the compiler's own import scanner (static, type-only, dynamic imports,
// re-exports and require calls).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { stronglyConnected } from '../../dist/core/query/arch.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_DIRS = ['cli', 'core', 'workers', 'grammars', 'bench'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.c?ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The project modules a file imports: relative specifiers, `.js`/`.cjs` mapped back to their sources. */
function importsOf(file: string, known: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier).replace(/\.js$/, '.ts').replace(/\.cjs$/, '.cts'))
    .filter((target) => known.has(target));
}

/** Groups of modules that import one another (more than one module), or a module importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  const edges = new Map([...graph].map(([node, targets]) => [node, new Set(targets)]));
  return stronglyConnected([...graph.keys()], edges).filter((component) => component.length > 1 || edges.get(component[0])!.has(component[0]));
}

function projectGraph(): Map<string, string[]> {
  const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(REPO, dir)));
  const known = new Set(files);
  return new Map(files.map((file) => [file, importsOf(file, known)]));
}

describe('import cycles', () => {
  it('finds a cycle when there is one (the detector works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('reads type-only, dynamic and re-export imports of the real sources', () => {
    const graph = projectGraph();
    const importsOfFile = (file: string) => graph.get(join(REPO, file))!.map((target) => relative(REPO, target));
    expect(graph.size).toBeGreaterThan(100);
    // program.ts imports the command list statically and CommandSpec as a type only.
    expect(importsOfFile('cli/program.ts')).toEqual(expect.arrayContaining(['cli/commands/index.ts', 'cli/command.ts']));
    // command.ts loads run-query.ts with a dynamic import.
    expect(importsOfFile('cli/command.ts')).toContain('cli/run-query.ts');
    // tldr.cts requires the CommonJS fast path.
    expect(importsOfFile('cli/tldr.cts')).toContain('cli/fast-path.cts');
  });

  it('no project module imports itself through others', () => {
    const found = cycles(projectGraph()).map((component) => component.map((file) => relative(REPO, file)).join(' ↔ '));
    expect(found).toEqual([]);
  });
});
