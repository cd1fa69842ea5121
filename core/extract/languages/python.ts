// Python: `import a.b as c`, `from .m import x as y, *`, `from __future__ import …`, and
// `__all__` as the explicit export list; otherwise names without a leading underscore are public.
import type { Node } from 'web-tree-sitter';
import type { ExportRecord, ImportRecord, ImportedName } from '../../types.js';
import type { Match } from '../captures.js';
import { unquote } from '../text.js';
import { applyTypeComments } from '../type-comments.js';
import { binding, importRecord, type LanguageHooks } from './hooks.js';

function importedName(node: Node): ImportedName | undefined {
  if (node.type === 'dotted_name' || node.type === 'identifier') return binding(node.text);
  if (node.type === 'aliased_import') {
    const name = node.childForFieldName('name')?.text;
    return name ? binding(name, node.childForFieldName('alias')?.text) : undefined;
  }
  if (node.type === 'wildcard_import') return binding('*');
  return undefined;
}

function imports(match: Match): ImportRecord[] {
  const node = match.node;
  const line = node.startPosition.row + 1;
  if (node.type === 'import_statement') {
    // `import a.b as c` binds c to module a.b; `import a.b` binds the path a.b.
    return node.childrenForFieldName('name').flatMap((name) => {
      const item = importedName(name);
      return item ? [importRecord(item.name, [binding('*', item.alias ?? item.name)], line, 'import')] : [];
    });
  }
  const module = node.type === 'future_import_statement' ? '__future__' : node.childForFieldName('module_name')?.text;
  if (!module) return [];
  const names: ImportedName[] = [];
  for (const child of node.childrenForFieldName('name')) {
    const item = importedName(child);
    if (item) names.push(item);
  }
  if (node.namedChildren.some((child) => child.type === 'wildcard_import')) names.push(binding('*'));
  return [importRecord(module, names, line, 'import')];
}

function exports(matches: Match[]): ExportRecord[] {
  const out: ExportRecord[] = [];
  for (const { node } of matches) {
    const list = node.childForFieldName('right');
    for (const item of list?.namedChildren ?? []) {
      if (item.type === 'string') out.push({ name: unquote(item.text), line: item.startPosition.row + 1 });
    }
  }
  return out;
}

export const python: LanguageHooks = {
  imports,
  exports,
  exported: (name) => !name.startsWith('_'),
  classBodyScope: true,
  annotate: applyTypeComments,
};
