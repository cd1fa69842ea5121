// Syntax errors: every ERROR node and every MISSING node tree-sitter inserted while
// recovering. The search descends only into subtrees that contain an error (`hasError`), with an
// explicit stack so deeply nested input cannot overflow the JS stack, reports an ERROR region once
// (not the errors nested inside it), and stops after a bounded
// number of errors (a binary-ish or wholly broken file would otherwise yield thousands).
import type { Node } from 'web-tree-sitter';
import type { SyntaxErrorRecord } from '../types.js';
import { cap, collapse } from './text.js';

const MAX_ERRORS = 50;

export function syntaxErrors(root: Node): SyntaxErrorRecord[] {
  const errors: SyntaxErrorRecord[] = [];
  if (!root.hasError) return errors;
  const stack: Node[] = [root];
  while (stack.length > 0 && errors.length < MAX_ERRORS) {
    const node = stack.pop()!;
    if (node.isMissing) {
      errors.push(record(node, `missing ${node.isNamed ? node.type : `"${node.type}"`}`));
      continue;
    }
    if (node.isError) {
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
  errors.sort((a, b) => a.line - b.line || a.column - b.column);
  return errors;
}

function record(node: Node, message: string): SyntaxErrorRecord {
  return {
    line: node.startPosition.row + 1,
    column: node.startPosition.column + 1,
    end_line: node.endPosition.row + 1,
    message,
  };
}
