// PHP: `use A\B\C;`, `use A\B as D, E\F;`, `use function A\f;`, grouped `use A\{B, C as D};`, and
// `require`/`include` of a literal path (kind include).
import type { Node } from 'web-tree-sitter';
import type { ImportRecord } from '../../types.js';
import type { Match } from '../captures.js';
import { unquote } from '../text.js';
import { binding, importRecord, type LanguageHooks } from './hooks.js';

function clauseRecord(clause: Node, prefix: string, line: number): ImportRecord | undefined {
  const path = clause.namedChildren.find((c) => c.type === 'qualified_name' || c.type === 'name');
  if (!path) return undefined;
  const full = (prefix ? `${prefix}\\${path.text}` : path.text).replace(/^\\/, '');
  const last = full.slice(full.lastIndexOf('\\') + 1);
  const alias = clause.childForFieldName('alias')?.text
    ?? clause.namedChildren.find((c) => c.type === 'namespace_aliasing_clause')?.namedChildren[0]?.text;
  return importRecord(full, [binding(last, alias)], line, 'import');
}

function imports(match: Match): ImportRecord[] {
  const node = match.node;
  const line = node.startPosition.row + 1;
  if (match.role === 'import.include') {
    const literal = node.namedChildren.find((c) => c.type === 'string' || c.type === 'encapsed_string');
    const path = literal ? unquote(literal.text) : undefined;
    return path && !path.includes('$') ? [importRecord(path, [], line, 'include')] : [];
  }
  const out: ImportRecord[] = [];
  const group = node.namedChildren.find((c) => c.type === 'namespace_use_group');
  const prefix = group ? node.namedChildren.find((c) => c.type === 'namespace_name')?.text ?? '' : '';
  for (const clause of (group ?? node).namedChildren) {
    if (clause.type !== 'namespace_use_clause' && clause.type !== 'namespace_use_group_clause') continue;
    const record = clauseRecord(clause, prefix, line);
    if (record) out.push(record);
  }
  return out;
}

export const php: LanguageHooks = { imports };
