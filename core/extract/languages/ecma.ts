// JavaScript / TypeScript / TSX: ESM imports and exports, CommonJS `require` and
// `exports.x = …` / `module.exports = …`, dynamic `import('…')`.
import type { Node } from 'web-tree-sitter';
import type { CallSite, ExportRecord, ImportRecord, ImportedName, NamespaceRecord } from '../../types.js';
import type { Match } from '../captures.js';
import { withoutTypeArguments } from '../text.js';
import { collapse, unquote } from '../text.js';
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

/**
 * Whether one of the statement's own tokens (before `end`) is `token`. A token's text is the token:
 * a statement whose text lacks it has none, and its children are not read (most statements).
 */
function hasToken(node: Node, token: string, source: string, end = node.endIndex): boolean {
  if (!source.slice(node.startIndex, end).includes(token)) return false;
  // `children` is one call into tree-sitter; a nextSibling walk is one per child (each from the parent).
  return node.children.some((child) => !child.isNamed && child.type === token);
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

function imports(match: Match, source: string): ImportRecord[] {
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
    // `type` comes before the module: `import type … from`, `export type { … } from`.
    case 'import.reexport': {
      const from = node.childForFieldName('source');
      const module = stringValue(from);
      return module === undefined ? [] : [importRecord(module, reexportBindings(node), line, 'reexport', hasToken(node, 'type', source, from!.startIndex))];
    }
    default: {
      const from = node.childForFieldName('source');
      const module = stringValue(from);
      if (module === undefined) return [];
      const clause = node.namedChildren.find((c) => c.type === 'import_clause');
      return [importRecord(module, clause ? importClauseBindings(clause) : [], line, 'import', hasToken(node, 'type', source, from!.startIndex))];
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

function esmExports(statement: Node, line: number, text: string, out: ExportRecord[]): void {
  const declaration = statement.childForFieldName('declaration');
  const isDefault = hasToken(statement, 'default', text);
  if (declaration) {
    for (const name of declarationNames(declaration)) {
      out.push(isDefault ? { name: 'default', local: name, line } : { name, line });
    }
    if (isDefault && declarationNames(declaration).length === 0) out.push({ name: 'default', line });
    return;
  }
  const value = statement.childForFieldName('value');
  if (isDefault || hasToken(statement, '=', text)) {
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

/** The variable an assignment's value is also bound to, through a chain (`var app = exports = module.exports = {}`). */
function exportsAlias(assignment: Node): string | undefined {
  let node = assignment.parent;
  while (node?.type === 'assignment_expression') node = node.parent;
  const name = node?.type === 'variable_declarator' ? node.childForFieldName('name') : undefined;
  return name?.type === 'identifier' ? name.text : undefined;
}

/** `exports.x` or `module.exports.x` as written without blanks: x. */
const EXPORTS_MEMBER = /^(?:module\.)?exports\.([\w$]+)$/;

/** `exports.x = …`, `module.exports.x = …`, `module.exports = { a, b: c, d() {} }`, `module.exports = f`. */
function commonJsExports(assignment: Node, line: number, out: ExportRecord[]): void {
  const left = assignment.childForFieldName('left');
  let right = assignment.childForFieldName('right');
  if (!left || !right) return;
  const target = left.text.replace(/\s+/g, '');
  // `module.exports = internals.Core = class {…}`: the export is what the chain's last name holds.
  let chained: string | undefined;
  while (right?.type === 'assignment_expression') {
    const name = right.childForFieldName('left')?.text.replace(/\s+/g, '');
    if (name && /^[\w$]+(?:\.[\w$]+)*$/.test(name) && !/^(?:module\.)?exports(?:\.|$)/.test(name)) chained = name;
    right = right.childForFieldName('right');
  }
  if (!right) return;
  if (chained && right.type !== 'identifier') {
    const member = target === 'module.exports' ? 'default' : EXPORTS_MEMBER.exec(target)?.[1];
    if (member) out.push({ name: member, local: chained, line });
    return;
  }
  if (target === 'module.exports') {
    if (right.type === 'object') {
      // `var _exports = module.exports = {}` with `_exports.isString = isString` next (nunjucks): the
      // module's value is what that name holds.
      const alias = exportsAlias(assignment);
      if (alias) out.push({ name: 'default', local: alias, line });
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
  const member = EXPORTS_MEMBER.exec(target);
  if (!member) return;
  // `exports.Debug = debug_1.default`: the export is that path's value.
  const path = right.type === 'member_expression' && /^[\w$]+(?:\.[\w$]+)+$/.test(right.text) ? right.text : undefined;
  const exported: ExportRecord = (right.type === 'identifier' && right.text !== member[1]) || path ? { name: member[1], local: path ?? right.text, line } : { name: member[1], line };
  if (member[1] === 'default') exported.property = true;
  out.push(exported);
}

function exports(matches: Match[], source: string): ExportRecord[] {
  const out: ExportRecord[] = [];
  for (const { role, node } of matches) {
    const line = node.startPosition.row + 1;
    if (role === 'export.commonjs') commonJsExports(node, line, out);
    else esmExports(node, line, source, out);
  }
  const seen = new Set<string>();
  return out.filter((e) => {
    const key = `${e.name}\0${e.local ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Functions that bind their own `this`; an arrow function inherits it and is looked through. */
const THIS_BINDERS = new Set(['function_expression', 'function', 'generator_function']);
/** Where the search for a call's `this` stops: the enclosing definition's rule applies. */
const THIS_OWNERS = new Set(['function_declaration', 'generator_function_declaration', 'method_definition', 'class_body', 'program']);
/** Parents that bind a function literal to a name: it is a definition, resolved by its record. */
const BINDING_PARENTS = new Set(['variable_declarator', 'assignment_expression', 'pair', 'public_field_definition', 'field_definition', 'export_statement']);

/**
 * A call on `this` inside a function literal passed as an argument (`schedule(function () {
 * this.x() })`) sees that literal's `this`: its declared type, or the call it is passed to; one
 * set on a prototype by a computed name, an instance.
 * Inside an unbound literal anywhere else (an IIFE, a returned function) `this` is unknown.
 */
function callThis(call: Node): CallSite['this_from'] {
  let fn = call.parent;
  while (fn) {
    const type = fn.type;
    if (THIS_BINDERS.has(type)) break;
    // A method of an object literal passed to a call (zod's `$constructor(name, init, { check() { this.clone() } })`).
    if (type === 'method_definition' && fn.parent?.type === 'object' && fn.parent.parent?.type === 'arguments') return passedTo(fn.parent, { object: true });
    if (THIS_OWNERS.has(type)) return undefined;
    fn = fn.parent;
  }
  const holder = fn?.parent;
  if (!fn || !holder) return undefined;
  // `app[method] = function () { this.set(…) }` (express's methods made in a loop), `Agent.prototype[name]
  // = function () { this.x() }` (superagent's): no definition, but `this` is the object it is set on.
  const target = holder.type === 'assignment_expression' ? holder.childForFieldName('left') : null;
  const object = target?.type === 'subscript_expression' ? target.childForFieldName('object')?.text ?? '' : '';
  if (/^[\w$]+(\.[\w$]+)*$/.test(object)) return { holder: object };
  if (BINDING_PARENTS.has(holder.type)) return undefined;
  const first = fn.childForFieldName('parameters')?.firstNamedChild;
  const declared = first?.childForFieldName('pattern')?.type === 'this' ? first.childForFieldName('type')?.firstNamedChild : undefined;
  if (declared) return { type: collapse(declared.text) };
  return passedTo(fn, {});
}

/** Where `literal` is passed: the callee and the argument's position, or `base` alone when it is no argument. */
function passedTo(literal: Node, base: NonNullable<CallSite['this_from']>): CallSite['this_from'] {
  const holder = literal.parent;
  const call = holder?.type === 'arguments' ? holder.parent : null;
  const callee = call?.childForFieldName(call.type === 'new_expression' ? 'constructor' : 'function');
  if (!holder || !call || !callee) return base;
  let arg = 0;
  for (const child of holder.namedChildren) {
    if (child.equals(literal)) break;
    if (child.type !== 'comment') arg++;
  }
  const out: NonNullable<CallSite['this_from']> = { ...base, callee: withoutTypeArguments(collapse(callee.text)), arg };
  if (call.type === 'new_expression') out.new = true;
  const typeArgs = base.object ? call.childForFieldName('type_arguments')?.namedChildren.filter((child) => child.type !== 'comment') : undefined;
  if (typeArgs?.length) out.type_args = typeArgs.map((child) => collapse(child.text));
  return out;
}

/** Statements a namespace declaration may sit in: `export namespace`, `declare namespace`, a bare one. */
const NAMESPACE_HOLDERS = new Set(['program', 'export_statement', 'ambient_declaration', 'expression_statement', 'statement_block']);

function namespaces(root: Node, source: string): NamespaceRecord[] {
  const out: NamespaceRecord[] = [];
  // Both declarations start with their keyword: a file without either has none (most files; the
  // walk below reads every top-level statement's type).
  if (!source.includes('namespace') && !source.includes('module')) return out;
  const visit = (node: Node, prefix: string) => {
    for (const child of node.namedChildren) {
      if (child.type === 'internal_module' || child.type === 'module') {
        const name = child.childForFieldName('name');
        const body = child.childForFieldName('body');
        if (!name || !/^[\w$.]+$/.test(name.text)) continue;
        const qualified = `${prefix}${name.text}`;
        out.push({ name: qualified, line: child.startPosition.row + 1, end_line: child.endPosition.row + 1 });
        if (body) visit(body, `${qualified}.`);
      } else if (NAMESPACE_HOLDERS.has(child.type)) {
        visit(child, prefix);
      }
    }
  };
  visit(root, '');
  return out;
}

export const ecma: LanguageHooks = { imports, exports, callThis, namespaces };
