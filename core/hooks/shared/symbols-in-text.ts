// The project's symbols and files a piece of free text names (core/hooks/text/mentions.ts finds
// the candidates): a candidate counts only when the project defines it. Files the text names
// narrow an ambiguous name to the definitions in them.
import type { CallGraph, Definition } from '../../graph/call-graph.js';
import { findMentions, isStrong, type MentionHow } from '../text/mentions.js';
import { definitionsNamed } from './definitions.js';

export interface FoundSymbol {
  /** As the text wrote it (normalised: `Repo.save`). */
  name: string;
  how: MentionHow;
  definitions: Definition[];
}

/** Text read for names: a prompt's opening is where its task is said; a pasted log beyond it is not read. */
const MAX_TEXT = 20_000;

const PATH_TOKEN = /(?<![\w/.-])((?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.[A-Za-z]{1,5})(?![\w/-])/g;

/** Project files the text names, as paths (`src/app.ts`) or unique base names (`app.ts`). */
export function filesInText(graph: CallGraph, text: string): string[] {
  const found = new Set<string>();
  let paths: string[] | undefined;
  for (const match of text.matchAll(PATH_TOKEN)) {
    const token = match[1].replace(/^\.\//, '');
    if (graph.record(token)) {
      found.add(token);
      continue;
    }
    paths ??= graph.paths();
    const suffix = token.includes('/') ? `/${token.replace(/^(\.\.\/)+/, '')}` : `/${token}`;
    const matches = paths.filter((path) => path.endsWith(suffix) || path === token);
    if (matches.length === 1) found.add(matches[0]);
  }
  return [...found];
}

function lookup(graph: CallGraph, name: string, strong: boolean): Definition[] {
  const direct = definitionsNamed(graph, name);
  if (direct.length > 0 || !strong || !name.includes('.')) return direct;
  // `repo.save(x)`, `self.cache.get`: an instance's method, known by its last name.
  return definitionsNamed(graph, name.slice(name.lastIndexOf('.') + 1));
}

/** The symbols `text` names that the project defines, in order of first mention, at most `limit`. */
export function symbolsInText(graph: CallGraph, fullText: string, limit = 6): FoundSymbol[] {
  const text = fullText.slice(0, MAX_TEXT);
  const files = filesInText(graph, text);
  const out: FoundSymbol[] = [];
  const seen = new Set<string>();
  for (const mention of findMentions(text)) {
    if (seen.has(mention.name)) continue;
    seen.add(mention.name);
    let definitions = lookup(graph, mention.name, isStrong(mention.how));
    if (definitions.length === 0) continue;
    // A capitalised word in a sentence is a name only when it names a class or type.
    if (mention.how === 'capitalised' && !definitions.some((def) => def.is_class)) continue;
    const inNamedFiles = definitions.filter((def) => files.includes(def.file));
    if (inNamedFiles.length > 0) definitions = inNamedFiles;
    out.push({ name: mention.name, how: mention.how, definitions });
    if (out.length >= limit) break;
  }
  return out;
}
