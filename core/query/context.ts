// What a query handler receives. Handlers are the single implementation of every read-only
// command, shared by the CLI's in-process path and the daemon; their arguments and results are
// plain JSON-able data so they cross the daemon socket unchanged.
import type { ProjectIndex } from '../index/project-index.js';

export interface QueryContext {
  index: ProjectIndex;
  /** Directory that relative paths in arguments are resolved against (the client's cwd). */
  cwd: string;
}

export type QueryHandler<A = any, R = unknown> = (ctx: QueryContext, args: A) => Promise<R>;
