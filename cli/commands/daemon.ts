// `tldr daemon start|stop|status`. The daemon itself runs in its own process (cli/daemon-process.ts).
import type { Command } from 'commander';
import { intOption, type CommandSpec } from '../command.js';
import { TldrError } from '../../core/errors.js';
import type { StatusResult } from '../../core/daemon/protocol.js';

const ACTIONS = ['start', 'stop', 'status'];

export const daemonCommand: CommandSpec = {
  name: 'daemon',
  args: '<action>',
  summary: 'start, stop or inspect the project daemon (start|stop|status)',
  options: (command: Command) => {
    command.option('--idle-ms <ms>', 'shut down after this long without a request (default 30 min, or TLDR_DAEMON_IDLE_MS)');
  },
  async run(positional, options, globals) {
    const action = positional[0];
    if (!ACTIONS.includes(action)) {
      throw new TldrError(`unknown daemon action ${action}`, 'use start, stop or status', 2);
    }
    const { resolveProjectRoot } = await import('../../core/project/root.js');
    const root = resolveProjectRoot(globals.project);
    const idleMs = options.idleMs === undefined ? undefined : intOption(options.idleMs, '--idle-ms', 0);
    const print = (json: unknown, text: string) => process.stdout.write(globals.json ? `${JSON.stringify(json)}\n` : `${text}\n`);
    const lifecycle = await import('../../core/daemon/lifecycle.js');
    switch (action) {
      case 'start': {
        const { started, ping } = await lifecycle.startDaemon(root, { wait: true, idleMs });
        print({ running: true, started, pid: ping?.pid, root, version: ping?.version },
          `daemon ${started ? 'started' : 'already running'} (pid ${ping?.pid}) for ${root}`);
        return 0;
      }
      case 'stop': {
        const pid = await lifecycle.stopDaemon(root);
        print({ stopped: pid !== undefined, pid, root }, pid === undefined ? `no daemon running for ${root}` : `daemon stopped (pid ${pid})`);
        return 0;
      }
      default: {
        const status = await lifecycle.daemonStatus(root);
        if (!status) print({ running: false, root }, `no daemon running for ${root}`);
        else print({ running: true, ...status }, formatStatus(status));
        return 0;
      }
    }
  },
};

function formatStatus(s: StatusResult): string {
  return [
    `daemon running (pid ${s.pid}, tldr ${s.version})`,
    `root: ${s.root}`,
    `uptime: ${duration(s.uptime_ms)} (idle shutdown after ${duration(s.idle_timeout_ms)})`,
    `index: ${s.ready ? 'ready' : 'loading'}, ${s.files} files, ${s.symbols} symbols, ${s.watched_directories} directories watched`,
    `call graph: ${s.call_graph === 'none' ? 'not built' : s.call_graph}`,
    `parsing worker: ${s.workers}`,
    `memory: ${mb(s.rss_bytes)} MB RSS (${mb(s.heap_used_bytes)} MB JS heap, ${mb(s.external_bytes)} MB buffers and WebAssembly)`,
    `requests: ${s.requests} served, ${s.active_requests} in progress, ${s.pending_reparses} re-parses pending`,
    `last error: ${s.last_error ? `${s.last_error.message} (${s.last_error.at})` : 'none'}`,
  ].join('\n');
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
