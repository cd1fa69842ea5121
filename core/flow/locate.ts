// Finding the function a flow query names: in the file's record (by qualified or plain name),
// then in the parsed tree (the function node spanning the record's lines).
import type { Node, Tree } from 'web-tree-sitter';
import { TldrError } from '../errors.js';
import { closestNames } from '../text/closest-names.js';
import { dottedName } from '../text/qualified-name.js';
import type { FileRecord, FunctionRecord } from '../types.js';
import type { FlowProfile } from './profile.js';

/** Every function of a file that has a body: top-level, nested and methods. */
export function functionsOf(record: FileRecord): FunctionRecord[] {
  const all = [...record.functions, ...record.classes.flatMap((c) => c.methods)];
  return all.filter((f) => !f.is_declaration);
}

/** The function `name` names in `record`: an exact qualified name first, then a unique plain name. */
export function findFunction(record: FileRecord, name: string): FunctionRecord {
  const functions = functionsOf(record);
  const exact = functions.filter((f) => f.qualified_name === name);
  if (exact.length >= 1) return exact[0];
  const byName = functions.filter((f) => f.name === name || f.qualified_name.endsWith(`.${name}`));
  if (byName.length === 1) return byName[0];
  // `Regex::new`, `User#save`: the name as the language writes it.
  if (byName.length === 0 && dottedName(name) !== name) return findFunction(record, dottedName(name));
  if (byName.length > 1) {
    const names = byName.map((f) => `${f.qualified_name} (line ${f.line})`).join(', ');
    throw new TldrError(`function name ${name} is ambiguous in ${record.path}`, `use a qualified name: ${names}`);
  }
  const close = closestNames(functions.map((f) => f.qualified_name), name, 5, (q) => q.slice(q.lastIndexOf('.') + 1));
  const hint = functions.length === 0
    ? 'the file defines no functions'
    : close.length > 0 ? `close names: ${close.join(', ')}` : `functions here: ${functions.slice(0, 8).map((f) => f.qualified_name).join(', ')}`;
  throw new TldrError(`no function ${name} in ${record.path}`, hint);
}

/** A nested function (lambda, inner def) of `fn` whose lines hold `line`, if any. */
export function nestedFunctionAt(record: FileRecord, fn: FunctionRecord, line: number): FunctionRecord | undefined {
  let best: FunctionRecord | undefined;
  for (const f of functionsOf(record)) {
    if (f === fn || f.line < fn.line || f.end_line > fn.end_line || (f.line === fn.line && f.end_line === fn.end_line)) continue;
    if (line < f.line || line > f.end_line) continue;
    if (!best || f.line >= best.line) best = f;
  }
  return best;
}

/**
 * The outermost function node of the profile's kinds starting within the record's lines (its end
 * may pass the record's: tree-sitter counts trailing comments into a Python body).
 */
export function functionNode(tree: Tree, profile: FlowProfile, fn: FunctionRecord): Node {
  const first = fn.line - 1;
  const last = fn.end_line - 1;
  const candidates = tree.rootNode.descendantsOfType(Object.keys(profile.functions), { row: first, column: 0 }, { row: last + 1, column: 0 });
  let best: Node | undefined;
  for (const node of candidates) {
    const start = node.startPosition.row;
    const end = node.endPosition.row;
    if (start < first || start > last) continue;
    if (!best || end - start > best.endPosition.row - best.startPosition.row || (end - start === best.endPosition.row - best.startPosition.row && node.startIndex < best.startIndex)) {
      best = node;
    }
  }
  if (!best) throw new TldrError(`cannot find the body of ${fn.qualified_name} at lines ${fn.line}-${fn.end_line}`, 'the file may have changed; run tldr warm');
  return best;
}
