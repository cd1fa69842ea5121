// Which definitions are visible outside their file: an `export`/`pub`/`public` modifier, a name
// in the file's explicit export list (ESM/CommonJS exports, Python `__all__`), or — when the file
// has no explicit list — the language's own rule for top-level names (Go capitalisation, Python
// underscore convention, …).
import type { ExportRecord, ImportRecord } from '../types.js';
import type { Def } from './definitions.js';
import type { LanguageHooks } from './languages/hooks.js';

const VISIBLE = /^(export|pub|public)\b/;

export function markExported(topLevel: readonly Def[], exports: readonly ExportRecord[], hooks: LanguageHooks): void {
  const listed = new Set(exports.map((e) => e.local ?? e.name));
  for (const def of topLevel) {
    const record = def.fn ?? def.cls;
    if (!record) continue;
    const visible = def.modifiers.some((m) => VISIBLE.test(m))
      || listed.has(def.name)
      || (exports.length === 0 && hooks.exported?.(def.name, def.modifiers) === true);
    if (visible) record.exported = true;
  }
}

/**
 * A JS/TS script: a file with no imports and no exports (a dynamic `import()` aside), whose
 * top-level definitions are globals every other script of the project reads.
 */
export function isScript(file: { imports: readonly ImportRecord[]; exports: readonly ExportRecord[] }): boolean {
  return file.exports.length === 0 && file.imports.every((imp) => imp.kind === 'dynamic');
}
