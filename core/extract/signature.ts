// Declaration text of a definition: from its first character (decorators, annotations,
// modifiers, `export`, `async` included) up to its body, whitespace collapsed, without the
// token that opens the body (`{`, `:`, `=`, `=>`) or comments sitting before it. Bodiless
// declarations end after their last meaningful child (`;` and `end` dropped).
import type { Node, Point } from 'web-tree-sitter';
import { cap, collapse, nodeText, TYPE_MAX } from './text.js';

const SIGNATURE_MAX = 300;
/** Tokens between a declaration and its body that are not part of the signature. */
const OPENERS = new Set(['{', ':', '=', '=>', ';', 'end', 'do', 'then', ',']);

export interface SignatureEnd {
  index: number;
  point: Point;
}

export function signatureEnd(node: Node, body: Node | undefined, comments: readonly string[]): SignatureEnd {
  if (body && !body.parent?.equals(node)) return { index: body.startIndex, point: body.startPosition };
  // Walk back from the body (or from the end) over openers and comments: a step or two per definition.
  let child = body ? body.previousSibling : node.lastChild;
  while (child) {
    const type = child.type;
    if (!comments.includes(type) && (child.isNamed || !OPENERS.has(type))) break;
    child = child.previousSibling;
  }
  return child && child.endIndex > node.startIndex
    ? { index: child.endIndex, point: child.endPosition }
    : { index: node.endIndex, point: node.endPosition };
}

/** Collapsed declaration text without the token that opens the body, bounded. */
export function signatureText(raw: string): string {
  const text = collapse(raw.length > SIGNATURE_MAX * 8 ? raw.slice(0, SIGNATURE_MAX * 8) : raw)
    .replace(/\s*(\{|:|=>|=|\bdo|\bthen|\bis|\bwhere)$/, '');
  return cap(text, SIGNATURE_MAX);
}

/** Parameter texts of a parameter-list node (or of individually captured parameters). */
export function paramTexts(source: string, list: Node | undefined, items: Node[] | undefined, comments: readonly string[]): string[] {
  const nodes = items ?? list?.namedChildren ?? [];
  const out: string[] = [];
  for (const param of nodes) {
    if (comments.includes(param.type)) continue;
    out.push(nodeText(source, param, 120));
  }
  return out;
}

/** Return type text without its leading `:` / `->`. */
export function returnTypeText(source: string, node: Node | undefined): string | undefined {
  if (!node) return undefined;
  const text = nodeText(source, node, TYPE_MAX).replace(/^(:|->)\s*/, '');
  return text || undefined;
}

const MODIFIERS = new Set([
  'export', 'default', 'declare', 'abstract', 'async', 'static', 'public', 'private', 'protected', 'internal',
  'readonly', 'override', 'final', 'virtual', 'sealed', 'open', 'pub', 'unsafe', 'extern', 'inline', 'suspend',
  'synchronized', 'native', 'partial', 'fileprivate', 'mutating', 'lazy', 'implicit', 'lateinit', 'data',
  'inner', 'operator', 'infix', 'tailrec', 'external', 'expect', 'actual', 'strictfp', 'local', 'constexpr',
  'explicit', 'friend', 'companion', 'case', 'required', 'convenience', 'dynamic',
]);

/** Modifier keywords written in `source[from, to)` (`pub(crate)` kept whole). */
export function modifiersIn(source: string, from: number, to: number, into: string[]): void {
  if (to <= from) return;
  const text = source.slice(from, Math.min(to, from + 400));
  for (const match of text.matchAll(/[A-Za-z_]+(\([a-z_]+\))?/g)) {
    const word = match[0];
    const base = match[1] ? word.slice(0, word.length - match[1].length) : word;
    if (MODIFIERS.has(base) && !into.includes(word)) into.push(word);
  }
}
