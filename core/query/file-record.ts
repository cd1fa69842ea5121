// The record of one user-named file, with the CLI contract's errors: outside the project or
// missing (from resolveInsideRoot), a directory, or a language tldr does not read.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { TldrError } from '../errors.js';
import { resolveInsideRoot } from '../project/root.js';
import type { FileRecord } from '../types.js';
import { LANGUAGES, languageForPath } from '../../grammars/languages.js';
import type { QueryContext } from './context.js';

export function unsupportedLanguage(rel: string): TldrError {
  const extensions = LANGUAGES.flatMap((language) => language.extensions).join(', ');
  return new TldrError(`unsupported language for ${rel}`, `supported: ${extensions}`);
}

/** Project-relative path of a user-given path, and whether it is a directory. */
export function resolveTarget(ctx: QueryContext, userPath: string): { rel: string; isDirectory: boolean } {
  const rel = resolveInsideRoot(ctx.index.root, userPath, ctx.cwd);
  return { rel, isDirectory: statSync(join(ctx.index.root, rel)).isDirectory() };
}

export async function fileRecord(ctx: QueryContext, userPath: string): Promise<FileRecord> {
  const { rel, isDirectory } = resolveTarget(ctx, userPath);
  if (isDirectory) throw new TldrError(`${rel === '' ? userPath : rel} is a directory`, 'give a file');
  if (!languageForPath(rel)) throw unsupportedLanguage(rel);
  return ctx.index.record(rel);
}
