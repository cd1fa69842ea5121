// Rust: `use a::b::{C, D as E, f::*};` flattens to one record per module path
// (`a::b` → C, D as E; `a::b::f` → *); `extern crate x as y;`; `mod x;` (kind include). Visibility is the `pub` modifier.
import type { Node } from 'web-tree-sitter';
import type { ImportRecord, ImportedName } from '../../types.js';
import type { Match } from '../captures.js';
import { binding, importRecord, type LanguageHooks } from './hooks.js';

function join(prefix: string, part: string): string {
  return prefix ? `${prefix}::${part}` : part;
}

/** Splits a path `a::b::C` into module `a::b` and item `C`. */
function split(path: string): [string, string] {
  const at = path.lastIndexOf('::');
  return at < 0 ? ['', path] : [path.slice(0, at), path.slice(at + 2)];
}

function walk(node: Node, prefix: string, out: Map<string, ImportedName[]>): void {
  const add = (module: string, name: ImportedName): void => {
    const list = out.get(module) ?? [];
    list.push(name);
    out.set(module, list);
  };
  switch (node.type) {
    case 'scoped_use_list': {
      const path = node.childForFieldName('path')?.text ?? '';
      const list = node.childForFieldName('list');
      for (const item of list?.namedChildren ?? []) walk(item, join(prefix, path), out);
      return;
    }
    case 'use_list':
      for (const item of node.namedChildren) walk(item, prefix, out);
      return;
    case 'use_as_clause': {
      const [module, name] = split(join(prefix, node.childForFieldName('path')?.text ?? ''));
      add(module, binding(name, node.childForFieldName('alias')?.text));
      return;
    }
    case 'use_wildcard': {
      const path = node.namedChildren[0]?.text ?? '';
      add(join(prefix, path), binding('*'));
      return;
    }
    default: {
      if (node.type === 'self') {
        const [module, name] = split(prefix);
        add(module, binding(name));
        return;
      }
      const [module, name] = split(join(prefix, node.text));
      add(module, binding(name));
    }
  }
}

function imports(match: Match): ImportRecord[] {
  const node = match.node;
  const line = node.startPosition.row + 1;
  if (match.role === 'import.mod') {
    const name = node.childForFieldName('name')?.text;
    return name ? [importRecord(name, [binding('*', name)], line, 'include')] : [];
  }
  if (node.type === 'extern_crate_declaration') {
    const name = node.childForFieldName('name')?.text;
    return name ? [importRecord(name, [binding('*', node.childForFieldName('alias')?.text ?? name)], line, 'import')] : [];
  }
  const argument = node.childForFieldName('argument');
  if (!argument) return [];
  const out = new Map<string, ImportedName[]>();
  walk(argument, '', out);
  return [...out].map(([module, names]) => importRecord(module, names, line, 'import'));
}

export const rust: LanguageHooks = { imports };
