// A plain-JS mirror of one function's syntax tree. Flow analysis visits every node several times
// (CFG shape, defs/uses, captures); doing that through web-tree-sitter's Node objects would cross
// into WASM on every step, so the function is copied once with a TreeCursor walk and analysed
// as ordinary objects. Comments are dropped: they never carry control or data flow.
import type { Node } from 'web-tree-sitter';

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

function isComment(type: string): boolean {
  return type.endsWith('comment');
}

/** Copies `node` and its descendants (comments excluded) into plain objects. */
export function mirror(node: Node, source: string): Syntax {
  const cursor = node.walk();
  const root: SNode = {
    type: cursor.nodeType,
    named: cursor.nodeIsNamed,
    field: null,
    startRow: cursor.startPosition.row,
    endRow: cursor.endPosition.row,
    from: cursor.startIndex,
    to: cursor.endIndex,
    children: [],
    parent: null,
  };
  let current = root;
  if (cursor.gotoFirstChild()) {
    for (;;) {
      const type = cursor.nodeType;
      let descended = false;
      if (!isComment(type)) {
        const child: SNode = {
          type,
          named: cursor.nodeIsNamed,
          field: cursor.currentFieldName,
          startRow: cursor.startPosition.row,
          endRow: cursor.endPosition.row,
          from: cursor.startIndex,
          to: cursor.endIndex,
          children: [],
          parent: current,
        };
        current.children.push(child);
        if (cursor.gotoFirstChild()) {
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

export function namedChildren(node: SNode): SNode[] {
  return node.children.filter((child) => child.named);
}

export function childByField(node: SNode, field: string): SNode | undefined {
  return node.children.find((child) => child.field === field);
}

/** True when `inner` is `outer` or lies inside it. */
export function contains(outer: SNode, inner: SNode): boolean {
  for (let node: SNode | null = inner; node; node = node.parent) if (node === outer) return true;
  return false;
}
