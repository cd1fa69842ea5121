// Docstrings and doc comments. A definition's doc is its docstring (languages with
// `docstrings`) or the block of comments ending on the line right above it (decorators
// included), each comment alone on its line — a trailing `x = 1  # note` does not document the
// next line. The file's doc is its module docstring or its first leading comment that is not a
// shebang, a licence header or a `/// <reference>` directive.
import type { Node } from 'web-tree-sitter';
import { firstDocLine, unquote } from './text.js';

/**
 * Finds the comment block right above a definition by walking siblings, not by indexing every
 * comment in the file: the comment is the previous sibling of the definition's first node (or of
 * the nearest ancestor that has one), or the last leaf of that sibling when the grammar folded it
 * into the preceding statement (Kotlin's import list does).
 */
export class CommentFinder {
  constructor(
    private readonly source: string,
    private readonly types: readonly string[],
  ) {}

  private aloneOnLine(comment: Node): boolean {
    for (let i = comment.startIndex - 1; i >= 0; i--) {
      const ch = this.source.charCodeAt(i);
      if (ch === 10) return true;
      if (ch !== 32 && ch !== 9 && ch !== 13) return false;
    }
    return true;
  }

  private isDocComment(node: Node | null, row: number): node is Node {
    return node !== null && this.types.includes(node.type) && node.endPosition.row === row - 1 && this.aloneOnLine(node);
  }

  /** First line of the comment block ending on the row above `first` (the definition's first node). */
  docAbove(first: Node): string | undefined {
    const row = first.startPosition.row;
    let at: Node = first;
    while (!at.previousSibling && at.parent && at.parent.startPosition.row === row) at = at.parent;
    let candidate = at.previousSibling;
    if (!candidate && at.parent) candidate = at.parent.previousSibling;
    while (candidate && !this.types.includes(candidate.type) && candidate.endPosition.row >= row - 1 && candidate.lastChild) {
      candidate = candidate.lastChild;
    }
    if (!this.isDocComment(candidate, row)) return undefined;
    // A block of line comments (`///` lines, `#` lines) is one doc: read it from its first line.
    const block = [candidate];
    for (let above = candidate.previousSibling; this.isDocComment(above, block[0].startPosition.row); above = above.previousSibling) {
      block.unshift(above);
    }
    return firstDocLine(block.map((c) => c.text).join('\n'));
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

/**
 * The file's doc: module docstring, else the first leading comment block (after a shebang) that is
 * not a licence. Line comments on consecutive lines are one block: Go's licence spans three of them.
 */
export function moduleDoc(root: Node, commentTypes: readonly string[], docstrings: boolean): string | undefined {
  if (docstrings) {
    const doc = docstringOf(root);
    if (doc) return doc;
  }
  let block: Node[] = [];
  const readBlock = (): string | undefined => {
    const text = block.map((comment) => comment.text).join('\n');
    block = [];
    return LICENCE.test(text) ? undefined : firstDocLine(text);
  };
  for (let child = root.firstChild; child; child = child.nextSibling) {
    if (child.type === 'php_tag') continue;
    if (!commentTypes.includes(child.type)) break;
    // A shebang and TypeScript's `/// <reference …/>` directives document nothing, nor does a licence.
    if ((child.startIndex === 0 && child.text.startsWith('#!')) || /^\/\/\/\s*<(reference|amd)/.test(child.text)) continue;
    const previous = block[block.length - 1];
    if (previous && child.startPosition.row > previous.endPosition.row + 1) {
      const line = readBlock();
      if (line) return line;
    }
    block.push(child);
  }
  return block.length > 0 ? readBlock() : undefined;
}
