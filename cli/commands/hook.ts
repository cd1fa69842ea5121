// `tldr hook <name>`: the command transport of Claude Code hooks (JSON event on stdin, answer on
// stdout). The fast path hands it to the daemon, which answers through the hook runtime; when no
// daemon answers, the fast path starts one and prints `{}` itself, except for session-start,
// which lands here for the overview cached by the last session. Whatever happens it exits 0:
// a hook must never block or disturb the agent (exit 2 would block the tool call).
import type { CommandSpec } from '../command.js';

export const hookCommand: CommandSpec = {
  name: 'hook',
  args: '[name]',
  summary: 'answer one Claude Code hook: its JSON on stdin, the answer on stdout (installed by `tldr hooks install`)',
  options: (command) => command.allowUnknownOption().allowExcessArguments(),
  async run(positional, _options, globals) {
    let answer = '{}';
    try {
      const [{ resolveProjectRoot }, { answerWithoutDaemon }] = await Promise.all([
        import('../../core/project/root.js'),
        import('../../core/hooks/overview-cache.js'),
      ]);
      answer = answerWithoutDaemon(positional[0], resolveProjectRoot(globals.project));
    } catch {
      // fail-open: no overview
    }
    process.stdout.write(`${answer}\n`);
    return 0;
  },
  async serve(positional, _options, _globals, context) {
    const answer = context.runHook ? await context.runHook(positional[0] ?? '', context.stdin ?? '') : '{}';
    return `${answer}\n`;
  },
};
