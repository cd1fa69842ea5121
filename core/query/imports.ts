// `imports <file>`: the file's import statements as records (module, names, bindings, line, kind).
import type { ImportRecord, LanguageId } from '../types.js';
import type { QueryHandler } from './context.js';
import { fileRecord } from './file-record.js';

export interface ImportsArgs {
  file: string;
}

export interface ImportsResult {
  file: string;
  language: LanguageId;
  imports: ImportRecord[];
}

export const imports: QueryHandler<ImportsArgs, ImportsResult> = async (ctx, args) => {
  const record = await fileRecord(ctx, args.file);
  return { file: record.path, language: record.language, imports: record.imports };
};
