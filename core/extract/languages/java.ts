// Java: `import a.b.C;` imports class C (module `a.b.C`), `import a.b.*;` a package,
// `import static a.b.C.m;` a member of C (module `a.b.C`, name `m`).
import type { ImportRecord } from '../../types.js';
import type { Match } from '../captures.js';
import { binding, importRecord, type LanguageHooks } from './hooks.js';

function imports(match: Match): ImportRecord[] {
  const node = match.node;
  const path = node.namedChildren.find((c) => c.type === 'scoped_identifier' || c.type === 'identifier');
  if (!path) return [];
  const line = node.startPosition.row + 1;
  const isStatic = node.children.some((c) => c.type === 'static');
  const full = path.text.replace(/\s+/g, '');
  if (node.namedChildren.some((c) => c.type === 'asterisk')) return [importRecord(full, [binding('*')], line, 'import')];
  const dot = full.lastIndexOf('.');
  const last = full.slice(dot + 1);
  return [importRecord(isStatic ? full.slice(0, dot) : full, [binding(last)], line, 'import')];
}

export const java: LanguageHooks = { imports };
