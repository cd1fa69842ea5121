// `tldr hooks install|uninstall|status|log`: Claude Code's hooks for this project (logic in
// core/hooks/install.ts and status.ts; this file parses arguments and prints).
import type { Command } from 'commander';
import { intOption, type CommandSpec } from '../command.js';
import { TldrError } from '../../core/errors.js';
import type { HookCall } from '../../core/hooks/call-log.js';
import type { HookName } from '../../core/hooks/contract.js';
import type { HookTransportChoice, InstallResult, UninstallResult } from '../../core/hooks/install.js';
import type { HookScope } from '../../core/hooks/settings.js';
import type { HooksReport } from '../../core/hooks/status.js';

const ACTIONS = ['install', 'uninstall', 'status', 'log'];
const SCOPE_NAMES = ['local', 'project', 'user'];
const TRANSPORTS = ['http', 'command'];

export const hooksCommand: CommandSpec = {
  name: 'hooks',
  args: '<action>',
  summary: 'install, uninstall or inspect tldr\'s Claude Code hooks (install|uninstall|status|log)',
  options: (command: Command) =>
    command
      .option('--scope <scope>', 'settings file: local (.claude/settings.local.json), project (.claude/settings.json) or user (~/.claude/settings.json)', 'local')
      .option('--transport <transport>', 'http (the daemon answers on 127.0.0.1; local scope only) or command (tldr hook <name>)')
      .option('--only <hooks>', 'comma-separated hook names to install (default: all)')
      .option('--limit <n>', 'log: how many recent calls to print', '30'),
  async run(positional, options, globals) {
    const action = positional[0];
    if (!ACTIONS.includes(action)) throw new TldrError(`unknown hooks action ${action}`, 'use install, uninstall, status or log', 2);
    const scope = choice(options.scope, '--scope', SCOPE_NAMES) as HookScope;
    const transport = options.transport === undefined ? undefined : (choice(options.transport, '--transport', TRANSPORTS) as HookTransportChoice);
    const { resolveProjectRoot } = await import('../../core/project/root.js');
    const root = resolveProjectRoot(globals.project);
    const print = (json: unknown, text: string) => process.stdout.write(globals.json ? `${JSON.stringify(json)}\n` : text);
    switch (action) {
      case 'install': {
        const [install, { probeListener }, { daemonStatus }] = await Promise.all([
          import('../../core/hooks/install.js'),
          import('../../core/hooks/status.js'),
          import('../../core/daemon/lifecycle.js'),
        ]);
        const only = options.only === undefined ? undefined : install.parseOnly(String(options.only));
        const result = await install.installHooks({
          root,
          scope,
          transport,
          only,
          portAnswersAsTldr: async (config) => (await probeListener(config)) === 'tldr',
        });
        // A running daemon re-reads the port file when asked for its status: its listener follows.
        const status = await daemonStatus(root);
        print({ ...result, daemon: status ? { running: true, http: status.hooks?.http } : { running: false } }, formatInstall(result, root, status !== undefined));
        return 0;
      }
      case 'uninstall': {
        const [{ uninstallHooks }, { daemonStatus }] = await Promise.all([import('../../core/hooks/install.js'), import('../../core/daemon/lifecycle.js')]);
        const result = uninstallHooks({ root, scope });
        await daemonStatus(root);
        print(result, formatUninstall(result, root));
        return 0;
      }
      case 'status': {
        const { hooksReport } = await import('../../core/hooks/status.js');
        const report = await hooksReport(root);
        print(report, formatReport(report));
        return 0;
      }
      default: {
        const { recentHookCalls } = await import('../../core/hooks/status.js');
        const limit = intOption(options.limit, '--limit', 30);
        const calls = (await recentHookCalls(root))?.slice(-limit);
        if (globals.json) print({ running: calls !== undefined, calls: calls ?? [] }, '');
        else print(undefined, calls === undefined ? `no daemon running for ${root}: no hook calls to show\n` : formatCalls(calls));
        return 0;
      }
    }
  },
};

function choice(value: unknown, option: string, allowed: string[]): string {
  if (typeof value !== 'string' || !allowed.includes(value)) {
    throw new TldrError(`${option} must be one of ${allowed.join(', ')}, got ${String(value)}`, `e.g. ${option} ${allowed[0]}`, 2);
  }
  return value;
}

function shown(path: string, root: string): string {
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
}

function formatInstall(result: InstallResult, root: string, daemonRunning: boolean): string {
  const where = shown(result.path, root);
  const lines = [
    result.changed
      ? `installed ${result.hooks.length} tldr hook${result.hooks.length === 1 ? '' : 's'} in ${where}`
      : `${where} already holds these ${result.hooks.length} tldr hooks: nothing changed`,
    result.transport === 'http'
      ? `transport: http on 127.0.0.1:${result.port} (token in ${where} and .tldr/hooks.json); session-start runs as a command and starts the daemon`
      : 'transport: command (tldr hook <name>)',
  ];
  if (result.backup) lines.push(`previous file kept as ${shown(result.backup, root)}`);
  lines.push(daemonRunning ? 'the running daemon now serves them' : 'the daemon starts with the next Claude Code session (or now: tldr daemon start)');
  return `${lines.join('\n')}\n`;
}

function formatUninstall(result: UninstallResult, root: string): string {
  const where = shown(result.path, root);
  if (!result.changed) return `no tldr hooks in ${where}\n`;
  const lines = [`removed ${result.removed} tldr hook entr${result.removed === 1 ? 'y' : 'ies'} from ${where} (other hooks untouched)`];
  if (result.backup) lines.push(`previous file kept as ${shown(result.backup, root)}`);
  return `${lines.join('\n')}\n`;
}

function formatReport(report: HooksReport): string {
  const lines: string[] = [`project: ${report.root}`];
  for (const scope of report.scopes) {
    const where = shown(scope.path, report.root);
    if (scope.state === 'unreadable') lines.push(`${scope.scope}: ${where}: ${scope.error}`);
    else if (scope.hooks.length === 0) lines.push(`${scope.scope}: no tldr hooks${scope.state === 'absent' ? ` (no ${where})` : ` in ${where}`}`);
    else {
      const transports = [...new Set(scope.hooks.map((hook) => hook.transport))].join(' + ');
      lines.push(`${scope.scope}: ${scope.hooks.length} tldr hooks in ${where} (${transports})`);
      for (const hook of scope.hooks) lines.push(`  ${hook.name.padEnd(22)} ${hook.transport.padEnd(8)} ${hook.events.join(', ')}${hook.problem ? `  ! ${hook.problem}` : ''}`);
    }
  }
  if (report.http) {
    const probe = {
      tldr: 'answers (tldr)',
      'other-program': 'taken by another program: reinstall to pick another port',
      nothing: 'nobody listens (the daemon is not running: hooks answer nothing until a session starts it)',
    }[report.http.probe];
    lines.push(`http: 127.0.0.1:${report.http.port} ${probe}`);
  }
  const daemon = report.daemon;
  if (!daemon.running) lines.push('daemon: not running');
  else {
    const listener = daemon.hooks?.http;
    const http = !listener || listener.state === 'off'
      ? 'no http listener'
      : listener.state === 'listening'
        ? `http listener on port ${listener.port}`
        : `http listener failed on port ${listener.port}: ${listener.error}`;
    lines.push(`daemon: running (pid ${daemon.pid}, index ${daemon.ready ? 'ready' : 'loading'}), ${http}, ${daemon.hooks?.calls ?? 0} hook calls served`);
    const recent = daemon.hooks?.recent.slice(-10) ?? [];
    if (recent.length > 0) lines.push('last calls:', ...callLines(recent).map((line) => `  ${line}`));
  }
  return `${lines.join('\n')}\n`;
}

function formatCalls(calls: HookCall[]): string {
  if (calls.length === 0) return 'no hook calls yet\n';
  return `${callLines(calls).join('\n')}\n`;
}

function callLines(calls: HookCall[]): string[] {
  return calls.map((call) => {
    const what = call.tool ? `${call.event}:${call.tool}` : (call.event ?? '-');
    const size = call.outcome === 'answered' ? `${call.chars} chars` : '{}';
    return `${call.at.slice(11, 23)}  ${(call.hook as HookName).padEnd(22)} ${what.padEnd(22)} ${call.transport.padEnd(7)} ${call.ms.toFixed(1).padStart(7)} ms  ${call.outcome}${call.outcome === 'answered' ? ` (${size})` : ''}${call.error ? `: ${call.error}` : ''}`;
  });
}
