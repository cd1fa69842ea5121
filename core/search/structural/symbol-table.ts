// The project's definitions and call sites by name, for the structural tier: built from the
// records once per records snapshot (the index hands out a new snapshot whenever a file changes,
// so a stale table is never consulted) from per-record parts that survive unchanged files.
import type { ClassRecord, FileRecord, FunctionRecord } from '../../types.js';

export interface DefinitionEntry {
  file: string;
  name: string;
  qualified_name: string;
  /** `function` for functions and methods, `type` for classes, interfaces, structs, … */
  group: 'function' | 'type';
  kind: string;
  line: number;
  end_line: number;
  signature: string;
}

export interface CallEntry {
  file: string;
  line: number;
  /** Callee as written (`this.repo.save`). */
  callee: string;
  name: string;
}

export interface SymbolTable {
  byName: Map<string, DefinitionEntry[]>;
  /** Case-, underscore- and dash-insensitive name → definitions (`get_user` ≡ `getUser` ≡ `GetUser`). */
  byNormalized: Map<string, DefinitionEntry[]>;
  /** Every normalized name, sorted: prefix lookups by binary search. */
  normalizedNames: string[];
  /** Qualified name → definitions. */
  byQualified: Map<string, DefinitionEntry[]>;
  callsByName: Map<string, CallEntry[]>;
}

export function normalizeName(name: string): string {
  return name.replace(/[_\-$]/g, '').toLowerCase();
}

interface RecordPart {
  definitions: DefinitionEntry[];
  calls: CallEntry[];
}

const parts = new WeakMap<FileRecord, RecordPart>();
const tables = new WeakMap<ReadonlyMap<string, FileRecord>, SymbolTable>();

/**
 * Definitions of one record: every named function, method and class. Overload declarations of one
 * name collapse into its implementations (into the last declaration when there is none); several
 * implementations of one name (per-platform variants) stay separate; a type's `impl` blocks (Rust)
 * fold into the type.
 */
export function definitionsOf(record: FileRecord): DefinitionEntry[] {
  return partOf(record).definitions;
}

function partOf(record: FileRecord): RecordPart {
  let part = parts.get(record);
  if (part) return part;
  const groups = new Map<string, Array<FunctionRecord | ClassRecord>>();
  const add = (def: FunctionRecord | ClassRecord, group: DefinitionEntry['group']) => {
    if (def.name.startsWith('<')) return;
    const key = `${group}:${def.qualified_name}`;
    const list = groups.get(key);
    if (list) list.push(def);
    else groups.set(key, [def]);
  };
  for (const fn of record.functions) add(fn, 'function');
  for (const cls of record.classes) {
    add(cls, 'type');
    for (const method of cls.methods) add(method, 'function');
  }
  const definitions: DefinitionEntry[] = [];
  for (const [key, defs] of groups) {
    const group = key.startsWith('function:') ? 'function' : 'type';
    const bodies = defs.filter((def) => !('is_declaration' in def && def.is_declaration) && def.kind !== 'impl');
    const kept = bodies.length > 0 ? bodies : [defs.find((def) => def.kind !== 'impl') ?? defs[defs.length - 1]];
    for (const def of kept) {
      definitions.push({
        file: record.path, name: def.name, qualified_name: def.qualified_name, group, kind: def.kind,
        line: def.line, end_line: def.end_line, signature: def.signature,
      });
    }
  }
  definitions.sort((a, b) => a.line - b.line);
  const calls = record.calls.map((call) => ({ file: record.path, line: call.line, callee: call.callee, name: call.name }));
  part = { definitions, calls };
  parts.set(record, part);
  return part;
}

export function symbolTable(records: ReadonlyMap<string, FileRecord>): SymbolTable {
  let table = tables.get(records);
  if (table) return table;
  table = { byName: new Map(), byNormalized: new Map(), normalizedNames: [], byQualified: new Map(), callsByName: new Map() };
  const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const record of records.values()) {
    const part = partOf(record);
    for (const entry of part.definitions) {
      push(table.byName, entry.name, entry);
      push(table.byNormalized, normalizeName(entry.name), entry);
      push(table.byQualified, entry.qualified_name, entry);
    }
    for (const call of part.calls) push(table.callsByName, call.name, call);
  }
  table.normalizedNames = [...table.byNormalized.keys()].sort();
  tables.set(records, table);
  return table;
}

/** Normalized names starting with `prefix`, in sorted order. */
export function namesWithPrefix(table: SymbolTable, prefix: string): string[] {
  const names = table.normalizedNames;
  let low = 0;
  let high = names.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (names[mid] < prefix) low = mid + 1;
    else high = mid;
  }
  const found: string[] = [];
  for (let i = low; i < names.length && names[i].startsWith(prefix); i++) found.push(names[i]);
  return found;
}
