// Local bindings whose type can be read off the code, for call resolution: `x = Foo()`,
// `const x = new Foo()`, `x: Foo = …`, `x := NewFoo()`, `var x Foo`, typed parameters and
// `self.x = Foo()` / `this.x = new Foo()`. The query captures `@binding.name` and one or more of
// `@binding.type` (declared type), `@binding.call` (callee of the initialising call) and
// `@binding.new` (class of a `new` / composite literal). Bindings directly in a class body are
// fields, not bindings (they are recorded as FieldRecords).
import type { LocalBinding } from '../types.js';
import type { Match } from './captures.js';
import type { Def } from './definitions.js';
import type { ScopeIndex } from './scope.js';
import { callerOf, withoutTypeArguments } from './calls.js';
import { cap, collapse } from './text.js';

/** `repo.find(max(1, 2))` → `repo.find`, for grammars whose query can only capture the whole call. */
function withoutArguments(text: string): string {
  if (!text.endsWith(')')) return text;
  let depth = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    if (text[i] === ')') depth++;
    else if (text[i] === '(' && --depth === 0) return text.slice(0, i).trimEnd();
  }
  return text;
}

/** Declared "types" that only ask the compiler to infer one. */
const INFERRED = new Set(['var', 'auto', 'let', 'val', 'dynamic']);

export function buildBindings(matches: Match[], scopes: ScopeIndex<Def>): LocalBinding[] {
  // Several patterns may describe one declaration (its type, its initialiser): merge them.
  const byName = new Map<number, LocalBinding>();
  for (const { node, caps } of matches) {
    const nameNode = caps['binding.name'];
    if (!nameNode) continue;
    const typeNode = caps['binding.type'];
    const newNode = caps['binding.new'];
    const callNode = newNode ?? caps['binding.call'];
    if (!typeNode && !callNode) continue;
    let binding = byName.get(nameNode.startIndex);
    if (!binding) {
      const innermost = scopes.innermost(node.startIndex);
      // In a class body it is a field; a Swift computed property is its own definition, not a binding.
      if (innermost?.isClass || innermost?.node.equals(node)) continue;
      binding = { scope: callerOf(scopes, node.startIndex), name: collapse(nameNode.text), line: nameNode.startPosition.row + 1 };
      byName.set(nameNode.startIndex, binding);
    }
    if (typeNode && binding.type === undefined && !INFERRED.has(typeNode.text)) binding.type = cap(collapse(typeNode.text).replace(/^:\s*/, ''), 120);
    if (callNode && binding.init_call === undefined) {
      binding.init_call = cap(withoutTypeArguments(withoutArguments(collapse(callNode.text))), 120);
      if (newNode) binding.init_new = true;
    }
  }
  return [...byName.values()].sort((a, b) => a.line - b.line);
}
