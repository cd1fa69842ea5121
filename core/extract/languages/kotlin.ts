// Kotlin: `import a.b.C`, `import a.b.C as D`, `import a.b.*`.
import type { ImportRecord } from '../../types.js';
import type { Match } from '../captures.js';
import { binding, importRecord, type LanguageHooks } from './hooks.js';

function imports(match: Match): ImportRecord[] {
  const node = match.node;
  const path = node.namedChildren.find((c) => c.type === 'identifier');
  if (!path) return [];
  const full = path.text.replace(/\s+/g, '');
  const line = node.startPosition.row + 1;
  if (node.namedChildren.some((c) => c.type === 'wildcard_import')) return [importRecord(full, [binding('*')], line, 'import')];
  const alias = node.namedChildren.find((c) => c.type === 'import_alias')?.namedChildren[0]?.text;
  return [importRecord(full, [binding(full.slice(full.lastIndexOf('.') + 1), alias)], line, 'import')];
}

export const kotlin: LanguageHooks = {
  imports,
  exported: (_name, modifiers) => !modifiers.includes('private') && !modifiers.includes('internal'),
};
