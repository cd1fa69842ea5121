// Parsing that loses only what it must. A grammar gap can make tree-sitter's error recovery give
// up on far more than the construct it cannot read: tree-sitter-typescript 0.23 cannot read two
// generic call signatures in a row without a separator (prettier's no-semicolon style), and the
// rest of the file becomes one ERROR node of loose tokens, where no definition, call or import is
// found any more. An error also changes how later statements are read (after one,
// `const f = <T>(x: T) => x` comes out as a type assertion, not a function).
//
// So when a parse has errors, the file from its first top-level statement with an error on is
// parsed again in pieces, each piece with `includedRanges` (its nodes keep the file's offsets and
// lines): every statement of a stretch with errors on its own, each stretch without errors whole.
// A piece that still fails over several lines is narrowed down: the construct whose addition
// makes the parse fail is found by halving the piece's member blocks (the lines one indentation
// level in, then the lines one level further into the failing member, …), and the piece is
// parsed without it — when that loses less text than the failure did. The constructs left out
// are reported as syntax errors; everything around them is read as if they were not there.
//
// Grammar gaps known well enough are repaired by text (`separate` and `unknownWords` in
// grammars/languages.ts: TypeScript's generic call signatures in a row need a separator the
// no-semicolon style leaves out; variance annotations `<in out T>` are unknown to the grammar):
// the repaired file is read whole first, and when that has no errors it is the file's tree; else the
// pieces are parsed with the repairs, so the constructs read as what they are.
//
// A file without errors pays nothing; one the repairs fix, one parse more (incremental: what the
// repairs left alone is reused). The pieces parse at most the file once more (at most MAX_PIECES
// parses); the narrowing parses at most NARROWING_BUDGET times the file's length (plus
// NARROWING_FLOOR); all of it within the deadline of the first parse. When time runs out, the
// whole-file reading stands.
import { Edit, type Node, type Parser, type Tree } from 'web-tree-sitter';
import type { LanguageId } from '../types.js';
import { languageById, type ExtractSyntax } from '../../grammars/languages.js';
import { parseDeadlineMs, parserFor, parseWithin, type ParseOptions } from './parser.js';
import { LineIndex, length, subtract, union, type Span } from './spans.js';

/** A tree and the source it answers for: what starts in `owns` is read from `tree`. */
export interface TreePart {
  tree: Tree;
  owns: Span[];
  /** Constructs left out of this tree's parse because the grammar cannot read them (syntax errors). */
  unread?: Span[];
}

/** The trees of a file, the whole-file parse first; together they own every offset once. */
export interface ParsedFile {
  parts: TreePart[];
  delete(): void;
}

/** Pieces per file at most (twice as many when stretches are split again): past this, neighbouring statements share a piece. */
export const MAX_PIECES = 1024;
/** Narrowing parses read at most this many times the file's length, over all its pieces. */
export const NARROWING_BUDGET = 4;
/** …plus this many characters, so that narrowing a small file is never cut short. */
export const NARROWING_FLOOR = 100_000;
/** A failing statement larger than this whose lines are a header, members and closing lines is parsed member by member. */
export const SPLIT_SIZE = 16_000;
/** A failing member shorter than this (comments aside) is left out whole, not narrowed into. */
export const NARROW_INTO = 1_000;
/** Constructs left out of one piece at most. */
const MAX_UNREAD = 16;
/** Indentation levels the narrowing descends at most. */
const MAX_DEPTH = 4;

/**
 * Lines that continue what the line before began, in any language: `}`, `)`, `.x`, `| T`, `&& y`,
 * `{` after a long header. A member of a body may also begin with `(`, `<`, `[` or a quote (a call
 * signature, an index signature, a quoted key); a top-level statement in these languages begins
 * with a word, `@` or `#` — a line at the top level starting with `(` continues an arrow function.
 */
const CONTINUES_MEMBER = /^[{})\].,;:?|&=>+\-*/%]/;
const CONTINUES_STATEMENT = /^[^\p{L}_$@#]/u;
/** How decorators, annotations and attributes begin, in the languages that have them (`@x`, `#[x]`). */
const DECORATOR_START = /^(@\w|#\[)/;

export async function parseRecovering(id: LanguageId, source: string, options: ParseOptions = {}): Promise<ParsedFile> {
  const { parser, whole, deadline, deadlineMs } = await parseWhole(id, source, options);
  if (!whole.tree.rootNode.hasError) return parsedFile([whole]);
  const syntax = languageById(id).extract;
  const text = repaired(source, syntax);
  // Most failures in real code are the gaps the repairs know: the repaired file read whole costs
  // one parse, where pieces and narrowing cost several.
  if (text !== source) {
    const fixed = parseRepaired(parser, id, whole.tree, source, text, deadline, deadlineMs);
    if (fixed) {
      whole.tree.delete();
      return parsedFile([{ tree: fixed, owns: whole.owns }]);
    }
    // Out of time: the whole-file reading stands, as when the pieces run out of it.
    if (performance.now() > deadline) return parsedFile([whole]);
  }
  const pieces = new Recovery(parser, source, text, syntax, deadline, whole.tree.rootNode).pieces();
  if (pieces.length === 0) return parsedFile([whole]);
  whole.owns = subtract({ from: 0, to: source.length }, pieces.map((p) => p.owns[0]));
  return parsedFile([whole, ...pieces]);
}

/**
 * The file read whole by the grammar, or undefined when it reads it with errors (no recovery is
 * tried beyond the text repairs of `repairs`, the syntax of the file's own language).
 */
export async function parseWithoutErrors(id: LanguageId, source: string, options: ParseOptions = {}, repairs?: ExtractSyntax): Promise<ParsedFile | undefined> {
  const { parser, whole, deadline, deadlineMs } = await parseWhole(id, source, options);
  if (!whole.tree.rootNode.hasError) return parsedFile([whole]);
  const text = repairs ? repaired(source, repairs) : source;
  const fixed = text === source ? undefined : parseRepaired(parser, id, whole.tree, source, text, deadline, deadlineMs);
  whole.tree.delete();
  return fixed ? parsedFile([{ tree: fixed, owns: [{ from: 0, to: source.length }] }]) : undefined;
}

/**
 * The repaired text parsed again, reusing what the repairs left alone of `tree` (the parse of
 * `source`), when it reads without errors within the deadline; undefined otherwise. The repairs
 * keep every offset: the tree answers for the source as it is.
 */
function parseRepaired(parser: Parser, id: LanguageId, tree: Tree, source: string, text: string, deadline: number, deadlineMs: number): Tree | undefined {
  const old = editedTo(tree, source, text);
  let fixed: Tree;
  try {
    fixed = parseWithin(parser, id, text, deadline, deadlineMs, old);
  } catch (error) {
    if (performance.now() > deadline) return undefined;
    throw error;
  } finally {
    old.delete();
  }
  if (!fixed.rootNode.hasError) return fixed;
  fixed.delete();
  return undefined;
}

/** One parse of the whole file within the deadline, owning all of it. */
async function parseWhole(id: LanguageId, source: string, options: ParseOptions): Promise<{ parser: Parser; whole: TreePart; deadline: number; deadlineMs: number }> {
  const parser = await parserFor(id);
  const deadlineMs = options.deadlineMs ?? parseDeadlineMs();
  const deadline = performance.now() + deadlineMs;
  const tree = parseWithin(parser, id, source, deadline, deadlineMs);
  return { parser, whole: { tree, owns: [{ from: 0, to: source.length }] }, deadline, deadlineMs };
}

/**
 * A copy of `tree` (the parse of `source`) edited where `text`, its repair, differs: parsed with
 * it, the repaired file reuses what the repairs left alone, which is identical to parsing it afresh
 * (checked on the 128 files with errors the repairs change in effect, @effect/platform and
 * tanstack router-core) at about half the time (effect: 2.9 s → 1.4 s).
 * The repairs replace characters one for one, so no offset or position moves.
 */
function editedTo(tree: Tree, source: string, text: string): Tree {
  const edited = tree.copy();
  const lines = new LineIndex(source);
  const point = (offset: number) => {
    const row = lines.rowOf(offset);
    return { row, column: offset - lines.start(row) };
  };
  for (let from = 0; from < source.length; from++) {
    if (source.charCodeAt(from) === text.charCodeAt(from)) continue;
    let to = from + 1;
    while (to < source.length && source.charCodeAt(to) !== text.charCodeAt(to)) to++;
    const end = point(to);
    edited.edit(new Edit({ startIndex: from, oldEndIndex: to, newEndIndex: to, startPosition: point(from), oldEndPosition: end, newEndPosition: end }));
    from = to;
  }
  return edited;
}

/** Lines of a comment in the languages with a `separate` rule: line comments, and the lines of a block comment. */
const COMMENT_LINE = /^(\/\/|\/\*|\*)/;

/** How a line ends that the next one continues: an operator, an arrow, an open bracket, a separator. */
const OPEN_END = /(^|[=(,{[:|&?;<]|=>)$/;

/** The source with the language's text repairs (`separate`, `unknownWords`); offsets do not move. */
function repaired(source: string, syntax: ExtractSyntax): string {
  const text = separate(source, syntax) ?? source;
  if (!syntax.unknownWords) return text;
  // Prose reads like code now and then (`time, in milliseconds, to`): a comment keeps its words.
  return text.replace(syntax.unknownWords, (word: string, offset: number) => (inComment(text, offset) ? word : ' '.repeat(word.length)));
}

/** Whether `offset` is inside a comment its line shows: after `//`, inside an open block comment, or on a `*` line of one. */
function inComment(text: string, offset: number): boolean {
  const before = text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset);
  return before.includes('//') || before.lastIndexOf('/*') > before.lastIndexOf('*/') || before.trimStart().startsWith('*');
}

/** The source with the language's separator before every line its `separate` rule names; undefined when none does. */
function separate(source: string, syntax: ExtractSyntax): string | undefined {
  const rule = syntax.separate;
  if (!rule) return undefined;
  const out: string[] = [];
  let copied = 0;
  let before = '';
  for (let at = 0; at < source.length;) {
    const newline = source.indexOf('\n', at);
    const end = newline === -1 ? source.length : newline;
    let first = at;
    while (first < end && (source[first] === ' ' || source[first] === '\t')) first++;
    // Only after a line that can end a member: not the first member, not an operand (`=`, `(`, `|` …).
    if (first > at && !OPEN_END.test(before) && rule.lines.test(source.slice(first, Math.min(end, first + 400)))) {
      out.push(source.slice(copied, first - 1), rule.separator);
      copied = first;
    }
    const line = source.slice(first, end).trimEnd();
    // A comment between members says nothing about how the code above it ends (`dual<` then a doc comment).
    if (line && !COMMENT_LINE.test(line)) before = line;
    at = end + 1;
  }
  if (copied === 0) return undefined;
  out.push(source.slice(copied));
  return out.join('');
}

function parsedFile(parts: TreePart[]): ParsedFile {
  return { parts, delete: () => parts.forEach((part) => part.tree.delete()) };
}

type LineKind = 'code' | 'comment' | 'decorator' | 'continuation' | 'inside';

/** Text parsed around a piece: the lines of the containers it was cut from (`class A {` … `}`). */
interface Context {
  before: Span[];
  after: Span[];
}

const TOP: Context = { before: [], after: [] };

class Recovery {
  private readonly lines: LineIndex;
  private narrowing: number;
  private parses = 0;
  /** The context and the comments of the piece being narrowed (comments are left out of its trial parses). */
  private context: Context = TOP;
  private quiet: Span[] = [];

  constructor(
    private readonly parser: Parser,
    private readonly source: string,
    /** What the pieces parse: the source with the language's text repairs (same offsets). */
    private readonly text: string,
    private readonly syntax: ExtractSyntax,
    private readonly deadline: number,
    /** The whole-file tree: where lines start and what their first token is. */
    private readonly tokens: Node,
  ) {
    this.lines = new LineIndex(source);
    this.narrowing = NARROWING_BUDGET * source.length + NARROWING_FLOOR;
  }

  /** The pieces from the first top-level stretch with errors on; none when time ran out. */
  pieces(): TreePart[] {
    // Under an ERROR root even the complete statements before the failure are the ERROR node's
    // children, not the program's (patterns anchored at the top level miss them): they are parsed
    // again too, as one piece.
    const bounds: number[] = this.tokens.isError ? [0] : [];
    for (const region of this.regionsWithErrors()) bounds.push(region.from, ...this.statementStarts(region), region.to);
    // A decorator belongs to the declaration below it: never cut between them.
    const cuts = thin([...new Set(bounds)].filter((at) => at < this.source.length && !this.afterDecorator(at)), MAX_PIECES);
    const pieces: TreePart[] = [];
    for (let i = 0; i < cuts.length; i++) {
      if (!this.piece({ from: cuts[i], to: cuts[i + 1] ?? this.source.length }, pieces, TOP, 0, true)) {
        for (const piece of pieces) piece.tree.delete();
        return [];
      }
    }
    return pieces;
  }

  /**
   * Parses a piece (in its context) into `out`: whole when it reads without errors; else, at the
   * top level, statement by statement when it holds several (a stretch that read well after an
   * error may not read well alone); a large container member by member, each in the container's
   * context; any other piece narrowed when its failure spreads. False when time ran out.
   */
  private piece(span: Span, out: TreePart[], context: Context, depth: number, top = false): boolean {
    const tree = this.parse([...context.before, span, ...context.after]);
    if (!tree) return false;
    const root = tree.rootNode;
    if (!root.hasError) {
      out.push({ tree, owns: [span] });
      return true;
    }
    // The piece's own reading too: an error above it (a template literal type with escaped
    // backticks) can hide its statements from the whole-file one. Each split is strictly smaller.
    const starts = top ? union([...this.statementStarts(span), ...this.statementStarts(span, root)].map((at) => ({ from: at, to: at }))).map((s) => s.from) : [];
    if (starts.length > 0 && this.parses + starts.length < MAX_PIECES * 2) {
      tree.delete();
      const bounds = [span.from, ...starts, span.to];
      for (let i = 0; i + 1 < bounds.length; i++) if (!this.piece({ from: bounds[i], to: bounds[i + 1] }, out, TOP, depth, true)) return false;
      return true;
    }
    // A failure confined to a line (`in out T`) costs nothing around it: only spread ones are worked on.
    if (!spreadsOverLines(root) && this.fragments(root) === 0) {
      out.push({ tree, owns: [span] });
      return true;
    }
    const members = span.to - span.from > SPLIT_SIZE && depth + 1 < MAX_DEPTH ? this.memberBlocks(span) : undefined;
    if (!members?.simple || members.blocks.length < 2) {
      out.push(this.narrow(span, tree, context));
      return true;
    }
    const first = firstError(root);
    tree.delete();
    const count = out.length;
    if (!this.members(span, members.blocks, out, context, depth)) return false;
    // Its members read well one by one: the container's own failure is the error to report.
    if (first && !out.slice(count).some((part) => part.unread || part.tree.rootNode.hasError)) out[count].unread = [first];
    return true;
  }

  /** A container's members as pieces: each with the comments above it, in the container's header and closing lines. */
  private members(span: Span, blocks: Span[], out: TreePart[], context: Context, depth: number): boolean {
    const header = { from: span.from, to: blocks[0].from };
    const closing = { from: blocks[blocks.length - 1].to, to: span.to };
    for (let i = 0; i < blocks.length; i++) {
      const piece = { from: i === 0 ? span.from : blocks[i - 1].to, to: i === blocks.length - 1 ? span.to : blocks[i].to };
      const inner = {
        before: i === 0 ? context.before : [...context.before, header],
        after: i === blocks.length - 1 ? context.after : [closing, ...context.after],
      };
      if (!this.piece(piece, out, inner, depth + 1)) return false;
    }
    return true;
  }

  /**
   * Top-level stretches the parse got wrong: runs of children with errors, with the children
   * that follow them on the same line or do not begin a statement (recovery leaves fragments of
   * a broken statement as top-level nodes); under an ERROR root (the parser never got back to the
   * top level), everything from its first child that is not a complete statement to the end.
   */
  private regionsWithErrors(): Span[] {
    const root = this.tokens;
    const regions: Span[] = [];
    if (root.isError) {
      for (let child = root.firstChild; child; child = child.nextSibling) {
        if (child.isNamed && !child.isError && !child.isMissing && !child.hasError) continue;
        regions.push({ from: child.startIndex, to: this.source.length });
        break;
      }
      return regions;
    }
    let open: Span | undefined;
    for (let child = root.firstChild; child; child = child.nextSibling) {
      if (child.isError || child.isMissing || child.hasError || (open && !this.beginsStatement(root, child))) {
        if (open) {
          open.to = child.endIndex;
        } else {
          open = { from: child.startIndex, to: child.endIndex };
          regions.push(open);
        }
      } else if (!this.syntax.comments.includes(child.type)) {
        open = undefined;
      }
    }
    return regions;
  }

  /** Whether the last line with code before the offset is a decorator line. */
  private afterDecorator(at: number): boolean {
    for (let row = this.lines.rowOf(at) - 1; row >= 0; row--) {
      const first = this.lines.firstNonBlank(row);
      if (first === undefined || first >= at) continue;
      return this.lineKind(first, CONTINUES_STATEMENT) === 'decorator';
    }
    return false;
  }

  /** Whether a node is the first thing on its line and reads as the start of a statement. */
  private beginsStatement(tokens: Node, node: Node): boolean {
    const at = node.startIndex;
    return this.lines.firstNonBlank(this.lines.rowOf(at)) === at && this.lineKind(at, CONTINUES_STATEMENT, tokens) !== 'continuation';
  }

  /** Parses the ranges; undefined when the deadline passed. */
  private parse(spans: Span[]): Tree | undefined {
    if (spans.length === 0 || performance.now() > this.deadline) return undefined;
    this.parses++;
    const tree = this.parser.parse(this.text, null, {
      includedRanges: spans.map((span) => this.lines.range(span)),
      progressCallback: () => performance.now() > this.deadline,
    });
    // A cancelled parser resumes where it stopped on its next call unless reset.
    if (!tree) this.parser.reset();
    return tree ?? undefined;
  }

  /**
   * What a parse failed to read: the text inside ERROR nodes, one per MISSING node, and the
   * top-level nodes that do not begin a statement (the fragments recovery makes of a broken one).
   */
  private loss(root: Node): number {
    return errorLength(root) + this.fragments(root);
  }

  /** Text of the top-level nodes that do not begin a statement. */
  private fragments(root: Node): number {
    let lost = 0;
    if (root.isError) return lost;
    for (let child = root.firstChild; child; child = child.nextSibling) {
      if (!child.isError && !this.syntax.comments.includes(child.type) && !this.beginsStatement(root, child)) lost += child.endIndex - child.startIndex;
    }
    return lost;
  }

  /**
   * A narrowing parse's lost text (undefined when out of time or budget); the tree is not kept.
   * Comments on lines of their own are left out too: they change nothing in how code parses, and
   * documented code is mostly comment.
   */
  private lossOf(span: Span, holes: Span[]): number | undefined {
    const spans = [...this.context.before, ...subtract(span, union([...holes, ...this.quiet])), ...this.context.after];
    this.narrowing -= length(spans);
    if (this.narrowing < 0) return undefined;
    const tree = this.parse(spans);
    if (!tree) return undefined;
    const loss = this.loss(tree.rootNode);
    tree.delete();
    return loss;
  }

  /** Leaves out, one at a time, the constructs that make the piece fail while that loses less text. */
  private narrow(span: Span, first: Tree, context: Context): TreePart {
    let best = first;
    let bestLoss = this.loss(first.rootNode);
    const unread: Span[] = [];
    this.context = context;
    this.quiet = this.commentLines(span);
    for (let round = 0; round < MAX_UNREAD && best.rootNode.hasError; round++) {
      const failing = this.lossOf(span, unread);
      const culprits = failing === undefined ? undefined : this.culprits(span, span, unread, failing, 0);
      if (!culprits) break;
      const left = union([...unread, ...culprits]);
      const tree = this.parse([...context.before, ...subtract(span, left), ...context.after]);
      if (!tree) break;
      const loss = this.loss(tree.rootNode) + length(left);
      if (loss >= bestLoss) {
        tree.delete();
        break;
      }
      if (best !== first) best.delete();
      best = tree;
      bestLoss = loss;
      unread.push(...culprits);
    }
    if (best !== first) first.delete();
    return unread.length > 0 ? { tree: best, owns: [span], unread: union(unread) } : { tree: best, owns: [span] };
  }

  /**
   * The member blocks of `container` whose absence makes the piece's parse lose least, found by
   * halving (leave out one half of the candidates, then the other; keep the half whose absence
   * helps), down to one member — or to the smallest set when it takes members of both halves
   * (three signatures of which any two fail together). One member is narrowed into its own
   * members while leaving out one of those helps as much for less text. `holes` are left out of
   * every parse; `failing` is what the parse loses with every member in. Undefined when leaving
   * members out does not help (the container's own lines fail).
   */
  private culprits(span: Span, container: Span, holes: Span[], failing: number, depth: number): Span[] | undefined {
    const members = this.memberBlocks(container).blocks.filter((m) => subtract(m, holes).length > 0);
    if (members.length === 0) return undefined;
    const without = (from: number, to: number) => this.lossOf(span, [...holes, ...members.slice(from, to)]);
    let lo = 0;
    let hi = members.length;
    let loss: number | undefined;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      const left = without(lo, mid);
      const right = without(mid, hi);
      if (left === undefined || right === undefined) return undefined;
      if (Math.min(left, right) >= failing) break;
      [lo, hi, loss] = left <= right ? [lo, mid, left] : [mid, hi, right];
    }
    loss ??= without(lo, hi);
    if (loss === undefined || loss >= failing) return undefined;
    if (hi - lo > 1) return members.slice(lo, hi);
    const member = members[lo];
    // Leaving out a short member loses little: looking inside it would cost more than it saves.
    if (depth + 1 >= MAX_DEPTH || length(subtract(member, this.quiet)) < NARROW_INTO) return [member];
    const inner = this.culprits(span, member, holes, failing, depth + 1);
    if (!inner) return [member];
    const innerLoss = this.lossOf(span, [...holes, ...inner]);
    return innerLoss !== undefined && innerLoss + length(inner) < loss + length([member]) ? inner : [member];
  }

  /** Comments of the span that start their line. */
  private commentLines(span: Span): Span[] {
    const out: Span[] = [];
    for (const comment of this.tokens.descendantsOfType(this.syntax.comments, this.lines.point(span.from), this.lines.point(span.to))) {
      const at = comment.startIndex;
      if (at >= span.from && comment.endIndex <= span.to && this.lines.firstNonBlank(this.lines.rowOf(at)) === at) out.push({ from: at, to: comment.endIndex });
    }
    return out;
  }

  /**
   * Offsets inside a top-level stretch where a statement starts: lines at the stretch's indentation
   * whose first token begins a statement; the comments and decorators right above one start with it.
   */
  private statementStarts(region: Span, tokens = this.tokens): number[] {
    const starts: number[] = [];
    const base = this.lines.indentation(region.from);
    let comment: number | undefined;
    for (let row = this.lines.rowOf(region.from); row < this.lines.count; row++) {
      const start = Math.max(this.lines.start(row), region.from);
      if (start >= region.to) break;
      const first = this.lines.firstNonBlank(row);
      if (first === undefined || first < region.from || first >= region.to) continue;
      if (first - this.lines.start(row) > base) {
        comment = undefined;
        continue;
      }
      let kind = this.lineKind(first, CONTINUES_STATEMENT, tokens);
      if (kind === 'inside') {
        if (!this.swallowed(first, tokens)) continue;
        kind = 'code';
      }
      if (kind === 'comment' || kind === 'decorator') {
        comment ??= start;
        continue;
      }
      const at = comment ?? start;
      if (kind === 'code' && at > region.from) starts.push(at);
      comment = undefined;
    }
    return starts;
  }

  /**
   * The code blocks one indentation level into a span: each starts at a line of that level that
   * begins a statement and runs to the next such line, comment or line back at the span's own
   * indentation (`} = f(`, `}`), which belong to no block. `simple` when no such line falls
   * between two blocks: the span is a header, its members and its closing lines.
   */
  private memberBlocks(span: Span): { blocks: Span[]; simple: boolean } {
    const first = this.lines.rowOf(span.from);
    const base = this.lines.indentation(span.from);
    const rows: Array<{ start: number; indent: number; first: number }> = [];
    let level = Number.POSITIVE_INFINITY;
    for (let row = first + 1; row < this.lines.count; row++) {
      const start = this.lines.start(row);
      if (start >= span.to) break;
      const at = this.lines.firstNonBlank(row);
      if (at === undefined || at >= span.to) continue;
      const indent = at - start;
      rows.push({ start, indent, first: at });
      if (indent > base && indent < level && this.lineKind(at, CONTINUES_MEMBER) !== 'inside') level = indent;
    }
    const blocks: Span[] = [];
    let simple = true;
    let open: Span | undefined;
    let skeleton = false;
    let decorated = false;
    const close = (at: number) => {
      if (open && at > open.from) blocks.push({ from: open.from, to: at });
      open = undefined;
    };
    for (const row of rows) {
      if (row.indent > level) continue;
      const kind = this.lineKind(row.first, CONTINUES_MEMBER);
      if (kind === 'inside') continue;
      if (row.indent <= base) {
        close(row.start);
        skeleton = blocks.length > 0;
        decorated = false;
      } else if (kind === 'comment') {
        if (!decorated) close(row.start);
      } else if (kind === 'code' || kind === 'decorator') {
        // The member a decorator line opens goes on to the declaration below it.
        if (!decorated) {
          close(row.start);
          if (skeleton) simple = false;
          open = { from: row.start, to: span.to };
        }
        decorated = kind === 'decorator';
      }
    }
    close(span.to);
    return { blocks, simple };
  }

  /**
   * Whether a line at the top level that a token spans is only inside it because a broken parse
   * made the token (a template literal type with escaped backticks, which the grammar cannot read,
   * runs on to the next backtick): such a line starts a statement when its text does.
   */
  private swallowed(first: number, tokens: Node): boolean {
    const token = tokens.descendantForIndex(first);
    return token !== null && withinError(token) && !CONTINUES_STATEMENT.test(this.source[first]);
  }

  /** What the first token of a line is, read off the whole-file tree (or the one given). */
  private lineKind(first: number, continues: RegExp, tokens = this.tokens): LineKind {
    const token = tokens.descendantForIndex(first);
    if (!token || token.startIndex < first) return 'inside';
    if (this.syntax.comments.includes(token.type)) return 'comment';
    if (this.syntax.decorators) {
      // Read off the text too: in a broken stretch a decorator's `@` may hang loose in an ERROR node.
      if (DECORATOR_START.test(this.source.slice(first, first + 2))) return 'decorator';
      for (let node: Node | null = token; node && node.startIndex === first; node = node.parent) {
        if (this.syntax.decorators.includes(node.type)) return 'decorator';
      }
    }
    if (continues.test(this.source[first]) || this.syntax.continuations?.includes(token.type)) return 'continuation';
    return 'code';
  }
}

function withinError(node: Node): boolean {
  for (let at: Node | null = node; at; at = at.parent) if (at.isError) return true;
  return false;
}

/** Visits the outermost ERROR and the MISSING nodes (only subtrees with errors are entered). */
function forEachError(root: Node, visit: (node: Node) => boolean | void): void {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.isError || node.isMissing) {
      if (visit(node) === true) return;
      continue;
    }
    for (let i = node.childCount - 1; i >= 0; i--) {
      const child = node.child(i);
      if (child && (child.hasError || child.isMissing)) stack.push(child);
    }
  }
}

/** Text inside ERROR nodes, plus one per MISSING node: what a parse failed to read. */
function errorLength(root: Node): number {
  let lost = 0;
  forEachError(root, (node) => {
    lost += node.isMissing ? 1 : node.endIndex - node.startIndex;
  });
  return lost;
}

/** The span of the first ERROR or MISSING node. */
function firstError(root: Node): Span | undefined {
  let first: Span | undefined;
  forEachError(root, (node) => {
    first = { from: node.startIndex, to: Math.max(node.endIndex, node.startIndex + 1) };
    return true;
  });
  return first;
}

/** Whether an ERROR node spans lines: a failure that may have swallowed what follows it. */
function spreadsOverLines(root: Node): boolean {
  let spreads = false;
  forEachError(root, (node) => (spreads = node.isError && node.endPosition.row > node.startPosition.row));
  return spreads;
}

/** At most `max` of the offsets, evenly spread. */
function thin(offsets: number[], max: number): number[] {
  if (offsets.length <= max) return offsets;
  const step = offsets.length / max;
  const out: number[] = [];
  for (let i = 0; i < max; i++) out.push(offsets[Math.floor(i * step)]);
  return out;
}
