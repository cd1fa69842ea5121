// The http transport: the daemon answers `POST /hooks/<name>` on 127.0.0.1 (DESIGN §5). Only
// requests that name this listener's own address in Host (DNS rebinding: a web page cannot make a
// browser send that Host) and carry the project's token (compared in constant time) reach the
// runtime; bodies over MAX_BODY_BYTES are refused before they are buffered. Claude Code ignores a
// refused or failed http hook (measured with 2.1.328: 401, 413, 500 and a closed connection leave
// no trace in what the model sees), so every refusal is fail-open too.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { isHookName } from './contract.js';
import { TOKEN_HEADER, type HttpHookConfig } from './http-config.js';
import { MAX_HOOK_INPUT_BYTES } from './limits.cjs';

export const MAX_BODY_BYTES = MAX_HOOK_INPUT_BYTES;
const HOOK_PATH = '/hooks/';
/** A client that sends its headers or body slower than this is cut off. */
const REQUEST_TIMEOUT_MS = 10_000;

/** Answers one hook: name and raw body in, the answer's JSON text out; never rejects. */
export type HookAnswerer = (name: string, body: string) => Promise<string>;

export class HookHttpListener {
  private readonly sockets = new Set<Socket>();

  private constructor(private readonly server: Server, readonly config: HttpHookConfig) {}

  /** Listens on 127.0.0.1:<port>; rejects when the port cannot be taken (EADDRINUSE, EACCES). */
  static async open(config: HttpHookConfig, answer: HookAnswerer, identity: () => object): Promise<HookHttpListener> {
    const token = Buffer.from(config.token, 'utf8');
    const hosts = new Set([`127.0.0.1:${config.port}`, `localhost:${config.port}`]);
    const server = createServer((req, res) => handle(req, res, { token, hosts, answer, identity }));
    server.requestTimeout = REQUEST_TIMEOUT_MS;
    server.headersTimeout = REQUEST_TIMEOUT_MS;
    const listener = new HookHttpListener(server, config);
    server.on('connection', (socket) => {
      listener.sockets.add(socket);
      socket.on('close', () => listener.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    // Errors after listening (a broken client socket) concern that request only.
    server.on('error', () => undefined);
    return listener;
  }

  close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    return closed;
  }
}

interface Checks {
  token: Buffer;
  hosts: Set<string>;
  answer: HookAnswerer;
  identity: () => object;
}

function handle(req: IncomingMessage, res: ServerResponse, checks: Checks): void {
  req.on('error', () => undefined);
  res.on('error', () => undefined);
  if (!checks.hosts.has(req.headers.host ?? '')) return refuse(res, 403, 'wrong host');
  if (!tokenMatches(req.headers[TOKEN_HEADER], checks.token)) return refuse(res, 401, 'missing or wrong token');
  const url = req.url ?? '';
  if (req.method === 'GET' && (url === HOOK_PATH || url === '/hooks')) return reply(res, 200, JSON.stringify(checks.identity()));
  if (req.method !== 'POST' || !url.startsWith(HOOK_PATH)) return refuse(res, 404, 'no such endpoint');
  const name = url.slice(HOOK_PATH.length);
  if (!isHookName(name)) return refuse(res, 404, 'no such hook');
  const declared = Number(req.headers['content-length']);
  if (declared > MAX_BODY_BYTES) return refuse(res, 413, 'body too large');
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  req.on('data', (chunk: Buffer) => {
    if (refused) return;
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      refused = true;
      chunks.length = 0;
      refuse(res, 413, 'body too large');
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (refused) return;
    void checks.answer(name, Buffer.concat(chunks, size).toString('utf8')).then((text) => reply(res, 200, text));
  });
}

/** Constant-time comparison; a header of another length is refused without comparing bytes. */
function tokenMatches(header: string | string[] | undefined, token: Buffer): boolean {
  if (typeof header !== 'string') return false;
  const given = Buffer.from(header, 'utf8');
  return given.length === token.length && timingSafeEqual(given, token);
}

function reply(res: ServerResponse, status: number, body: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Answers and closes the connection: the rest of the request is never read. */
function refuse(res: ServerResponse, status: number, why: string): void {
  if (res.headersSent || res.destroyed) return;
  const body = JSON.stringify({ error: why });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' });
  res.end(body, () => res.socket?.destroy());
}
