// HookServices over a ProjectIndex open in this process: what unit tests and benches run the
// behaviours on. The daemon builds its own (same contract) around its hot index.
import { callGraphFor } from '../graph/for-index.js';
import type { ProjectIndex } from '../index/project-index.js';
import { queryHandler } from '../query/handlers.js';
import { TldrError } from '../errors.js';
import { relativeInsideRoot } from '../daemon/inside-root.js';
import type { HookServices } from './contract.js';
import { SessionStore } from './session.js';

export interface InProcessServices extends HookServices {
  readonly sessions: SessionStore;
  /** Paths passed to notify(), relative to the root, in call order. */
  readonly notified: string[];
}

/**
 * Services answering from `index`. The call graph is built on first use (so it counts as ready);
 * `budgetMs` is what remainingMs() reports.
 */
export function inProcessServices(index: ProjectIndex, budgetMs = 1000): InProcessServices {
  const sessions = new SessionStore();
  const notified: string[] = [];
  return {
    root: index.root,
    sessions,
    notified,
    index: async () => index,
    async query<R>(name: string, args: unknown): Promise<R> {
      const handler = queryHandler(name);
      if (!handler) throw new TldrError(`unknown query ${name}`);
      return (await handler({ index, cwd: index.root }, args)) as R;
    },
    session: (sessionId) => sessions.get(sessionId),
    notify(paths) {
      const inside = paths.map((path) => relativeInsideRoot(index.root, path, index.root)).filter((rel): rel is string => rel !== undefined);
      notified.push(...inside);
      index.invalidate(inside);
    },
    remainingMs: () => budgetMs,
    readiness: () => ({ index: true, callGraph: true }),
  };
}

/** Builds the call graph now, so that the first behaviour timed does not pay for it. */
export async function prepareServices(services: HookServices): Promise<void> {
  await callGraphFor(await services.index());
}
