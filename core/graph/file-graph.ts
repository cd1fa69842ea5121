// One file's contribution to the project graph: its resolved imports, its call edges and the
// methods it overrides, together with every project path the resolution read.
import type { CallSite, FileRecord } from '../types.js';
import { MODULE_SCOPE, type CallEdge, type FileGraph, type ResolvedImport } from './model.js';
import type { ResolveContext } from './resolve/context.js';
import type { CallTarget, Resolver } from './resolver.js';
import { staticKey } from './resolver.js';
import { libAncestors } from './type-text.js';
import { symbolsOf } from './symbols.js';

const ACCESSORS = new Set(['getter', 'setter']);

export function computeFileGraph(ctx: ResolveContext, resolver: Resolver, record: FileRecord): FileGraph {
  const { value, deps } = ctx.track(() => {
    const symbols = symbolsOf(record);
    const imports: ResolvedImport[] = record.imports.map((imp) => ({
      module: imp.module,
      line: imp.line,
      names: imp.names,
      targets: resolver.importTargets(record.path, imp.module, imp.bindings.map((b) => b.name), symbols.family),
    }));
    const edgeOf = (call: CallSite, target: CallTarget): CallEdge => {
      const edge: CallEdge = {
        from: { file: record.path, name: call.caller },
        callee: call.callee,
        name: call.name,
        line: call.line,
        confidence: target.to ? 'high' : 'low',
        via: target.via === 'external' ? 'name' : target.via,
      };
      if (target.to) edge.to = target.to;
      if (target.instantiates) edge.instantiates = target.instantiates;
      if (target.via === 'external') edge.external = true;
      if (target.bound) edge.bound = target.bound;
      if (target.lib) edge.lib = target.lib;
      if (target.subclassOnly) edge.subclassOnly = true;
      return edge;
    };
    const edges: CallEdge[] = record.calls.flatMap((call) => resolver.resolveCall(record.path, call).map((target) => edgeOf(call, target)));
    const called = new Set(edges.flatMap((edge) => (edge.to ? [`${edge.line}\u0000${edge.from.name}\u0000${edge.to.file}\u0000${edge.to.name}`] : [])));
    // A member read counts where it resolves to a function or a class; an unknown one is no call by
    // name. Most reads are of fields: a name no definition of the project has is not resolved at all,
    // but for a module's `default` (compiled CommonJS: `exports.Debug = debug_1.default`).
    for (const reference of record.references ?? []) {
      if (!ctx.definesName(reference.name) && reference.name !== 'default') continue;
      // `module.exports.fastify = fastify` sets an export: the module's value is not read there.
      if (reference.callee === 'module.exports') continue;
      // Nor does Babel's `module.exports = exports.default` use the default export: it hands it over.
      if (reference.callee === 'exports.default' && reference.caller === MODULE_SCOPE) continue;
      for (const target of resolver.resolveCall(record.path, reference, true)) {
        if (!target.to || target.via === 'constructor') continue;
        // Writing a JS method (`this.ACTION = this.ACTION_RECORD`) replaces it, writing an accessor runs
        // its setter. (pyright lists a Python write among a method's incoming calls: `self.default = default`.)
        if (reference.write && symbols.family === 'js' && !ACCESSORS.has(resolver.symbols(target.to.file)?.functions.get(target.to.name)?.kind ?? '')) continue;
        // The read a call of the same function is made through (`this.run.bind(this)`) is that call.
        if (called.has(`${reference.line}\u0000${reference.caller}\u0000${target.to.file}\u0000${target.to.name}`)) continue;
        const edge = edgeOf(reference, target);
        edge.reference = true;
        edges.push(edge);
      }
    }
    const overrides: FileGraph['overrides'] = [];
    const libOverrides: FileGraph['libOverrides'] = [];
    const bases: FileGraph['bases'] = [];
    for (const [name] of symbols.classes) {
      const cls = resolver.classInfo(record.path, name);
      if (!cls || cls.file !== record.path) continue;
      for (const base of resolver.bases(cls).classes) bases.push({ cls: { file: cls.file, name: cls.name }, base: { file: base.file, name: base.name } });
      const libBases = resolver.libBases(cls);
      for (const [methodName, method] of cls.methods) {
        if (method.file !== record.path || method.fn.kind === 'constructor' || methodName === '__init__') continue;
        // (A static method is the class object's: no instance method of a library type it overrides.)
        if (methodName !== staticKey(method.fn.name)) {
          // The method implements its name in the runtime types the class extends, and in those
          // they extend that declare it (a MessageEvent's preventDefault is Event's).
          for (const lib of libBases.flatMap((base) => [base, ...libAncestors(base, methodName)])) {
            libOverrides.push({ method: { file: record.path, name: method.fn.qualified_name }, lib: `${lib}.${methodName}` });
          }
        }
        const base = resolver.findMethod(cls, methodName, true);
        if (base) {
          overrides.push({
            method: { file: record.path, name: method.fn.qualified_name },
            overridden: { file: base.file, name: base.fn.qualified_name },
          });
        }
      }
    }
    for (const { method, overridden } of [...resolver.objectOverrides(record.path), ...resolver.assignedOverrides(record.path)]) {
      overrides.push({ method: { file: record.path, name: method.qualified_name }, overridden: { file: overridden.file, name: overridden.fn.qualified_name } });
    }
    return { imports, edges, overrides, libOverrides, bases };
  });
  deps.delete(record.path);
  return { path: record.path, language: record.language, ...value, deps: [...deps].sort() };
}
