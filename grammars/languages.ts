// The language table: one entry per language. Adding a language is adding an entry here
// plus its query file in grammars/queries/<id>.scm.
import type { LanguageId } from '../core/types.js';

export interface LanguageEntry {
  id: LanguageId;
  /** Lower-case file extensions, with the dot. */
  extensions: string[];
  /** Exact file names (no extension) that belong to the language. */
  filenames?: string[];
  /** Grammar file inside @cursorless/tree-sitter-wasms/out. */
  wasm: string;
}

export const LANGUAGES: readonly LanguageEntry[] = [
  { id: 'typescript', extensions: ['.ts', '.mts', '.cts'], wasm: 'tree-sitter-typescript.wasm' },
  { id: 'tsx', extensions: ['.tsx'], wasm: 'tree-sitter-tsx.wasm' },
  { id: 'javascript', extensions: ['.js', '.mjs', '.cjs', '.jsx'], wasm: 'tree-sitter-javascript.wasm' },
  { id: 'python', extensions: ['.py', '.pyi'], wasm: 'tree-sitter-python.wasm' },
  { id: 'go', extensions: ['.go'], wasm: 'tree-sitter-go.wasm' },
  { id: 'java', extensions: ['.java'], wasm: 'tree-sitter-java.wasm' },
  { id: 'rust', extensions: ['.rs'], wasm: 'tree-sitter-rust.wasm' },
  { id: 'c', extensions: ['.c', '.h'], wasm: 'tree-sitter-c.wasm' },
  { id: 'cpp', extensions: ['.cpp', '.cc', '.cxx', '.hpp', '.hh', '.hxx', '.c++', '.h++'], wasm: 'tree-sitter-cpp.wasm' },
  { id: 'csharp', extensions: ['.cs'], wasm: 'tree-sitter-c_sharp.wasm' },
  { id: 'ruby', extensions: ['.rb', '.rake', '.gemspec'], filenames: ['Rakefile', 'Gemfile'], wasm: 'tree-sitter-ruby.wasm' },
  { id: 'php', extensions: ['.php'], wasm: 'tree-sitter-php.wasm' },
  { id: 'kotlin', extensions: ['.kt', '.kts'], wasm: 'tree-sitter-kotlin.wasm' },
  { id: 'swift', extensions: ['.swift'], wasm: 'tree-sitter-swift.wasm' },
  { id: 'scala', extensions: ['.scala', '.sc'], wasm: 'tree-sitter-scala.wasm' },
  { id: 'lua', extensions: ['.lua'], wasm: 'tree-sitter-lua.wasm' },
  { id: 'bash', extensions: ['.sh', '.bash'], wasm: 'tree-sitter-bash.wasm' },
];

const byExtension = new Map<string, LanguageEntry>();
const byFilename = new Map<string, LanguageEntry>();
const byId = new Map<LanguageId, LanguageEntry>();
for (const entry of LANGUAGES) {
  byId.set(entry.id, entry);
  for (const ext of entry.extensions) byExtension.set(ext, entry);
  for (const name of entry.filenames ?? []) byFilename.set(name, entry);
}

/** The language of a path, from its extension or exact file name; undefined when unsupported. */
export function languageForPath(path: string): LanguageEntry | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const named = byFilename.get(base);
  if (named) return named;
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return undefined;
  return byExtension.get(base.slice(dot).toLowerCase());
}

export function languageById(id: LanguageId): LanguageEntry {
  const entry = byId.get(id);
  if (!entry) throw new Error(`unknown language ${id}`);
  return entry;
}
