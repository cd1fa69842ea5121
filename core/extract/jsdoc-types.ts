// JSDoc types, which the TypeScript service reads as annotations in JavaScript files (yjs, lib0,
// webpack, eslint are typed this way):
//
//     /**
//      * @param {Transaction} transaction
//      * @return {Item | null}
//      */
//     delete (transaction) { … }
//
//     /** @type {Map<number, Item>} */
//     this.items = new Map()
//
//     let curr = /** @type {Item | GC | null} */ (decoder.curr)
//
// A function's `@param` types become its parameters' types (as bindings, as a typed parameter's
// are, and in its parameter list, which callback parameters are typed from) and its `@return`
// its return type; a `@type` above a declaration or assignment, or cast onto its value, types the
// name. Closure-compiler spellings (`?T`, `Array.<T>`, `function(A): R`, `*`) are read as the
// TypeScript service reads them. Only JavaScript: in a TypeScript file JSDoc types are not types.
// A `@typedef` is a type alias the module exports, as TypeScript reads it: `@typedef {A & B} T`
// names that type, `@typedef {object} T` with `@property {Module} module` tags an object type.
import type { ClassRecord, FieldRecord, FileRecord, FunctionRecord, ImportRecord, LocalBinding } from '../types.js';
import { closingBracket, functionTypeParts, splitTopLevel } from '../graph/type-text.js';
import { binding as importedName, importRecord } from './languages/hooks.js';

/** A `/** … *\/` block; the lazy body stops at the first close. */
const BLOCK = /\/\*\*([\s\S]*?)\*\//g;
const PARAM_TAG = /@(?:param|arg|argument)\s*$/;
const RETURN_TAG = /@returns?\s*$/;
const TYPE_TAG = /@type\s*$/;
const TEMPLATE_TAG = /@template\s*$/;
const IMPLEMENTS_TAG = /@implements\s*$/;
/** `let x = /** @type {T} *\/ (`, `this.x = /** @type {T} *\/ (`: a cast of the value. */
const CAST_TARGET = /(?:\b(?:const|let|var)\s+|^\s*)((?:this\.)?[A-Za-z_$][\w$]*)\s*=\s*$/;
/** An initialiser that is a function literal (`function …`, `async (…) =>`, `x =>`) or may be one (`(`). */
const FUNCTION_LITERAL = /^\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|[\w$]+\s*=>|\()/;
/** What an assignment or declaration below a `@type` block names: `const x =`, `this.x =`, a class field `x =`. */
const DECLARED = /^\s*(?:export\s+)?(?:(?:const|let|var)\s+|static\s+)?((?:this\.)?[A-Za-z_$#][\w$]*)\s*(?:=(?!=)|;|$)/;

interface Tag {
  tag: 'param' | 'return' | 'type' | 'template' | 'implements';
  type: string;
  /** A `@param`'s name; a `@template`'s type parameters (comma-separated). */
  name?: string;
}

interface Block {
  tags: Tag[];
  /** 1-based line of the block's open. */
  startLine: number;
  /** 1-based line of the block's close. */
  endLine: number;
  /** The text after the close on its line. */
  after: string;
}

/** `@import { A, B as C } from "m"`, `@import * as ns from "m"`, `@import D from "m"`, `@import D, { A } from "m"` (TypeScript 5.5). */
const IMPORT_TAG = /@import\s+((?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)|[\w$]+)\s+from\s+['"]([^'"]+)['"]/g;
/** `@typedef {import("m").A} B`: B names m's A. */
const TYPEDEF_IMPORT = /@typedef\s+\{\s*import\s*\(\s*['"]([^'"]+)['"]\s*\)\.([\w$]+)(?:<[^{}]*>)?\s*\}\s+([\w$]+)/g;
/** `@typedef {import("./Module")} Module`: Module names what m exports as a whole (webpack's CommonJS classes). */
const TYPEDEF_MODULE = /@typedef\s+\{\s*import\s*\(\s*['"]([^'"]+)['"]\s*\)\s*\}\s+([\w$]+)/g;

export function applyJsDocTypes(record: FileRecord, source: string): void {
  if (!source.includes('/**')) return;
  // The comment blocks, found once for the readers below.
  const comments = [...source.matchAll(BLOCK)];
  const imports = typeImports(source);
  const typedefs = typedefRecords(source, comments).filter((typedef) => !record.classes.some((cls) => cls.name === typedef.name));
  imports.push(...inlineImportTypes(source, comments, record, [...imports, ...typedefs.map((typedef) => typedef.name)]));
  if (imports.length > 0) record.imports = [...record.imports, ...imports].sort((a, b) => a.line - b.line);
  if (typedefs.length > 0) record.classes = [...record.classes, ...typedefs].sort((a, b) => a.line - b.line);
  const lines = source.split('\n');
  const blocks = jsDocBlocks(source, comments);
  if (blocks.length === 0) return;
  const added: LocalBinding[] = [];
  const functions = [...record.functions, ...record.classes.flatMap((cls) => cls.methods)];
  // The block whose close is the last non-blank line above a line.
  const byNextLine = new Map<number, Block>();
  for (const block of blocks) {
    if (block.after.trim() !== '') continue;
    byNextLine.set(nonBlankLine(lines, block.endLine + 1, 1), block);
  }
  // `@implements {DispatchHandler}` above a class: an interface it implements, as TypeScript reads it.
  for (const cls of record.classes) {
    const block = byNextLine.get(cls.decorated_line ?? cls.line);
    for (const tag of block?.tags ?? []) if (tag.tag === 'implements' && !cls.bases.includes(tag.type)) cls.bases.push(tag.type);
  }
  for (const fn of functions) {
    const block = byNextLine.get(fn.decorated_line ?? fn.line);
    if (!block) continue;
    // Type parameters of the function and of its class stand for their constraints, as a checker
    // reads a value of a constrained type parameter.
    const owner = fn.class_name === undefined ? undefined : record.classes.find((cls) => cls.methods.includes(fn));
    const classBlock = owner && byNextLine.get(owner.decorated_line ?? owner.line);
    const bounds = constraints([...(classBlock?.tags ?? []), ...block.tags]);
    added.push(...annotateFunction(fn, block.tags, bounds));
  }
  added.push(...unnamedMethodParams(source, lines, byNextLine, functions));
  added.push(...inlineParamTypes(source, lines, blocks, functions));
  for (const block of blocks) {
    const type = block.tags.find((tag) => tag.tag === 'type')?.type;
    if (type === undefined) continue;
    const cast = castAt(block, lines);
    if (cast) {
      // A cast: `/** @type {T} */ (value)` as what a name is set to, or as a call's receiver.
      if (cast.name) added.push(...typeName(record, functions, cast.name, cast.nameLine, type));
      castReceivers(record, cast.value, cast.line, type);
    } else if (block.after.trim() === '') {
      // `@type` above a line: the name that line declares or assigns.
      const line = nonBlankLine(lines, block.endLine + 1, 1);
      const text = lines[line - 1] ?? '';
      const name = DECLARED.exec(text)?.[1];
      // A function literal is itself, whatever type is written for it; one made by a call
      // (`const $string = $custom(o => …)`, read as a definition too) has the declared type.
      if (name && !FUNCTION_LITERAL.test(text.slice(text.indexOf('=') + 1))) added.push(...typeName(record, functions, name, line, type));
    }
  }
  if (added.length > 0) record.bindings = [...record.bindings, ...added].sort((a, b) => a.line - b.line);
}

/** Names JSDoc imports for types only: `@import` tags and `@typedef`s of an `import("…")` type. */
function typeImports(source: string): ImportRecord[] {
  if (!source.includes('@import') && !source.includes('@typedef')) return [];
  const out: ImportRecord[] = [];
  let lineAt = lineCounter(source);
  for (const match of source.matchAll(IMPORT_TAG)) {
    const [, wrapped, module] = match;
    // A clause over several lines of the block has each line's ` * ` in it.
    const written = wrapped.replace(/\n\s*\*/g, ' ');
    const line = lineAt(match.index);
    // `D, { A }`: the default export, then the rest.
    const withDefault = /^([\w$]+)\s*,\s*([\s\S]+)$/.exec(written);
    const clause = withDefault ? withDefault[2] : written;
    const namespace = /^\*\s*as\s+([\w$]+)$/.exec(clause);
    const names = namespace ? [importedName('*', namespace[1])]
      : clause.startsWith('{') ? clause.slice(1, -1).split(',').map((part) => part.trim()).filter(Boolean).map((part) => {
        const [name, alias] = part.split(/\s+as\s+/);
        return importedName(name.trim(), alias?.trim());
      })
        : [importedName('default', clause)];
    out.push(importRecord(module, withDefault ? [importedName('default', withDefault[1]), ...names] : names, line, 'import', true));
  }
  lineAt = lineCounter(source);
  for (const match of source.matchAll(TYPEDEF_IMPORT)) {
    const [, module, name, alias] = match;
    out.push(importRecord(module, [importedName(name, alias)], lineAt(match.index), 'import', true));
  }
  lineAt = lineCounter(source);
  // As `const Module = require("./Module")` reads it: a module that replaces its exports is that value.
  for (const match of source.matchAll(TYPEDEF_MODULE)) {
    const [, module, alias] = match;
    out.push(importRecord(module, [importedName('*', alias)], lineAt(match.index), 'require', true));
  }
  return out;
}

/** `import("./syntax-parser").SyntaxTree` within a JSDoc type (`Pick<import("m").T, "k">`): the name m exports. */
const INLINE_IMPORT_TYPE = /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)\.([\w$]+)(?![\w$.])/g;

/**
 * typeScriptType reads `import("m").T` inside a larger type as `T`; where the file neither declares
 * nor imports a `T`, it names m's export, as an import of it would.
 */
function inlineImportTypes(source: string, comments: readonly RegExpExecArray[], record: FileRecord, declared: ReadonlyArray<ImportRecord | string>): ImportRecord[] {
  if (!source.includes('import(') && !source.includes('import (')) return [];
  const taken = new Set<string>([
    ...record.classes.map((cls) => cls.name), ...record.functions.map((fn) => fn.name), ...record.imports.flatMap((imp) => imp.names),
    ...declared.flatMap((item) => (typeof item === 'string' ? [item] : item.names)),
  ]);
  const out: ImportRecord[] = [];
  const lineAt = lineCounter(source);
  for (const block of comments) {
    if (!block[0].includes('import')) continue;
    for (const match of block[0].matchAll(INLINE_IMPORT_TYPE)) {
      const [, module, name] = match;
      if (taken.has(name)) continue;
      taken.add(name);
      out.push(importRecord(module, [importedName(name)], lineAt(block.index + match.index), 'import', true));
    }
  }
  return out;
}

/** `@typedef {T} Name` (not an `import("…")`, read as an import), `@typedef {object} Name` with its `@property` tags. */
const TYPEDEF = /@typedef\s*(\{)?/g;
const PROPERTY = /@prop(?:erty)?\s*\{/g;

/** The type aliases a module's `@typedef`s declare, as type records (exported, as TypeScript has them). */
function typedefRecords(source: string, comments: readonly RegExpExecArray[]): ClassRecord[] {
  if (!source.includes('@typedef')) return [];
  const out: ClassRecord[] = [];
  const lineAt = lineCounter(source);
  for (const block of comments) {
    const first = block[0].indexOf('@typedef');
    if (first < 0) continue;
    const startLine = lineAt(block.index);
    const line = lineAt(block.index + first);
    const endLine = lineAt(block.index + block[0].length);
    const text = block[1].replace(/^\s*\*\s?/gm, ' ');
    // A generic typedef's type parameters stand for their defaults or constraints (`@template
    // {NormalModule} [TModule=NormalModule]`: its `@property {TModule} module` is a NormalModule).
    const bounds = constraints(typeTags(text));
    for (const match of text.matchAll(TYPEDEF)) {
      let at = match.index + match[0].length;
      let type = 'object';
      if (match[1]) {
        const close = closingBracket(text, at - 1);
        if (close < 0) continue;
        const written = text.slice(at, close);
        // `{import("./Parser").ParserState}`, `{import("./Module")}`: an import (typeImports).
        if (/^\s*import\s*\(\s*['"][^'"]+['"]\s*\)(?:\.[\w$]+)?(?:<[^{}]*>)?\s*$/.test(written)) continue;
        type = bounded(typeScriptType(written), bounds)!;
        at = close + 1;
      }
      const name = /^\s*([A-Za-z_$][\w$]*)/.exec(text.slice(at))?.[1];
      if (!name) continue;
      const object = /^(object|Object)$/.test(type);
      const fields = object ? typedefProperties(block[1], startLine).map((field) => ({ ...field, type: bounded(field.type, bounds) })) : [];
      out.push({
        name, qualified_name: name, kind: 'type', line, end_line: endLine,
        signature: object ? `type ${name}` : `type ${name} = ${type}`, bases: [], methods: fields.flatMap((field) => declaredMethod(name, field)), fields, exported: true,
      });
    }
  }
  return out;
}

/** The `@property {T} name` tags of a block's text (from just after its `/**`, on `line`): `[name]`, `[name=default]` optional ones too. */
function typedefProperties(raw: string, line: number): FieldRecord[] {
  const fields: FieldRecord[] = [];
  const lineAt = lineCounter(raw);
  for (const match of raw.matchAll(PROPERTY)) {
    const open = match.index + match[0].length - 1;
    const close = closingBracket(raw, open);
    const name = close < 0 ? undefined : /^\s*\[?\s*([A-Za-z_$][\w$]*)/.exec(raw.slice(close + 1))?.[1];
    if (name) fields.push({ name, line: line + lineAt(open) - 1, type: typeScriptType(raw.slice(open + 1, close).replace(/^\s*\*\s?/gm, ' ')) });
  }
  return fields;
}

/**
 * A property of a function type is a method of the typedef, as an interface's `read: () => T` is
 * (the TypeScript service lists the calls `ctx.read()` of a value of that type as its callers).
 */
function declaredMethod(owner: string, field: FieldRecord): FunctionRecord[] {
  const parts = field.type === undefined ? undefined : functionTypeParts(field.type);
  if (!parts) return [];
  return [{
    name: field.name, qualified_name: `${owner}.${field.name}`, kind: 'method', line: field.line, end_line: field.line,
    signature: `${field.name}: ${field.type}`, params: splitTopLevel(parts.params, ','), return_type: parts.returns,
    is_declaration: true, class_name: owner,
  }];
}

/** The first line from `line` on (`step` 1) or back (-1) that is not blank. */
function nonBlankLine(lines: readonly string[], line: number, step: 1 | -1): number {
  while (line >= 1 && line <= lines.length && lines[line - 1].trim() === '') line += step;
  return line;
}

interface Cast {
  /** The text from the cast value's `(` to the end of its line, and that line. */
  value: string;
  line: number;
  /** The name the value is set to (`const x =`, `this.x =`), and its line. */
  name?: string;
  nameLine: number;
}

/**
 * A block that casts the parenthesised value after it: on its line or the next (`const c0 =` /
 * `/** @type {T} *\/` / `(context);` as prettier breaks a long one), set to the name before it.
 */
function castAt(block: Block, lines: readonly string[]): Cast | undefined {
  let line = block.endLine;
  let value = block.after;
  if (value.trim() === '') {
    line = nonBlankLine(lines, block.endLine + 1, 1);
    value = lines[line - 1] ?? '';
  }
  if (!/^\s*\(/.test(value)) return undefined;
  const opening = lines[block.startLine - 1];
  let nameLine = block.startLine;
  let before = opening.slice(0, opening.indexOf('/**'));
  if (before.trim() === '') {
    nameLine = nonBlankLine(lines, block.startLine - 1, -1);
    before = lines[nameLine - 1] ?? '';
  }
  return { value, line, name: CAST_TARGET.exec(before)?.[1], nameLine };
}

/** Calls on a cast value (`/** @type {Schema<any>} *\/ (vv).check(…)`) are calls on `(vv as Schema<any>)`. */
function castReceivers(record: FileRecord, value: string, line: number, type: string): void {
  const start = value.indexOf('(');
  const close = closingBracket(value, start);
  if (close < 0 || value[close + 1] !== '.') return;
  const receiver = `(${value.slice(start + 1, close).replace(/\s+/g, ' ').trim()})`;
  for (const call of record.calls) {
    if (call.line !== line || call.receiver !== receiver || !call.callee.startsWith(receiver)) continue;
    const cast = `(${receiver.slice(1, -1)} as ${type})`;
    call.callee = cast + call.callee.slice(receiver.length);
    call.receiver = cast;
  }
}

/** A function's `@param` types as typed parameters; its `@return` as its return type. */
function annotateFunction(fn: FunctionRecord, tags: readonly Tag[], bounds: ReadonlyMap<string, string>): LocalBinding[] {
  const added: LocalBinding[] = [];
  const returned = bounded(tags.find((tag) => tag.tag === 'return')?.type, bounds);
  if (returned !== undefined && fn.return_type === undefined && returned !== 'void' && returned !== 'undefined') {
    fn.return_type = returned;
    delete fn.returns;
  }
  const paramTags = tags.filter((t) => t.tag === 'param');
  fn.params = fn.params.map((param, at) => {
    const match = /^(\.\.\.)?([A-Za-z_$][\w$]*)\s*(=.*)?$/s.exec(param.trim());
    if (!match) return destructured(fn, param, paramTags[at], bounds, added);
    const [, rest, name, initial] = match;
    const tag = tags.find((t) => t.tag === 'param' && t.name === name);
    if (!tag) return param;
    const written = bounded(tag.type, bounds)!;
    const type = rest && written.startsWith('...') ? `${written.slice(3)}[]` : written.replace(/^\.\.\./, '');
    added.push({ scope: fn.qualified_name, name, line: fn.line, type });
    return `${rest ?? ''}${name}: ${type}${initial ? ` ${initial}` : ''}`;
  });
  return added;
}

/**
 * A parameter written as an object pattern takes the type of the `@param` in its position, whatever
 * that tag names it (`@param {TemplateContext} templateContext` above `apply(dep, { module,
 * moduleGraph })`, as webpack writes them): each name it binds is the type's property.
 */
function destructured(fn: FunctionRecord, param: string, tag: Tag | undefined, bounds: ReadonlyMap<string, string>, added: LocalBinding[]): string {
  const text = param.trim();
  const close = text.startsWith('{') ? closingBracket(text, 0) : -1;
  const initial = text.slice(close + 1).trim();
  if (close < 0 || (initial !== '' && !initial.startsWith('=')) || !tag || fn.params.some((other) => other.trim().split(/[\s=]/)[0] === tag.name)) return param;
  const type = bounded(tag.type, bounds)!;
  for (const part of splitTopLevel(text.slice(1, close), ',')) {
    const property = /^([A-Za-z_$][\w$]*)\s*(?::\s*([A-Za-z_$][\w$]*))?\s*(?:=[\s\S]*)?$/.exec(part);
    if (property) added.push({ scope: fn.qualified_name, name: property[2] ?? property[1], line: fn.line, type: `${parenthesised(type)}['${property[1]}']` });
  }
  return `${text.slice(0, close + 1)}: ${type}${initial ? ` ${initial}` : ''}`;
}

/** A union or intersection in parentheses, so that an indexed access applies to all of it. */
function parenthesised(type: string): string {
  return splitTopLevel(type, '|').length > 1 || splitTopLevel(type, '&').length > 1 ? `(${type})` : type;
}

/** `deserialize(context) {` alone on its line: a method of an object literal. */
const METHOD_HEAD = /^\s*(?:async\s+)?(?!(?:if|for|while|switch|catch|with|function)\b)[A-Za-z_$][\w$]*\s*\(([^()]*)\)\s*\{\s*$/;

/** What follows a block typing one parameter in its list: the parameter's name, then `,`, `)` or a default. */
const INLINE_PARAM = /^\s*([A-Za-z_$][\w$]*)\s*(?=[,)=])/;
/** What precedes a function's parameter list: `function`, `function name`, a method's name (not a keyword), or nothing (an arrow). */
const PARAMS_OWNER = /(?:\bfunction\b\s*\*?\s*[\w$]*|(?<![\w$])(?!(?:if|for|while|switch|catch|with|return|typeof|await|new)\b)[A-Za-z_$][\w$]*|[(,=:?]|^)\s*$/;

/**
 * Parameters typed where they are written (less's `rules.map(function (/** @type {Node} *\/ rule)
 * { return rule.eval(context); })`), as TypeScript reads them: the name has that type in the
 * function's body, whether the function is a definition or a callback.
 */
function inlineParamTypes(source: string, lines: readonly string[], blocks: readonly Block[], functions: readonly FunctionRecord[]): LocalBinding[] {
  const added: LocalBinding[] = [];
  let offsets: number[] | undefined;
  for (const block of blocks) {
    const tag = block.tags.length === 1 && block.tags[0].tag === 'type' ? block.tags[0] : undefined;
    const name = tag && INLINE_PARAM.exec(block.after)?.[1];
    if (!tag || !name) continue;
    offsets ??= lineOffsets(lines);
    const end = offsets[block.endLine - 1] + lines[block.endLine - 1].length - block.after.length;
    const start = source.lastIndexOf('/**', end);
    const open = openParen(source, start);
    if (open < 0 || !PARAMS_OWNER.test(source.slice(Math.max(0, open - 80), open))) continue;
    const close = closingBracket(source, open);
    if (close < 0) continue;
    // The body: a block after the list (or after `=>`), else an arrow's expression, taken to its line.
    const body = /^\s*(?:=>\s*)?\{/.exec(source.slice(close + 1));
    const arrow = /^\s*=>/.test(source.slice(close + 1));
    if (!body && !arrow) continue;
    const bodyEnd = body ? closingBracket(source, close + body[0].length) : close;
    if (bodyEnd < 0) continue;
    const line = block.endLine;
    const endLine = line + (source.slice(end, bodyEnd).match(/\n/g)?.length ?? 0);
    const scope = functions.filter((fn) => fn.line <= line && endLine <= fn.end_line).sort((a, b) => b.line - a.line || a.end_line - b.end_line)[0]?.qualified_name ?? '<module>';
    added.push({ scope, name, line, end_line: endLine, type: tag.type });
  }
  return added;
}

/** The `(` opening the parameter list a position is in (parentheses counted back from it), or -1. */
function openParen(source: string, at: number): number {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    const c = source[i];
    if (c === ')') depth++;
    else if (c === '(' && depth-- === 0) return i;
    else if (c === ';' || c === '{' || c === '}') return -1;
  }
  return -1;
}

/**
 * The `@param` types of a method of an object literal that is no definition (one passed as an
 * argument: webpack's `register(Fragment, "…", "…", { deserialize(context) {…} })`): each parameter
 * named in the method's lines, bound in the scope its calls belong to, as a typed name is there.
 */
function unnamedMethodParams(source: string, lines: readonly string[], byNextLine: ReadonlyMap<number, Block>, functions: readonly FunctionRecord[]): LocalBinding[] {
  const added: LocalBinding[] = [];
  let offsets: number[] | undefined;
  let defined: Set<number> | undefined;
  for (const [line, block] of byNextLine) {
    if (!block.tags.some((tag) => tag.tag === 'param')) continue;
    const head = METHOD_HEAD.exec(lines[line - 1] ?? '');
    defined ??= new Set(functions.map((fn) => fn.decorated_line ?? fn.line));
    if (!head || defined.has(line)) continue;
    offsets ??= lineOffsets(lines);
    const close = closingBracket(source, offsets[line - 1] + lines[line - 1].lastIndexOf('{'));
    if (close < 0) continue;
    const endLine = line + (source.slice(offsets[line - 1], close).match(/\n/g)?.length ?? 0);
    const scope = functions.filter((fn) => fn.line < line && endLine <= fn.end_line).sort((a, b) => b.line - a.line)[0]?.qualified_name ?? '<module>';
    for (const param of head[1].split(',').map((text) => text.trim())) {
      const tag = block.tags.find((t) => t.tag === 'param' && t.name === param);
      if (tag) added.push({ scope, name: param, line, end_line: endLine, type: tag.type });
    }
  }
  return added;
}

/** The offset in the source at which each line starts. */
function lineOffsets(lines: readonly string[]): number[] {
  const out: number[] = [];
  let at = 0;
  for (const line of lines) {
    out.push(at);
    at += line.length + 1;
  }
  return out;
}

/** Each constrained `@template` parameter with its constraint. */
function constraints(tags: readonly Tag[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const tag of tags) {
    if (tag.tag !== 'template') continue;
    for (const name of tag.name!.split(',')) out.set(name, /[|&]/.test(tag.type) ? `(${tag.type})` : tag.type);
  }
  return out;
}

/** `type` with its constrained type parameters replaced by their constraints. */
function bounded(type: string | undefined, bounds: ReadonlyMap<string, string>): string | undefined {
  if (type === undefined || bounds.size === 0) return type;
  return type.replace(/(?<![\w$.])[A-Za-z_$][\w$]*(?![\w$])/g, (word) => bounds.get(word) ?? word);
}

/**
 * Types a name declared or assigned on `line`: the bindings made there (the declared type wins over
 * what the value would give), the class field of that name, or else a new binding in the
 * function around the line (`this.x = []`, which no other rule binds).
 */
function typeName(record: FileRecord, functions: readonly FunctionRecord[], name: string, line: number, type: string): LocalBinding[] {
  if (record.classes.some((cls) => cls.name === name && cls.line === line)) return [];
  const bindings = record.bindings.filter((b) => b.line === line && b.name === name);
  for (const binding of bindings) binding.type = type;
  const fields = record.classes.flatMap((cls) => cls.fields).filter((f) => f.line === line && (f.name === name || f.name === name.replace(/^#/, '')));
  for (const field of fields) field.type = type;
  // `/** @type {T} */ this.x = …` in a method declares the field: T whatever else is assigned to it.
  const attribute = /^this\.([\w$]+)$/.exec(name)?.[1];
  const owner = attribute && record.classes.filter((cls) => cls.line < line && line <= cls.end_line).sort((a, b) => b.line - a.line)[0];
  if (owner && attribute) {
    const field = owner.fields.find((f) => f.name === attribute);
    if (!field) owner.fields.push({ name: attribute, line, type });
    else field.type ??= type;
  }
  if (bindings.length > 0 || fields.length > 0) return [];
  const scope = functions.filter((fn) => fn.line <= line && line <= fn.end_line).sort((a, b) => b.line - a.line)[0];
  if (!scope && name.startsWith('this.')) return [];
  return [{ scope: scope?.qualified_name ?? '<module>', name, line, type }];
}

/** Every JSDoc block of the source with its type tags. */
function jsDocBlocks(source: string, comments: readonly RegExpExecArray[]): Block[] {
  const blocks: Block[] = [];
  const lineAt = lineCounter(source);
  for (const match of comments) {
    const end = match.index + match[0].length;
    const startLine = lineAt(match.index);
    const line = lineAt(end);
    const tags = typeTags(match[1]);
    if (tags.length === 0) continue;
    const lineEnd = source.indexOf('\n', end);
    blocks.push({ tags, startLine, endLine: line, after: source.slice(end, lineEnd === -1 ? source.length : lineEnd) });
  }
  return blocks;
}

/** The `@param {T} name`, `@return {T}` and `@type {T}` tags of a block's text. */
function typeTags(text: string): Tag[] {
  const tags: Tag[] = [];
  for (let open = text.indexOf('{'); open !== -1; open = text.indexOf('{', open + 1)) {
    const before = text.slice(Math.max(0, open - 16), open);
    const tag = PARAM_TAG.test(before) ? 'param' : RETURN_TAG.test(before) ? 'return' : TYPE_TAG.test(before) ? 'type'
      : TEMPLATE_TAG.test(before) ? 'template' : IMPLEMENTS_TAG.test(before) ? 'implements' : undefined;
    if (!tag) continue;
    const close = closingBracket(text, open);
    if (close < 0) break;
    const type = typeScriptType(text.slice(open + 1, close).replace(/^\s*\*\s?/gm, ' '));
    if (tag === 'template') {
      // `@template {Schema<any>} S`, `@template {string} K, V`: the parameters the constraint bounds;
      // `@template {NormalModule} [TModule=NormalModule]`: one with a default, which stands for it.
      const after = text.slice(close + 1);
      const defaulted = /^\s*\[\s*([A-Za-z_$][\w$]*)\s*=\s*([^\]]+?)\s*\]/.exec(after);
      const names = defaulted?.[1] ?? /^\s*([A-Za-z_$][\w$]*(?:\s*,\s*[A-Za-z_$][\w$]*)*)/.exec(after)?.[1];
      if (names) tags.push({ tag, type: defaulted ? typeScriptType(defaulted[2]) : type, name: names.replace(/\s+/g, '') });
    } else if (tag !== 'param') tags.push({ tag, type });
    else {
      // `name`, `[name]`, `[name=default]`; `options.key` documents a property, not a parameter.
      const name = /^\s*\[?\s*([A-Za-z_$][\w$]*)(?![\w$.])/.exec(text.slice(close + 1))?.[1];
      if (name) tags.push({ tag, type, name });
    }
    open = close;
  }
  return tags;
}

/** `import("m").Name`: what module m exports as Name. */
const WHOLE_IMPORT_TYPE = /^import\(\s*['"][^'"]*['"]\s*\)\.[\w$]+$/;

/** A JSDoc type as TypeScript writes it. */
export function typeScriptType(jsdoc: string): string {
  // `import ('../core/request')` is `import('../core/request')` to TypeScript (undici writes both).
  let type = jsdoc.replace(/\s+/g, ' ').trim().replace(/\bimport \(/g, 'import(');
  // Closure's `function(A, B): R`, the last first: one nested in another's parameters comes later.
  for (let at = type.lastIndexOf('function('); at >= 0 && !/[\w$]/.test(type[at - 1] ?? ''); at = type.lastIndexOf('function(')) {
    const close = closingBracket(type, at + 'function'.length);
    if (close < 0) break;
    const params = splitTopLevel(type.slice(at + 'function('.length, close), ',').filter((p) => p !== '' && !/^(this|new)\s*:/.test(p));
    const colon = /^\s*:\s*/.exec(type.slice(close + 1));
    const returnStart = colon ? close + 1 + colon[0].length : close + 1;
    const returnEnd = colon ? typeEnd(type, returnStart) : returnStart;
    const returned = type.slice(returnStart, returnEnd).trim() || 'void';
    const list = params.map((p, i) => (p.startsWith('...') ? `...a${i}: ${p.slice(3)}[]` : `a${i}: ${p.replace(/=$/, '')}`));
    type = `${type.slice(0, at)}((${list.join(', ')}) => ${returned})${type.slice(returnEnd)}`;
  }
  // A type that is one import type (`import('./internal').Options`) stays one: the file need not name it.
  if (WHOLE_IMPORT_TYPE.test(type)) return type;
  return type
    // `import("./Item").Item` within a type is read as `Item` (the file imports or declares it); a longer path
    // (`import("./dispatcher").default.DispatchHandler`) stays an import type.
    .replace(/\bimport\(\s*['"][^'"]*['"]\s*\)\.(?=[\w$]+(?![\w$.]))/g, '')
    .replace(/\.</g, '<')
    .replace(/\bObject<([^<>]*),([^<>]*)>/g, 'Record<$1,$2>')
    .replace(/(^|[<(,|:] ?)\?(?=[\w$(])([\w$.]+(?:<[^<>]*>)?)/g, '$1$2 | null')
    .replace(/(^|[<(,|:] ?)!(?=[\w$])/g, '$1')
    .replace(/(^|[<(,|: ])\*(?=$|[>),|])/g, '$1any')
    .replace(/=$/, '');
}

/** Where a type starting at `from` ends: a `,`, `|` or unopened closer outside brackets (not an arrow's `=>`), or the end. */
function typeEnd(text: string, from: number): number {
  let depth = 0;
  for (let at = from; at < text.length; at++) {
    const ch = text[at];
    if ('(<[{'.includes(ch)) depth++;
    else if (')]}'.includes(ch) || (ch === '>' && text[at - 1] !== '=')) {
      if (depth === 0) return at;
      depth--;
    } else if (depth === 0 && (ch === ',' || ch === '|' || (ch === '=' && text[at + 1] !== '>'))) return at;
  }
  return text.length;
}

/** The 1-based line of each offset it is asked for, offsets in increasing order: one pass over the source. */
function lineCounter(source: string): (offset: number) => number {
  let line = 1;
  let counted = 0;
  return (offset) => {
    for (let at = source.indexOf('\n', counted); at !== -1 && at < offset; at = source.indexOf('\n', at + 1)) line++;
    counted = Math.max(counted, offset);
    return line;
  };
}
