// Builds a temp copy of the `mixed` fixture project plus the entries git cannot carry or that
// would be ignored by this repository's own .gitignore: dependency and generated directories,
// an oversized file, symlinks (loop, out of the root, dangling, alias), an unreadable file and a
// FIFO.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'projects');

export interface TempProject {
  root: string;
  /** A directory outside the root that a symlink points into. */
  outside: string;
  hasFifo: boolean;
  cleanup(): void;
}

/** Whether this process can read a file whose mode is 000 (true for root). */
export const CAN_READ_MODE_000 = process.getuid?.() === 0;

export function write(root: string, rel: string, content: string | Uint8Array): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), content);
}

export function copyFixture(name: string): { root: string; cleanup(): void } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), `tldr-${name}-`)));
  cpSync(join(FIXTURES, name), root, { recursive: true });
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export function makeMixedProject(): TempProject {
  const { root, cleanup } = copyFixture('mixed');
  const outside = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-outside-')));
  write(outside, 'secret.ts', 'export const secret = 42;\n');

  write(root, 'node_modules/leftpad/index.js', 'module.exports = function leftpad(s) { return s; };\n');
  write(root, 'generated/out.ts', 'export const generated = 1;\n');
  write(root, 'debug.log', 'debug output\n');
  write(root, 'secret.py', 'password = "hunter2"\n');
  write(root, 'src/huge.py', 'value_000000 = 0\n'.repeat(250_000));
  symlinkSync('..', join(root, 'nested', 'loop'));
  symlinkSync(join(outside, 'secret.ts'), join(root, 'src', 'outside.ts'));
  symlinkSync(outside, join(root, 'linked-outside'));
  symlinkSync('missing.ts', join(root, 'src', 'dangling.ts'));
  symlinkSync('app.ts', join(root, 'src', 'alias.ts'));
  write(root, 'src/locked.py', 'def locked():\n    return 1\n');
  chmodSync(join(root, 'src', 'locked.py'), 0o000);
  let hasFifo = true;
  try {
    execFileSync('mkfifo', [join(root, 'src', 'pipe.ts')]);
  } catch {
    hasFifo = false;
  }
  return {
    root,
    outside,
    hasFifo,
    cleanup: () => {
      cleanup();
      rmSync(outside, { recursive: true, force: true });
    },
  };
}
