// One searchable document per function, method and class of a file, its words sorted into the
// fields of DESIGN §7: the name split into words, where it lives (qualified name, file path, the
// first doc sentence of its module and, for a method, of its class), its signature, its docstring
// and comments, the identifiers and strings of its body, and the names it calls. Built from the
// file's record and its current source text.
import type { ClassRecord, FileRecord, FunctionRecord } from '../../types.js';
import { otherOverloads } from '../../extract/overloads.js';
import { firstAtOrAfter, leadingComment, lexFile, pythonDocstring, type LexedFile } from './source-text.js';
import { definitionNameTerms, identifierTerms, terms } from './terms.js';

/** Field order; weights and length normalisation per field live with the ranking (rank.ts). */
export const FIELDS = ['name', 'context', 'signature', 'summary', 'doc', 'body', 'text', 'calls'] as const;
export type FieldName = (typeof FIELDS)[number];
export const FIELD_COUNT = FIELDS.length;

export type DocumentKind = 'function' | 'method' | 'class';

export interface SourceDocument {
  name: string;
  qualified_name: string;
  kind: DocumentKind;
  line: number;
  end_line: number;
  /** One line of the declaration, for previews. */
  signature: string;
  /** Defined in test code, or in examples or benchmarks (they show or measure what questions ask for; rarely are it). */
  test: boolean;
  /** Not part of its module's surface: unexported, a private member, or nested in a function (helpers of what questions ask for). */
  internal: boolean;
  /** Names this definition calls (last segment of each callee), for the call-graph signals. */
  callees: string[];
  /** Term ids (terms.ts termId) per field, in FIELDS order. */
  fields: number[][];
}

/** A source document as the semantic index holds it: its fields as term counts. */
export interface IndexedDocument extends Omit<SourceDocument, 'fields'> {
  file: string;
  /** [termId, tfLow, tfHigh] per distinct term (in no particular order once loaded). */
  entries: Int32Array;
  /** Terms per field. */
  lengths: Uint16Array;
}

/** Test files and directories across ecosystems (`testing/` holds test helpers, which are product code). */
const TEST_PATH = /(^|\/)(tests?|__tests__|spec|specs)\/|(^|\/)tests?\.rs$|(_test\.go|_test\.py|\.test\.[cm]?[jt]sx?|\.spec\.[cm]?[jt]sx?|Tests?\.(java|cs|kt|scala|swift)|_spec\.rb|_test\.rb)$|(^|\/)test_[^/]*\.py$/;
/** Examples, demos and benchmarks: code that uses the project's surface with its words, to show or measure it. */
const EXAMPLE_PATH = /(^|\/)(examples?|demos?|bench|benches|benchmarks?)\//;
const TEST_NAME = /^(test|Test)([A-Z_]|$)|^(it|describe|beforeEach|afterEach)$/;
/** Attributes and annotations that make a function a test: Rust `#[test]`, JUnit `@Test`, xUnit/NUnit/MSTest `[Fact]`. */
const TEST_ATTRIBUTE = /^(#\[(\w+::)*test\]|@(\w+\.)*(Test|ParameterizedTest|RepeatedTest)\b|\[(Test|TestCase|TestMethod|Fact|Theory)\b)/;
/** Private by naming convention: `_helper`, Python's mangled `__name` (not `__dunder__`), JS `#field`. */
const PRIVATE_NAME = /^(_(?!_)|__\w*[^_]$|#)/;
const PRIVATE_MODIFIER = /^(private|protected|fileprivate|internal)$/;
/** Rust's restricted visibility (`pub(crate)`, `pub(super)`, `pub(in path)`): seen inside the crate only, no part of its surface. */
const RUST_RESTRICTED = /^pub\s*\(/;
/** Rust's `#[doc(hidden)]`: public for macros' sake, hidden from the crate's documented surface. */
const HIDDEN_ATTRIBUTE = /^#\[doc\s*\(\s*hidden\s*\)\]/;

function hidden(decorators: string[] | undefined): boolean {
  return (decorators ?? []).some((decorator) => HIDDEN_ATTRIBUTE.test(decorator));
}

/** A Rust class (struct, enum, trait) declared with restricted visibility, from its declaration line. */
function restrictedRustClass(cls: ClassRecord | undefined, record: FileRecord): boolean {
  return record.language === 'rust' && cls !== undefined && RUST_RESTRICTED.test(cls.signature.trim());
}

/**
 * Whether a function is outside its module's surface; top-level visibility is the record's
 * `exported`. A method is as internal as its class: a private or unexported class's methods are
 * helpers too.
 */
function isInternal(fn: FunctionRecord, record: FileRecord, classes: FileClasses): boolean {
  if (fn.parent_function) return true;
  if (record.language === 'rust' && (fn.modifiers ?? []).some((m) => RUST_RESTRICTED.test(m))) return true;
  if (hidden(fn.decorators)) return true;
  if (!fn.class_name) return !fn.exported;
  if (PRIVATE_NAME.test(fn.name) || (fn.modifiers ?? []).some((m) => PRIVATE_MODIFIER.test(m)) || (record.language === 'go' && !fn.exported)) return true;
  if (record.language === 'rust' && !(fn.modifiers ?? []).includes('pub')) {
    // A Rust method without `pub` in an inherent impl is private; a trait impl's are the trait's.
    const block = classes.ofMethod.get(fn);
    if (block?.kind === 'impl' && block.bases.length === 0) return true;
  }
  const owners = fn.qualified_name.split('.').slice(0, -1);
  if (owners.some((owner) => PRIVATE_NAME.test(owner))) return true;
  const outermost = classes.byName.get(owners[0]);
  return outermost !== undefined && (!outermost.exported || restrictedRustClass(outermost, record) || hidden(outermost.decorators));
}

/** A file's classes by the methods they hold and by qualified name (the first one of a name), indexed once. */
interface FileClasses {
  ofMethod: Map<FunctionRecord, ClassRecord>;
  byName: Map<string, ClassRecord>;
}

function fileClasses(record: FileRecord): FileClasses {
  const ofMethod = new Map<FunctionRecord, ClassRecord>();
  const byName = new Map<string, ClassRecord>();
  for (const cls of record.classes) {
    if (!byName.has(cls.qualified_name)) byName.set(cls.qualified_name, cls);
    for (const method of cls.methods) if (!ofMethod.has(method)) ofMethod.set(method, cls);
  }
  return { ofMethod, byName };
}

/** Longest span of a definition read into its body fields; longer bodies add little but cost time. */
const MAX_BODY_LINES = 400;
/** A file's license header is not the doc of the definition under it. */
const LICENSE = /\b(copyright|license|licensed|spdx-license-identifier)\b/i;

/**
 * The first sentence of a doc: what the definition is for, in the author's words. Ends at the
 * first full stop followed by a space or the end of a line, or at a blank line.
 */
export function firstSentence(doc: string): string {
  const text = doc.replace(/^[\s/*#!-]+/gm, (prefix) => (prefix.includes('\n') ? '\n' : ' ')).trim();
  const paragraph = text.split(/\n\s*\n/)[0];
  const stop = paragraph.search(/\.(\s|$)/);
  return stop === -1 ? paragraph : paragraph.slice(0, stop);
}

/** A Markdown code fence on a comment line, under any comment prefix (`* `, `/// `, `//! `, `// `, `# `). */
const FENCE = /^\s*(\*|\/\/[/!]?|#)?\s*```/;
/** A doctest prompt (Python's `>>> `), under any comment prefix: an example up to the next blank line. */
const DOCTEST = /^\s*(\*|\/\/[/!]?|#)?\s*>>>(\s|$)/;
const BLANK = /^\s*(\*|\/\/[/!]?|#)?\s*$/;
/** Preformatted HTML (Javadoc's `<pre>{@code …}</pre>`) and a block opening with `<code>` (C#'s XML docs), to their closing tag. */
const BLOCK_OPEN = /^\s*(\*|\/\/\/?)?\s*(<pre\b|<code>\s*$)/i;
const BLOCK_CLOSE = /<\/(pre|code)>/i;
/** A `//` comment line indented by a tab: Go's preformatted text (gofmt writes a doc's code blocks so). */
const GO_CODE = /^\s*\/\/\t/;

/** A comment or docstring: its prose to `docs`, its examples to `examples`. */
function addDoc(text: string, docs: string[], examples: string[]): void {
  const parts = splitExamples(text);
  docs.push(parts.prose);
  examples.push(parts.code);
}

/** Drops code (fenced or preformatted examples, doctests) from prose, returning both. */
function splitExamples(comment: string): { prose: string; code: string } {
  const prose: string[] = [];
  const code: string[] = [];
  let fenced = false;
  let doctest = false;
  let block = false;
  for (const line of comment.split('\n')) {
    if (!block && FENCE.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (!fenced && !block) {
      doctest = doctest ? !BLANK.test(line) : DOCTEST.test(line);
      block = BLOCK_OPEN.test(line);
    }
    (fenced || doctest || block || GO_CODE.test(line) ? code : prose).push(line);
    if (block && BLOCK_CLOSE.test(line)) block = false;
  }
  // JSDoc tags are markup, not meaning (`@param`, `{@link Foo}` keeps Foo).
  return { prose: prose.join('\n').replace(/@(param|returns?|throws?|see|link|deprecated|example|type|typedef|template|internal|overload)\b/g, ' '), code: code.join('\n') };
}

function pathWords(path: string): string {
  return path.replace(/\.[^./]+$/, '').replace(/[/_.-]/g, ' ');
}

export function fileDocuments(record: FileRecord, text: string): SourceDocument[] {
  const lines = text.split('\n');
  const starts: number[] = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  const firstCode = lines.findIndex((line) => line.trim() !== '');
  const test = TEST_PATH.test(record.path) || EXAMPLE_PATH.test(record.path);
  const path = pathWords(record.path);
  const lexed = lexFile(text, record.language);
  const classIndex = fileClasses(record);
  /** Offset of the start of a 1-based line; the end of the text past the last line. */
  const offset = (line: number) => (line - 1 < starts.length ? starts[Math.max(0, line - 1)] : text.length);
  /** The tokens of lines from..to (1-based, inclusive): identifiers, strings (but the docstring), comments. */
  const span = (from: number, to: number) => {
    const start = offset(from);
    const end = offset(to + 1);
    const docstring = record.language === 'python' ? pythonDocstring(text, lexed, start, end) : -1;
    return { docstring: docstring === -1 ? undefined : lexed.strings[docstring], ...tokensBetween(lexed, start, end, docstring) };
  };
  const comment = (line: number) => {
    const found = leadingComment(lines, line, record.language);
    if (found === '') return found;
    const startsFile = line - 1 - found.split('\n').length <= firstCode;
    return startsFile && LICENSE.test(found) ? '' : found;
  };
  // Callees per function, those of its nested functions included (their code is part of its body).
  const calleesOf = new Map<string, string[]>();
  for (const call of record.calls) {
    for (let end = call.caller.indexOf('.'); ; end = call.caller.indexOf('.', end + 1)) {
      const owner = end === -1 ? call.caller : call.caller.slice(0, end);
      const list = calleesOf.get(owner);
      if (list) list.push(call.name);
      else calleesOf.set(owner, [call.name]);
      if (end === -1) break;
    }
  }
  const documents: SourceDocument[] = [];
  // Every definition lives in its module too: the module's first doc sentence says what it is for.
  const moduleSummary = firstSentence(moduleDoc(record, lines, lexed));

  // Classes' own text (doc, examples, header strings and comments), read once: their documents
  // hold it, and a method lives in its class — the class's first doc sentence says what domain
  // the method serves.
  const classGroups = new Map<string, ClassRecord[]>();
  for (const cls of record.classes) {
    const list = classGroups.get(cls.qualified_name);
    if (list) list.push(cls);
    else classGroups.set(cls.qualified_name, [cls]);
  }
  const classTexts = new Map<string, { docs: string[]; examples: string[]; headers: string[]; summary: string }>();
  for (const [qualified, classes] of classGroups) {
    const docs: string[] = [];
    const examples: string[] = [];
    const headers: string[] = [];
    for (const cls of classes) {
      addDoc(comment(cls.decorated_line ?? cls.line), docs, examples);
      const firstMember = Math.min(cls.end_line, ...cls.methods.map((method) => method.decorated_line ?? method.line));
      const header = span(cls.line, Math.min(firstMember - 1, cls.line + MAX_BODY_LINES));
      if (header.docstring) addDoc(header.docstring, docs, examples);
      headers.push(...header.strings, ...header.comments);
    }
    classTexts.set(qualified, { docs, examples, headers, summary: firstSentence(docs.find((doc) => doc.trim() !== '') ?? '') });
  }

  // Functions and methods, overload declarations folded into their implementation.
  const groups = new Map<string, FunctionRecord[]>();
  const addFunction = (fn: FunctionRecord) => {
    if (fn.name.startsWith('<')) return;
    const list = groups.get(fn.qualified_name);
    if (list) list.push(fn);
    else groups.set(fn.qualified_name, [fn]);
  };
  for (const fn of record.functions) addFunction(fn);
  for (const cls of record.classes) for (const method of cls.methods) addFunction(method);
  for (const [qualified, defs] of groups) {
    const bodies = defs.filter((def) => !def.is_declaration);
    const main = bodies[bodies.length - 1] ?? defs[defs.length - 1];
    const docs: string[] = [];
    const examples: string[] = [];
    // Overload signatures carry their own docs, above their own lines.
    const starts = defs.flatMap((def) => [...otherOverloads(def).map((o) => o.line), def.decorated_line ?? def.line]);
    for (const start of starts) addDoc(comment(start), docs, examples);
    const code = span(main.line, Math.min(main.end_line, main.line + MAX_BODY_LINES));
    if (code.docstring) addDoc(code.docstring, docs, examples);
    const summary = firstSentence(docs.find((doc) => doc.trim() !== '') ?? '');
    const callees = [...new Set(calleesOf.get(qualified) ?? [])];
    const owner = qualified.slice(0, Math.max(0, qualified.length - main.name.length - 1));
    documents.push({
      name: main.name,
      qualified_name: qualified,
      kind: main.class_name ? 'method' : 'function',
      line: main.line,
      end_line: main.end_line,
      signature: main.signature,
      test: test || TEST_NAME.test(main.name) || (main.decorators ?? []).some((decorator) => TEST_ATTRIBUTE.test(decorator)),
      internal: isInternal(main, record, classIndex),
      callees,
      fields: [
        definitionNameTerms(main.name),
        terms(`${owner} ${path} ${classTexts.get(owner)?.summary ?? ''} ${moduleSummary}`),
        terms(defs.flatMap((def) => [def, ...(def.overloads ?? []).map((o) => ({ ...def, signature: o.signature }))]).map(signatureRest).join(' ')),
        terms(summary),
        terms(docs.join('\n')),
        identifierTerms(text, lexed.identifierAt, lexed.identifierEnd, code.identifiers[0], code.identifiers[1], main.name),
        terms([...code.strings, ...code.comments, ...examples].join('\n')),
        terms(callees.join(' ')),
      ],
    });
  }

  // Classes: their own doc and members, not the bodies of their methods (those are documents).
  for (const [qualified, classes] of classGroups) {
    const main = classes.find((cls) => cls.kind !== 'impl') ?? classes[0];
    const { docs, examples, headers, summary } = classTexts.get(qualified)!;
    const members = classes.flatMap((cls) => [...cls.methods.map((method) => method.name), ...cls.fields.map((field) => field.name)]);
    const owner = qualified.slice(0, Math.max(0, qualified.length - main.name.length - 1));
    documents.push({
      name: main.name,
      qualified_name: qualified,
      kind: 'class',
      line: main.line,
      end_line: main.end_line,
      signature: main.signature,
      test: test || TEST_NAME.test(main.name),
      internal: !main.exported || restrictedRustClass(main, record) || hidden(main.decorators),
      callees: [],
      fields: [
        definitionNameTerms(main.name),
        terms(`${owner} ${path} ${moduleSummary}`),
        terms(classes.flatMap((cls) => cls.bases).join(' ')),
        terms(summary),
        terms(docs.join('\n')),
        terms(members.filter((member) => !member.startsWith('<')).join(' ')),
        terms([...headers, ...examples].join('\n')),
        [],
      ],
    });
  }
  return documents;
}

/**
 * What a file says it is for: a Go package's doc comment, a Python module's docstring, else a
 * comment that opens the file — a license is not.
 */
function moduleDoc(record: FileRecord, lines: readonly string[], lexed: LexedFile): string {
  let found = '';
  if (record.language === 'go') {
    const at = lines.findIndex((line) => /^package\s/.test(line));
    if (at !== -1) found = leadingComment(lines, at + 1, record.language);
  } else {
    const firstIdentifier = lexed.identifierAt[0] ?? Infinity;
    if (record.language === 'python' && (lexed.stringAt[0] ?? Infinity) < firstIdentifier) found = lexed.strings[0];
    else if ((lexed.commentAt[0] ?? Infinity) < firstIdentifier) found = lexed.comments[0];
  }
  return LICENSE.test(found) ? '' : splitExamples(found).prose;
}

/** Tokens with offsets in [start, end): the range of identifiers, and the strings (all but `skip`) and comments. */
function tokensBetween(lexed: LexedFile, start: number, end: number, skip: number): { identifiers: [number, number]; strings: string[]; comments: string[] } {
  const strings: string[] = [];
  for (let i = firstAtOrAfter(lexed.stringAt, start); i < lexed.strings.length && lexed.stringAt[i] < end; i++) if (i !== skip) strings.push(lexed.strings[i]);
  const comments: string[] = [];
  for (let i = firstAtOrAfter(lexed.commentAt, start); i < lexed.comments.length && lexed.commentAt[i] < end; i++) comments.push(lexed.comments[i]);
  return { identifiers: [firstAtOrAfter(lexed.identifierAt, start), firstAtOrAfter(lexed.identifierAt, end)], strings, comments };
}

/** The signature without the function's own name. */
function signatureRest(def: FunctionRecord): string {
  return def.signature.split(def.name).join(' ');
}
