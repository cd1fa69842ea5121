// JavaScript / TypeScript / TSX: ESM imports and exports, CommonJS `require` and
// `exports.x = …` / `module.exports = …`, dynamic `import('…')`.
import type { Node } from 'web-tree-sitter';
import type { ExportRecord, ImportRecord, ImportedName } from '../../types.js';
import type { Match } from '../captures.js';
import { unquote } from '../text.js';
import { binding, importRecord, type LanguageHooks } from './hooks.js';

function stringValue(node: Node | null | undefined): string | undefined {
  if (!node || (node.type !== 'string' && node.type !== 'template_string')) return undefined;
  const text = unquote(node.text);
  return text.includes('${') ? undefined : text;
}

function importClauseBindings(clause: Node): ImportedName[] {
  const out: ImportedName[] = [];
  for (const part of clause.namedChildren) {
    if (part.type === 'identifier') out.push(binding('default', part.text));
    else if (part.type === 'namespace_import') {
      const id = part.namedChildren.find((c) => c.type === 'identifier');
      out.push(binding('*', id?.text));
    } else if (part.type === 'named_imports') {
      for (const spec of part.namedChildren) {
        if (spec.type !== 'import_specifier') continue;
        const name = spec.childForFieldName('name')?.text;
        if (name) out.push(binding(name, spec.childForFieldName('alias')?.text));
      }
    }
  }
  return out;
}

function hasToken(node: Node, token: string): boolean {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (!child.isNamed && child.type === token) return true;
  }
  return false;
}

/** Bindings of `x = require('m')`, `{ a, b: c } = require('m')`, `x = require('m').y`. */
function requireBindings(call: Node): ImportedName[] {
  let target: Node = call;
  let member: string | undefined;
  const parent = call.parent;
  if (parent?.type === 'member_expression' && parent.childForFieldName('object')?.equals(call)) {
    member = parent.childForFieldName('property')?.text;
    target = parent;
  }
  const holder = target.parent;
  const pattern = holder?.type === 'variable_declarator' ? holder.childForFieldName('name')
    : holder?.type === 'assignment_expression' ? holder.childForFieldName('left') : null;
  if (!pattern) return [];
  if (pattern.type === 'identifier') return [binding(member ?? '*', pattern.text)];
  if (pattern.type !== 'object_pattern' || member) return [];
  const out: ImportedName[] = [];
  for (const prop of pattern.namedChildren) {
    if (prop.type === 'shorthand_property_identifier_pattern') out.push(binding(prop.text));
    else if (prop.type === 'pair_pattern') {
      const key = prop.childForFieldName('key')?.text;
      const value = prop.childForFieldName('value');
      if (key && value?.type === 'identifier') out.push(binding(key, value.text));
    }
  }
  return out;
}

function reexportBindings(statement: Node): ImportedName[] {
  const clause = statement.namedChildren.find((c) => c.type === 'export_clause');
  if (clause) {
    return clause.namedChildren
      .filter((spec) => spec.type === 'export_specifier')
      .map((spec) => binding(spec.childForFieldName('name')!.text, spec.childForFieldName('alias')?.text));
  }
  const namespace = statement.namedChildren.find((c) => c.type === 'namespace_export');
  const alias = namespace?.namedChildren.find((c) => c.type === 'identifier' || c.type === 'string');
  return [binding('*', alias?.text)];
}

function imports(match: Match): ImportRecord[] {
  const node = match.node;
  const line = node.startPosition.row + 1;
  switch (match.role) {
    case 'import.require': {
      const module = stringValue(node.childForFieldName('arguments')?.firstNamedChild);
      return module === undefined ? [] : [importRecord(module, requireBindings(node), line, 'require')];
    }
    case 'import.dynamic': {
      const module = stringValue(node.childForFieldName('arguments')?.firstNamedChild);
      return module === undefined ? [] : [importRecord(module, [], line, 'dynamic')];
    }
    case 'import.reexport': {
      const module = stringValue(node.childForFieldName('source'));
      return module === undefined ? [] : [importRecord(module, reexportBindings(node), line, 'reexport', hasToken(node, 'type'))];
    }
    default: {
      const module = stringValue(node.childForFieldName('source'));
      if (module === undefined) return [];
      const clause = node.namedChildren.find((c) => c.type === 'import_clause');
      return [importRecord(module, clause ? importClauseBindings(clause) : [], line, 'import', hasToken(node, 'type'))];
    }
  }
}

function declarationNames(declaration: Node): string[] {
  if (declaration.type === 'lexical_declaration' || declaration.type === 'variable_declaration') {
    const names: string[] = [];
    for (const declarator of declaration.namedChildren) {
      const name = declarator.childForFieldName('name');
      if (name?.type === 'identifier') names.push(name.text);
    }
    return names;
  }
  const name = declaration.childForFieldName('name');
  return name ? [name.text] : [];
}

function esmExports(statement: Node, line: number, out: ExportRecord[]): void {
  const declaration = statement.childForFieldName('declaration');
  const isDefault = hasToken(statement, 'default');
  if (declaration) {
    for (const name of declarationNames(declaration)) {
      out.push(isDefault ? { name: 'default', local: name, line } : { name, line });
    }
    if (isDefault && declarationNames(declaration).length === 0) out.push({ name: 'default', line });
    return;
  }
  const value = statement.childForFieldName('value');
  if (isDefault || hasToken(statement, '=')) {
    out.push(value?.type === 'identifier' ? { name: 'default', local: value.text, line } : { name: 'default', line });
    return;
  }
  const source = statement.childForFieldName('source');
  const clause = statement.namedChildren.find((c) => c.type === 'export_clause');
  if (clause) {
    for (const spec of clause.namedChildren) {
      if (spec.type !== 'export_specifier') continue;
      const name = spec.childForFieldName('name')!.text;
      const alias = spec.childForFieldName('alias')?.text;
      out.push(alias && alias !== name ? { name: alias, local: name, line } : { name, line });
    }
  } else if (source) {
    const namespace = statement.namedChildren.find((c) => c.type === 'namespace_export');
    const alias = namespace?.namedChildren.find((c) => c.type === 'identifier');
    out.push({ name: alias?.text ?? '*', line });
  }
}

/** `exports.x = …`, `module.exports.x = …`, `module.exports = { a, b: c, d() {} }`, `module.exports = f`. */
function commonJsExports(assignment: Node, line: number, out: ExportRecord[]): void {
  const left = assignment.childForFieldName('left');
  const right = assignment.childForFieldName('right');
  if (!left || !right) return;
  const target = left.text.replace(/\s+/g, '');
  if (target === 'module.exports') {
    if (right.type === 'object') {
      for (const prop of right.namedChildren) {
        if (prop.type === 'shorthand_property_identifier') out.push({ name: prop.text, line: prop.startPosition.row + 1 });
        else if (prop.type === 'pair' || prop.type === 'method_definition') {
          const key = (prop.childForFieldName('key') ?? prop.childForFieldName('name'))?.text;
          const value = prop.childForFieldName('value');
          if (!key) continue;
          out.push(value?.type === 'identifier' && value.text !== key
            ? { name: key, local: value.text, line: prop.startPosition.row + 1 }
            : { name: key, line: prop.startPosition.row + 1 });
        }
      }
    } else {
      const local = right.type === 'identifier' ? right.text : right.childForFieldName('name')?.text;
      out.push(local ? { name: 'default', local, line } : { name: 'default', line });
    }
    return;
  }
  const member = /^(?:module\.)?exports\.([\w$]+)$/.exec(target);
  if (!member) return;
  out.push(right.type === 'identifier' && right.text !== member[1] ? { name: member[1], local: right.text, line } : { name: member[1], line });
}

function exports(matches: Match[]): ExportRecord[] {
  const out: ExportRecord[] = [];
  for (const { role, node } of matches) {
    const line = node.startPosition.row + 1;
    if (role === 'export.commonjs') commonJsExports(node, line, out);
    else esmExports(node, line, out);
  }
  const seen = new Set<string>();
  return out.filter((e) => {
    const key = `${e.name}\0${e.local ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const ecma: LanguageHooks = { imports, exports };
