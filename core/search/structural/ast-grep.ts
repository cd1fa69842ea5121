// @ast-grep/napi for the structural tier: JavaScript, TypeScript and TSX are built in; every other
// supported language comes from its pinned `@ast-grep/lang-<name>` package (a prebuilt parser),
// registered once per process on first use. A language whose package is missing or does not load
// on this platform is reported, never fatal.
import { createRequire } from 'node:module';
import type { LanguageId } from '../../types.js';

type Napi = typeof import('@ast-grep/napi');

/** The ast-grep language of each supported language: built in, or the lang package to register. */
const LANGUAGES: Record<LanguageId, { builtin: string } | { dynamic: string }> = {
  typescript: { builtin: 'TypeScript' },
  tsx: { builtin: 'Tsx' },
  javascript: { builtin: 'JavaScript' },
  python: { dynamic: 'python' },
  go: { dynamic: 'go' },
  rust: { dynamic: 'rust' },
  java: { dynamic: 'java' },
  c: { dynamic: 'c' },
  cpp: { dynamic: 'cpp' },
  csharp: { dynamic: 'csharp' },
  ruby: { dynamic: 'ruby' },
  php: { dynamic: 'php' },
  kotlin: { dynamic: 'kotlin' },
  swift: { dynamic: 'swift' },
  scala: { dynamic: 'scala' },
  lua: { dynamic: 'lua' },
  bash: { dynamic: 'bash' },
};

interface LangPackage {
  libraryPath: string;
  extensions: string[];
  languageSymbol?: string;
  expandoChar?: string;
}

export interface AstGrep {
  napi: Napi;
  /** The ast-grep name of a language, or why it has none here. */
  language(id: LanguageId): { name: string; expando: string } | { unavailable: string };
}

let loaded: AstGrep | undefined;

/** Loads @ast-grep/napi and registers every lang package that loads (once per process). */
export function astGrep(): AstGrep {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const napi = require('@ast-grep/napi') as Napi;
  const registrations: Record<string, LangPackage> = {};
  const expando = new Map<string, string>();
  const unavailable = new Map<string, string>();
  for (const entry of Object.values(LANGUAGES)) {
    if (!('dynamic' in entry)) continue;
    const name = entry.dynamic;
    try {
      const pkg = require(`@ast-grep/lang-${name}`) as LangPackage;
      registrations[name] = {
        libraryPath: pkg.libraryPath,
        extensions: pkg.extensions,
        ...(pkg.languageSymbol ? { languageSymbol: pkg.languageSymbol } : {}),
        ...(pkg.expandoChar ? { expandoChar: pkg.expandoChar } : {}),
      };
      expando.set(name, pkg.expandoChar ?? '$');
    } catch (error) {
      unavailable.set(name, `@ast-grep/lang-${name} does not load here (${(error as Error).message.split('\n')[0]})`);
    }
  }
  napi.registerDynamicLanguage(registrations);
  loaded = {
    napi,
    language(id) {
      const entry = LANGUAGES[id];
      if ('builtin' in entry) return { name: entry.builtin, expando: '$' };
      const reason = unavailable.get(entry.dynamic);
      return reason ? { unavailable: reason } : { name: entry.dynamic, expando: expando.get(entry.dynamic)! };
    },
  };
  return loaded;
}

/**
 * Node kinds of definitions, per ast-grep language and definition keyword. A pattern such as
 * `function $N($$$A) { $$$ }` misses TypeScript functions with a return type or generics, so
 * definition-shaped patterns run as kind rules instead (DESIGN §10).
 */
const DEFINITION_KINDS: Record<string, Record<string, string[]>> = {
  TypeScript: {
    function: ['function_declaration', 'generator_function_declaration', 'function_signature'],
    class: ['class_declaration', 'abstract_class_declaration'], interface: ['interface_declaration'],
    type: ['type_alias_declaration'], enum: ['enum_declaration'], namespace: ['internal_module'], module: ['module'],
  },
  Tsx: {
    function: ['function_declaration', 'generator_function_declaration', 'function_signature'],
    class: ['class_declaration', 'abstract_class_declaration'], interface: ['interface_declaration'],
    type: ['type_alias_declaration'], enum: ['enum_declaration'], namespace: ['internal_module'],
  },
  JavaScript: { function: ['function_declaration', 'generator_function_declaration'], class: ['class_declaration'] },
  python: { def: ['function_definition'], class: ['class_definition'] },
  go: { func: ['function_declaration', 'method_declaration'], type: ['type_spec'] },
  rust: {
    fn: ['function_item', 'function_signature_item'], struct: ['struct_item'], enum: ['enum_item'], trait: ['trait_item'],
    impl: ['impl_item'], mod: ['mod_item'], type: ['type_item'], union: ['union_item'],
  },
  java: {
    class: ['class_declaration'], interface: ['interface_declaration'], enum: ['enum_declaration'], record: ['record_declaration'],
  },
  c: { struct: ['struct_specifier'], enum: ['enum_specifier'], union: ['union_specifier'], typedef: ['type_definition'] },
  cpp: {
    class: ['class_specifier'], struct: ['struct_specifier'], enum: ['enum_specifier'], union: ['union_specifier'],
    namespace: ['namespace_definition'], typedef: ['type_definition'],
  },
  csharp: {
    class: ['class_declaration'], interface: ['interface_declaration'], struct: ['struct_declaration'], enum: ['enum_declaration'],
    record: ['record_declaration'], namespace: ['namespace_declaration'],
  },
  ruby: { def: ['method', 'singleton_method'], class: ['class'], module: ['module'] },
  php: {
    function: ['function_definition', 'method_declaration'], class: ['class_declaration'], interface: ['interface_declaration'],
    trait: ['trait_declaration'], enum: ['enum_declaration'],
  },
  kotlin: { fun: ['function_declaration'], class: ['class_declaration'], interface: ['class_declaration'], object: ['object_declaration'] },
  swift: {
    func: ['function_declaration', 'protocol_function_declaration'], class: ['class_declaration'], struct: ['class_declaration'],
    enum: ['class_declaration'], extension: ['class_declaration'], protocol: ['protocol_declaration'],
  },
  scala: {
    def: ['function_definition', 'function_declaration'], class: ['class_definition'], object: ['object_definition'],
    trait: ['trait_definition'],
  },
  lua: { function: ['function_declaration'] },
  bash: { function: ['function_definition'] },
};

/** The node kinds a definition keyword names in a language (only kinds its grammar has). */
export function definitionKinds(grep: AstGrep, language: string, keyword: string): string[] {
  const kinds = DEFINITION_KINDS[language]?.[keyword] ?? [];
  return kinds.filter((kind) => grep.napi.kind(language, kind) !== 0);
}
