// Everything a client needs to reach a project's daemon, in one module that imports only node
// builtins: the socket's name, the framing, the version handshake, and the request/reply
// connection. It is loaded at the start of every hook and CLI call (DESIGN §8: a hook has bare
// `node -e ''` + 15 ms), hence one CommonJS module rather than four ES modules: an ES module costs
// ~0.5 ms or more to load, a CommonJS entry saves ~5 ms of ESM loader start-up, node:crypto would
// cost ~4 ms. The daemon imports the same framing, so both sides agree.
//
// Framing: a 4-byte big-endian length, then that many bytes of UTF-8 JSON. JSON rather than
// msgpack keeps the client free of dependencies (importing msgpackr costs ~40 ms, DESIGN §10);
// the length prefix lets a reader refuse an oversized frame before buffering it.
import { readFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Reply, Request } from './protocol.js';

// ── identity ────────────────────────────────────────────────────────────────────────────────────

/** Bumped when the shape of requests or replies changes. */
export const PROTOCOL = 2;

/** `<package version>/p<protocol>`: what both sides compare in the handshake. */
export const DAEMON_VERSION = `${packageVersion()}/p${PROTOCOL}`;

function packageVersion(): string {
  // dist/core/daemon/wire.cjs → the package.json three levels up, as installed.
  const text = readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

// ── where the daemon lives ──────────────────────────────────────────────────────────────────────

export interface DaemonPaths {
  dir: string;
  socket: string;
  /** Start lock: exists while a daemon for the root runs or starts; holds its pid. */
  lock: string;
  /** The daemon's own log (start-up failures, uncaught errors); its stdio is ignored. */
  log: string;
}

/** Per-user runtime directory: `$XDG_RUNTIME_DIR/tldr`, else `<tmpdir>/tldr-<uid>`. */
export function runtimeDir(): string {
  const xdg = process.env.XDG_RUNTIME_DIR;
  if (xdg) return join(xdg, 'tldr');
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return join(tmpdir(), `tldr-${uid}`);
}

/**
 * One socket per resolved root, named by a hash of the root so the path stays short (sun_path
 * holds ~107 bytes) however deep the project is.
 */
export function daemonPaths(root: string, dir = runtimeDir()): DaemonPaths {
  const key = rootKey(root);
  return { dir, socket: join(dir, `${key}.sock`), lock: join(dir, `${key}.lock`), log: join(dir, `${key}.log`) };
}

/**
 * Two 32-bit FNV-1a hashes of the root (different offset bases) as 16 hex digits. Not node:crypto,
 * for its import cost, and not BigInt arithmetic, slow in code that runs once: the name only has
 * to be stable and rarely collide, and the daemon checks the root of every command line it serves.
 */
function rootKey(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x01000193);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

// ── framing ─────────────────────────────────────────────────────────────────────────────────────

/** Largest frame either side accepts (64 MiB). A longer frame is refused, not buffered. */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;

const HEADER_BYTES = 4;

export class FrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameError';
  }
}

/** A frame whose body was not valid JSON; framing itself is intact, so the stream may go on. */
export class BadMessage {
  constructor(readonly reason: string) {}
}

export function encodeFrame(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  if (body.length > MAX_FRAME_BYTES) {
    throw new FrameError(`message of ${body.length} bytes exceeds the ${MAX_FRAME_BYTES}-byte frame limit`);
  }
  const frame = Buffer.allocUnsafe(HEADER_BYTES + body.length);
  frame.writeUInt32BE(body.length, 0);
  body.copy(frame, HEADER_BYTES);
  return frame;
}

/**
 * Incremental reader: feed socket chunks, get back complete messages (or BadMessage for a frame
 * that is not JSON). Throws FrameError when a header announces more than `maxBytes`; the stream
 * cannot be trusted after that.
 */
export class FrameDecoder {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private expected = -1;

  constructor(private readonly maxBytes = MAX_FRAME_BYTES) {}

  push(chunk: Buffer): unknown[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const messages: unknown[] = [];
    for (;;) {
      if (this.expected < 0) {
        if (this.buffered < HEADER_BYTES) break;
        this.expected = this.take(HEADER_BYTES).readUInt32BE(0);
        if (this.expected > this.maxBytes) {
          throw new FrameError(`frame of ${this.expected} bytes exceeds the ${this.maxBytes}-byte limit`);
        }
      }
      if (this.buffered < this.expected) break;
      const body = this.take(this.expected);
      this.expected = -1;
      messages.push(parseBody(body));
    }
    return messages;
  }

  private take(count: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.buffered);
    const rest = all.subarray(count);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return all.subarray(0, count);
  }
}

function parseBody(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (error) {
    return new BadMessage(error instanceof Error ? error.message : String(error));
  }
}

// ── requests ────────────────────────────────────────────────────────────────────────────────────

/** No daemon listens on the socket (missing, refused, or it went away mid-request). */
export class DaemonUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DaemonUnavailable';
  }
}

/** How long a client waits for an answer (`TLDR_DAEMON_TIMEOUT_MS`, default 30 s) before computing in-process. */
export function replyTimeoutMs(): number {
  const value = Number(process.env.TLDR_DAEMON_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : 30_000;
}

/**
 * `TLDR_NO_DAEMON` (any value but `0` or empty) is `--no-daemon` for every command: nothing is
 * asked of a daemon and none is started — for scripts, CI and tests that must leave no process.
 */
export function daemonDisabledByEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.TLDR_NO_DAEMON;
  return value !== undefined && value !== '' && value !== '0';
}

export type RequestBody = Request extends infer R ? (R extends Request ? Omit<R, 'id' | 'v'> : never) : never;

/** One connection carrying any number of concurrent requests, matched to replies by id. */
export class DaemonConnection {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(reply: Reply): void; reject(error: Error): void }>();
  private readonly decoder = new FrameDecoder();
  private failure: Error | undefined;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.fail(new DaemonUnavailable(error.message)));
    socket.on('close', () => this.fail(new DaemonUnavailable('the daemon closed the connection')));
  }

  static open(socketPath: string, timeoutMs = 2000): Promise<DaemonConnection> {
    return new Promise((resolve, reject) => {
      const socket = createConnection(socketPath);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new DaemonUnavailable(`no answer from ${socketPath} within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        resolve(new DaemonConnection(socket));
      });
      socket.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(new DaemonUnavailable(`${error.code ?? 'error'}: ${error.message}`));
      });
    });
  }

  /** Sends one request; resolves with the daemon's reply (which may be `ok: false`). */
  send(body: RequestBody, timeoutMs = 0): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      const timer = timeoutMs > 0
        ? setTimeout(() => {
          this.waiting.delete(id);
          reject(new DaemonUnavailable(`the daemon did not answer within ${timeoutMs} ms`));
        }, timeoutMs)
        : undefined;
      this.waiting.set(id, {
        resolve: (reply) => { clearTimeout(timer); resolve(reply); },
        reject: (error) => { clearTimeout(timer); reject(error); },
      });
      this.socket.write(encodeFrame({ ...body, id, v: DAEMON_VERSION }));
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    let messages: unknown[];
    try {
      messages = this.decoder.push(chunk);
    } catch (error) {
      this.fail(new DaemonUnavailable(`bad reply from the daemon: ${(error as Error).message}`));
      this.socket.destroy();
      return;
    }
    for (const message of messages) {
      if (message instanceof BadMessage) continue;
      const reply = message as Reply;
      const entry = typeof reply.id === 'number' ? this.waiting.get(reply.id) : undefined;
      if (!entry) continue;
      this.waiting.delete(reply.id as number);
      entry.resolve(reply);
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const entry of this.waiting.values()) entry.reject(this.failure);
    this.waiting.clear();
  }
}

/**
 * Opens a connection, sends one request, returns the reply, closes: the hook and CLI fast path.
 * Leaner than a DaemonConnection (no request table, one timer), since it runs in a cold process.
 * `timeoutMs` (0: none) covers connecting and answering.
 */
export function requestOnce(socketPath: string, body: RequestBody, timeoutMs = 0): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    const decoder = new FrameDecoder();
    let settled = false;
    const finish = (outcome: Reply | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const timer = timeoutMs > 0
      ? setTimeout(() => finish(new DaemonUnavailable(`the daemon did not answer within ${timeoutMs} ms`)), timeoutMs)
      : undefined;
    socket.on('connect', () => socket.write(encodeFrame({ ...body, id: 1, v: DAEMON_VERSION })));
    socket.on('data', (chunk: Buffer) => {
      let messages: unknown[];
      try {
        messages = decoder.push(chunk);
      } catch (error) {
        finish(new DaemonUnavailable(`bad reply from the daemon: ${(error as Error).message}`));
        return;
      }
      for (const message of messages) {
        if (!(message instanceof BadMessage) && (message as Reply).id === 1) finish(message as Reply);
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => finish(new DaemonUnavailable(`${error.code ?? 'error'}: ${error.message}`)));
    socket.on('close', () => finish(new DaemonUnavailable('the daemon closed the connection')));
  });
}
