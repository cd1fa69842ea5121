// The shared control-flow-graph builder. It interprets a language's flow profile over one
// function's mirrored syntax tree; there are no per-language builders.
//
// Nodes are statements and the parts of compound statements that execute on their own (an if's
// condition, a for loop's init/condition/update, a case test, a catch clause binding its
// variable). Short-circuit operators and ternaries are expanded into branches, as are control
// constructs embedded in expressions (Rust/Kotlin `if`/`match`/`when` used as values): their
// parts become nodes that run before the statement holding them, and hand their value to it
// through a synthetic temporary so that data dependences stay exact.
//
// Edge kinds:
//   next         sequential flow
//   true/false   a condition's outcomes (if, loops, case tests, short-circuit operands, typed catch,
//                asserts: false leads where a throw would)
//   fallthrough  from the end of one switch case body into the next
//   loop         back edge from the end of a loop body (or update) to the loop header
//   jump         return, break, continue, goto, and leaving a finally block to resume such a jump
//   exception    from a statement that can throw inside a try to its handler (or finally),
//                from throw/raise, and from the exception exit to the exit
// Finally blocks are built once per way of leaving the try (normal, each pending jump, exception)
// so that control dependences through them stay precise.
import type {
  FlowProfile, FunctionSpec, IfSpec, JumpKind, LoopSpec, SwitchSpec, TrySpec,
} from './profile.js';
import { functionParams, hasToken, select, selectOne } from './profile.js';
import type { SNode, Syntax } from './syntax.js';
import { textOf } from './syntax.js';

export type EdgeKind = 'next' | 'true' | 'false' | 'fallthrough' | 'loop' | 'jump' | 'exception';

export type NodeKind =
  | 'entry' | 'exit' | 'exception_exit' | 'param' | 'statement' | 'expression' | 'condition'
  | 'if' | 'loop' | 'for_init' | 'for_update' | 'switch' | 'case' | 'catch' | 'with'
  | 'return' | 'break' | 'continue' | 'throw' | 'goto' | 'fallthrough' | 'label'
  | 'yield' | 'await' | 'defer' | 'assert';

/** What a node evaluates, for the data-flow pass. */
export interface Region {
  /** Visited as ordinary code (uses; assignments inside define). */
  nodes: SNode[];
  /** Binding positions: identifiers are defined. */
  binds?: SNode[];
  /** Match patterns: identifiers bind unless they name constants. */
  patterns?: SNode[];
  /** Embedded constructs built as their own nodes: skipped, their temporary is used instead. */
  holes?: Map<SNode, string>;
  /** Synthetic temporary this node defines (its value feeds an enclosing statement). */
  defTemp?: string;
  /** Synthetic temporaries this node uses (a switch's discriminant). */
  useTemps?: string[];
  /** Parts of `nodes` that are not code (a jump's label). */
  ignored?: Set<SNode>;
  /** `binds`/`patterns` take effect before `nodes` run (a case guard, a catch filter read the bindings). */
  bindsFirst?: boolean;
  /** Variables read without being written in the node (a bare Go `return` reads the named results). */
  useNames?: string[];
}

export interface CfgNode {
  id: number;
  kind: NodeKind;
  /** 0-based rows of the node's span. */
  startRow: number;
  endRow: number;
  /** Rows inside the span that belong to other nodes (embedded constructs). */
  holes?: [number, number][];
  region?: Region;
  /** Entry, exit, labels: no source lines of their own. */
  synthetic?: boolean;
}

export interface CfgEdge {
  from: number;
  to: number;
  kind: EdgeKind;
}

export interface Cfg {
  nodes: CfgNode[];
  edges: CfgEdge[];
  entry: number;
  exit: number;
  exceptionExit?: number;
  /** Cyclomatic complexity, E − N + 2. */
  complexity: number;
}

interface Pending {
  from: number;
  kind: EdgeKind;
}

interface Jump {
  kind: JumpKind;
  label?: string;
  levels?: number;
}

type Frame =
  | { kind: 'loop'; label?: string; breaks: Pending[]; continues: Pending[]; temp?: string }
  | { kind: 'switch'; label?: string; breaks: Pending[]; fallthroughs: Pending[] }
  | { kind: 'label'; label: string; breaks: Pending[] }
  | { kind: 'try'; exc: Pending[] }
  | { kind: 'finally'; jumps: { jump: Jump; from: Pending[] }[] };

interface Cond {
  t: Pending[];
  f: Pending[];
}

/** Builds the CFG of `fn`, a function node of the mirrored tree. */
export function buildCfg(syntax: Syntax, fn: SNode, profile: FlowProfile): Cfg {
  return new Builder(syntax, profile).build(fn);
}

class Builder {
  private readonly nodes: CfgNode[] = [];
  private readonly edges: CfgEdge[] = [];
  private readonly edgeKeys = new Set<string>();
  private readonly frames: Frame[] = [];
  private protectedDepth = 0;
  private exitId = -1;
  private exceptionExitId: number | undefined;
  private tempCount = 0;
  private resultNames: string[] = [];
  private pendingLabel: string | undefined;
  private readonly labelNodes = new Map<string, number>();
  private readonly gotos: { label: string; from: Pending[] }[] = [];
  private readonly constructTypes: Set<string>;
  private readonly gotoTypes: Set<string>;
  private readonly exitCalls: Set<string>;
  private readonly assertCalls: Set<string>;
  private readonly assertStatements: Set<string>;

  constructor(
    private readonly syntax: Syntax,
    private readonly profile: FlowProfile,
  ) {
    const p = profile;
    this.constructTypes = new Set([
      ...Object.keys(p.ifs), ...Object.keys(p.loops), ...Object.keys(p.switches), ...Object.keys(p.tries),
      ...Object.keys(p.withs ?? {}), ...Object.keys(p.jumps), ...Object.keys(p.ternaries), ...Object.keys(p.labels ?? {}),
      ...p.blocks,
    ]);
    this.gotoTypes = new Set(Object.entries(p.jumps).filter(([, spec]) => spec.kind === 'goto').map(([type]) => type));
    this.exitCalls = new Set(p.exitCalls);
    this.assertCalls = new Set(p.assertCalls);
    this.assertStatements = new Set(p.assertStatements);
  }

  private text = (node: SNode): string => textOf(this.syntax, node);

  build(fn: SNode): Cfg {
    const spec = this.profile.functions[fn.type] as FunctionSpec | undefined;
    const entry = this.addNode('entry', fn.startRow, fn.startRow, undefined, true);
    this.exitId = this.addNode('exit', fn.endRow, fn.endRow, undefined, true);
    let preds: Pending[] = [{ from: entry, kind: 'next' }];
    if (spec) {
      this.resultNames = this.namesIn(select(fn, spec.results));
      for (const param of this.parameters(fn, spec)) {
        preds = [{ from: this.newNode('param', param.startRow, param.endRow, { nodes: [], binds: [param] }, preds), kind: 'next' }];
      }
      const body = select(fn, spec.body);
      preds = this.buildBody(body, preds);
    }
    this.connect(preds, this.exitId);
    this.resolveGotos();
    if (this.exceptionExitId !== undefined) this.edge(this.exceptionExitId, this.exitId, 'exception');
    return {
      nodes: this.nodes,
      edges: this.edges,
      entry,
      exit: this.exitId,
      exceptionExit: this.exceptionExitId,
      complexity: this.edges.length - this.nodes.length + 2,
    };
  }

  private parameters(fn: SNode, spec: FunctionSpec): SNode[] {
    const params = functionParams(fn, spec);
    const data = this.profile.data;
    const binding = new Set([...data.identifiers, ...(data.selfTypes ?? [])]);
    const hasName = (node: SNode): boolean => binding.has(node.type) || node.children.some(hasName);
    return params.filter(hasName);
  }

  /** Variable names declared in parameter-like nodes (types skipped). */
  private namesIn(nodes: SNode[]): string[] {
    const names: string[] = [];
    const identifiers = this.profile.data.identifiers;
    const visit = (n: SNode): void => {
      if (n.field === 'type') return;
      if (identifiers.includes(n.type)) names.push(this.text(n));
      else for (const child of n.children) if (child.named) visit(child);
    };
    for (const n of nodes) visit(n);
    return names;
  }

  // ---------------------------------------------------------------- graph primitives

  private addNode(kind: CfgNode['kind'], startRow: number, endRow: number, region?: Region, synthetic?: boolean): number {
    const id = this.nodes.length;
    const node: CfgNode = { id, kind, startRow, endRow };
    if (region) node.region = region;
    if (synthetic) node.synthetic = true;
    this.nodes.push(node);
    return id;
  }

  /** Adds a node reached from `preds`; a node that can throw inside a try also flows to the handler. */
  private newNode(kind: CfgNode['kind'], startRow: number, endRow: number, region: Region, preds: Pending[], holes?: [number, number][]): number {
    const id = this.addNode(kind, startRow, endRow, region);
    if (holes && holes.length > 0) this.nodes[id].holes = holes;
    this.connect(preds, id);
    if (this.protectedDepth > 0 && this.canThrow(region)) this.dispatch({ kind: 'throw' }, [{ from: id, kind: 'exception' }]);
    return id;
  }

  private edge(from: number, to: number, kind: EdgeKind): void {
    const key = `${from}>${to}>${kind}`;
    if (this.edgeKeys.has(key)) return;
    this.edgeKeys.add(key);
    this.edges.push({ from, to, kind });
  }

  private connect(preds: Pending[], to: number, back = false): void {
    for (const p of preds) this.edge(p.from, to, back && p.kind === 'next' ? 'loop' : p.kind);
  }

  private exceptionExit(): number {
    this.exceptionExitId ??= this.addNode('exception_exit', this.nodes[this.exitId].startRow, this.nodes[this.exitId].endRow, undefined, true);
    return this.exceptionExitId;
  }

  private temp(): string {
    return `\u0000t${this.tempCount++}`;
  }

  // ---------------------------------------------------------------- statements

  private buildBody(body: SNode | SNode[], preds: Pending[], temp?: string): Pending[] {
    const list = Array.isArray(body) ? body : [body];
    let current = preds;
    for (let i = 0; i < list.length; i++) {
      const stmt = list[i];
      if (this.profile.labelSiblings?.includes(stmt.type)) {
        this.pendingLabel = normaliseLabel(this.text(stmt));
        continue;
      }
      current = this.buildStatement(stmt, current, i === list.length - 1 ? temp : undefined);
    }
    return current;
  }

  private takeLabel(): string | undefined {
    const label = this.pendingLabel;
    this.pendingLabel = undefined;
    return label;
  }

  private buildStatement(node: SNode, preds: Pending[], temp?: string): Pending[] {
    const p = this.profile;
    const type = node.type;
    if (!node.named || p.ignore?.includes(type)) return preds;
    const tryStmt = p.tries[type];
    if (tryStmt && (select(node, tryStmt.handlers).length > 0 || select(node, tryStmt.finally).length > 0)) {
      return this.buildTry(node, tryStmt, preds, temp);
    }
    if (p.blocks.includes(type)) return this.buildBody(this.statements(node), preds, temp);
    if (tryStmt) return this.buildBody(select(node, tryStmt.body), preds, temp);
    if (p.wrappers?.includes(type)) {
      const inner = node.children.filter((c) => c.named);
      if (inner.length === 1 && this.isConstruct(inner[0])) return this.buildStatement(inner[0], preds, temp);
    }
    const label = this.takeLabel();
    if (p.ifs[type]) return this.buildIf(node, p.ifs[type], preds, temp, []);
    if (p.loops[type]) return this.buildLoop(node, p.loops[type], preds, temp, label);
    if (p.switches[type]) return this.buildSwitch(node, p.switches[type], preds, temp, label);
    if (p.withs?.[type]) {
      const spec = p.withs[type];
      const items = select(node, spec.items);
      const header = this.newNode('with', node.startRow, lastRow(items, node.startRow), { nodes: items }, preds);
      return this.buildBody(select(node, spec.body), [{ from: header, kind: 'next' }], temp);
    }
    if (p.labels?.[type]) return this.buildLabeled(node, preds, temp);
    if (p.jumps[type] && this.jumpKind(node)) return this.buildJump(node, preds);
    if (p.ternaries[type] || this.isShortCircuit(node) || p.parens.includes(type)) return this.buildExpr(node, preds, temp);
    return this.buildSimple(node, preds, undefined, temp);
  }

  private statements(block: SNode): SNode[] {
    const ignore = this.profile.ignore;
    return block.children.filter((c) => c.named && !(ignore && ignore.includes(c.type)));
  }

  private isConstruct(node: SNode): boolean {
    if (this.profile.jumps[node.type]) return this.jumpKind(node) !== undefined;
    return this.constructTypes.has(node.type) || this.isShortCircuit(node);
  }

  private jumpKind(node: SNode): JumpKind | undefined {
    const spec = this.profile.jumps[node.type];
    if (!spec) return undefined;
    return typeof spec.kind === 'function' ? spec.kind(node, this.text) : spec.kind;
  }

  private isShortCircuit(node: SNode): boolean {
    return this.profile.logical[node.type] !== undefined && this.shortCircuitOp(node) !== undefined;
  }

  private shortCircuitOp(node: SNode): 'and' | 'or' | undefined {
    const sc = this.profile.shortCircuit;
    for (const child of node.children) {
      if (child.named && child.field !== 'operator') continue;
      const op = child.named ? this.text(child) : child.type;
      if (sc.and.includes(op)) return 'and';
      if (sc.or.includes(op) || sc.nullish?.includes(op)) return 'or';
    }
    return undefined;
  }

  /**
   * A statement without sub-statements: one node, preceded by the nodes of any constructs embedded
   * in it (ternaries, short-circuit operands, value-producing if/match).
   */
  private buildSimple(node: SNode, preds: Pending[], kind?: CfgNode['kind'], temp?: string, extra?: Partial<Region>): Pending[] {
    const id = this.simpleNode(node, preds, kind, temp, extra);
    if (id === undefined) return [];
    if (this.isExitCall(node)) {
      this.dispatch({ kind: 'throw' }, [{ from: id, kind: 'exception' }]);
      return [];
    }
    if (this.nodes[id].kind === 'assert') {
      this.dispatch({ kind: 'throw' }, [{ from: id, kind: 'false' }]);
      return [{ from: id, kind: 'true' }];
    }
    return [{ from: id, kind: 'next' }];
  }

  /** Creates the node for `node` after its embedded constructs; undefined when those never complete. */
  private simpleNode(node: SNode, preds: Pending[], kind?: CfgNode['kind'], temp?: string, extra?: Partial<Region>, headerStart?: number): number | undefined {
    const scan = this.scan(node);
    let current = preds;
    const holes = new Map<SNode, string>();
    const rows: [number, number][] = [];
    for (const embedded of scan.embedded) {
      const t = this.temp();
      const before = this.nodes.length;
      current = this.buildExpr(embedded, current, t);
      holes.set(embedded, t);
      if (embedded.endRow > embedded.startRow) rows.push([embedded.startRow + 1, embedded.endRow]);
      if (current.length === 0 && this.nodes.length > before) return undefined;
    }
    // A nested function's body belongs to that function: the statement holding it stands for its
    // first line (and for its last when the statement goes on after it: `});`).
    for (const fn of scan.functions) {
      const last = fn.to >= node.to ? fn.endRow : fn.endRow - 1;
      if (last > fn.startRow) rows.push([fn.startRow + 1, last]);
    }
    const region: Region = { nodes: [node], ...extra };
    if (holes.size > 0) region.holes = holes;
    if (temp) region.defTemp = temp;
    const nodeKind = kind ?? scan.kind;
    const start = headerStart !== undefined ? Math.min(headerStart, node.startRow) : node.startRow;
    const id = this.newNode(nodeKind, start, node.endRow, region, current, rows);
    if (scan.returnsEarly) this.dispatch({ kind: 'return' }, [{ from: id, kind: 'jump' }]);
    return id;
  }

  /** Finds the outermost embedded constructs of a statement (not inside nested functions) and its kind. */
  private scan(node: SNode): { embedded: SNode[]; functions: SNode[]; kind: CfgNode['kind']; returnsEarly: boolean } {
    const p = this.profile;
    const embedded: SNode[] = [];
    const functions: SNode[] = [];
    let kind: CfgNode['kind'] = 'statement';
    let returnsEarly = false;
    let asserts = false;
    if (p.defers?.includes(node.type)) kind = 'defer';
    const visit = (n: SNode, top: boolean): void => {
      if (!n.named) return;
      if (p.functions[n.type]) {
        functions.push(n);
        return;
      }
      if (p.data.scopes?.includes(n.type)) return;
      if (!top && this.isConstruct(n) && !p.parens.includes(n.type) && !this.isWrapperOnly(n)) {
        embedded.push(n);
        return;
      }
      if (kind === 'statement') {
        if (p.yields?.includes(n.type)) kind = 'yield';
        else if (p.awaits?.includes(n.type)) kind = 'await';
      }
      if (p.earlyReturns?.includes(n.type)) returnsEarly = true;
      if (!asserts) asserts = this.assertStatements.has(n.type) || this.callsOneOf(n, this.assertCalls);
      for (const child of n.children) visit(child, false);
    };
    visit(node, true);
    // Whether the statement completes matters more to control flow than a yield or await in it.
    if (asserts && kind !== 'defer') kind = 'assert';
    return { embedded, functions, kind, returnsEarly };
  }

  /** Blocks inside expressions that hold no statements are plain values, not constructs. */
  private isWrapperOnly(n: SNode): boolean {
    return this.profile.blocks.includes(n.type) && n.children.every((c) => !c.named);
  }

  private isExitCall(node: SNode): boolean {
    if (this.exitCalls.size === 0) return false;
    let n = node;
    while (this.profile.wrappers?.includes(n.type)) {
      const inner = n.children.filter((c) => c.named);
      if (inner.length !== 1) return false;
      n = inner[0];
    }
    return this.callsOneOf(n, this.exitCalls);
  }

  /** True when `n` is a call whose callee, as written (`receiver.method` when the call node holds its receiver), is in `names`. */
  private callsOneOf(n: SNode, names: Set<string>): boolean {
    if (names.size === 0) return false;
    const call = this.profile.data.calls[n.type];
    if (!call) return false;
    const callee = selectOne(n, call.callee);
    if (callee === undefined) return false;
    const receiver = selectOne(n, call.receiver);
    return names.has(receiver ? `${this.text(receiver)}.${this.text(callee)}` : this.text(callee));
  }

  private canThrow(region: Region): boolean {
    const throwing = this.profile.throwing;
    const functions = this.profile.functions;
    const holes = region.holes;
    const visit = (n: SNode): boolean => {
      if (!n.named || functions[n.type] || holes?.has(n)) return false;
      // An assert's own failure is its false edge; only its arguments may throw otherwise.
      if (throwing.includes(n.type) && !this.callsOneOf(n, this.assertCalls)) return true;
      return n.children.some(visit);
    };
    return region.nodes.some(visit) || (region.binds ?? []).some(visit);
  }

  // ---------------------------------------------------------------- expressions and conditions

  /** An expression in value position; `temp` receives its value. */
  private buildExpr(node: SNode, preds: Pending[], temp?: string): Pending[] {
    const n = this.unparen(node);
    const p = this.profile;
    if (this.isShortCircuit(n)) {
      const cond = this.buildCond(n, preds, 'condition', temp);
      return mergeOutcomes([...cond.t, ...cond.f]);
    }
    const ternary = p.ternaries[n.type];
    if (ternary) {
      const cond = this.buildCondList(select(n, ternary.cond), preds, 'condition');
      const a = this.buildExprList(select(n, ternary.then), cond.t, temp);
      const b = this.buildExprList(select(n, ternary.else), cond.f, temp);
      return [...a, ...b];
    }
    if (this.isConstruct(n)) return this.buildStatement(n, preds, temp);
    return this.buildSimple(n, preds, 'expression', temp);
  }

  private buildExprList(nodes: SNode[], preds: Pending[], temp?: string): Pending[] {
    if (nodes.length === 0) return preds;
    if (nodes.length === 1) return this.buildExpr(nodes[0], preds, temp);
    return this.buildBody(nodes, preds, temp);
  }

  private unparen(node: SNode): SNode {
    let n = node;
    while (this.profile.parens.includes(n.type)) {
      const inner = n.children.filter((c) => c.named);
      if (inner.length !== 1) break;
      n = inner[0];
    }
    return n;
  }

  /** Several conditions are a conjunction; the first leaf's span starts at `headerStart`. */
  private buildCondList(conds: SNode[], preds: Pending[], kind: CfgNode['kind'], binds?: SNode[], headerStart?: number): Cond {
    if (binds && binds.length === 0) binds = undefined;
    if (conds.length === 0) {
      if (!binds) return { t: preds, f: [] };
      const id = this.newNode(kind, headerStart ?? binds[0].startRow, lastRow(binds, 0), { nodes: [], patterns: binds }, preds);
      return { t: [{ from: id, kind: 'true' }], f: [{ from: id, kind: 'false' }] };
    }
    let t = preds;
    const f: Pending[] = [];
    for (let i = 0; i < conds.length; i++) {
      const last = i === conds.length - 1;
      const c = this.buildCond(conds[i], t, kind, undefined, last ? binds : undefined, i === 0 ? headerStart : undefined);
      t = c.t;
      f.push(...c.f);
    }
    return { t, f };
  }

  private buildCond(node: SNode, preds: Pending[], kind: CfgNode['kind'], temp?: string, binds?: SNode[], headerStart?: number): Cond {
    const n = this.unparen(node);
    const p = this.profile;
    const negation = p.negations?.[n.type];
    if (negation && !binds && negation.ops.some((op) => hasToken(n, op, this.text))) {
      const operand = selectOne(n, negation.operand);
      if (operand) {
        const inner = this.buildCond(operand, preds, kind, temp, undefined, headerStart);
        return { t: inner.f, f: inner.t };
      }
    }
    if (!binds) {
      const op = this.isShortCircuit(n) ? this.shortCircuitOp(n) : undefined;
      const logical = p.logical[n.type];
      if (op && logical) {
        const left = selectOne(n, logical.left);
        const right = selectOne(n, logical.right);
        if (left && right) {
          const a = this.buildCond(left, preds, kind, temp, undefined, headerStart);
          if (op === 'and') {
            const b = this.buildCond(right, a.t, kind, temp);
            return { t: b.t, f: [...a.f, ...b.f] };
          }
          const b = this.buildCond(right, a.f, kind, temp);
          return { t: [...a.t, ...b.t], f: b.f };
        }
      }
      if (this.isConstruct(n) && !p.ternaries[n.type]) {
        const t = this.temp();
        const exits = this.buildStatement(n, preds, t);
        if (exits.length === 0) return { t: [], f: [] };
        const id = this.newNode(kind, n.endRow, n.endRow, { nodes: [], useTemps: [t] }, exits);
        return { t: [{ from: id, kind: 'true' }], f: [{ from: id, kind: 'false' }] };
      }
    }
    const ternary = p.ternaries[n.type];
    if (ternary && !binds) {
      const c = this.buildCondList(select(n, ternary.cond), preds, kind, undefined, headerStart);
      const thenNode = selectOne(n, ternary.then);
      const elseNode = selectOne(n, ternary.else);
      if (thenNode && elseNode) {
        const a = this.buildCond(thenNode, c.t, kind, temp);
        const b = this.buildCond(elseNode, c.f, kind, temp);
        return { t: [...a.t, ...b.t], f: [...a.f, ...b.f] };
      }
    }
    const id = this.simpleNode(n, preds, kind, temp, binds ? { patterns: binds } : undefined, headerStart);
    if (id === undefined) return { t: [], f: [] };
    // `fopen($p) or die()`, `x or raise`: an operand that never returns ends the path.
    if (this.isExitCall(n)) {
      this.dispatch({ kind: 'throw' }, [{ from: id, kind: 'exception' }]);
      return { t: [], f: [] };
    }
    return { t: [{ from: id, kind: 'true' }], f: [{ from: id, kind: 'false' }] };
  }

  // ---------------------------------------------------------------- if

  private buildIf(node: SNode, spec: IfSpec, preds: Pending[], temp: string | undefined, tail: SNode[]): Pending[] {
    let current = preds;
    for (const init of select(node, spec.init)) current = this.buildStatement(init, current);
    const binds = select(node, spec.bind);
    let cond = this.buildCondList(select(node, spec.cond), current, 'if', binds.length > 0 ? binds : undefined, node.startRow);
    if (spec.negate) cond = { t: cond.f, f: cond.t };
    const thenNodes = select(node, spec.then);
    const thenExits = thenNodes.length > 0 ? this.buildBody(thenNodes, cond.t, temp) : cond.t;
    const elseExits = this.buildAlternatives([...select(node, spec.else), ...tail], cond.f, temp);
    return [...thenExits, ...elseExits];
  }

  private buildAlternatives(alternatives: SNode[], preds: Pending[], temp?: string): Pending[] {
    if (alternatives.length === 0) return preds;
    const [first, ...rest] = alternatives;
    const p = this.profile;
    if (p.ifs[first.type]) return this.buildIf(first, p.ifs[first.type], preds, temp, rest);
    const wrapped = p.elses?.[first.type];
    if (wrapped !== undefined) {
      const inner = select(first, wrapped);
      if (inner.length === 1 && p.ifs[inner[0].type]) return this.buildIf(inner[0], p.ifs[inner[0].type], preds, temp, rest);
      return this.buildAlternatives(rest, this.buildBody(inner, preds, temp), temp);
    }
    return this.buildAlternatives(rest, this.buildBody(first, preds, temp), temp);
  }

  // ---------------------------------------------------------------- loops

  private buildLoop(node: SNode, spec: LoopSpec, preds: Pending[], temp: string | undefined, outerLabel?: string): Pending[] {
    const ownLabel = selectOne(node, spec.label);
    const label = ownLabel ? normaliseLabel(this.text(ownLabel)) : outerLabel;
    const frame: Frame = { kind: 'loop', label, breaks: [], continues: [], temp };
    let current = preds;
    for (const init of select(node, spec.init)) current = this.buildForPart(init, current, 'for_init');
    const body = select(node, spec.body);
    const targets = select(node, spec.target);
    const iters = select(node, spec.iter);
    const header = select(node, spec.header);
    let exits: Pending[];
    if (targets.length > 0 || iters.length > 0 || header.length > 0) {
      const parts = [...targets, ...iters, ...header];
      const region: Region = { nodes: [...iters, ...header], binds: targets };
      const head = this.newNode('loop', node.startRow, lastRow(parts, node.startRow), region, current);
      this.frames.push(frame);
      const bodyExits = this.buildBody(body, [{ from: head, kind: 'true' }]);
      this.frames.pop();
      this.connect([...bodyExits, ...frame.continues], head, true);
      exits = [{ from: head, kind: 'false' }];
    } else if (spec.post) {
      const mark = this.nodes.length;
      this.frames.push(frame);
      const bodyExits = this.buildBody(body, current);
      this.frames.pop();
      const condMark = this.nodes.length;
      let cond = this.buildCondList(select(node, spec.cond), [...bodyExits, ...frame.continues], 'loop', select(node, spec.bind));
      if (spec.negate) cond = { t: cond.f, f: cond.t };
      const bodyEntry = mark < condMark ? mark : condMark < this.nodes.length ? condMark : undefined;
      if (bodyEntry !== undefined) this.connect(cond.t, bodyEntry, true);
      exits = cond.f;
    } else {
      const conds = select(node, spec.cond);
      const binds = select(node, spec.bind);
      let head: number;
      let bodyPreds: Pending[];
      if (conds.length === 0 && binds.length === 0) {
        head = this.newNode('loop', node.startRow, node.startRow, { nodes: [] }, current);
        bodyPreds = [{ from: head, kind: 'next' }];
        exits = [];
      } else {
        head = this.nodes.length;
        let cond = this.buildCondList(conds, current, 'loop', binds.length > 0 ? binds : undefined, node.startRow);
        if (spec.negate) cond = { t: cond.f, f: cond.t };
        bodyPreds = cond.t;
        exits = cond.f;
      }
      this.frames.push(frame);
      const bodyExits = this.buildBody(body, bodyPreds);
      this.frames.pop();
      let back = [...bodyExits, ...frame.continues];
      for (const update of select(node, spec.update)) back = this.buildForPart(update, back, 'for_update');
      if (head < this.nodes.length) this.connect(back, head, true);
    }
    const elseBody = select(node, spec.else);
    if (elseBody.length > 0) exits = this.buildBody(elseBody, exits);
    return [...exits, ...frame.breaks];
  }

  private buildForPart(node: SNode, preds: Pending[], kind: CfgNode['kind']): Pending[] {
    if (this.profile.ignore?.includes(node.type)) return preds;
    if (this.isConstruct(node) && !this.isShortCircuit(node) && !this.profile.ternaries[node.type]) return this.buildStatement(node, preds);
    return this.buildSimple(node, preds, kind);
  }

  // ---------------------------------------------------------------- switch / match

  private buildSwitch(node: SNode, spec: SwitchSpec, preds: Pending[], temp: string | undefined, outerLabel?: string): Pending[] {
    const ownLabel = selectOne(node, spec.label);
    const label = ownLabel ? normaliseLabel(this.text(ownLabel)) : outerLabel;
    let current = preds;
    for (const init of select(node, spec.init)) current = this.buildStatement(init, current);
    const value = select(node, spec.value);
    const bound = select(node, spec.bind);
    let discriminant: string | undefined;
    if (value.length > 0) {
      discriminant = this.temp();
      const header = this.simpleNodeList(value, node, current, 'switch', discriminant, bound);
      if (header === undefined) return [];
      current = [{ from: header, kind: 'next' }];
    }
    const cases = select(node, spec.cases);
    // Tests run in order until one matches; bodies are laid out in source order so that
    // fall-through reaches the next body.
    const entries: { body: SNode[]; match: Pending[]; isDefault: boolean; fallthrough: boolean }[] = [];
    let noMatch = current;
    for (const c of cases) {
      const cs = spec.case[c.type];
      if (!cs) continue;
      const tests = select(c, cs.tests);
      const guard = select(c, cs.guard);
      const body = select(c, cs.body);
      const isDefault = this.isDefaultCase(c, tests, cs.default ?? []);
      const fallthrough = cs.fallthrough ?? spec.fallthrough ?? false;
      if (isDefault && guard.length === 0) {
        entries.push({ body, match: [], isDefault: true, fallthrough });
        continue;
      }
      const region: Region = cs.bind ? { nodes: guard, patterns: tests, bindsFirst: true } : { nodes: [...tests, ...guard] };
      if (discriminant) region.useTemps = [discriminant];
      const end = lastRow([...tests, ...guard], c.startRow);
      const test = this.newNode('case', c.startRow, end, region, noMatch);
      entries.push({ body, match: [{ from: test, kind: 'true' }], isDefault: false, fallthrough });
      noMatch = [{ from: test, kind: 'false' }];
    }
    const frame: Frame = { kind: 'switch', label, breaks: [], fallthroughs: [] };
    this.frames.push(frame);
    const exits: Pending[] = [];
    let fall: Pending[] = [];
    const defaultEntry = entries.find((e) => e.isDefault);
    if (defaultEntry) defaultEntry.match = noMatch;
    for (const entry of entries) {
      const into = [...entry.match, ...fall.map((f) => ({ from: f.from, kind: f.kind === 'next' ? ('fallthrough' as const) : f.kind })), ...frame.fallthroughs];
      frame.fallthroughs = [];
      const out = this.buildBody(entry.body, into, temp);
      if (entry.fallthrough) fall = out;
      else {
        fall = [];
        exits.push(...out);
      }
    }
    this.frames.pop();
    exits.push(...fall, ...frame.breaks, ...frame.fallthroughs);
    if (!defaultEntry) exits.push(...noMatch);
    return exits;
  }

  private simpleNodeList(nodes: SNode[], owner: SNode, preds: Pending[], kind: CfgNode['kind'], temp?: string, binds: SNode[] = []): number | undefined {
    if (nodes.length === 1) return this.simpleNode(nodes[0], preds, kind, temp, binds.length > 0 ? { binds } : undefined, owner.startRow);
    const region: Region = { nodes, binds };
    if (temp) region.defTemp = temp;
    return this.newNode(kind, owner.startRow, lastRow(nodes, owner.startRow), region, preds);
  }

  private isDefaultCase(c: SNode, tests: SNode[], markers: string[]): boolean {
    if (markers.length === 0) return tests.length === 0;
    const marked = (n: SNode): boolean => n.children.some((ch) => markers.includes(ch.type) || (ch.named && markers.includes(this.text(ch))));
    if (marked(c)) return true;
    return tests.length === 0 || tests.every((t) => markers.includes(this.text(t)) || marked(t));
  }

  // ---------------------------------------------------------------- try

  private buildTry(node: SNode, spec: TrySpec, preds: Pending[], temp: string | undefined): Pending[] {
    const handlers = select(node, spec.handlers);
    const finallyBody = select(node, spec.finally);
    const finallyFrame: Frame | undefined = finallyBody.length > 0 ? { kind: 'finally', jumps: [] } : undefined;
    const tryFrame: Frame | undefined = handlers.length > 0 ? { kind: 'try', exc: [] } : undefined;
    const depth = this.frames.length;
    if (finallyFrame) this.pushProtected(finallyFrame);
    if (tryFrame) this.pushProtected(tryFrame);
    let current = preds;
    const resources = select(node, spec.resources);
    const bodyMark = this.nodes.length;
    if (resources.length > 0) {
      current = [{ from: this.newNode('with', resources[0].startRow, lastRow(resources, 0), { nodes: resources }, current), kind: 'next' }];
    }
    const bodyExits = this.buildBody(select(node, spec.body), current, handlers.length > 0 ? temp : undefined);
    const normal: Pending[] = [];
    if (tryFrame) {
      this.popProtected();
      if (tryFrame.exc.length === 0) {
        // Nothing in the body was recognised as throwing; any statement still might.
        for (let id = bodyMark; id < this.nodes.length; id++) if (!this.nodes[id].synthetic) tryFrame.exc.push({ from: id, kind: 'exception' });
        if (tryFrame.exc.length === 0) tryFrame.exc.push(...preds.map((p) => ({ from: p.from, kind: 'exception' as const })));
      }
      let incoming: Pending[] = tryFrame.exc;
      for (const handler of handlers) {
        const hs = spec.handler?.[handler.type];
        if (!hs) continue;
        const param = select(handler, hs.param);
        const types = select(handler, hs.types);
        const guard = select(handler, hs.guard);
        const header = [...param, ...types, ...guard];
        const id = this.newNode('catch', handler.startRow, lastRow(header, handler.startRow), { nodes: guard, binds: param, bindsFirst: true }, incoming);
        const typed = types.length > 0 || guard.length > 0;
        normal.push(...this.buildBody(select(handler, hs.body), [{ from: id, kind: typed ? 'true' : 'next' }], temp));
        incoming = typed ? [{ from: id, kind: 'false' }] : [];
        if (!typed) break;
      }
      if (incoming.length > 0) this.dispatch({ kind: 'throw' }, incoming.map((p) => ({ from: p.from, kind: p.kind })));
    }
    const elseBody = select(node, spec.else);
    normal.unshift(...(elseBody.length > 0 ? this.buildBody(elseBody, bodyExits, temp) : bodyExits));
    if (!finallyFrame) return normal;
    this.popProtected();
    if (this.frames.length !== depth) throw new Error('flow: unbalanced frames in try');
    const exits = normal.length > 0 ? this.buildBody(finallyBody, normal) : [];
    const groups = new Map<string, { jump: Jump; from: Pending[] }>();
    for (const pending of finallyFrame.jumps) {
      const key = `${pending.jump.kind}\u0000${pending.jump.label ?? ''}\u0000${pending.jump.levels ?? ''}`;
      const group = groups.get(key);
      if (group) group.from.push(...pending.from);
      else groups.set(key, { jump: pending.jump, from: [...pending.from] });
    }
    for (const { jump, from } of groups.values()) {
      const out = this.buildBody(finallyBody, from);
      const kind: EdgeKind = jump.kind === 'throw' ? 'exception' : 'jump';
      this.dispatch(jump, out.map((p) => ({ from: p.from, kind: p.kind === 'next' ? kind : p.kind })));
    }
    return exits;
  }

  private pushProtected(frame: Frame): void {
    this.frames.push(frame);
    this.protectedDepth++;
  }

  private popProtected(): void {
    this.frames.pop();
    this.protectedDepth--;
  }

  // ---------------------------------------------------------------- labels and jumps

  private buildLabeled(node: SNode, preds: Pending[], temp?: string): Pending[] {
    const spec = this.profile.labels![node.type];
    const labelNode = selectOne(node, spec.label);
    const label = labelNode ? normaliseLabel(this.text(labelNode)) : '';
    const body = select(node, spec.body);
    let current = preds;
    if (this.gotoTypes.size > 0 && label) {
      const id = this.addNode('label', node.startRow, node.startRow, undefined, true);
      this.connect(current, id);
      this.labelNodes.set(label, id);
      current = [{ from: id, kind: 'next' }];
    }
    if (body.length === 1 && (this.profile.loops[body[0].type] || this.profile.switches[body[0].type])) {
      this.pendingLabel = label;
      return this.buildStatement(body[0], current, temp);
    }
    const frame: Frame = { kind: 'label', label, breaks: [] };
    this.frames.push(frame);
    const exits = this.buildBody(body, current, temp);
    this.frames.pop();
    return [...exits, ...frame.breaks];
  }

  private buildJump(node: SNode, preds: Pending[]): Pending[] {
    const spec = this.profile.jumps[node.type];
    const kind = this.jumpKind(node);
    if (!kind) return this.buildSimple(node, preds);
    const labelNode = selectOne(node, spec.label);
    const levelsNode = selectOne(node, spec.levels);
    const jump: Jump = { kind };
    if (labelNode) jump.label = normaliseLabel(this.text(labelNode));
    if (levelsNode) {
      const levels = Number(this.text(levelsNode));
      if (Number.isInteger(levels) && levels > 1) jump.levels = levels;
    }
    const target = kind === 'break' ? this.breakTarget(jump) : undefined;
    const ignored = new Set([labelNode, levelsNode].filter((n): n is SNode => n !== undefined));
    const extra: Partial<Region> = {};
    if (ignored.size > 0) extra.ignored = ignored;
    const bare = node.children.every((c) => !c.named || ignored.has(c));
    if (kind === 'return' && bare && this.resultNames.length > 0) extra.useNames = this.resultNames;
    const id = this.simpleNode(node, preds, kind, target?.kind === 'loop' ? target.temp : undefined, extra);
    if (id === undefined) return [];
    const from: Pending[] = [{ from: id, kind: kind === 'throw' ? 'exception' : 'jump' }];
    if (kind === 'goto') this.gotos.push({ label: jump.label ?? '', from });
    else this.dispatch(jump, from);
    return [];
  }

  private breakTarget(jump: Jump): Frame | undefined {
    let levels = jump.levels ?? 1;
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const f = this.frames[i];
      if (f.kind !== 'loop' && f.kind !== 'switch' && f.kind !== 'label') continue;
      if (jump.label !== undefined ? f.label === jump.label : f.kind !== 'label' && --levels === 0) return f;
    }
    return undefined;
  }

  /** Sends a jump to its target, through any finally blocks on the way. */
  private dispatch(jump: Jump, from: Pending[]): void {
    let levels = jump.levels ?? 1;
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const f = this.frames[i];
      switch (f.kind) {
        case 'finally':
          f.jumps.push({ jump, from });
          return;
        case 'try':
          if (jump.kind === 'throw') {
            f.exc.push(...from);
            return;
          }
          break;
        case 'loop':
          if (jump.kind === 'break' || jump.kind === 'continue') {
            const hit = jump.label !== undefined ? f.label === jump.label : --levels === 0;
            if (hit) {
              (jump.kind === 'break' ? f.breaks : f.continues).push(...from);
              return;
            }
          }
          break;
        case 'switch':
          if (jump.kind === 'fallthrough') {
            f.fallthroughs.push(...from);
            return;
          }
          if (jump.kind === 'break' && (jump.label !== undefined ? f.label === jump.label : --levels === 0)) {
            f.breaks.push(...from);
            return;
          }
          if (jump.kind === 'continue' && this.profile.switchIsLoop && jump.label === undefined && --levels === 0) {
            f.breaks.push(...from);
            return;
          }
          break;
        case 'label':
          if (jump.kind === 'break' && jump.label === f.label) {
            f.breaks.push(...from);
            return;
          }
          break;
      }
    }
    if (jump.kind === 'throw') this.connect(from, this.exceptionExit());
    else this.connect(from, this.exitId);
  }

  private resolveGotos(): void {
    for (const { label, from } of this.gotos) {
      const target = this.labelNodes.get(label);
      this.connect(from, target ?? this.exitId);
    }
  }
}

function lastRow(nodes: SNode[], fallback: number): number {
  let row = fallback;
  for (const n of nodes) if (n.endRow > row) row = n.endRow;
  return row;
}

function normaliseLabel(text: string): string {
  return text.trim().replace(/^@/, '').replace(/[:@]$/, '');
}

/** In value position both outcomes of the last operand continue to the same place. */
function mergeOutcomes(pending: Pending[]): Pending[] {
  const byFrom = new Map<number, Pending[]>();
  for (const p of pending) {
    const list = byFrom.get(p.from);
    if (list) list.push(p);
    else byFrom.set(p.from, [p]);
  }
  const merged: Pending[] = [];
  for (const [from, list] of byFrom) {
    const kinds = new Set(list.map((p) => p.kind));
    if (kinds.has('true') && kinds.has('false')) merged.push({ from, kind: 'next' });
    else merged.push(...list);
  }
  return merged;
}
