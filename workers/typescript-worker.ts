// Worker thread holding the project's TypeScript language services (core/diagnostics/typescript.ts
// starts it). It loads the project's own `typescript` module, then answers check requests one at a
// time; a check that runs too long is ended by terminating this thread.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type * as TS from 'typescript';
import { TypeScriptProjects } from '../core/diagnostics/typescript-projects.js';
import type { TypeScriptReply, TypeScriptRequest, TypeScriptWorkerData } from '../core/diagnostics/typescript.js';

const data = workerData as TypeScriptWorkerData;
const ts = createRequire(import.meta.url)(data.typescript) as typeof TS;
const projects = new TypeScriptProjects(ts, data.root);

parentPort!.on('message', (request: TypeScriptRequest) => {
  let reply: TypeScriptReply;
  try {
    reply = { id: request.id, ok: true, diagnostics: projects.check(request.files) };
  } catch (error) {
    reply = { id: request.id, ok: false, message: (error as Error)?.stack ?? String(error) };
  }
  parentPort!.postMessage(reply);
});
