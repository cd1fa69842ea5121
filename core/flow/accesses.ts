// Definitions and uses of variables per CFG node, read off the node's syntax through the
// language's data profile. One walker serves every language.
//
// Modes of the walk: `use` (read), `def` (binding position: strong definition), `defuse`
// (compound assignment, ++: read then written), `weak` (the base of a member/subscript write or
// of a mutating method call: read, and possibly changed without being replaced), `pattern`
// (match patterns: binds unless the name is a constant).
import type { Cfg, CfgNode, Region } from './cfg.js';
import type { DataProfile, FlowProfile } from './profile.js';
import { functionParams, select, selectOne } from './profile.js';
import type { SNode, Syntax } from './syntax.js';
import { textOf } from './syntax.js';

export interface Def {
  name: string;
  /** 0-based row of the defining identifier. */
  row: number;
  /** Weak definitions (writes through a member or index, possible mutation) do not kill. */
  weak: boolean;
}

export interface Use {
  name: string;
  row: number;
}

export interface NodeAccesses {
  defs: Def[];
  uses: Use[];
}

type Mode = 'use' | 'def' | 'defuse' | 'weak' | 'pattern';

/** Synthetic temporaries carry values from embedded constructs to their statement. */
export function isTemp(name: string): boolean {
  return name.charCodeAt(0) === 0;
}

/** A variable declared in an inner block scope is named `name` + U+0001 + the scope's offset. */
const SCOPE_MARK = '\u0001';

/** The variable's name as written in the source. */
export function baseName(name: string): string {
  const mark = name.indexOf(SCOPE_MARK);
  return mark < 0 ? name : name.slice(0, mark);
}

/** A read or write while collecting: where the identifier stands, and for a declaration, its block scope. */
interface Access {
  name: string;
  row: number;
  /** Offset of the identifier; undefined for synthetic accesses. */
  pos?: number;
}

interface DefAccess extends Access {
  weak: boolean;
  /** The block a declaration is scoped to (block-scoped languages, declarations below the function level). */
  scope?: SNode;
}

/** Defs and uses of every node of `cfg`, indexed by node id. */
export function nodeAccesses(syntax: Syntax, cfg: Cfg, profile: FlowProfile): NodeAccesses[] {
  const collectors = cfg.nodes.map((node) => collect(syntax, node, profile));
  if (profile.data.blockScopes) resolveScopes(collectors);
  // A name is local when the function defines it somewhere (parameters included). Calls of
  // non-local names are not variable uses, and only locals can be changed by a method call.
  const selfNames = profile.data.selfNames ?? [];
  const locals = new Set<string>();
  for (const c of collectors) for (const d of c.defs) locals.add(d.name);
  // Where the language marks mutable bindings (Rust `mut`), only those can change through a call.
  const mutable = profile.data.mutableNames?.(syntax.root, (n) => textOf(syntax, n));
  const mutates = (name: string) => {
    const base = baseName(name);
    return locals.has(name) && !selfNames.includes(base) && (!mutable || mutable.has(base));
  };
  // A local closure's writes to captured variables happen when it is called: calls carry them too.
  const effects = new Map<string, string[]>();
  for (const c of collectors) {
    if (c.closureWrites.length === 0) continue;
    const writes = [...new Set(c.closureWrites.map((w) => w.name))];
    for (const d of c.defs) if (!d.weak && c.declared.has(baseName(d.name))) effects.set(d.name, writes);
  }
  const plain = (a: Access): Use => ({ name: a.name, row: a.row });
  return collectors.map((c) => {
    const defs: Def[] = c.defs.map((d) => ({ name: d.name, row: d.row, weak: d.weak }));
    const uses: Use[] = c.uses.map(plain);
    for (const u of c.callees) {
      if (!locals.has(u.name)) continue;
      uses.push(plain(u));
      for (const name of effects.get(u.name) ?? []) {
        if (!locals.has(name)) continue;
        uses.push({ name, row: u.row });
        defs.push({ name, row: u.row, weak: true });
      }
    }
    for (const m of c.mutations) {
      uses.push(plain(m));
      if (mutates(m.name) && !c.selfNames.has(baseName(m.name))) defs.push({ name: m.name, row: m.row, weak: true });
    }
    return { defs, uses };
  });
}

/**
 * Gives each block-scoped declaration its own variable: every access inside the declaration's
 * block (and not inside an inner redeclaration of the same name) is renamed to it.
 */
function resolveScopes(collectors: Collected[]): void {
  const scopes = new Map<string, { from: number; to: number; name: string }[]>();
  for (const c of collectors) {
    for (const d of c.defs) {
      if (!d.scope) continue;
      const list = scopes.get(d.name) ?? [];
      if (!list.some((s) => s.from === d.scope!.from)) list.push({ from: d.scope.from, to: d.scope.to, name: `${d.name}${SCOPE_MARK}${d.scope.from}` });
      scopes.set(d.name, list);
    }
  }
  if (scopes.size === 0) return;
  const rename = (a: Access): void => {
    if (a.pos === undefined) return;
    const list = scopes.get(a.name);
    if (!list) return;
    let best: { from: number; to: number; name: string } | undefined;
    for (const s of list) {
      if (a.pos >= s.from && a.pos < s.to && (!best || s.to - s.from < best.to - best.from)) best = s;
    }
    if (best) a.name = best.name;
  };
  for (const c of collectors) {
    for (const list of [c.defs, c.uses, c.callees, c.mutations, c.closureWrites]) for (const a of list) rename(a);
  }
}

interface Collected {
  defs: DefAccess[];
  uses: Access[];
  callees: Access[];
  mutations: Access[];
  /** Captured variables that nested closures of this node write. */
  closureWrites: Access[];
  /** Names declared inside a closure (parameters, declarations): not captured. */
  declared: Set<string>;
  /** Names a `nonlocal` statement hands back to the enclosing scope. */
  nonlocal: Set<string>;
  selfNames: Set<string>;
}

function collect(syntax: Syntax, node: CfgNode, profile: FlowProfile): Collected {
  const walker = new Walker(syntax, profile, node.region?.holes, node.region?.ignored);
  const region: Region | undefined = node.region;
  if (region) {
    for (const n of region.binds ?? []) walker.walk(n, 'def');
    for (const n of region.patterns ?? []) walker.walk(n, 'pattern');
    const bound = region.bindsFirst ? new Set(walker.out.defs.map((d) => d.name)) : undefined;
    const before = walker.out.uses.length;
    for (const n of region.nodes) walker.walk(n, 'use');
    if (bound) {
      const uses = walker.out.uses;
      walker.out.uses = [...uses.slice(0, before), ...uses.slice(before).filter((u) => !bound.has(u.name))];
    }
    for (const t of region.useTemps ?? []) walker.out.uses.push({ name: t, row: node.startRow });
    const at = region.nodes[0]?.from;
    for (const name of region.useNames ?? []) walker.out.uses.push({ name, row: node.startRow, pos: at });
    if (region.defTemp) walker.out.defs.push({ name: region.defTemp, row: node.endRow, weak: false });
  }
  return walker.out;
}

/** The data profile's lists as sets, built once per profile. */
interface Kinds {
  identifiers: Set<string>;
  selfTypes: Set<string>;
  skip: Set<string>;
  update: Set<string>;
}

const kindsCache = new WeakMap<FlowProfile, Kinds>();

function kindsOf(profile: FlowProfile): Kinds {
  let kinds = kindsCache.get(profile);
  if (!kinds) {
    const data = profile.data;
    kinds = {
      identifiers: new Set(data.identifiers),
      selfTypes: new Set(data.selfTypes ?? []),
      skip: new Set(data.skip),
      update: new Set(data.update),
    };
    kindsCache.set(profile, kinds);
  }
  return kinds;
}

class Walker {
  readonly out: Collected = { defs: [], uses: [], callees: [], mutations: [], closureWrites: [], declared: new Set(), nonlocal: new Set(), selfNames: new Set() };
  private readonly data: DataProfile;
  private readonly identifiers: Set<string>;
  private readonly selfTypes: Set<string>;
  private readonly skip: Set<string>;
  private readonly update: Set<string>;

  constructor(
    private readonly syntax: Syntax,
    private readonly profile: FlowProfile,
    private readonly holes: Map<SNode, string> | undefined,
    private readonly ignored?: Set<SNode>,
  ) {
    this.data = profile.data;
    const kinds = kindsOf(profile);
    this.identifiers = kinds.identifiers;
    this.selfTypes = kinds.selfTypes;
    this.skip = kinds.skip;
    this.update = kinds.update;
  }

  private text(node: SNode): string {
    return textOf(this.syntax, node);
  }

  private skipped(parent: SNode, child: SNode): boolean {
    if (!child.named) return true;
    if (child.field === null) return false;
    const fields = this.data.skipFields;
    return (fields['*']?.includes(child.field) ?? false) || (fields[parent.type]?.includes(child.field) ?? false);
  }

  private record(mode: Mode, node: SNode, declares: boolean): void {
    const name = this.text(node);
    const row = node.startRow;
    const pos = node.from;
    const out = this.out;
    if (this.selfTypes.has(node.type) || this.data.selfNames?.includes(name)) out.selfNames.add(name);
    switch (mode) {
      case 'use':
        out.uses.push({ name, row, pos });
        return;
      case 'def':
        out.defs.push({ name, row, pos, weak: false, scope: declares ? this.scopeOf(node) : undefined });
        if (declares) out.declared.add(name);
        return;
      case 'defuse':
        out.uses.push({ name, row, pos });
        out.defs.push({ name, row, pos, weak: false });
        return;
      case 'weak':
        out.uses.push({ name, row, pos });
        out.defs.push({ name, row, pos, weak: true });
        return;
      case 'pattern':
        if (this.data.constantPattern?.(name)) {
          out.uses.push({ name, row, pos });
        } else {
          out.defs.push({ name, row, pos, weak: false, scope: this.scopeOf(node) });
          out.declared.add(name);
        }
        return;
    }
  }

  /** The innermost block a declaration at `node` is scoped to; undefined for the function scope. */
  private scopeOf(node: SNode): SNode | undefined {
    const block = this.data.blockScopes;
    if (!block) return undefined;
    for (let n = node.parent; n && n !== this.syntax.root; n = n.parent) {
      if (block.functionScoped?.includes(n.type) || this.profile.functions[n.type]) return undefined;
      if (block.scopes.includes(n.type)) return n;
    }
    return undefined;
  }

  walk(node: SNode, mode: Mode, declares = true): void {
    if (this.ignored?.has(node)) return;
    const temp = this.holes?.get(node);
    if (temp !== undefined) {
      this.out.uses.push({ name: temp, row: node.startRow });
      return;
    }
    if (!node.named) return;
    const type = node.type;
    if (this.skip.has(type)) return;
    const data = this.data;
    if (this.profile.functions[type] || data.scopes?.includes(type)) {
      this.closure(node);
      return;
    }
    if (data.nonlocals?.includes(type)) {
      for (const child of node.children) if (this.identifiers.has(child.type)) this.out.nonlocal.add(this.text(child));
      return;
    }
    if (this.identifiers.has(type) || this.selfTypes.has(type)) {
      this.record(mode, node, declares);
      return;
    }
    const assign = data.assign[type];
    if (assign && (!assign.when || assign.when(node, (n) => this.text(n)))) {
      const left = new Set(select(node, assign.left));
      const augmented = assign.augmented || isCompound(node, this.syntax);
      const declaring = assign.declares ?? false;
      const leftMode: Mode = augmented ? 'defuse' : mode === 'pattern' ? 'pattern' : 'def';
      for (const child of node.children) {
        if (this.skipped(node, child)) continue;
        if (left.has(child)) this.walk(child, leftMode, declaring);
        else this.walk(child, 'use');
      }
      return;
    }
    if (this.update.has(type) && node.children.some((c) => !c.named && (c.type === '++' || c.type === '--'))) {
      for (const child of node.children) if (!this.skipped(node, child)) this.walk(child, 'defuse', false);
      return;
    }
    const binds = data.binds[type];
    if (binds) {
      const bound = new Set(select(node, binds));
      for (const child of node.children) {
        if (this.skipped(node, child)) continue;
        this.walk(child, bound.has(child) ? 'def' : mode);
      }
      return;
    }
    const member = data.members[type];
    if (member && mode !== 'use' && mode !== 'pattern' && (!member.when || member.when(node))) {
      const object = selectOne(node, member.object);
      for (const child of node.children) {
        if (this.skipped(node, child)) continue;
        this.walk(child, child === object ? 'weak' : 'use', false);
      }
      return;
    }
    const call = data.calls[type];
    if (call) {
      const receiver = this.unwrap(selectOne(node, call.receiver));
      const callee = receiver ? undefined : selectOne(node, call.callee);
      const method = receiver ? selectOne(node, call.callee) : undefined;
      for (const child of node.children) {
        if (child === callee) this.callee(child);
        else if (receiver && this.unwrap(child) === receiver) this.receiver(receiver, child);
        else if (child !== method && !this.skipped(node, child)) this.walk(child, 'use');
      }
      return;
    }
    const address = data.addressOf?.[type];
    if (address && (!address.when || address.when(node, (n) => this.text(n)))) {
      const operand = selectOne(node, address.operand);
      for (const child of node.children) {
        if (this.skipped(node, child)) continue;
        this.walk(child, child === operand ? 'weak' : 'use', false);
      }
      return;
    }
    const childMode: Mode = mode === 'weak' ? 'use' : mode;
    for (const child of node.children) if (!this.skipped(node, child)) this.walk(child, childMode, declares);
  }

  /** The callee of a call: a local function variable is used; a method call may mutate its receiver. */
  private callee(node: SNode): void {
    if (this.holes?.has(node)) {
      this.walk(node, 'use');
      return;
    }
    if (this.identifiers.has(node.type)) {
      this.out.callees.push({ name: this.text(node), row: node.startRow, pos: node.from });
      return;
    }
    const member = this.data.members[node.type];
    if (member && (!member.when || member.when(node))) {
      const object = this.unwrap(selectOne(node, member.object));
      for (const child of node.children) {
        if (this.skipped(node, child)) continue;
        if (object && this.unwrap(child) === object) this.receiver(object, child);
        else this.walk(child, 'use');
      }
      return;
    }
    this.walk(node, 'use');
  }

  /** The object a method is called on: possibly changed by the call when it is a variable. */
  private receiver(object: SNode, child: SNode): void {
    if (this.identifiers.has(object.type) || this.selfTypes.has(object.type)) {
      if (this.selfTypes.has(object.type)) this.out.selfNames.add(this.text(object));
      this.out.mutations.push({ name: this.text(object), row: object.startRow, pos: object.from });
    } else {
      this.walk(child, 'use');
    }
  }

  private unwrap(node: SNode | undefined): SNode | undefined {
    let n = node;
    while (n && this.profile.parens.includes(n.type)) {
      const inner = n.children.filter((c) => c.named);
      if (inner.length !== 1) break;
      n = inner[0];
    }
    return n;
  }

  /**
   * A nested function or scope: its free variables are uses at the enclosing node, and writes to
   * variables it does not declare are weak definitions there (the closure may run later).
   */
  private closure(node: SNode): void {
    const inner = new Walker(this.syntax, this.profile, this.holes);
    const spec = this.profile.functions[node.type];
    if (spec) {
      const name = selectOne(node, spec.name);
      if (name && this.identifiers.has(name.type)) this.record('def', name, true);
      for (const param of functionParams(node, spec)) inner.walk(param, 'def');
      for (const body of select(node, spec.body)) inner.walk(body, 'use');
    } else {
      for (const child of node.children) inner.walk(child, 'use');
    }
    const got = inner.out;
    const declared = new Set([...got.declared].filter((name) => !got.nonlocal.has(name)));
    for (const use of got.uses) if (!declared.has(use.name)) this.out.uses.push(use);
    for (const callee of got.callees) if (!declared.has(callee.name)) this.out.callees.push(callee);
    for (const m of [...got.mutations, ...got.defs]) {
      if (declared.has(m.name)) continue;
      this.out.mutations.push({ name: m.name, row: m.row, pos: m.pos });
      this.out.closureWrites.push({ name: m.name, row: m.row, pos: m.pos });
    }
    for (const self of got.selfNames) this.out.selfNames.add(self);
  }
}

/** `+=`, `||=`, `.=` …: an assignment whose operator is more than `=` (or `:=`). */
function isCompound(node: SNode, syntax: Syntax): boolean {
  for (const child of node.children) {
    const op = child.named ? (child.field === 'operator' || child.type === 'assignment_operator' ? textOf(syntax, child) : undefined) : child.type;
    if (op === undefined) continue;
    if (op.length >= 2 && op.endsWith('=') && op !== '==' && op !== ':=' && op !== '!=' && op !== '<=' && op !== '>=' && op !== '===') return true;
  }
  return false;
}
