// `tldr extract <file>`: the file's full record; the text form lists it compactly.
import { queryCommand } from '../command.js';
import type { ExtractArgs } from '../../core/query/extract.js';
import type { FileRecord, FunctionRecord } from '../../core/types.js';

export const extractCommand = queryCommand<ExtractArgs, FileRecord>({
  name: 'extract',
  args: '<file>',
  summary: 'full record of a file: imports, exports, classes, functions (nested too), signatures, docstrings, calls, bindings, errors',
  toArgs: (positional) => ({ file: positional[0] }),
  text: formatRecord,
});

function fn(f: FunctionRecord, indent: string): string {
  const doc = f.doc ? `  # ${f.doc}` : '';
  return `${indent}${f.kind} ${f.qualified_name} L${f.line}-${f.end_line}: ${f.signature}${doc}`;
}

function formatRecord(r: FileRecord): string {
  const out = [`${r.path} (${r.language}, ${r.line_count} lines)${r.doc ? `: ${r.doc}` : ''}`];
  for (const i of r.imports) out.push(`import ${i.module}${i.names.length ? ` {${i.names.join(', ')}}` : ''} L${i.line} (${i.kind})`);
  if (r.exports.length > 0) out.push(`exports: ${r.exports.map((e) => (e.local ? `${e.local} as ${e.name}` : e.name)).join(', ')}`);
  for (const c of r.classes) {
    out.push(`${c.kind} ${c.qualified_name} L${c.line}-${c.end_line}: ${c.signature}${c.doc ? `  # ${c.doc}` : ''}`);
    if (c.fields.length > 0) out.push(`  fields: ${c.fields.map((f) => (f.type ? `${f.name}: ${f.type}` : f.name)).join(', ')}`);
    for (const m of c.methods) out.push(fn(m, '  '));
  }
  for (const f of r.functions) out.push(fn(f, ''));
  for (const c of r.calls) out.push(`call L${c.line} ${c.caller} -> ${c.callee}(${c.arg_count})`);
  for (const b of r.bindings) {
    out.push(`bind L${b.line} ${b.scope}: ${b.name}${b.type ? `: ${b.type}` : ''}${b.init_call ? ` = ${b.init_new ? 'new ' : ''}${b.init_call}()` : ''}`);
  }
  for (const e of r.errors) out.push(`error L${e.line}:${e.column} ${e.message}`);
  return `${out.join('\n')}\n`;
}
