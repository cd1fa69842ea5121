// Docstrings and doc comments. A definition's doc is its docstring (languages with
// `docstrings`) or the block of comments ending on the line right above it (decorators
// included), each comment alone on its line — a trailing `x = 1  # note` does not document the
// next line. The file's doc is its module docstring or its first leading comment that is not a
// shebang or a licence header.
import type { Node } from 'web-tree-sitter';
import { firstDocLine, unquote } from './text.js';

export class CommentIndex {
  private byEndRow?: Map<number, Node>;

  constructor(
    private readonly root: Node,
    private readonly source: string,
    private readonly types: readonly string[],
  ) {}

  private index(): Map<number, Node> {
    if (!this.byEndRow) {
      this.byEndRow = new Map();
      for (const comment of this.root.descendantsOfType(this.types as string[])) {
        if (this.aloneOnLine(comment)) this.byEndRow.set(comment.endPosition.row, comment);
      }
    }
    return this.byEndRow;
  }

  private aloneOnLine(comment: Node): boolean {
    for (let i = comment.startIndex - 1; i >= 0; i--) {
      const ch = this.source.charCodeAt(i);
      if (ch === 10) return true;
      if (ch !== 32 && ch !== 9 && ch !== 13) return false;
    }
    return true;
  }

  /** First line of the comment block ending on the row above `row` (0-based). */
  docAbove(row: number): string | undefined {
    const index = this.index();
    let comment = index.get(row - 1);
    if (!comment) return undefined;
    for (let above = index.get(comment.startPosition.row - 1); above; above = index.get(above.startPosition.row - 1)) {
      comment = above;
    }
    return firstDocLine(comment.text);
  }
}

/** The docstring at the start of a body block, if its first statement is a string. */
export function docstringOf(body: Node | undefined): string | undefined {
  const first = body?.firstNamedChild;
  if (!first || first.type !== 'expression_statement') return undefined;
  const literal = first.firstNamedChild;
  if (!literal || literal.type !== 'string' || first.namedChildCount !== 1) return undefined;
  return firstDocLine(unquote(literal.text));
}

const LICENCE = /copyright|licen[cs]e|spdx|all rights reserved/i;

/** The file's doc: module docstring, else the first leading comment block that is not a shebang or licence. */
export function moduleDoc(root: Node, commentTypes: readonly string[], docstrings: boolean): string | undefined {
  if (docstrings) {
    const doc = docstringOf(root);
    if (doc) return doc;
  }
  for (let child = root.firstChild; child; child = child.nextSibling) {
    if (!commentTypes.includes(child.type)) {
      if (child.type === 'php_tag') continue;
      return undefined;
    }
    const text = child.text;
    if (text.startsWith('#!') || LICENCE.test(text)) continue;
    const line = firstDocLine(text);
    if (line) return line;
  }
  return undefined;
}
