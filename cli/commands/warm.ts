// `tldr warm [path]`: indexes the project containing `path` (default: the current directory),
// writes the cache and reports what it did. A progress bar is drawn only when stderr is a terminal.
import type { CommandSpec } from '../command.js';
import type { GlobalOptions } from '../globals.js';
import type { WarmProgress } from '../../core/index/open.js';
import type { WarmResult } from '../../core/types.js';
import { encodingOnly } from '../../core/cache/msgpackr.js';
import { groupDigits } from '../../core/text/group-digits.js';

export const warmCommand: CommandSpec = {
  name: 'warm',
  args: '[path]',
  summary: 'index every file of the project and write the cache (.tldr/)',
  async run(positional, _options, globals) {
    const root = await projectRoot(positional[0], globals);
    // A running daemon warms its own index: it stays fresh, and the cache keeps a single writer.
    const viaDaemon = globals.daemon ? await (await import('../../core/daemon/remote.js')).warmThroughDaemon(root) : undefined;
    const result = viaDaemon ?? (await warmWithProgress(root, globals.daemon));
    if (globals.daemon && !viaDaemon) {
      // In the background, never waited for: the daemon loads the cache just written.
      const { startDaemon } = await import('../../core/daemon/lifecycle.js');
      await startDaemon(root, { wait: false });
    }
    process.stdout.write(globals.json ? `${JSON.stringify(result)}\n` : formatWarm(result));
    return 0;
  },
};

async function projectRoot(path: string | undefined, globals: GlobalOptions): Promise<string> {
  const { findProjectRoot, pathCandidates, resolveProjectRoot } = await import('../../core/project/root.js');
  if (globals.project !== undefined || path === undefined) return resolveProjectRoot(globals.project);
  const { existsSync } = await import('node:fs');
  const { TldrError } = await import('../../core/errors.js');
  // Like every path argument: from the cwd first, then from the root of the project the cwd is in
  // (tldr prints directories relative to it).
  const found = pathCandidates(findProjectRoot(process.cwd()), path, process.cwd()).find((candidate) => existsSync(candidate));
  if (!found) throw new TldrError(`directory not found: ${path}`, 'give a directory inside the project');
  return findProjectRoot(found);
}

/** `daemonFollows`: the daemon is started next, and takes what a small warm leaves to it. */
async function warmWithProgress(root: string, daemonFollows: boolean): Promise<WarmResult> {
  // This process writes records; it reads only the cache's manifest (and, on a large project, the
  // search documents it builds).
  encodingOnly();
  const [{ warmProject }, { poolRunning }, { markShortLivedProcess }] = await Promise.all([
    import('../../core/index/open.js'),
    import('../../core/pool/pool-size.js'),
    import('../../core/parse/wasm-tiering.js'),
  ]);
  // This process warms and exits.
  markShortLivedProcess();
  const bar = process.stderr.isTTY ? await progressBar() : undefined;
  try {
    return await warmProject(root, { onProgress: bar?.update, daemonFollows });
  } finally {
    bar?.stop();
    // Only a warm that parsed in workers loaded the pool (piscina is not free to import).
    if (poolRunning()) await (await import('../../core/pool/extract-pool.js')).closeExtractPool();
  }
}

async function progressBar(): Promise<{ update(progress: WarmProgress): void; stop(): void }> {
  const { SingleBar, Presets } = await import('cli-progress');
  const bar = new SingleBar(
    { stream: process.stderr, format: 'indexing {bar} {value}/{total} files  {duration}s', hideCursor: true, clearOnComplete: true },
    Presets.shades_classic,
  );
  let started = false;
  return {
    update(progress) {
      if (progress.phase !== 'extract') return;
      if (!started) {
        bar.start(progress.total, progress.done);
        started = true;
      } else bar.update(progress.done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

export function formatWarm(result: WarmResult): string {
  const n = groupDigits;
  const seconds = (result.elapsed_ms / 1000).toFixed(2);
  const how = result.daemon_pid !== undefined
    ? `by the daemon, pid ${result.daemon_pid}`
    : result.workers > 0 ? `${result.workers} worker${result.workers === 1 ? '' : 's'}` : 'in-process';
  const lines = [
    `indexed ${n(result.files)} files, ${n(result.lines)} lines in ${seconds} s (parsed ${n(result.parsed)}, reused ${n(result.reused)}, removed ${n(result.removed)}; ${how})`,
  ];
  const languages = Object.entries(result.languages).sort((a, b) => b[1]!.lines - a[1]!.lines);
  const width = Math.max(0, ...languages.map(([language]) => language.length));
  for (const [language, totals] of languages) {
    lines.push(`  ${language.padEnd(width)}  ${n(totals!.files).padStart(7)} files  ${n(totals!.lines).padStart(10)} lines`);
  }
  const skips = Object.entries(result.skipped).filter(([, count]) => count! > 0);
  if (skips.length > 0) lines.push(`skipped: ${skips.map(([reason, count]) => `${reason} ${n(count!)}`).join(', ')}`);
  for (const skip of result.skipped_files.slice(0, 10)) lines.push(`  ${skip.path}: ${skip.reason}`);
  if (result.skipped_files.length > 10) lines.push(`  … ${result.skipped_files.length - 10} more (--json lists all)`);
  if (result.errors.length > 0) {
    lines.push(`errors: ${result.errors.length}`);
    for (const error of result.errors.slice(0, 10)) lines.push(`  ${error.path}: ${error.message}`);
  }
  if (result.files === 0 && result.ignored_dirs?.length) {
    const first = result.ignored_dirs[0];
    lines.push(`nothing indexed: the ignore rules skip ${result.ignored_dirs.join(', ')} (tldr skips dependencies and build output by default);`);
    lines.push(`  to index one, add a negation to .tldrignore, e.g. \`!${first}\``);
  }
  lines.push(`cache: .tldr/index.bin ${result.cache}${result.cache_note ? ` (${result.cache_note})` : ''}`);
  const search = result.search_index;
  if (search?.state === 'deferred') lines.push('search index: .tldr/search.bin left to the daemon (built in the background)');
  else if (search) {
    lines.push(`search index: .tldr/search.bin ${search.state} (${n(search.documents)} definitions, ${(search.elapsed_ms / 1000).toFixed(2)} s)`);
  }
  return `${lines.join('\n')}\n`;
}
