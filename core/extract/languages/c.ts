// C and C++: `#include <x.h>` / `#include "x.h"` (kind include, no bound names). Top-level
// definitions are visible outside their file unless declared `static`.
import type { ImportRecord } from '../../types.js';
import type { Match } from '../captures.js';
import { importRecord, type LanguageHooks } from './hooks.js';

function imports(match: Match): ImportRecord[] {
  const path = match.node.childForFieldName('path');
  if (!path) return [];
  const module = path.text.replace(/^[<"]|[>"]$/g, '');
  return [importRecord(module, [], match.node.startPosition.row + 1, 'include')];
}

export const c: LanguageHooks = {
  imports,
  exported: (_name, modifiers) => !modifiers.includes('static'),
};
