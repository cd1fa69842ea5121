// Lua: `local json = require("json")` binds the module table; `require "x"` alone loads it.
import type { Node } from 'web-tree-sitter';
import type { ImportRecord } from '../../types.js';
import type { Match } from '../captures.js';
import { unquote } from '../text.js';
import { binding, importRecord, type LanguageHooks } from './hooks.js';

function literal(args: Node | null): string | undefined {
  if (!args) return undefined;
  const node = args.type === 'string' ? args : args.namedChildren.length === 1 ? args.namedChildren[0] : undefined;
  if (node?.type !== 'string') return undefined;
  const content = node.namedChildren.find((c) => c.type === 'string_content');
  return content?.text ?? unquote(node.text);
}

function imports(match: Match): ImportRecord[] {
  const node = match.node;
  const module = literal(node.childForFieldName('arguments'));
  if (module === undefined) return [];
  // local x = require("m"): the call is the value of an assignment whose first target is x.
  const statement = node.parent?.parent;
  const target = statement?.type === 'assignment_statement'
    ? statement.namedChildren.find((c) => c.type === 'variable_list')?.namedChildren[0]
    : undefined;
  const names = target?.type === 'identifier' ? [binding('*', target.text)] : [];
  return [importRecord(module, names, node.startPosition.row + 1, 'require')];
}

export const lua: LanguageHooks = {
  imports,
  exported: (_name, modifiers) => !modifiers.includes('local'),
};
