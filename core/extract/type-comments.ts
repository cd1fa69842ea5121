// PEP 484 signature type comments, which checkers read as annotations in code that predates them:
//
//     def __init__(self, code):
//       # type: (ASTTokens) -> None
//
// A function without annotations gets its parameters' types as bindings (as a typed parameter
// does) and its return type. The comment leaves out a method's first parameter (`self`, `cls`;
// a staticmethod has none to leave out); a comment whose types do not line up with the
// parameters, or that gives none (`(...)`), is passed over.
//
// An assignment's comment types its target as an annotation would:
//
//     self.source = self.executing.source  # type: Source
import type { FileRecord, FunctionRecord, LocalBinding } from '../types.js';
import { splitTopLevel } from '../graph/type-text.js';

const MARK = '# type:';
const SIGNATURE = /^#\s*type:\s*\((.*)\)\s*->\s*(.+?)\s*$/;
/** `name = …  # type: T` or `self.name = …  # type: T` on one line (not `# type: ignore`). */
const ASSIGNMENT = /^\s*((?:self\.)?[A-Za-z_]\w*)\s*=(?!=)[^#]*#\s*type:\s*(?!ignore\b)([^#]+?)\s*$/;
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
  added.push(...assignmentTypes(record, lines, functions));
  if (added.length > 0) record.bindings = [...record.bindings, ...added].sort((a, b) => a.line - b.line);
}

/**
 * Types from assignment comments: the binding or field made on that line takes the type; where the
 * value gave none (`self._items = []  # type: List[Item]`) a typed binding of the function's is added.
 */
function assignmentTypes(record: FileRecord, lines: readonly string[], functions: readonly FunctionRecord[]): LocalBinding[] {
  const added: LocalBinding[] = [];
  lines.forEach((text, row) => {
    if (!text.includes(MARK)) return;
    const parsed = ASSIGNMENT.exec(text);
    if (!parsed) return;
    const [, name, type] = parsed;
    const line = row + 1;
    const fields = record.classes.flatMap((cls) => cls.fields).filter((f) => f.line === line && (f.name === name || `self.${f.name}` === name));
    const bindings = record.bindings.filter((b) => b.line === line && b.name === name);
    for (const typed of [...fields, ...bindings]) typed.type ??= type;
    if (bindings.length > 0) return;
    const scope = functions.filter((fn) => fn.line <= line && line <= fn.end_line).sort((a, b) => b.line - a.line)[0];
    const inClass = record.classes.some((cls) => cls.line <= line && line <= cls.end_line);
    // A class body's names are its fields; a module's, or a function's own, are bindings.
    const atModule = !scope && !inClass && !name.startsWith('self.');
    if (scope || atModule) added.push({ scope: scope?.qualified_name ?? '<module>', name, line, type });
  });
  return added;
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
