// The one-line errors for files the index will not answer about.
import { TldrError } from '../errors.js';
import type { SelectionPolicy } from '../files/policy.js';
import type { SkipReason } from '../types.js';
import { LANGUAGES } from '../../grammars/languages.js';

export function unsupportedError(rel: string): TldrError {
  const extensions = LANGUAGES.flatMap((language) => language.extensions).join(' ');
  return new TldrError(`unsupported language: ${rel}`, `tldr reads ${extensions}`);
}

export function skipError(rel: string, reason: SkipReason, policy: SelectionPolicy): TldrError {
  switch (reason) {
    case 'binary':
      return new TldrError(`${rel} is a binary file`, 'tldr reads source text only');
    case 'minified':
      return new TldrError(`${rel} looks minified or generated`, 'its lines average over 200 characters; tldr skips such files');
    case 'too_large':
      return new TldrError(`${rel} is larger than the ${policy.maxFileBytes}-byte limit`, 'set TLDR_MAX_FILE_BYTES to raise it');
    case 'unreadable':
      return new TldrError(`cannot read ${rel}`, 'check its permissions');
    case 'unsupported':
      return unsupportedError(rel);
    case 'outside_root':
      return new TldrError(`path is outside the project: ${rel}`);
    case 'symlink_loop':
      return new TldrError(`${rel} is a symlink loop`);
    case 'ignored':
      return new TldrError(`${rel} is excluded by the ignore rules`, 'see .gitignore and .tldrignore');
  }
}
