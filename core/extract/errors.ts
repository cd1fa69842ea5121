// Syntax errors: every ERROR node and every MISSING node tree-sitter inserted while
// recovering, from the trees of a file that own the text (core/parse/recover.ts). The search descends only into subtrees that contain an error (`hasError`), with an
// explicit stack so deeply nested input cannot overflow the JS stack, reports an ERROR region once
// (not the errors nested inside it), and stops after a bounded
// number of errors (a binary-ish or wholly broken file would otherwise yield thousands).
import type { Node } from 'web-tree-sitter';
import type { SyntaxErrorRecord } from '../types.js';
import type { TreePart } from '../parse/recover.js';
import { overlaps, type Span } from '../parse/spans.js';
import { cap, collapse, endLine } from './text.js';

const MAX_ERRORS = 50;

/**
 * The errors of a file's trees, each where its tree owns the text, and the constructs the
 * recovery had to leave unread (core/parse/recover.ts).
 */
export function syntaxErrors(parts: readonly TreePart[], source: string): SyntaxErrorRecord[] {
  const errors: SyntaxErrorRecord[] = [];
  for (const part of parts) {
    for (const span of part.unread ?? []) if (errors.length < MAX_ERRORS) errors.push(unreadError(span, source));
    collectErrors(part, parts.length > 1, part === parts[0] && parts.length > 1, errors);
  }
  errors.sort((a, b) => a.line - b.line || a.column - b.column);
  return errors;
}

function unreadError(span: Span, source: string): SyntaxErrorRecord {
  const text = source.slice(span.from, span.to);
  const from = span.from + text.length - text.trimStart().length;
  const to = span.from + text.trimEnd().length;
  const line = lineAt(source, from);
  const near = cap(collapse(source.slice(from, Math.min(to, from + 60))), 30);
  return { line, column: from - source.lastIndexOf('\n', from - 1), end_line: lineAt(source, Math.max(from, to - 1)), message: `syntax error near "${near}"` };
}

function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let i = source.indexOf('\n'); i !== -1 && i < offset; i = source.indexOf('\n', i + 1)) line++;
  return line;
}

function collectErrors(part: TreePart, filter: boolean, superseded: boolean, errors: SyntaxErrorRecord[]): void {
  const root = part.tree.rootNode;
  if (!root.hasError) return;
  const stack: Node[] = [root];
  while (stack.length > 0 && errors.length < MAX_ERRORS) {
    const node = stack.pop()!;
    if (filter && !overlaps(part.owns, node.startIndex, Math.max(node.endIndex, node.startIndex + 1))) continue;
    if (filter && (node.isMissing || node.isError) && !overlaps(part.owns, node.startIndex)) continue;
    if (node.isMissing) {
      errors.push(record(node, `missing ${node.isNamed ? node.type : `"${node.type}"`}`));
      continue;
    }
    // A whole-file ERROR root whose stretches were re-parsed stands for nothing itself: its pieces
    // report. A piece that is one ERROR is that error (`function f( {` read as nothing).
    if (node.isError && !(superseded && node.equals(root))) {
      const near = cap(collapse(node.text.slice(0, 60)), 30);
      errors.push(record(node, near ? `syntax error near "${near}"` : 'syntax error'));
      continue;
    }
    // Children in reverse so the stack yields them in document order.
    for (let i = node.childCount - 1; i >= 0; i--) {
      const child = node.child(i);
      if (child && (child.hasError || child.isMissing)) stack.push(child);
    }
  }
}

function record(node: Node, message: string): SyntaxErrorRecord {
  return {
    line: node.startPosition.row + 1,
    column: node.startPosition.column + 1,
    end_line: endLine(node),
    message,
  };
}
