// Call sites the TypeScript language service resolves but its call hierarchy does not list: a
// function or class named by an object literal's property (`module.exports = { InvalidArgumentError }`,
// `exports.parse = parse`, a factory's `return { endOfFile, nextToken }`) and called through that
// property (`const { InvalidArgumentError } = require('./errors'); throw new InvalidArgumentError(…)`,
// `util.parseHeaders(…)`, `this.tokenizer.endOfFile()`). The checker resolves such a call to the
// property (go to definition lands there) but find-references stops at it, so incoming calls of the
// definition leave the call out. Its search also skips files that do not import the definition's
// module, where the checker still resolves calls to it (cheerio's `this.html()`, a method merged into
// Cheerio by `interface Cheerio<T> extends typeof Api`), and a call of the closure a function
// returns lands in that function (`getLength(x)` with `getLength = shallowProperty('length')`).
// Here every call's callee is resolved with the checker itself and followed through such
// properties to the definition, a call whose signature is a returned closure counts for the
// function returning it, and so is every member read (the service
// lists a read `m.f` among incoming calls where find-references reaches it). As the service lists
// the read of a member in `this.run.bind(this)`, a member's `call`, `apply` or `bind` counts for the member.
import { relative } from 'node:path';
import type * as TS from 'typescript';
import type { CallSiteKey } from './types.js';

const FUNCTION_METHODS = new Set(['call', 'apply', 'bind']);

/** `file:position` of a declaration's name: the key a definition is looked up by. */
export function declarationKey(ts: typeof TS, declaration: TS.Declaration): string | undefined {
  const name = ts.getNameOfDeclaration(declaration);
  return name ? `${name.getSourceFile().fileName}:${name.getStart()}` : undefined;
}

/** Per definition (declarationKey), the call sites reached through an import or an object literal's property. */
export function propertyCallSites(ts: typeof TS, program: TS.Program, root: string, include: (file: string) => boolean): Map<string, Set<CallSiteKey>> {
  const checker = program.getTypeChecker();
  const sites = new Map<string, Set<CallSiteKey>>();

  /** The symbol a named value stands for: a function or class expression's own name, or the name given. */
  const valueSymbol = (value: TS.Expression): TS.Symbol | undefined => {
    if (ts.isIdentifier(value)) return checker.getSymbolAtLocation(value);
    return (ts.isFunctionExpression(value) || ts.isClassExpression(value)) && value.name ? checker.getSymbolAtLocation(value.name) : undefined;
  };

  /**
   * The symbol a property or name stands for: an export property's value (`{ X }`, `{ y: X }`,
   * `exports.y = X`, `exports.y = function y () {}`), or what `var y = require('./m').y` reads.
   */
  const exportedValue = (symbol: TS.Symbol): TS.Symbol | undefined => {
    for (const declaration of symbol.declarations ?? []) {
      if (ts.isShorthandPropertyAssignment(declaration)) return checker.getShorthandAssignmentValueSymbol(declaration);
      if (ts.isPropertyAssignment(declaration)) return valueSymbol(declaration.initializer);
      if (ts.isVariableDeclaration(declaration) && declaration.initializer && ts.isPropertyAccessExpression(declaration.initializer)
        && ts.isCallExpression(declaration.initializer.expression) && ts.isIdentifier(declaration.initializer.expression.expression)
        && declaration.initializer.expression.expression.text === 'require') return checker.getSymbolAtLocation(declaration.initializer.name);
      const assignment = ts.isBinaryExpression(declaration) ? declaration : declaration.parent;
      if (assignment && ts.isBinaryExpression(assignment) && assignment.operatorToken.kind === ts.SyntaxKind.EqualsToken) return valueSymbol(assignment.right);
    }
    return undefined;
  };

  /** The definition a callee names once aliases and export properties are followed. */
  const resolve = (start: TS.Symbol): TS.Symbol => {
    let symbol = start;
    for (let hops = 0; hops < 16; hops++) {
      if (symbol.flags & ts.SymbolFlags.Alias) {
        const aliased = checker.getAliasedSymbol(symbol);
        if (aliased === symbol) break;
        symbol = aliased;
        continue;
      }
      const value = exportedValue(symbol);
      if (!value || value === symbol) break;
      symbol = value;
    }
    return symbol;
  };

  const calleeName = (callee: TS.Expression): TS.Node | undefined => {
    // `(0, util_1.getNodeKey)(…)`: compiled CommonJS calling an import without a receiver.
    if (ts.isParenthesizedExpression(callee) && ts.isBinaryExpression(callee.expression) && callee.expression.operatorToken.kind === ts.SyntaxKind.CommaToken) {
      return calleeName(callee.expression.right);
    }
    if (ts.isIdentifier(callee)) return callee;
    if (!ts.isPropertyAccessExpression(callee)) return undefined;
    const member = callee.expression;
    return FUNCTION_METHODS.has(callee.name.text) && ts.isPropertyAccessExpression(member) ? member.name : callee.name;
  };

  /** Whether a property access is what an assignment writes (`exports.f = …`): no read. */
  const written = (access: TS.PropertyAccessExpression): boolean =>
    ts.isBinaryExpression(access.parent) && access.parent.left === access && access.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;

  for (const source of program.getSourceFiles()) {
    const file = relative(root, source.fileName).split('\\').join('/');
    if (file.startsWith('..') || !include(file)) continue;
    const add = (name: TS.Node | undefined): void => {
      const symbol = name && checker.getSymbolAtLocation(name);
      if (!symbol) return;
      const target = resolve(symbol);
      const site = `${file}:${source.getLineAndCharacterOfPosition(name.getStart(source)).line + 1}`;
      for (const declaration of target.declarations ?? []) addSite(declaration, site);
    };
    const addSite = (declaration: TS.Declaration, site: CallSiteKey): void => {
      const key = declarationKey(ts, declaration);
      if (key) sites.set(key, (sites.get(key) ?? new Set()).add(site));
    };
    /** A call landing in an anonymous function literal a function returns is that function's (its closure's code is its own). */
    const addClosureCall = (call: TS.CallExpression): void => {
      const literal = checker.getResolvedSignature(call)?.declaration;
      if (!literal || !(ts.isFunctionExpression(literal) || ts.isArrowFunction(literal)) || literal.name) return;
      const returned = ts.isReturnStatement(literal.parent) || (ts.isArrowFunction(literal.parent) && literal.parent.body === literal);
      const owner = returned ? ts.findAncestor(literal.parent, ts.isFunctionLike) : undefined;
      if (owner) addSite(owner, `${file}:${source.getLineAndCharacterOfPosition(call.expression.getEnd()).line + 1}`);
    };
    const visit = (node: TS.Node): void => {
      if (ts.isCallExpression(node)) addClosureCall(node);
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) add(calleeName(node.expression));
      // A member read the service lists among incoming calls where it finds it (`exports.getConnInfo =
      // require_conninfo.getConnInfo`, compiled CommonJS re-exporting through `exports.f = f`).
      else if (ts.isPropertyAccessExpression(node) && !written(node)) add(node.name);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sites;
}
