// `change-impact [files…] [--git [BASE]] [--depth N]`: the definitions a change touched, everything
// that calls them (transitively, to depth N, with the call lines), and the tests among those
// callers, nearest first. The change comes from git (`git diff` against BASE, HEAD by default:
// staged and unstaged edits and untracked files; files given narrow the diff) or, for files given
// without --git, from comparing each file's record with the one tldr held before it changed
// (core/change/journal.ts) — which needs no git at all.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { recordsAtRevision } from '../change/base-records.js';
import { allUnits, unitsAtLines, unitsBetween, type ChangedUnit, type ChangeKind } from '../change/changed-units.js';
import { gitChanges, type FileStatus } from '../change/git-diff.js';
import { trackChanges } from '../change/journal.js';
import { isTestFile, isTestFunction, jsTestTitle } from '../change/tests.js';
import { relativeInsideRoot } from '../daemon/inside-root.js';
import { TldrError } from '../errors.js';
import type { CallGraph, Definition } from '../graph/call-graph.js';
import { transitiveCallers, type Caller as GraphCaller } from '../graph/callers.js';
import { callGraphFor } from '../graph/for-index.js';
import { MODULE_SCOPE } from '../graph/model.js';
import type { FileRecord, FunctionRecord } from '../types.js';
import { languageForPath } from '../../grammars/languages.js';
import type { QueryContext, QueryHandler } from './context.js';
import { DEFAULT_IMPACT_DEPTH } from './impact-depth.js';

export interface ChangeImpactArgs {
  /** Files to consider (relative to the caller's cwd, or absolute). */
  files?: string[];
  /** Diff against git: `true` or a revision (default HEAD). Implied when no files are given. */
  git?: boolean | string;
  depth?: number;
}

export interface ChangeImpactResult {
  /** `git`: a diff against `base`; `records`: the files compared with tldr's earlier records. */
  source: 'git' | 'records';
  base?: string;
  depth: number;
  files: Array<{ file: string; status: FileStatus | 'unchanged' }>;
  changed: Array<{ file: string; function: string; kind: string; line: number; end_line: number; change: ChangeKind }>;
  /** Ordered by depth (1 = calls a changed definition directly), then file and line. */
  callers: Array<Omit<GraphCaller, 'callee'> & {
    /** The changed definition this chain of calls leads to. */
    reaches: { file: string; function: string };
  }>;
  /** Tests among the changed definitions (depth 0) and their callers, nearest first. */
  tests: Array<{ file: string; function: string; line: number; depth: number; name?: string }>;
}

type Caller = ChangeImpactResult['callers'][number];

export const changeImpact: QueryHandler<ChangeImpactArgs, ChangeImpactResult> = async (ctx, args) => {
  const depth = args.depth ?? DEFAULT_IMPACT_DEPTH;
  if (!Number.isInteger(depth) || depth < 0) throw new TldrError(`depth must be a non-negative integer, got ${String(depth)}`, 'e.g. --depth 3', 2);
  const files = [...(args.files ?? [])];
  let git = args.git;
  // `--git src/a.ts`: the option's optional value swallowed a file; a path that exists is a file.
  if (typeof git === 'string' && existsSync(resolve(ctx.cwd, git))) {
    files.unshift(git);
    git = true;
  }
  const useGit = git !== undefined && git !== false ? true : files.length === 0;
  const base = typeof git === 'string' ? git : 'HEAD';
  const rels = files.map((file) => {
    const rel = relativeInsideRoot(ctx.index.root, file, ctx.cwd);
    if (rel === undefined) throw new TldrError(`path is outside the project: ${file}`, `project root is ${ctx.index.root}`);
    return rel;
  });
  const found = useGit ? await changesFromGit(ctx, base, rels) : await changesFromRecords(ctx, rels);
  const graph = await callGraphFor(ctx.index);
  const callers = callersOf(graph, found.changed, depth);
  return {
    source: useGit ? 'git' : 'records',
    ...(useGit ? { base } : {}),
    depth,
    files: found.files,
    changed: found.changed,
    callers,
    tests: await testsAmong(ctx, graph, found.changed, callers),
  };
};

interface Found {
  files: ChangeImpactResult['files'];
  changed: ChangedUnit[];
}

async function changesFromGit(ctx: QueryContext, base: string, paths: string[]): Promise<Found> {
  // Before any read: a file's record from before its edit often is the base's, and saves a parse.
  const journal = trackChanges(ctx.index);
  const diffs = (await gitChanges(ctx.index.root, base, paths)).filter((diff) => languageForPath(diff.path));
  const changed: ChangedUnit[] = [];
  const current = new Map<string, FileRecord>();
  for (const diff of diffs) {
    if (diff.status === 'deleted') continue;
    const record = await readRecord(ctx, diff.path);
    if (!record) continue;
    current.set(diff.path, record);
    if (diff.status === 'added') {
      changed.push(...allUnits(record, 'added'));
      continue;
    }
    for (const unit of unitsAtLines(record, diff.added, diff.deletions, 'modified')) {
      if (unit.function !== MODULE_SCOPE && diff.added.some(([from, to]) => from <= unit.line && unit.end_line <= to)) unit.change = 'added';
      changed.push(unit);
    }
  }
  // What the diff removed: definitions of the base version that lost lines and no longer exist.
  const withRemovals = diffs.filter((diff) => diff.removed.length > 0 && diff.status !== 'added');
  const before = await recordsAtRevision(ctx.index, base, withRemovals.map((diff) => diff.old_path ?? diff.path), (path) => [journal.before(path), current.get(path)]);
  for (const diff of withRemovals) {
    const old = before.get(diff.old_path ?? diff.path);
    if (!old) continue;
    const now = current.get(diff.path);
    const existing = new Set(now ? allUnits(now, 'modified').map((u) => u.function) : []);
    const touched = diff.status === 'deleted' ? allUnits(old, 'removed') : unitsAtLines(old, diff.removed, [], 'removed');
    for (const unit of touched) {
      if (unit.function === MODULE_SCOPE || existing.has(unit.function)) continue;
      changed.push({ ...unit, file: diff.path });
    }
  }
  return { files: diffs.map((diff) => ({ file: diff.path, status: diff.status })), changed: sortUnits(changed) };
}

async function changesFromRecords(ctx: QueryContext, paths: string[]): Promise<Found> {
  // Started before any read: reading a changed file is what reports its earlier record.
  const journal = trackChanges(ctx.index);
  const files: Found['files'] = [];
  const changed: ChangedUnit[] = [];
  for (const path of [...new Set(paths)].sort()) {
    if (!languageForPath(path)) continue;
    const exists = existsSync(join(ctx.index.root, path));
    const now = exists ? await ctx.index.record(path) : undefined;
    const before = journal.before(path);
    if (!now) {
      if (!before) throw new TldrError(`file not found: ${path}`, 'check the path');
      files.push({ file: path, status: 'deleted' });
      changed.push(...allUnits(before, 'removed'));
    } else if (before === null) {
      files.push({ file: path, status: 'added' });
      changed.push(...allUnits(now, 'added'));
    } else if (before === undefined || before.hash === now.hash) {
      files.push({ file: path, status: 'unchanged' });
    } else {
      files.push({ file: path, status: 'modified' });
      changed.push(...unitsBetween(before, now));
    }
  }
  return { files, changed: sortUnits(changed) };
}

/** The file's current record; undefined for a file the index does not read (ignored, too large). */
async function readRecord(ctx: QueryContext, path: string): Promise<FileRecord | undefined> {
  try {
    return await ctx.index.record(path);
  } catch (error) {
    if (error instanceof TldrError) return undefined;
    throw error;
  }
}

function sortUnits(units: ChangedUnit[]): ChangedUnit[] {
  return units.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.function.localeCompare(b.function)));
}

/**
 * Callers of every changed definition, merged: a call site appears once, at its smallest depth. A
 * removed definition has no resolved callers left; the calls still made by its name are its
 * callers (confidence low), and the walk goes on from them.
 */
function callersOf(graph: CallGraph, changed: ChangedUnit[], depth: number): Caller[] {
  const best = new Map<string, Caller>();
  const keep = (caller: Caller) => {
    const key = `${caller.file}\0${caller.function}\0${caller.line}`;
    const existing = best.get(key);
    if (!existing || caller.depth < existing.depth) best.set(key, caller);
  };
  for (const unit of changed) {
    if (unit.function === MODULE_SCOPE || depth === 0) continue;
    const reaches = { file: unit.file, function: unit.function };
    let roots: Definition[];
    let offset = 0;
    if (unit.change === 'removed') {
      const name = unit.function.slice(unit.function.lastIndexOf('.') + 1);
      const byName = graph.possibleCalls(name, [{ file: unit.file, name: unit.function }]);
      for (const edge of byName) {
        keep({ file: edge.from.file, function: edge.from.name, line: edge.line, depth: 1, via: edge.via, confidence: 'low', reaches });
      }
      roots = byName.flatMap((edge) => graph.definitionsIn(edge.from.file).filter((d) => d.qualified_name === edge.from.name));
      offset = 1;
    } else {
      roots = graph.definitionsIn(unit.file).filter((d) => d.qualified_name === unit.function);
    }
    if (depth - offset <= 0 || roots.length === 0) continue;
    for (const c of transitiveCallers(graph, roots, depth - offset)) {
      keep({ file: c.file, function: c.function, line: c.line, depth: c.depth + offset, via: c.via, confidence: c.confidence, reaches });
    }
  }
  return [...best.values()].sort((a, b) => a.depth - b.depth || (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line) || a.function.localeCompare(b.function));
}

function functionNamed(record: FileRecord, name: string): FunctionRecord | undefined {
  return record.functions.find((f) => f.qualified_name === name)
    ?? record.classes.flatMap((c) => c.methods).find((m) => m.qualified_name === name);
}

async function testsAmong(ctx: QueryContext, graph: CallGraph, changed: ChangedUnit[], callers: Caller[]): Promise<ChangeImpactResult['tests']> {
  const tests: ChangeImpactResult['tests'] = [];
  const seen = new Set<string>();
  const sources = new Map<string, string | undefined>();
  const consider = async (file: string, fn: string, line: number, depth: number) => {
    const record = graph.record(file);
    if (!record) return;
    const inTestFile = isTestFile(file, record.language);
    const definition = fn === MODULE_SCOPE ? undefined : functionNamed(record, fn);
    if (!(definition ? isTestFunction(record, definition) || inTestFile : inTestFile)) return;
    let name: string | undefined;
    if (!definition && (record.language === 'typescript' || record.language === 'tsx' || record.language === 'javascript')) {
      if (!sources.has(file)) sources.set(file, await ctx.index.source(file).catch(() => undefined));
      const source = sources.get(file);
      name = source === undefined ? undefined : jsTestTitle(source, line);
    }
    const key = `${file}\0${fn}\0${name ?? (definition ? '' : line)}`;
    if (seen.has(key)) return;
    seen.add(key);
    tests.push({ file, function: fn, line, depth, ...(name === undefined ? {} : { name }) });
  };
  for (const unit of changed) if (unit.change !== 'removed' && unit.function !== MODULE_SCOPE) await consider(unit.file, unit.function, unit.line, 0);
  for (const caller of callers) await consider(caller.file, caller.function, caller.line, caller.depth);
  return tests;
}
