// Records of files as they were at a git revision, to name the definitions a diff removed. The
// blobs come from one `git cat-file --batch` run. A blob whose content hash is that of a record
// tldr already holds (the file before the edit, as the change journal kept it) takes that record;
// the others are extracted like any file (in the worker pool in the daemon, in-process in the
// CLI), from a temp copy that is deleted afterwards.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unpackRecord } from '../cache/codec.js';
import { hashBytes } from '../files/hash.js';
import { keepingLoopAlive } from '../parse/keep-loop-alive.js';
import { defaultPolicy } from '../files/policy.js';
import type { ProjectIndex } from '../index/project-index.js';
import type { ExtractJob, FileOutcome } from '../pool/outcome.js';
import type { FileRecord } from '../types.js';
import { languageForPath } from '../../grammars/languages.js';

/** The blobs of `paths` (relative to `root`) at `base`; a path missing there is left out. */
function readBlobs(root: string, base: string, paths: string[]): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', () => {
      const out = Buffer.concat(chunks);
      const blobs = new Map<string, Buffer>();
      let at = 0;
      for (const path of paths) {
        const newline = out.indexOf(10, at);
        if (newline < 0) break;
        const header = out.toString('utf8', at, newline);
        at = newline + 1;
        const match = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header);
        if (!match) continue; // `<object> missing` or ambiguous
        const size = Number(match[2]);
        if (match[1] === 'blob') blobs.set(path, out.subarray(at, at + size));
        at += size + 1;
      }
      resolve(blobs);
    });
    // `rev:./path` is relative to the working directory (the project root), not the repository's top.
    child.stdin.end(paths.map((path) => `${base}:./${path}\n`).join(''));
  });
}

/** `known(path)`: records tldr holds for the path, any of which may match the revision's content. */
export async function recordsAtRevision(
  index: ProjectIndex,
  base: string,
  paths: string[],
  known: (path: string) => Array<FileRecord | null | undefined>,
): Promise<Map<string, FileRecord>> {
  const wanted = paths.filter((path) => languageForPath(path));
  const records = new Map<string, FileRecord>();
  if (wanted.length === 0) return records;
  const blobs = await readBlobs(index.root, base, wanted);
  for (const [path, bytes] of blobs) {
    const hash = hashBytes(bytes);
    const same = known(path).find((record) => record?.hash === hash);
    if (same) {
      records.set(path, same);
      blobs.delete(path);
    }
  }
  if (blobs.size === 0) return records;
  const dir = mkdtempSync(join(tmpdir(), 'tldr-base-'));
  try {
    const jobs: ExtractJob[] = [];
    const sizes = new Map<string, number>();
    for (const [path, bytes] of blobs) {
      const abs = join(dir, String(jobs.length));
      writeFileSync(abs, bytes);
      jobs.push({ abs, path, language: languageForPath(path)!.id });
      sizes.set(path, bytes.length);
    }
    const { maxFileBytes } = defaultPolicy();
    let outcomes: FileOutcome[];
    if (index.analysis === 'pool') {
      const { extractInPool } = await import('../pool/extract-pool.js');
      outcomes = await extractInPool(jobs, { maxFileBytes, documents: false, languages: [...new Set(jobs.map((job) => job.language))], sizes });
    } else {
      const { extractFile } = await import('../pool/extract-file.js');
      outcomes = await keepingLoopAlive(() => Promise.all(jobs.map((job) => extractFile(job, { maxFileBytes, documents: false }))));
    }
    for (const outcome of outcomes) {
      if (outcome.status === 'record') records.set(outcome.path, unpackRecord(outcome.data) as FileRecord);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return records;
}
