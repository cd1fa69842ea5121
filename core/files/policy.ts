// What the index leaves out by default, in one place. Every rule here can be overridden by a
// negation in `.tldrignore` (e.g. `!build/`) except the two directories tldr must never read:
// `.git` (history, not source) and `.tldr` (its own cache).

/** Directories never entered, whatever the ignore files say. */
export const ALWAYS_SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', '.tldr']);

/**
 * Skipped unless a `.tldrignore` negation re-includes them: dependencies, build output, caches
 * and virtualenvs of the common ecosystems. Gitignore syntax; a trailing `/` matches directories
 * at any depth.
 */
export const DEFAULT_IGNORES: readonly string[] = [
  // dependencies
  'node_modules/', 'bower_components/', 'jspm_packages/', 'vendor/', 'Pods/', '.bundle/',
  // build output
  'dist/', 'build/', 'out/', 'target/', '.next/', '.nuxt/', '.svelte-kit/', '.output/', '.turbo/',
  '.parcel-cache/', '.gradle/', 'DerivedData/', '.build/', 'coverage/', '.nyc_output/',
  // language caches and virtual environments
  '__pycache__/', '.venv/', 'venv/', '.tox/', '.nox/', '.mypy_cache/', '.pytest_cache/', '.ruff_cache/',
  '.eggs/', '*.egg-info/',
  // other version control and tool state
  '.hg/', '.svn/', '.cache/', '.terraform/',
];

/**
 * Files larger than this are skipped as `too_large` (override with TLDR_MAX_FILE_BYTES). Real
 * hand-written files pass 1 MB (TypeScript's checker.ts ≈ 3 MB, webpack's javascript/syntax-printer.js
 * 1.66 MB in 49k lines): minified ones are caught by their line length (below), not their size.
 */
export const DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024;

/** A NUL byte within this many leading bytes marks a file as binary (the heuristic git uses). */
export const BINARY_SNIFF_BYTES = 8000;

/**
 * Minified or generated-bundle detection: a file of at least MINIFIED_MIN_BYTES whose mean line
 * length exceeds MINIFIED_MEAN_LINE characters. Hand-written code averages 30–60 characters per
 * line even with a few very long lines; minified bundles average thousands. Names like
 * `x.min.js` are skipped without being read.
 */
export const MINIFIED_MIN_BYTES = 1024;
export const MINIFIED_MEAN_LINE = 200;
export const MINIFIED_NAME = /\.min\.[a-z]+$/i;

export interface SelectionPolicy {
  maxFileBytes: number;
}

export function defaultPolicy(env: NodeJS.ProcessEnv = process.env): SelectionPolicy {
  const fromEnv = Number(env.TLDR_MAX_FILE_BYTES);
  return { maxFileBytes: Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_MAX_FILE_BYTES };
}
