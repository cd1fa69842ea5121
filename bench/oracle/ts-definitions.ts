// The TypeScript compiler's view of a file's definitions, for comparison with tldr's extraction:
// functions and classes that no named definition encloses, the
// classes' methods, constructors, accessors and function-valued properties, and `const f = () => …`
// / `function` expressions / `class` expressions bound by a variable statement. Namespace bodies and anonymous functions
// are transparent (tldr neither qualifies names by them nor lists them). Lines are 1-based, from the
// first token (decorators, `export` included, JSDoc excluded) to the last. An object literal bound
// to a name holds that name's methods and is left out; one passed or returned is looked through.
// An overloaded function or method is one definition (DESIGN §4): its implementation, or its last
// signature when it has none.
import ts from 'typescript';

export interface Definition {
  kind: 'function' | 'class' | 'method';
  name: string;
  line: number;
  end_line: number;
}

export function compilerDefinitions(fileName: string, text: string): Definition[] {
  const kind = /\.[cm]?jsx?$/.test(fileName) ? ts.ScriptKind.JS : fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const out: Definition[] = [];
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  // Overload signatures (bodiless functions and methods) by the definition that replaces them.
  const signatures = new Map<string, Definition>();
  const add = (k: Definition['kind'], name: string, node: ts.Node) => {
    const def = { kind: k, name, line: lineOf(node.getStart(sf)), end_line: lineOf(node.getEnd()) };
    const overloadable = ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node);
    const previous = overloadable ? signatures.get(`${k} ${name}`) : undefined;
    if (previous) out.splice(out.indexOf(previous), 1);
    if (overloadable && !(node as ts.FunctionLikeDeclaration).body) signatures.set(`${k} ${name}`, def);
    else signatures.delete(`${k} ${name}`);
    out.push(def);
  };
  const isFunctionValue = (e: ts.Expression | undefined) => e !== undefined && (ts.isArrowFunction(e) || ts.isFunctionExpression(e));
  // `const Button = forwardRef((props, ref) => …)`, one wrapper deep (`memo(forwardRef(…))`), at a
  // module's top through a wrapper named by a name or a name's member: the function the name holds.
  const isWrapper = (e: ts.Expression): e is ts.CallExpression => ts.isCallExpression(e)
    && (ts.isIdentifier(e.expression) || (ts.isPropertyAccessExpression(e.expression) && ts.isIdentifier(e.expression.expression)));
  // The function is the first argument, or the last after a leading arity (effect's `dual(2, (self, n) => …)`).
  const isWrappedFunction = (e: ts.Expression | undefined, depth = 0): boolean => e !== undefined && isWrapper(e) && e.arguments.length > 0
    && (isFunctionValue(e.arguments[0]) || (depth === 0 && isWrappedFunction(e.arguments[0], 1))
      || (depth === 0 && e.arguments.length === 2 && ts.isNumericLiteral(e.arguments[0]) && isFunctionValue(e.arguments[1])));
  const memberName = (member: ts.ClassElement): string | undefined => {
    if (!member.name) return undefined;
    if (ts.isIdentifier(member.name) || ts.isPrivateIdentifier(member.name) || ts.isStringLiteral(member.name)) return member.name.text;
    return member.name.getText(sf).replace(/\s+/g, ' ');
  };
  const addClass = (node: ts.ClassDeclaration | ts.ClassExpression, name: string, statement: ts.Node = node) => {
    add('class', name, statement);
    for (const member of node.members) {
      const memberKey = memberName(member);
      if (ts.isConstructorDeclaration(member)) add('method', `${name}.constructor`, member);
      else if (!memberKey) continue;
      else if (ts.isMethodDeclaration(member) || ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member)) {
        add('method', `${name}.${memberKey}`, member);
      } else if (ts.isPropertyDeclaration(member) && isFunctionValue(member.initializer)) {
        add('method', `${name}.${memberKey}`, member);
      }
    }
  };
  const isBound = (object: ts.ObjectLiteralExpression) => {
    const parent = object.parent;
    return ts.isVariableDeclaration(parent) || ts.isExportAssignment(parent)
      || (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.right === object);
  };
  // Definitions not inside another named definition; anonymous functions (IIFEs, callbacks) and
  // namespace bodies are transparent, as they are for tldr.
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name) {
      add('function', node.name.text, node);
      return;
    }
    if (ts.isClassDeclaration(node) && node.name) {
      addClass(node, node.name.text);
      return;
    }
    if (ts.isVariableStatement(node) && node.declarationList.declarations.length === 1) {
      const declaration = node.declarationList.declarations[0];
      if (ts.isIdentifier(declaration.name) && isFunctionValue(declaration.initializer)) {
        add('function', declaration.name.text, node);
        return;
      }
      if (ts.isSourceFile(node.parent) && ts.isIdentifier(declaration.name) && isWrappedFunction(declaration.initializer)) {
        add('function', declaration.name.text, node);
        return;
      }
      // `const Link = class { … }` binds a class as `const f = () => …` binds a function.
      if (ts.isIdentifier(declaration.name) && declaration.initializer && ts.isClassExpression(declaration.initializer)) {
        addClass(declaration.initializer, declaration.name.text, node);
        return;
      }
    }
    // `x.y = function…` / `module.exports = class X…` bind functions and classes that tldr names
    // after the assignment; the compiler's declarations do not, so only named classes are compared.
    // (`a[k] = () => …` binds no name: its function is anonymous for both.)
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left)) {
      const right = node.right;
      if (ts.isClassExpression(right) && right.name) return addClass(right, right.name.text);
      if (isFunctionValue(right) || ts.isClassExpression(right)) return;
    }
    // An object bound to a name holds that name's methods (tldr's extra definitions, not compared);
    // one passed or returned is a bag of callbacks, anonymous and transparent like any callback.
    if (ts.isObjectLiteralExpression(node) && isBound(node)) return;
    if (ts.isClassExpression(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}
