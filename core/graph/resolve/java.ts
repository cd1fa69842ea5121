// Java (and other JVM/.NET package-per-directory languages) import resolution: `com.x.Foo` is the
// file `.../com/x/Foo.java`; `com.x.*` is the directory `.../com/x`.
import { dirOf } from '../file-set.js';
import type { ResolveContext } from './context.js';

/** Files declaring the imported type `a.b.C` (matched by path suffix), best match first. */
export function resolveJavaType(ctx: ResolveContext, qualified: string, extension: string): string[] {
  const parts = qualified.split('.');
  const suffix = `${parts.join('/')}${extension}`;
  return ctx.named(`${parts[parts.length - 1]}${extension}`).filter((file) => file === suffix || file.endsWith(`/${suffix}`));
}

/** Directories holding the package `a.b` (for wildcard imports). */
export function resolveJavaPackage(ctx: ResolveContext, fromFile: string, qualified: string, extension: string): string[] {
  const suffix = qualified.split('.').join('/');
  // Anchor on the importing file's source root: the package directory sits under the same root.
  const dirs: string[] = [];
  for (let dir = dirOf(fromFile); ; dir = dirOf(dir)) {
    const candidate = dir === '' ? suffix : `${dir}/${suffix}`;
    if (ctx.isDir(candidate) && ctx.filesIn(candidate).some((f) => f.endsWith(extension))) dirs.push(candidate);
    if (dir === '') break;
  }
  return dirs;
}
