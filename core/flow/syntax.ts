// A plain-JS mirror of one function's syntax tree. Flow analysis visits every node several times
// (CFG shape, defs/uses, captures); doing that through web-tree-sitter's Node objects would cross
// into WASM on every step, so the function is copied once with a TreeCursor walk and analysed
// as ordinary objects. Comments are dropped: they never carry control or data flow.
import type { Language, Node } from 'web-tree-sitter';

export interface SNode {
  type: string;
  named: boolean;
  /** Field name under the parent, if any. */
  field: string | null;
  /** 0-based rows. */
  startRow: number;
  endRow: number;
  /** UTF-16 offsets into the source text. */
  from: number;
  to: number;
  children: SNode[];
  parent: SNode | null;
}

/** The mirrored function plus the text its offsets point into. */
export interface Syntax {
  root: SNode;
  source: string;
}

/** Per grammar: node type names, field names, and which types are named, indexed by id. */
interface Vocabulary {
  types: string[];
  fields: (string | null)[];
  named: Int8Array;
  comment: Int8Array;
}

const vocabularies = new WeakMap<Language, Vocabulary>();

function vocabularyOf(language: Language): Vocabulary {
  let v = vocabularies.get(language);
  if (!v) {
    const count = language.types.length;
    v = { types: language.types, fields: language.fields, named: new Int8Array(count).fill(-1), comment: new Int8Array(count) };
    for (let id = 0; id < count; id++) if ((language.types[id] ?? '').endsWith('comment')) v.comment[id] = 1;
    vocabularies.set(language, v);
  }
  return v;
}

/** Shared by every leaf until it gets a child: most nodes are leaves, and arrays cost. */
const NO_CHILDREN: SNode[] = [];

/** Line tables of the last few sources: queries come in runs on the same files. */
const lineTables = new Map<string, number[]>();

/** Offsets where each line of `source` starts. */
function lineStarts(source: string): number[] {
  let starts = lineTables.get(source);
  if (!starts) {
    starts = [0];
    for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
    if (lineTables.size >= 8) lineTables.delete(lineTables.keys().next().value as string);
    lineTables.set(source, starts);
  }
  return starts;
}

function rowOf(starts: number[], index: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Copies `node` and its descendants (comments excluded) into plain objects. The walk reads only
 * ids and offsets from the cursor (each cursor read crosses into WASM); names and rows are looked
 * up on the JS side. Nodes of the `opaque` types are copied without their children (type
 * annotations, literals: nothing in them matters to flow analysis).
 */
export function mirror(node: Node, source: string, opaque?: ReadonlySet<string>): Syntax {
  const vocabulary = vocabularyOf(node.tree.language);
  const starts = lineStarts(source);
  const language = node.tree.language;
  const cursor = node.walk();
  const make = (parent: SNode | null, typeId: number, named: boolean): SNode => {
    const type = vocabulary.types[typeId] ?? 'ERROR';
    if (!named && parent) {
      // Tokens are leaves; flow analysis reads only their type (operators, keywords).
      return { type, named, field: null, startRow: parent.startRow, endRow: parent.startRow, from: parent.from, to: parent.from, children: NO_CHILDREN, parent };
    }
    const from = cursor.startIndex;
    const to = cursor.endIndex;
    return {
      type,
      named,
      field: parent ? vocabulary.fields[cursor.currentFieldId] ?? null : null,
      startRow: rowOf(starts, from),
      endRow: rowOf(starts, to),
      from,
      to,
      children: NO_CHILDREN,
      parent,
    };
  };
  const isNamed = (typeId: number): boolean => {
    // ERROR nodes carry an id past the grammar's types (65535).
    if (typeId >= vocabulary.named.length) return cursor.nodeIsNamed;
    let named = vocabulary.named[typeId];
    if (named < 0) named = vocabulary.named[typeId] = language.nodeTypeIsNamed(typeId) ? 1 : 0;
    return named === 1;
  };
  const rootType = cursor.nodeTypeId;
  const root = make(null, rootType, isNamed(rootType));
  let current = root;
  if (cursor.gotoFirstChild()) {
    for (;;) {
      const typeId = cursor.nodeTypeId;
      let descended = false;
      if (!vocabulary.comment[typeId]) {
        const named = isNamed(typeId);
        const child = make(current, typeId, named);
        if (current.children === NO_CHILDREN) current.children = [child];
        else current.children.push(child);
        if (named && !opaque?.has(child.type) && cursor.gotoFirstChild()) {
          current = child;
          descended = true;
        }
      }
      if (descended) continue;
      while (!cursor.gotoNextSibling()) {
        if (current === root) {
          cursor.delete();
          return { root, source };
        }
        cursor.gotoParent();
        current = current.parent!;
      }
    }
  }
  cursor.delete();
  return { root, source };
}

export function textOf(syntax: Syntax, node: SNode): string {
  return syntax.source.slice(node.from, node.to);
}

export function childByField(node: SNode, field: string): SNode | undefined {
  return node.children.find((child) => child.field === field);
}
