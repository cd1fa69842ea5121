// Runs a language's extraction query once over the tree and sorts its matches by role. The
// capture vocabulary (documented in grammars/queries/README.md) is the contract between the
// .scm files and the generic extractors: each pattern has exactly one role capture (`@def.*`,
// `@call`, `@new`, `@ref`, `@import*`, `@export*`, `@binding`, `@field`, `@base.of`, `@returned`, `@yielded`) naming the main
// node, plus detail captures (`@name`, `@body`, `@call.args`, …). `@_x` captures only feed predicates.
import type { Node, Query } from 'web-tree-sitter';
import type { TreePart } from '../parse/recover.js';
import { overlaps } from '../parse/spans.js';

export interface Match {
  /** The role capture's name, e.g. `def.method`, `call`, `import.require`. */
  role: string;
  node: Node;
  /** Detail captures by name (first node of each). */
  caps: Record<string, Node | undefined>;
  /** Detail captures that repeat (`@base`, `@param`), in document order. */
  lists: Record<string, Node[] | undefined>;
}

export interface Matches {
  defs: Match[];
  bases: Match[];
  fields: Match[];
  imports: Match[];
  exports: Match[];
  calls: Match[];
  refs: Match[];
  bindings: Match[];
  returns: Match[];
}

const REPEATED = new Set(['base', 'param', 'call.arg']);

/**
 * Patterns are matched only on nodes at most this deep in the tree. Hostile nesting (thousands of
 * nested functions, callbacks or chained calls) otherwise costs time quadratic in the depth — the
 * query engine carries every open ancestor's partial matches down the whole subtree, and qualified
 * names grow one segment per level (5,000 nested functions took 7 s and made a 140 MB record).
 * Real code stays far below the limit: the deepest match over 8,700 files (Python's stdlib, the
 * TypeScript and rxjs sources, /usr/include with the C++ STL) starts at depth 183. Deeper
 * definitions, calls and bindings are not recorded; their enclosing definitions still are.
 */
export const MAX_MATCH_DEPTH = 512;

function bucketOf(role: string, out: Matches): Match[] | undefined {
  if (role.startsWith('def.')) return out.defs;
  if (role === 'call' || role === 'new') return out.calls;
  if (role === 'ref') return out.refs;
  if (role.startsWith('import')) return out.imports;
  if (role.startsWith('export')) return out.exports;
  switch (role) {
    case 'binding': return out.bindings;
    case 'field': return out.fields;
    case 'base.of': return out.bases;
    case 'returned':
    case 'yielded': return out.returns;
    default: return undefined;
  }
}

function isRole(name: string): boolean {
  return name.startsWith('def.') || name === 'call' || name === 'new' || name === 'ref' || name.startsWith('import')
    || name.startsWith('export') || name === 'binding' || name === 'field' || name === 'base.of' || name === 'returned' || name === 'yielded';
}

/**
 * The matches of every tree of a file, each taken from the tree that owns where its main node
 * starts (core/parse/recover.ts), in document order per bucket.
 */
export function collectMatches(query: Query, parts: readonly TreePart[]): Matches {
  const out: Matches = { defs: [], bases: [], fields: [], imports: [], exports: [], calls: [], refs: [], bindings: [], returns: [] };
  for (const part of parts) collectInto(query, part, parts.length > 1, out);
  if (parts.length > 1) {
    for (const bucket of Object.values(out) as Match[][]) bucket.sort((a, b) => a.node.startIndex - b.node.startIndex);
  }
  return out;
}

function collectInto(query: Query, part: TreePart, filter: boolean, out: Matches): void {
  for (const match of query.matches(part.tree.rootNode, { maxStartDepth: MAX_MATCH_DEPTH })) {
    let role: string | undefined;
    let main: Node | undefined;
    const caps: Record<string, Node | undefined> = {};
    const lists: Record<string, Node[] | undefined> = {};
    for (const { name, node } of match.captures) {
      if (name.charCodeAt(0) === 95 /* _ */) continue;
      if (role === undefined && isRole(name)) {
        role = name;
        main = node;
      } else if (REPEATED.has(name)) {
        (lists[name] ??= []).push(node);
      } else if (caps[name] === undefined) {
        caps[name] = node;
      }
    }
    if (role === undefined || main === undefined) continue;
    if (filter && !overlaps(part.owns, main.startIndex)) continue;
    bucketOf(role, out)?.push({ role, node: main, caps, lists });
  }
}
