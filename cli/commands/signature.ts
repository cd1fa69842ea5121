// `tldr signature <name>`: every definition of a name with its signature.
import { queryCommand } from '../command.js';
import { otherOverloads } from '../../core/extract/overloads.js';
import type { SignatureArgs, SignatureResult } from '../../core/query/signature.js';

export const signatureCommand = queryCommand<SignatureArgs, SignatureResult>({
  name: 'signature',
  args: '<name>',
  summary: 'every definition of a name: signature, file, line, docstring first line',
  toArgs: (positional) => ({ name: positional[0] }),
  text: (result) => `${result.definitions.map(formatDefinition).join('\n')}\n`,
});

/** A definition, then its other overload signatures (an overloaded function is one definition). */
function formatDefinition(d: SignatureResult['definitions'][number]): string {
  const lines = [`${d.file}:${d.line}  ${d.signature}`];
  if (d.doc) lines.push(`    ${d.doc}`);
  for (const o of otherOverloads(d)) {
    lines.push(`  overload L${o.line}  ${o.signature}`);
    if (o.doc) lines.push(`    ${o.doc}`);
  }
  return lines.join('\n');
}
