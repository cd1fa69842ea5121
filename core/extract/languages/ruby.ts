// Ruby: `require 'x'` (kind import), `require_relative 'x'` / `load 'x'` (kind include, a path).
import type { ImportRecord } from '../../types.js';
import type { Match } from '../captures.js';
import { importRecord, type LanguageHooks } from './hooks.js';

function imports(match: Match): ImportRecord[] {
  const node = match.node;
  const method = node.childForFieldName('method')?.text;
  const literal = node.childForFieldName('arguments')?.namedChildren.find((c) => c.type === 'string');
  const content = literal?.namedChildren.find((c) => c.type === 'string_content');
  if (!method || !content || literal!.namedChildCount !== 1) return [];
  const kind = method === 'require' || method === 'autoload' ? 'import' : 'include';
  return [importRecord(content.text, [], node.startPosition.row + 1, kind)];
}

export const ruby: LanguageHooks = { imports };
