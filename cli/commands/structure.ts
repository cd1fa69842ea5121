// `tldr structure <file|dir>`: definitions per file (DESIGN §4 JSON contract).
import { queryCommand } from '../command.js';
import { otherOverloads } from '../../core/extract/overloads.js';
import type { StructureArgs, StructureFile, StructureOverload, StructureResult } from '../../core/query/structure.js';

export const structureCommand = queryCommand<StructureArgs, StructureResult>({
  name: 'structure',
  args: '<path>',
  summary: 'definitions of a file or of every file under a directory: functions, classes with methods, imports',
  toArgs: (positional) => ({ path: positional[0] }),
  text: (result) => ('files' in result ? result.files.map(formatFile).join('\n') : formatFile(result)),
});

function span(line: number, end: number): string {
  return end > line ? `${line}-${end}` : `${line}`;
}

function formatFile(file: StructureFile): string {
  const out = [`${file.file} (${file.language})`];
  if (file.imports.length > 0) out.push(`  imports: ${file.imports.map((i) => i.module).join(', ')}`);
  for (const c of file.classes) {
    out.push(`  ${c.kind} ${c.qualified_name} ${span(c.line, c.end_line)}`);
    for (const m of c.methods) out.push(`    ${memberName(c.qualified_name, m)} ${span(m.line, m.end_line)}: ${m.signature}`, ...overloadLines(m, '      '));
  }
  for (const f of file.functions) out.push(`  ${f.qualified_name} ${span(f.line, f.end_line)}: ${f.signature}`, ...overloadLines(f, '    '));
  return `${out.join('\n')}\n`;
}

/** A method's name under its class: `getType`, or `prototype.getType` beside a static one (core/extract/definitions.ts). */
function memberName(owner: string, method: { name: string; qualified_name: string }): string {
  return method.qualified_name.startsWith(`${owner}.`) ? method.qualified_name.slice(owner.length + 1) : method.name;
}

/** The other overload signatures under their definition's line (the definition's own is on it). */
export function overloadLines(f: { line: number; overloads?: StructureOverload[] }, indent: string): string[] {
  return otherOverloads(f).map((o) => `${indent}overload ${span(o.line, o.end_line)}: ${o.signature}`);
}
