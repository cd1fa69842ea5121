// C#: `using A.B;` (all names of namespace A.B), `using X = A.B;` (alias), `using static A.B;`.
import type { ImportRecord } from '../../types.js';
import type { Match } from '../captures.js';
import { binding, importRecord, type LanguageHooks } from './hooks.js';

function imports(match: Match): ImportRecord[] {
  const node = match.node;
  const named = node.namedChildren;
  const target = named[named.length - 1];
  if (!target || (target.type !== 'qualified_name' && target.type !== 'identifier')) return [];
  const alias = named.find((c) => c.type === 'name_equals')?.namedChildren[0]?.text;
  return [importRecord(target.text.replace(/\s+/g, ''), [binding('*', alias)], node.startPosition.row + 1, 'import')];
}

export const csharp: LanguageHooks = { imports };
