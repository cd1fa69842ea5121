// `extract <file>`: the file's full record (imports, classes with methods and fields, every
// function including nested ones, exports, calls, bindings, syntax errors).
import type { FileRecord } from '../types.js';
import type { QueryHandler } from './context.js';
import { fileRecord } from './file-record.js';

export interface ExtractArgs {
  file: string;
}

export const extract: QueryHandler<ExtractArgs, FileRecord> = (ctx, args) => fileRecord(ctx, args.file);
