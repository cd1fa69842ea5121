// What a language module may add to the generic extractor: reading its import statements,
// its export statements, and its rule for which top-level definitions are visible outside.
import type { Node } from 'web-tree-sitter';
import type { CallSite, ExportRecord, FileRecord, ImportKind, ImportRecord, ImportedName, NamespaceRecord } from '../../types.js';
import type { Match } from '../captures.js';

export interface LanguageHooks {
  /** Import records of one `@import*` match (`role` tells which pattern matched). */
  imports(match: Match, source: string): ImportRecord[];
  /** Export records from the `@export*` matches. */
  exports?(matches: Match[], source: string): ExportRecord[];
  /** Visibility of a top-level definition by language rule, when the file declares no explicit exports. */
  exported?(name: string, modifiers: readonly string[]): boolean;
  /** For a call whose callee starts with `this`: where its `this` comes from when not from the enclosing definition. */
  callThis?(call: Node): CallSite['this_from'];
  /** Namespaces declared at the top level (or in one another), outermost first. */
  namespaces?(root: Node, source: string): NamespaceRecord[];
  /**
   * A class body is a scope of its own whose statements read the names bound before them in it
   * (Python: `fraction = (signed_integer() + …)` reads the class attribute `signed_integer`): its
   * assignments are also bindings, scoped by the class's qualified name.
   */
  classBodyScope?: true;
  /** Completes a record by a language rule that reads its source (Python's PEP 484 type comments). */
  annotate?(record: FileRecord, source: string): void;
}

export function importRecord(module: string, bindings: ImportedName[], line: number, kind: ImportKind, typeOnly = false): ImportRecord {
  const record: ImportRecord = { module, names: bindings.map((b) => b.alias ?? b.name), bindings, line, kind };
  if (typeOnly) record.type_only = true;
  return record;
}

/** `{name, alias}` with the alias left out when it equals the name. */
export function binding(name: string, alias?: string): ImportedName {
  return alias && alias !== name ? { name, alias } : { name };
}
