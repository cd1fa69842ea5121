// MCP over stdio, one JSON-RPC message per line — like the SDK's own server transport, except that
// a line which is not JSON, or not a JSON-RPC message, is answered with the JSON-RPC error the
// spec assigns (-32700 parse error, -32600 invalid request) instead of being dropped silently: a
// client that sent garbage learns it, and the server goes on reading.
import type { Readable, Writable } from 'node:stream';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** A line longer than this is refused (and the stream resynchronised at the next newline). */
const MAX_LINE_BYTES = 64 * 1024 * 1024;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;
  private closed = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', this.onInputError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) {
        resolve();
        return;
      }
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onInputError);
    this.input.pause();
    this.onclose?.();
  }

  private readonly onEnd = () => void this.close();

  private readonly onInputError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer) => {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.append(chunk.subarray(start, newline));
      const line = Buffer.concat(this.pending, this.pendingBytes);
      const discarded = this.discarding;
      this.pending = [];
      this.pendingBytes = 0;
      this.discarding = false;
      start = newline + 1;
      if (discarded) this.reject(null, ErrorCode.InvalidRequest, `message longer than ${MAX_LINE_BYTES} bytes`);
      else this.receive(line.toString('utf8'));
    }
    this.append(chunk.subarray(start));
  };

  private append(part: Buffer): void {
    if (this.discarding || part.length === 0) return;
    if (this.pendingBytes + part.length > MAX_LINE_BYTES) {
      this.pending = [];
      this.pendingBytes = 0;
      this.discarding = true;
      return;
    }
    this.pending.push(part);
    this.pendingBytes += part.length;
  }

  private receive(raw: string): void {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      this.reject(null, ErrorCode.ParseError, `Parse error: ${(error as Error).message}`);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
      const validId = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
      this.reject(validId, ErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC 2.0 request, notification or response');
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private reject(id: string | number | null, code: number, message: string): void {
    // The SDK's message type has no room for `id: null`; the JSON-RPC spec requires it here.
    void this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }
}
