// `tldr signature <name>`: every definition of a name with its signature.
import { queryCommand } from '../command.js';
import type { SignatureArgs, SignatureResult } from '../../core/query/signature.js';

export const signatureCommand = queryCommand<SignatureArgs, SignatureResult>({
  name: 'signature',
  args: '<name>',
  summary: 'every definition of a name: signature, file, line, docstring first line',
  toArgs: (positional) => ({ name: positional[0] }),
  text: (result) =>
    `${result.definitions.map((d) => `${d.file}:${d.line}  ${d.signature}${d.doc ? `\n    ${d.doc}` : ''}`).join('\n')}\n`,
});
