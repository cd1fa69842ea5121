// `signature <name>`: every definition of that name with its signature, location and the first
// line of its docstring; an overloaded function is one definition with every overload signature.
import { callGraphFor } from '../graph/for-index.js';
import { findDefinitions } from '../graph/lookup.js';
import type { OverloadRecord } from '../types.js';
import type { QueryHandler } from './context.js';

export interface SignatureArgs {
  name: string;
}

export interface SignatureResult {
  name: string;
  definitions: Array<{ file: string; line: number; end_line: number; qualified_name: string; kind: string; signature: string; doc?: string; overloads?: OverloadRecord[] }>;
}

export const signature: QueryHandler<SignatureArgs, SignatureResult> = async (ctx, args) => {
  const graph = await callGraphFor(ctx.index);
  const definitions = findDefinitions(graph, args.name);
  return {
    name: args.name,
    definitions: definitions.map((d) => {
      const out: SignatureResult['definitions'][number] = {
        file: d.file, line: d.line, end_line: d.end_line, qualified_name: d.qualified_name, kind: d.kind, signature: d.signature,
      };
      if (d.doc) out.doc = d.doc;
      if (d.overloads) out.overloads = d.overloads;
      return out;
    }),
  };
};
