// Bash: `source path` / `. path` (kind include; the path as written, quotes removed).
import type { ImportRecord } from '../../types.js';
import type { Match } from '../captures.js';
import { unquote } from '../text.js';
import { importRecord, type LanguageHooks } from './hooks.js';

function imports(match: Match): ImportRecord[] {
  const node = match.node;
  const argument = node.childForFieldName('argument');
  if (!argument) return [];
  return [importRecord(unquote(argument.text), [], node.startPosition.row + 1, 'include')];
}

export const bash: LanguageHooks = { imports, exported: () => true };
