// `node dist/bench/search-bridge/collect.js <source dir> <out.tsv>`: the documented definitions of
// the training code (fetch.sh), read exactly as the semantic index reads a project's — extracted by
// the project's own extractor, split into documents by fileDocuments(), words normalised by
// terms.ts — one line per definition: its kind, its name's terms, its first doc sentence's terms
// and its whole doc's terms, after the package it comes from (the first folder of its path, the
// first three for Go's host/owner/repository). Test code and undocumented definitions are left out;
// a definition documented the same way under the same name (overloads, copies) is written once.
import { createWriteStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { extractRecord } from '../../core/extract/index.js';
import { fileDocuments } from '../../core/search/semantic/documents.js';
import { termWord } from '../../core/search/semantic/terms.js';
import { languageForPath } from '../../grammars/languages.js';

const [root, out] = process.argv.slice(2);
if (!root || !out) {
  console.error('usage: collect.js <source dir> <out.tsv>');
  process.exit(2);
}

/** Files bigger than this are generated or bundled code, not what people document. */
const MAX_BYTES = 400_000;
const SKIP_DIR = /^(node_modules|vendor|_vendor|dist|build|min|umd|test|tests|testdata|__tests__|benches|examples)$/;

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) {
      if (!SKIP_DIR.test(name)) yield* walk(path);
    } else if (stat.isFile() && stat.size <= MAX_BYTES && !/\.min\.js$/.test(name)) yield path;
  }
}

const words = (ids: number[]) => ids.map(termWord).join(' ');
const sink = createWriteStream(out);
const seen = new Set<string>();
let files = 0;
let written = 0;
for (const path of walk(root)) {
  const language = languageForPath(path);
  if (!language) continue;
  const source = readFileSync(path, 'utf8');
  const rel = relative(root, path);
  let documents;
  try {
    const record = await extractRecord({ path: rel, language: language.id, source, hash: '', size: source.length });
    documents = fileDocuments(record, source);
  } catch {
    continue;
  }
  files++;
  const parts = rel.split('/');
  const group = parts.slice(0, /^[\w-]+\.(com|org|net|io|in|dev)$/.test(parts[0]) ? 3 : 1).join('/');
  for (const doc of documents) {
    const [name, , , summary, full] = doc.fields;
    if (doc.test || full.length === 0 || name.length === 0) continue;
    const line = `${group}\t${doc.kind}\t${words(name)}\t${words(summary)}\t${words(full)}`;
    const key = `${doc.name}\t${words(summary)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    sink.write(`${line}\n`);
    written++;
  }
  if (files % 2000 === 0) console.error(`${files} files, ${written} definitions`);
}
sink.end();
console.error(`${root}: ${files} files, ${written} documented definitions`);
