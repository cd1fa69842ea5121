// Swift: `import Foundation`, `import struct Swift.Array` (a module; everything public in it).
import type { ImportRecord } from '../../types.js';
import type { Match } from '../captures.js';
import { binding, importRecord, type LanguageHooks } from './hooks.js';

function imports(match: Match): ImportRecord[] {
  const node = match.node;
  const path = node.namedChildren.find((c) => c.type === 'identifier');
  if (!path) return [];
  return [importRecord(path.text.replace(/\s+/g, ''), [binding('*')], node.startPosition.row + 1, 'import')];
}

export const swift: LanguageHooks = {
  imports,
  exported: (_name, modifiers) => modifiers.includes('public') || modifiers.includes('open'),
};
