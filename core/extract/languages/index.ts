// The per-language hooks by language id.
import type { LanguageId } from '../../types.js';
import type { LanguageHooks } from './hooks.js';
import { ecma } from './ecma.js';
import { python } from './python.js';

const HOOKS: Partial<Record<LanguageId, LanguageHooks>> = {
  typescript: ecma,
  tsx: ecma,
  javascript: ecma,
  python,
};

const NONE: LanguageHooks = { imports: () => [] };

export function hooksFor(id: LanguageId): LanguageHooks {
  return HOOKS[id] ?? NONE;
}
