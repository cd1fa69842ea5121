// Build step (`npm run build`, after tsc): the CLI's ES modules bundled into a few chunk files under
// dist/cli/bundle/, which cli/tldr.cts loads. A CLI process otherwise loads ≈ 90 of tsc's modules
// one by one, at ≈ 0.2 ms each before any of their code runs (the first warm of a 20k-line project:
// ≈ 25 ms of its ≈ 0.5 s). Dynamic imports stay dynamic (a chunk each), so a command loads what it
// did before, in fewer files. The daemon, the workers and `dist/cli/main.js` load tsc's modules.
//
// tsc's output stays where it is and the bundle depends on its layout: every `import.meta.url` in
// a bundled module becomes that module's own URL in dist/ (reached from the chunk), so paths
// resolved from it (the queries, the wasm, the workers, the package root, what the fingerprints
// hash) are the files they were; our CommonJS modules (.cjs) are not bundled but imported from
// where they are, and packages stay packages.
import { rmSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const DIST = fileURLToPath(new URL('../', import.meta.url));
const OUT = join(DIST, 'cli', 'bundle');

/** A file's path from the bundle's directory, as a relative module specifier. */
function fromBundle(file: string): string {
  const path = relative(OUT, file).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

rmSync(OUT, { recursive: true, force: true });
await build({
  input: { program: join(DIST, 'cli', 'program.js') },
  platform: 'node',
  logLevel: 'warn',
  plugins: [
    {
      name: 'tldr-dist-layout',
      resolveId(source, importer) {
        if (!importer) return null;
        if (!source.startsWith('.')) return { id: source, external: true };
        if (source.endsWith('.cjs')) return { id: fromBundle(resolve(dirname(importer), source)), external: true };
        return null;
      },
      transform(code, id) {
        if (!code.includes('import.meta.url')) return null;
        return { code: code.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle(id))}, import.meta.url).href`) };
      },
    },
  ],
  output: { dir: OUT, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
});
