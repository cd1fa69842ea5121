// The search tests' fixture: a small shop in eight languages, copied to a temp directory.
import { cpSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURE = fileURLToPath(new URL('../fixtures/search/shop', import.meta.url));

/** A fresh copy of the shop (a `.gitignore`, a `.tldrignore`, and an ignored generated file). */
export function copyShop(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tldr-search-')));
  cpSync(FIXTURE, root, { recursive: true });
  // Written here: this repository's git would not carry a file the fixture's .gitignore ignores.
  mkdirSync(join(root, 'generated'));
  writeFileSync(join(root, 'generated', 'stubs.ts'), "export function generatedIgnoredMarker(): string {\n  return 'zebracorn-generated';\n}\n");
  return root;
}
