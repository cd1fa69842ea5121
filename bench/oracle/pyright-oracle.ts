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
//
// Its call hierarchy lists the calls resolved to the declaration asked about. A call resolved to an
// abstract method (`await resource.aclose()` with `resource: AsyncResource`) runs an
// implementation, which is what our `abstract` dispatch counts: the oracle also lists, as
// `dispatched`, the calls of the abstract methods a method implements. The class's bases are
// resolved by pyright (definition of each base's name); which of their methods are abstract, and
// where they are, is read from our records (`@abstractmethod`, a declaration without a body).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { isAbstract } from '../../core/graph/model.js';
import type { ClassRecord } from '../../core/types.js';
import { lineReader, locateName, nameColumns, siteParts } from './compare.js';
import type { CallSiteKey, CallerOracle, OracleAnswer, OracleTarget } from './types.js';

/** The classes our records hold for a project file, undefined for a file outside the project. */
export type ClassesOf = (file: string) => readonly ClassRecord[] | undefined;

interface ProjectClass {
  file: string;
  cls: ClassRecord;
}

interface Location {
  uri?: string;
  range?: { start: Position };
  targetUri?: string;
  targetSelectionRange?: { start: Position };
}

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
  readonly lists = { classReads: false, aliasedCalls: false, functionMethodCalls: false, memberReads: false };
  private child: ChildProcessWithoutNullStreams | undefined;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private filesFound: { resolve: () => void; reject: (error: Error) => void } | undefined;
  redirected = 0;

  private readonly linesOf = lineReader((file) => readFileSync(join(this.root, file), 'utf8'));

  /** Without `classesOf`, no call is `dispatched`. */
  constructor(private readonly root: string, private readonly classesOf?: ClassesOf) {}

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
    const own = await this.prepare(target);
    if (!own) return undefined;
    if (own.length === 0) {
      this.redirected++;
      return undefined;
    }
    const dispatched = new Set<CallSiteKey>();
    for (const method of await this.abstractMethodsImplemented(target)) {
      for (const site of await this.callsInto((await this.prepare(method)) ?? [])) dispatched.add(site);
    }
    // pyright lists the calls resolved to the method itself: no receiver rules any out.
    return { sites: [...(await this.callsInto(own))], ruledOut: [], dispatched: [...dispatched] };
  }

  async resolvesNameAt(site: CallSiteKey, name: string): Promise<boolean> {
    const { file, line: lineNumber } = siteParts(site);
    const line = lineNumber - 1;
    for (const character of nameColumns(this.linesOf(file)[line] ?? '', name)) {
      const found = (await this.request('textDocument/definition', {
        textDocument: { uri: pathToFileURL(join(this.root, file)).href },
        position: { line, character },
      })) as Location | Location[] | null;
      if ([found ?? []].flat().length > 0) return true;
    }
    return false;
  }

  /** The call hierarchy items of the declaration at the target's name; [] when pyright's is another declaration. */
  private async prepare(target: OracleTarget): Promise<CallHierarchyItem[] | undefined> {
    const items = (await this.request('textDocument/prepareCallHierarchy', {
      textDocument: { uri: pathToFileURL(join(this.root, target.file)).href },
      position: { line: target.nameLine - 1, character: target.nameColumn },
    })) as CallHierarchyItem[] | null;
    if (!items?.length) return undefined;
    return items.filter((item) => this.fileOf(item.uri) === target.file && item.selectionRange.start.line === target.nameLine - 1);
  }

  private async callsInto(items: CallHierarchyItem[]): Promise<Set<CallSiteKey>> {
    const sites = new Set<CallSiteKey>();
    for (const item of items) {
      const calls = (await this.request('callHierarchy/incomingCalls', { item })) as
        | Array<{ from: CallHierarchyItem; fromRanges: Array<{ start: Position }> }>
        | null;
      for (const call of calls ?? []) {
        const file = this.fileOf(call.from.uri);
        for (const range of call.fromRanges) sites.add(`${file}:${range.start.line + 1}`);
      }
    }
    return sites;
  }

  /** The abstract methods of the target's name in the project classes its class derives from, at any depth. */
  private async abstractMethodsImplemented(target: OracleTarget): Promise<OracleTarget[]> {
    const dot = target.qualifiedName.lastIndexOf('.');
    const cls = dot < 0 || target.isClass ? undefined : this.classesOf?.(target.file)?.find((c) => c.qualified_name === target.qualifiedName.slice(0, dot));
    if (!cls) return [];
    const out: OracleTarget[] = [];
    const seen = new Set([`${target.file}#${cls.qualified_name}`]);
    const queue: ProjectClass[] = [{ file: target.file, cls }];
    for (let next = queue.shift(); next; next = queue.shift()) {
      for (const base of await this.basesOf(next)) {
        const key = `${base.file}#${base.cls.qualified_name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        queue.push(base);
        const method = base.cls.methods.find((m) => m.name === target.name && isAbstract(m));
        const at = method && locateName(this.linesOf(base.file), { ...method, is_class: false });
        if (method && at) out.push({ file: base.file, qualifiedName: method.qualified_name, name: method.name, isClass: false, nameLine: at.line, nameColumn: at.column });
      }
    }
    return out;
  }

  /** The project classes pyright resolves a class's base expressions to. */
  private async basesOf({ file, cls }: ProjectClass): Promise<ProjectClass[]> {
    const out: ProjectClass[] = [];
    for (const position of baseNamePositions(this.linesOf(file), cls.line)) {
      const found = (await this.request('textDocument/definition', {
        textDocument: { uri: pathToFileURL(join(this.root, file)).href },
        position,
      })) as Location | Location[] | null;
      for (const location of [found ?? []].flat()) {
        const uri = location.uri ?? location.targetUri;
        const start = location.range?.start ?? location.targetSelectionRange?.start;
        if (!uri || !start) continue;
        const baseFile = this.fileOf(uri);
        const line = start.line + 1;
        const base = this.classesOf?.(baseFile)
          ?.filter((c) => (c.decorated_line ?? c.line) <= line && line <= c.end_line)
          .sort((a, b) => b.line - a.line)[0];
        if (base) out.push({ file: baseFile, cls: base });
      }
    }
    return out;
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

/**
 * The position of each base class's name in a class statement starting on `classLine` (1-based):
 * the last name of a dotted base (`abc.ABC` → `ABC`), subscripts and keyword arguments
 * (`metaclass=…`) left out, across lines.
 */
export function baseNamePositions(lines: readonly string[], classLine: number): Position[] {
  let row = classLine - 1;
  let column = -1;
  for (; row < Math.min(lines.length, classLine + 2); row++) {
    const header = /\bclass\s+\w+\s*(\[[^\]]*\]\s*)?\(/.exec(lines[row]);
    if (header) {
      column = header.index + header[0].length;
      break;
    }
  }
  if (column < 0) return [];
  // The header's characters up to its closing parenthesis, each with its position, comments left out.
  const chars: Array<{ ch: string; at: Position }> = [];
  let depth = 1;
  scan: for (; row < lines.length; row++, column = 0) {
    const text = lines[row];
    for (; column < text.length; column++) {
      const ch = text[column];
      if (ch === '#') break;
      if ('([{'.includes(ch)) depth++;
      else if (')]}'.includes(ch) && --depth === 0) break scan;
      chars.push({ ch: depth === 1 && ch === ',' ? '\0' : ch, at: { line: row, character: column } });
    }
    chars.push({ ch: ' ', at: { line: row, character: text.length } });
  }
  const out: Position[] = [];
  let start = 0;
  for (const segment of chars.map((c) => c.ch).join('').split('\0')) {
    const lead = segment.length - segment.trimStart().length;
    const name = /^[A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*/.exec(segment.slice(lead));
    if (name && !/^\w+\s*=[^=]/.test(segment.slice(lead))) {
      const last = name[0].search(/[A-Za-z_]\w*$/);
      out.push(chars[start + lead + last].at);
    }
    start += segment.length + 1;
  }
  return out;
}
