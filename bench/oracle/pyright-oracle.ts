// pyright as a reference call graph: its language server over stdio, asked
// `textDocument/prepareCallHierarchy` at a definition's name, then `callHierarchy/incomingCalls`.
//
// Two things make its answers about the definition asked, not about something else:
// - The server answers nothing (null) until it has enumerated the workspace's source files, a
//   second or more after `initialized`: queries wait for that (its "Found N source files" log).
// - pyright's call hierarchy is the name's last declaration in its scope. Where a scope declares
//   a defined name again (`def get_running_loop(): …` then `from _asyncio import get_running_loop`,
//   a C accelerator replacing the Python fallback; `if WIN: def getchar(…)` / `else: def getchar(…)`),
//   the item it prepares is that other declaration and its callers are that one's: the
//   definition gets no answer from it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import type { CallSiteKey, CallerOracle, OracleAnswer, OracleTarget } from './types.js';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Position {
  line: number;
  character: number;
}

interface CallHierarchyItem {
  uri: string;
  selectionRange: { start: Position };
}

const REQUEST_TIMEOUT_MS = 120_000;
/** What pyright logs when its service knows the workspace's files (pyright's source enumerator). */
const FILES_FOUND = /^(Found \d+ source files?|No source files found)/;

export class PyrightOracle implements CallerOracle {
  readonly name = 'pyright';
  /** Its call hierarchy leaves out calls through an import alias (checked: `_path_bytes(x)` after `import path_bytes as _path_bytes`) and reads of a function through its module (`[util.path_bytes]`). */
  readonly lists = { classReads: false, aliasedCalls: false, functionMethodCalls: false, moduleReads: false };
  private child: ChildProcessWithoutNullStreams | undefined;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private filesFound: { resolve: () => void; reject: (error: Error) => void } | undefined;
  redirected = 0;

  constructor(private readonly root: string) {}

  async start(): Promise<void> {
    const pkg = createRequire(import.meta.url).resolve('pyright/package.json');
    this.child = spawn(process.execPath, [join(dirname(pkg), 'langserver.index.js'), '--stdio'], { stdio: 'pipe' });
    this.child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stderr.resume();
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('pyright: no source files enumerated')), REQUEST_TIMEOUT_MS);
      this.filesFound = {
        resolve: () => (clearTimeout(timer), resolve()),
        reject: (error) => (clearTimeout(timer), reject(error)),
      };
    });
    // Awaited after `initialized`; a failure before that is the request's to report.
    ready.catch(() => undefined);
    this.child.on('exit', () => {
      for (const { reject } of this.pending.values()) reject(new Error('pyright exited'));
      this.pending.clear();
      this.filesFound?.reject(new Error('pyright exited'));
    });
    const rootUri = pathToFileURL(this.root).href;
    await this.request('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'oracle' }],
      capabilities: { textDocument: { callHierarchy: { dynamicRegistration: false } }, workspace: { configuration: true } },
      initializationOptions: {},
    });
    this.notify('initialized', {});
    await ready;
  }

  async incomingCalls(target: OracleTarget): Promise<OracleAnswer | undefined> {
    const uri = pathToFileURL(join(this.root, target.file)).href;
    const items = (await this.request('textDocument/prepareCallHierarchy', {
      textDocument: { uri },
      position: { line: target.nameLine - 1, character: target.nameColumn },
    })) as CallHierarchyItem[] | null;
    if (!items?.length) return undefined;
    const own = items.filter((item) => this.fileOf(item.uri) === target.file && item.selectionRange.start.line === target.nameLine - 1);
    if (own.length === 0) {
      this.redirected++;
      return undefined;
    }
    const sites = new Set<CallSiteKey>();
    for (const item of own) {
      const calls = (await this.request('callHierarchy/incomingCalls', { item })) as
        | Array<{ from: CallHierarchyItem; fromRanges: Array<{ start: Position }> }>
        | null;
      for (const call of calls ?? []) {
        const file = this.fileOf(call.from.uri);
        for (const range of call.fromRanges) sites.add(`${file}:${range.start.line + 1}`);
      }
    }
    // pyright lists the calls resolved to the method itself: no receiver rules any out.
    return { sites: [...sites], ruledOut: [] };
  }

  /** A server URI as a path relative to the project root, `/` separators. */
  private fileOf(uri: string): string {
    return relative(this.root, fileURLToPath(uri)).split('\\').join('/');
  }

  async stop(): Promise<void> {
    if (!this.child) return;
    try {
      await this.request('shutdown', null);
      this.notify('exit', null);
    } catch {
      // Already gone.
    }
    this.child.kill();
    this.child = undefined;
  }

  private send(message: object): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    this.child!.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child!.stdin.write(body);
  }

  private request(method: string, params: unknown): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`pyright: ${method} timed out`));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.send({ id, method, params });
    });
  }

  private notify(method: string, params: unknown): void {
    this.send({ method, params });
  }

  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const match = /Content-Length:\s*(\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString('ascii'));
      const length = match ? Number(match[1]) : 0;
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.onMessage(JSON.parse(body) as { id?: number; method?: string; params?: unknown; result?: unknown; error?: { message: string } });
    }
  }

  private onMessage(message: { id?: number; method?: string; params?: unknown; result?: unknown; error?: { message: string } }): void {
    if (message.method === 'window/logMessage' && FILES_FOUND.test((message.params as { message?: string })?.message ?? '')) {
      this.filesFound?.resolve();
    }
    if (message.method !== undefined) {
      // A request from the server: answer the ones that need an answer with neutral values.
      if (message.id === undefined) return;
      let result: unknown = null;
      if (message.method === 'workspace/configuration') {
        const items = (message.params as { items?: unknown[] })?.items ?? [];
        result = items.map(() => ({}));
      }
      this.send({ id: message.id, result });
      return;
    }
    if (message.id === undefined) return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (message.error) pending.reject(new Error(`pyright: ${message.error.message}`));
    else pending.resolve(message.result);
  }
}
