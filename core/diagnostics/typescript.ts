// The TypeScript checker: a worker thread (workers/typescript-worker.ts) running the project's own
// `typescript` as warm language services, so that this thread — the daemon's event loop — never
// blocks on a type check, and a re-check after an edit costs one file. The worker lives as long as
// the checker (it does not hold the process open); a check past its time limit terminates it, and
// the next check starts a fresh one.
import { Worker } from 'node:worker_threads';
import { firstLine, missing, type Checker, type CheckRequest, type ToolRun } from './checker.js';
import { findTypeScript } from './locate.js';
import type { Diagnostic } from './types.js';

export interface TypeScriptWorkerData {
  root: string;
  /** Absolute path of the project's typescript.js. */
  typescript: string;
}

export interface TypeScriptRequest {
  id: number;
  /** Absolute paths of the files to check. */
  files: string[];
}

export type TypeScriptReply =
  | { id: number; ok: true; diagnostics: Diagnostic[] }
  | { id: number; ok: false; message: string };

interface Waiting {
  settle(run: ToolRun): void;
  started: number;
  timer: NodeJS.Timeout;
}

const WORKER_URL = new URL('../../workers/typescript-worker.js', import.meta.url);

export class TypeScriptChecker implements Checker {
  readonly tool = 'typescript' as const;
  private worker: Worker | undefined;
  private workerTypeScript: string | undefined;
  private workerDetail = '';
  private nextId = 0;
  private readonly waiting = new Map<number, Waiting>();

  check(request: CheckRequest): Promise<ToolRun> {
    const found = findTypeScript(request.root);
    if (!found) {
      return Promise.resolve(missing('no `typescript` package resolvable from the project root (the project\'s own is used, never tldr\'s)'));
    }
    if (this.worker && this.workerTypeScript !== found.path) this.stop(`typescript changed to ${found.where}`, 'crashed');
    if (!this.worker) this.start(request.root, found.path, found.where);
    const worker = this.worker!;
    const id = ++this.nextId;
    return new Promise<ToolRun>((resolve) => {
      const started = performance.now();
      const timer = setTimeout(() => this.stop(`killed after ${request.timeoutMs} ms`, 'timeout'), request.timeoutMs);
      this.waiting.set(id, { settle: resolve, started, timer });
      worker.postMessage({ id, files: request.targets } satisfies TypeScriptRequest);
    });
  }

  /** Ends the worker (its language services are lost). */
  close(): void {
    this.stop('the checker was closed', 'crashed');
  }

  private start(root: string, typescript: string, detail: string): void {
    const worker = new Worker(WORKER_URL, { workerData: { root, typescript } satisfies TypeScriptWorkerData });
    this.worker = worker;
    this.workerTypeScript = typescript;
    this.workerDetail = detail;
    worker.on('message', (reply: TypeScriptReply) => {
      const waiting = this.waiting.get(reply.id);
      if (!waiting) return;
      this.waiting.delete(reply.id);
      clearTimeout(waiting.timer);
      const elapsed_ms = Math.round(performance.now() - waiting.started);
      waiting.settle(reply.ok
        ? { status: 'ok', diagnostics: reply.diagnostics, detail, elapsed_ms }
        : { status: 'crashed', diagnostics: [], detail: `${detail}: ${firstLine(reply.message)}`, elapsed_ms });
    });
    worker.on('error', (error) => {
      if (this.worker === worker) this.stop(`the checker failed: ${error.message}`, 'crashed');
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.stop(`the checker exited (code ${code})`, 'crashed');
    });
    // After the listeners: adding a 'message' listener refs the worker's port again.
    worker.unref();
  }

  /** Ends the worker and answers every waiting check with `status`. */
  private stop(why: string, status: 'timeout' | 'crashed'): void {
    const worker = this.worker;
    this.worker = undefined;
    this.workerTypeScript = undefined;
    void worker?.terminate();
    for (const [id, waiting] of this.waiting) {
      this.waiting.delete(id);
      clearTimeout(waiting.timer);
      waiting.settle({ status, diagnostics: [], detail: `${this.workerDetail}: ${why}`, elapsed_ms: Math.round(performance.now() - waiting.started) });
    }
  }
}
