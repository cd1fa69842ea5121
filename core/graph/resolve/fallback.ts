// Module resolution for languages without a dedicated resolver (C/C++ includes, Ruby/PHP/Lua/Bash
// requires, C#/Kotlin/Scala/Swift namespaces): the path relative to the importing file, then to the
// project root, then a unique file with that base name anywhere in the project.
import { baseName, dirOf, joinPath } from '../file-set.js';
import type { ResolveContext } from './context.js';

export function resolveIncludePath(ctx: ResolveContext, fromFile: string, spec: string, extensions: readonly string[]): string | undefined {
  const cleaned = spec.replace(/^[<"']|[>"']$/g, '').trim();
  if (cleaned === '') return undefined;
  // Dotted namespaces (`Foo.Bar`, `foo.bar`) and `::` paths become directories.
  const looksLikePath = /[/\\]/.test(cleaned) || extensions.some((ext) => cleaned.endsWith(ext)) || /\.h(h|pp|xx)?$/.test(cleaned);
  const asPath = looksLikePath ? cleaned.replace(/\\/g, '/') : cleaned.replace(/::|\./g, '/');
  const hasExtension = extensions.some((ext) => asPath.endsWith(ext));
  const variants = hasExtension ? [asPath] : [asPath, ...extensions.map((ext) => asPath + ext)];
  for (const dir of [dirOf(fromFile), '']) {
    for (const variant of variants) {
      const path = joinPath(dir, variant);
      if (path !== undefined && path !== fromFile && ctx.isFile(path)) return path;
    }
  }
  for (const variant of variants) {
    const base = baseName(variant);
    const matches = ctx.named(base).filter((file) => file !== fromFile && (file === variant || file.endsWith(`/${variant}`)));
    if (matches.length === 1) return matches[0];
  }
  return undefined;
}
