// Call sites from `@call` / `@new` matches. The callee is either one node (`@call.callee`:
// `this.repo.save`, `os.path.join`, `Foo::new`) split at its last `.`, `?.`, `::`, `->` or `:`,
// or given in parts by the query (`@call.receiver` + `@call.name`, as Java/Ruby/Kotlin trees
// hold them). The caller is the innermost enclosing *function* (classes are skipped, so a call
// in a class body inside a function belongs to that function; one at class level belongs to
// `<module>`); anonymous callbacks are not definitions, so their calls go to the named function
// around them. Calls whose callee has no final identifier (IIFEs, `f()()`) are dropped.
import type { Node } from 'web-tree-sitter';
import type { CallKind, CallSite } from '../types.js';
import type { Match } from './captures.js';
import type { Def } from './definitions.js';
import type { ScopeIndex } from './scope.js';
import { cap, collapse } from './text.js';

const CALLEE_MAX = 160;
const SPLIT = /^([\s\S]*?)\s*(\?\.|\.|::|->|:)\s*([A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*[!?]?)$/;
const IDENT = /^[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF-]*[!?]?$/;

/** The enclosing function's qualified name, or `<module>`. */
export function callerOf(scopes: ScopeIndex<Def>, pos: number): string {
  let def = scopes.innermost(pos);
  while (def && def.isClass) def = def.parent;
  return def ? def.qualified : '<module>';
}

function text(source: string, node: Node): string {
  return collapse(source.slice(node.startIndex, Math.min(node.endIndex, node.startIndex + CALLEE_MAX * 4)));
}

function countArgs(args: Node | undefined, comments: readonly string[]): number {
  if (!args) return 0;
  const first = args.firstChild;
  const isList = (first !== null && !first.isNamed) || /argument|arguments|value_arguments|call_suffix/.test(args.type);
  if (!isList) return 1;
  let count = 0;
  for (const child of args.namedChildren) if (!comments.includes(child.type)) count++;
  return count;
}

export function buildCalls(matches: Match[], scopes: ScopeIndex<Def>, source: string, comments: readonly string[]): CallSite[] {
  const calls: CallSite[] = [];
  const seen = new Set<number>();
  for (const match of matches) {
    const { node, caps } = match;
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    let name: string;
    let receiver: string | undefined;
    let callee: string;
    let nameNode: Node | undefined;
    if (caps['call.name']) {
      nameNode = caps['call.name'];
      name = collapse(nameNode.text);
      receiver = caps['call.receiver'] ? text(source, caps['call.receiver']) : undefined;
      callee = receiver ? `${receiver}.${name}` : name;
    } else if (caps['call.callee']) {
      callee = text(source, caps['call.callee']).replace(/\s*<[^<>()]*>$/, '');
      const split = SPLIT.exec(callee);
      if (split) {
        receiver = split[1] || undefined;
        name = split[3];
      } else {
        name = callee;
      }
    } else {
      continue;
    }
    if (!IDENT.test(name)) continue;
    const kind: CallKind = match.role === 'new'
      ? 'new'
      : name === 'super' || receiver === 'super' || caps['call.super'] ? 'super'
        : receiver ? 'method' : 'call';
    const site: CallSite = {
      callee: cap(callee, CALLEE_MAX),
      name,
      line: ((nameNode ?? caps['call.callee'] ?? node).endPosition.row) + 1,
      caller: callerOf(scopes, node.startIndex),
      kind,
      arg_count: countArgs(caps['call.args'], comments),
    };
    if (receiver) site.receiver = cap(receiver, CALLEE_MAX);
    calls.push(site);
  }
  return calls;
}
