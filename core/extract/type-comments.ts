// PEP 484 signature type comments, which checkers read as annotations in code that predates them:
//
//     def __init__(self, code):
//       # type: (ASTTokens) -> None
//
// A function without annotations gets its parameters' types as bindings (as a typed parameter
// does) and its return type. The comment leaves out a method's first parameter (`self`, `cls`;
// a staticmethod has none to leave out); a comment whose types do not line up with the
// parameters, or that gives none (`(...)`), is passed over.
import type { FileRecord, LocalBinding } from '../types.js';
import { splitTopLevel } from '../graph/type-text.js';

const MARK = '# type:';
const SIGNATURE = /^#\s*type:\s*\((.*)\)\s*->\s*(.+?)\s*$/;
/** How many lines a def's header may span before its colon. */
const HEADER_LINES = 40;

export function applyTypeComments(record: FileRecord, source: string): void {
  if (!source.includes(MARK)) return;
  const lines = source.split('\n');
  const added: LocalBinding[] = [];
  const functions = [...record.functions, ...record.classes.flatMap((cls) => cls.methods)];
  for (const fn of functions) {
    if (fn.return_type !== undefined || fn.params.some((param) => /^[^=]*:/.test(param))) continue;
    const comment = signatureComment(lines, fn.line - 1);
    const parsed = comment && SIGNATURE.exec(comment);
    if (!parsed) continue;
    const types = parsed[1].trim() === '' ? [] : splitTopLevel(parsed[1], ',').map((type) => type.trim());
    const receiver = fn.class_name !== undefined && types.length === fn.params.length - 1;
    const params = receiver ? fn.params.slice(1) : fn.params;
    if (types.length !== params.length || types.includes('...')) continue;
    params.forEach((param, at) => {
      const name = /^\**([A-Za-z_]\w*)/.exec(param)?.[1];
      if (name && !param.startsWith('*')) added.push({ scope: fn.qualified_name, name, line: fn.line, type: types[at].replace(/^\*+/, '') });
    });
    const returned = parsed[2].trim();
    if (returned !== 'None') {
      fn.return_type = returned;
      delete fn.returns;
    }
  }
  if (added.length > 0) record.bindings = [...record.bindings, ...added].sort((a, b) => a.line - b.line);
}

/** The `# type:` comment after a def's colon, on the colon's line or alone on the next one. */
function signatureComment(lines: readonly string[], defRow: number): string | undefined {
  let depth = 0;
  let opened = false;
  for (let row = defRow; row < Math.min(lines.length, defRow + HEADER_LINES); row++) {
    const line = lines[row];
    for (let at = 0; at < line.length; at++) {
      const ch = line[at];
      if (ch === '#') break;
      if (ch === '(' || ch === '[' || ch === '{') {
        depth++;
        opened = true;
      } else if (ch === ')' || ch === ']' || ch === '}') {
        depth--;
      } else if (ch === ':' && opened && depth === 0) {
        const rest = line.slice(at + 1).trim();
        if (rest.startsWith('#')) return rest;
        const next = lines[row + 1]?.trim();
        return next?.startsWith('#') ? next : undefined;
      }
    }
  }
  return undefined;
}
