// Go: `import "p"`, `import alias "p"`, `import . "p"`, `import _ "p"`; exported names are capitalised.
import type { ImportRecord } from '../../types.js';
import type { Match } from '../captures.js';
import { unquote } from '../text.js';
import { binding, importRecord, type LanguageHooks } from './hooks.js';

/** The package name a path binds by default: its last element, skipping a `/vN` major-version suffix. */
function defaultName(path: string): string {
  const parts = path.split('/');
  let last = parts[parts.length - 1];
  if (/^v\d+$/.test(last) && parts.length > 1) last = parts[parts.length - 2];
  return last.replace(/^go-|\.v\d+$|-go$/g, '');
}

function imports(match: Match): ImportRecord[] {
  const node = match.node;
  const path = node.childForFieldName('path');
  if (!path) return [];
  const module = unquote(path.text);
  const alias = node.childForFieldName('name')?.text;
  const line = node.startPosition.row + 1;
  if (alias === '_') return [importRecord(module, [], line, 'import')];
  if (alias === '.') return [importRecord(module, [binding('*')], line, 'import')];
  return [importRecord(module, [binding('*', alias ?? defaultName(module))], line, 'import')];
}

export const go: LanguageHooks = {
  imports,
  exported: (name) => /^\p{Lu}/u.test(name),
};
