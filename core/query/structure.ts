// `structure <file|dir>`: definitions per file in the DESIGN §4 shape. `functions` lists
// top-level functions only (nested ones are in `extract`); classes carry their methods. Extra
// fields (kind, qualified_name, imports' kind) ride along. An overloaded function is one entry,
// the implementation's, with its `overloads`.
import type { ClassRecord, FileRecord, FunctionRecord, LanguageId, OverloadRecord } from '../types.js';
import type { QueryHandler } from './context.js';
import { fileRecord, resolveTarget } from './file-record.js';

export interface StructureArgs {
  path: string;
}

export interface StructureFunction {
  name: string;
  qualified_name: string;
  kind: string;
  line: number;
  end_line: number;
  signature: string;
  overloads?: StructureOverload[];
}

export type StructureOverload = Pick<OverloadRecord, 'line' | 'end_line' | 'signature'>;

export interface StructureClass extends Omit<StructureFunction, 'overloads'> {
  methods: StructureFunction[];
}

export interface StructureFile {
  file: string;
  language: LanguageId;
  functions: StructureFunction[];
  classes: StructureClass[];
  imports: Array<{ module: string; names: string[]; line: number; kind: string }>;
}

export type StructureResult = StructureFile | { files: StructureFile[] };

/** A function's overload signatures as the query answers show them, or undefined when it has none. */
function overloadsOf(f: Pick<FunctionRecord, 'overloads'>): StructureOverload[] | undefined {
  return f.overloads?.map((o) => ({ line: o.line, end_line: o.end_line, signature: o.signature }));
}

function fn(f: FunctionRecord): StructureFunction {
  const out: StructureFunction = { name: f.name, qualified_name: f.qualified_name, kind: f.kind, line: f.line, end_line: f.end_line, signature: f.signature };
  const overloads = overloadsOf(f);
  if (overloads) out.overloads = overloads;
  return out;
}

function cls(c: ClassRecord): StructureClass {
  return {
    name: c.name, qualified_name: c.qualified_name, kind: c.kind, line: c.line, end_line: c.end_line, signature: c.signature,
    methods: c.methods.map(fn),
  };
}

export function structureOf(record: FileRecord): StructureFile {
  return {
    file: record.path,
    language: record.language,
    functions: record.functions.filter((f) => f.parent_function === undefined).map(fn),
    classes: record.classes.map(cls),
    imports: record.imports.map((i) => ({ module: i.module, names: i.names, line: i.line, kind: i.kind })),
  };
}

export const structure: QueryHandler<StructureArgs, StructureResult> = async (ctx, args) => {
  const { rel, isDirectory } = resolveTarget(ctx, args.path);
  if (!isDirectory) return structureOf(await fileRecord(ctx, args.path));
  const prefix = rel === '' ? '' : `${rel}/`;
  const files: StructureFile[] = [];
  for (const [path, record] of await ctx.index.records()) {
    if (path.startsWith(prefix)) files.push(structureOf(record));
  }
  return { files };
};
