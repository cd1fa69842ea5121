// Which of the TypeScript service's incoming calls of a method a call's receiver rules out, by the
// checker's own facts. `findReferences` (behind the call hierarchy) lists a call of any method of
// an override family for every member of it — `this.m()` in class A for B.m when A and B only
// share an interface. Issue 11 defines what a call reaches instead: one on an exactly-known
// receiver reaches that class's method only, one through a declared type (a parameter, a field, an
// interface) any method of the family. Per call of the target's name, with D the declaration the
// checker resolves the call to:
// - `super.m()`, `new C().m()`, `v.m()` with `const v = new C()` (with no annotation, or one naming
//   C: `const v: Map<K, V> = new Map()`; a `let` or `var` never assigned again), C a project class
//   or a runtime type (`new Set()`), and `[].concat()` or `v.concat()` with `const v = […]`: exactly
//   D runs; the call reaches the target only when the target is D (never a project subclass's
//   override of a runtime type's method);
// - `this.m()` in a method, field or constructor of class C (arrows look through to theirs): D or an
//   override of it in a subclass of C runs; the call reaches the target when it is D or a method of
//   C or of a class deriving from C;
// - any other receiver, or none: the service's answer stands.
import type * as TS from 'typescript';

/** A node with its parentheses, non-null assertions, type assertions and `satisfies` taken off. */
function unwrap(ts: typeof TS, node: TS.Expression): TS.Expression {
  let at = node;
  while (ts.isParenthesizedExpression(at) || ts.isNonNullExpression(at) || ts.isAsExpression(at) || ts.isTypeAssertionExpression(at) || ts.isSatisfiesExpression(at)) {
    at = at.expression;
  }
  return at;
}

/** The class whose instance `this` is at `node`: arrows see through; any other function has a `this` of its own. */
function thisClass(ts: typeof TS, node: TS.Node): TS.ClassLikeDeclaration | undefined {
  for (let at = node.parent; at; at = at.parent) {
    if (ts.isArrowFunction(at)) continue;
    // Outside any member (a heritage clause, a decorator): not this class's instance.
    if (ts.isClassLike(at)) return undefined;
    const member = ts.isMethodDeclaration(at) || ts.isConstructorDeclaration(at) || ts.isGetAccessorDeclaration(at)
      || ts.isSetAccessorDeclaration(at) || ts.isPropertyDeclaration(at) || ts.isClassStaticBlockDeclaration(at);
    if (!member) {
      if (ts.isFunctionLike(at)) return undefined;
      continue;
    }
    const isStatic = ts.isClassStaticBlockDeclaration(at) || (ts.getCombinedModifierFlags(at as TS.Declaration) & ts.ModifierFlags.Static) !== 0;
    return ts.isClassLike(at.parent) && !isStatic ? at.parent : undefined;
  }
  return undefined;
}

/** Whether class `derived` is `base` or extends it, directly or through other classes (generic ones included). */
function derivesFrom(checker: TS.TypeChecker, derived: TS.ClassLikeDeclaration, base: TS.ClassLikeDeclaration): boolean {
  const target = classSymbol(checker, base);
  const start = classSymbol(checker, derived);
  if (!target || !start) return false;
  const seen = new Set<TS.Symbol>();
  const queue = [start];
  while (queue.length > 0) {
    const symbol = queue.shift()!;
    if (seen.has(symbol)) continue;
    if (symbol === target) return true;
    seen.add(symbol);
    const declared = checker.getDeclaredTypeOfSymbol(symbol);
    if (!declared.isClassOrInterface()) continue;
    for (const baseType of checker.getBaseTypes(declared)) {
      const baseSymbol = baseType.getSymbol();
      if (baseSymbol) queue.push(baseSymbol);
    }
  }
  return false;
}

function classSymbol(checker: TS.TypeChecker, cls: TS.ClassLikeDeclaration): TS.Symbol | undefined {
  return cls.name ? checker.getSymbolAtLocation(cls.name) : checker.getTypeAtLocation(cls).getSymbol();
}

/**
 * Whether `expression` constructs a class named as such (`new C()`, not `new this.ctor()` through a
 * value typed `typeof C`, which may hold a subclass), or is a name bound once to such a
 * construction: `const v = new C()` with no declared type or one naming C, or a `let` or `var` so
 * initialised and never assigned again.
 */
function isConstructed(ts: typeof TS, checker: TS.TypeChecker, expression: TS.Expression): boolean {
  if (ts.isNewExpression(expression)) return constructsClass(ts, checker, expression);
  if (ts.isArrayLiteralExpression(expression)) return true;
  if (!ts.isIdentifier(expression)) return false;
  const symbol = checker.getSymbolAtLocation(expression);
  const declaration = symbol?.valueDeclaration;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer || !ts.isIdentifier(declaration.name)) return false;
  const list = declaration.parent;
  let initializer = unwrap(ts, declaration.initializer);
  // `const v = (o.cache = new Map())`: the value assigned.
  while (ts.isBinaryExpression(initializer) && initializer.operatorToken.kind === ts.SyntaxKind.EqualsToken) initializer = unwrap(ts, initializer.right);
  const made = ts.isArrayLiteralExpression(initializer)
    ? !declaration.type
    : ts.isNewExpression(initializer) && constructsClass(ts, checker, initializer) && (!declaration.type || restates(ts, checker, declaration.type, initializer));
  if (!made || !ts.isVariableDeclarationList(list)) return false;
  return (list.flags & ts.NodeFlags.Const) !== 0 || neverAssigned(ts, checker, declaration.name, symbol!);
}

/** Whether a declared type names the class its construction makes (`const m: Map<K, V> = new Map()`): it only restates it. */
function restates(ts: typeof TS, checker: TS.TypeChecker, type: TS.TypeNode, made: TS.NewExpression): boolean {
  if (!ts.isTypeReferenceNode(type)) return false;
  const named = (symbol: TS.Symbol | undefined) => (symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
  const declared = named(checker.getSymbolAtLocation(type.typeName));
  return declared !== undefined && declared === named(checker.getSymbolAtLocation(made.expression));
}

const ASSIGNMENTS = new Set<TS.SyntaxKind>();
/** neverAssigned's answers: each receiver's declaration is asked about at every call on it. */
const unassigned = new WeakMap<TS.Symbol, boolean>();

/** Whether a `let` or `var` is never assigned after its declaration (in its file: an import of it is read-only): it holds what it was initialised to. */
function neverAssigned(ts: typeof TS, checker: TS.TypeChecker, name: TS.Identifier, symbol: TS.Symbol): boolean {
  let known = unassigned.get(symbol);
  if (known === undefined) unassigned.set(symbol, (known = assignedNowhere(ts, checker, name, symbol)));
  return known;
}

function assignedNowhere(ts: typeof TS, checker: TS.TypeChecker, name: TS.Identifier, symbol: TS.Symbol): boolean {
  if (ASSIGNMENTS.size === 0) {
    for (let kind = ts.SyntaxKind.FirstAssignment; kind <= ts.SyntaxKind.LastAssignment; kind++) ASSIGNMENTS.add(kind);
  }
  const text = name.text;
  const written = (node: TS.Identifier): boolean => {
    let at: TS.Node = node;
    // Destructuring targets: `[a, x] = …`, `({ x } = …)`.
    while (at.parent && (ts.isArrayLiteralExpression(at.parent) || ts.isShorthandPropertyAssignment(at.parent) || ts.isPropertyAssignment(at.parent) || ts.isObjectLiteralExpression(at.parent) || ts.isParenthesizedExpression(at.parent))) at = at.parent;
    const parent = at.parent;
    if (!parent) return false;
    if (ts.isBinaryExpression(parent) && parent.left === at && ASSIGNMENTS.has(parent.operatorToken.kind)) return true;
    if ((ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) && (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken)) return true;
    return (ts.isForInStatement(parent) || ts.isForOfStatement(parent)) && parent.initializer === at;
  };
  const visit = (node: TS.Node): boolean => {
    if (ts.isIdentifier(node) && node !== name && node.text === text && written(node) && checker.getSymbolAtLocation(node) === symbol) return false;
    return ts.forEachChild(node, (child) => (visit(child) ? undefined : true)) !== true;
  };
  return visit(name.getSourceFile());
}

/** Whether `new X(…)` constructs a class: the project's, or a runtime type the default library declares (`new Set()`). */
function constructsClass(ts: typeof TS, checker: TS.TypeChecker, expression: TS.NewExpression): boolean {
  let symbol = checker.getSymbolAtLocation(expression.expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  if (symbol === undefined) return false;
  const declarations = symbol.declarations ?? [];
  return (symbol.flags & ts.SymbolFlags.Class) !== 0 || (declarations.length > 0 && declarations.every((d) => d.getSourceFile().hasNoDefaultLib));
}

export class ReceiverRule {
  constructor(private readonly ts: typeof TS, private readonly checker: TS.TypeChecker) {}

  /** The declarations of the symbol named at `position` (a call hierarchy item's name). */
  declarationsAt(source: TS.SourceFile | undefined, position: number): TS.Declaration[] {
    const name = source && findToken(this.ts, source, position);
    return (name && this.checker.getSymbolAtLocation(name)?.declarations) ?? [];
  }

  /**
   * Whether the reference to the target's name at `position` of `source` is a call whose receiver
   * rules the target out (see the top of this file). `targets` are the target's declarations.
   */
  rulesOut(source: TS.SourceFile, position: number, targets: readonly TS.Declaration[]): boolean {
    const { ts, checker } = this;
    const name = findToken(ts, source, position);
    const access = name?.parent;
    if (!name || !access || !ts.isPropertyAccessExpression(access) || access.name !== name) return false;
    const resolved = new Set(checker.getSymbolAtLocation(name)?.declarations ?? []);
    // A property declared without a value (`override fetch!: T`, `declare m: T`) only retypes
    // what a base class defines: nothing to judge the call by.
    if (resolved.size === 0 || [...resolved].some((d) => ts.isPropertyDeclaration(d) && !d.initializer)) return false;
    const isResolved = targets.some((declaration) => resolved.has(declaration));
    const receiver = unwrap(ts, access.expression);
    if (receiver.kind === ts.SyntaxKind.SuperKeyword || isConstructed(ts, checker, receiver)) return !isResolved;
    if (receiver.kind !== ts.SyntaxKind.ThisKeyword) return false;
    const own = thisClass(ts, receiver);
    if (!own || isResolved) return false;
    const targetClass = targets.map((declaration) => declaration.parent).find((parent) => ts.isClassLike(parent));
    return !targetClass || !derivesFrom(checker, targetClass as TS.ClassLikeDeclaration, own);
  }
}

/** The identifier starting at `position`, if any. */
export function findToken(ts: typeof TS, source: TS.SourceFile, position: number): TS.Identifier | undefined {
  const visit = (node: TS.Node): TS.Identifier | undefined => {
    if (position < node.getFullStart() || position >= node.getEnd()) return undefined;
    if (ts.isIdentifier(node) && node.getStart(source) === position) return node;
    return ts.forEachChild(node, visit);
  };
  return visit(source);
}
