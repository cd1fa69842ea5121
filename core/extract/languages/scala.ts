// Scala: `import a.b.C`, `import a.b.{C, D => E}`, `import a.b._` / `import a.b.*`.
import type { ImportRecord, ImportedName } from '../../types.js';
import type { Match } from '../captures.js';
import { binding, importRecord, type LanguageHooks } from './hooks.js';

function imports(match: Match): ImportRecord[] {
  const node = match.node;
  const line = node.startPosition.row + 1;
  const path = node.childrenForFieldName('path').filter((p) => p.isNamed).map((p) => p.text);
  if (path.length === 0) return [];
  const selectors = node.namedChildren.find((c) => c.type === 'namespace_selectors');
  const wildcard = node.namedChildren.some((c) => c.type === 'namespace_wildcard' || c.type === 'wildcard');
  if (wildcard) return [importRecord(path.join('.'), [binding('*')], line, 'import')];
  if (!selectors) return [importRecord(path.join('.'), [binding(path[path.length - 1])], line, 'import')];
  const names: ImportedName[] = [];
  for (const item of selectors.namedChildren) {
    if (item.type === 'identifier') names.push(binding(item.text));
    else if (item.type === 'arrow_renamed_identifier' || item.type === 'renamed_identifier') {
      const name = item.childForFieldName('name')?.text;
      if (name) names.push(binding(name, item.childForFieldName('alias')?.text));
    } else if (item.type === 'namespace_wildcard' || item.type === 'wildcard') names.push(binding('*'));
  }
  return [importRecord(path.join('.'), names, line, 'import')];
}

export const scala: LanguageHooks = {
  imports,
  exported: (_name, modifiers) => !modifiers.includes('private') && !modifiers.includes('protected'),
};
