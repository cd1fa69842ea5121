// The per-language hooks by language id.
import type { LanguageId } from '../../types.js';
import type { LanguageHooks } from './hooks.js';
import { bash } from './bash.js';
import { c } from './c.js';
import { csharp } from './csharp.js';
import { ecma } from './ecma.js';
import { go } from './go.js';
import { applyJsDocTypes } from '../jsdoc-types.js';
import { java } from './java.js';
import { kotlin } from './kotlin.js';
import { lua } from './lua.js';
import { php } from './php.js';
import { python } from './python.js';
import { ruby } from './ruby.js';
import { rust } from './rust.js';
import { scala } from './scala.js';
import { swift } from './swift.js';

const HOOKS: Partial<Record<LanguageId, LanguageHooks>> = {
  typescript: ecma,
  tsx: ecma,
  // JSDoc types are annotations in JavaScript only.
  javascript: { ...ecma, annotate: applyJsDocTypes },
  python,
  go,
  java,
  rust,
  c,
  cpp: c,
  csharp,
  ruby,
  php,
  kotlin,
  swift,
  scala,
  lua,
  bash,
};

const NONE: LanguageHooks = { imports: () => [] };

export function hooksFor(id: LanguageId): LanguageHooks {
  return HOOKS[id] ?? NONE;
}
