// The http transport on its own: only requests to this listener's own Host with the project's
// token reach the runtime; bodies over 1 MB are refused before they arrive; a slow behaviour is
// answered with {} within its budget; 50 concurrent calls are answered concurrently.
import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HookOutput } from '../../dist/core/hooks/contract.js';
import { canListen, newHttpConfig, type HttpHookConfig } from '../../dist/core/hooks/http-config.js';
import { HookHttpListener, MAX_BODY_BYTES } from '../../dist/core/hooks/http-listener.js';
import { HookRuntime } from '../../dist/core/hooks/runtime.js';
import { SessionStore } from '../../dist/core/hooks/session.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const READ = readFileSync(join(import.meta.dirname, '../fixtures/hook-payloads/PreToolUse-Read.json'), 'utf8');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let config: HttpHookConfig;
let listener: HookHttpListener;
let behaviourCalls = 0;
/** What read-enforcer does in these tests: waits `delay` ms (from the path), echoes the tool_use_id. */
let delayMs = 0;
const sessions = new SessionStore();
const runtime = new HookRuntime(
  {
    root: '/nowhere',
    index: () => Promise.reject(new Error('no index')),
    query: () => Promise.reject(new Error('no queries')),
    session: (id) => sessions.get(id),
    notify: () => undefined,
    readiness: () => ({ index: false, callGraph: false }),
  },
  {
    behaviour: (name) =>
      name === 'read-enforcer'
        ? async (input): Promise<HookOutput> => {
          behaviourCalls++;
          await sleep(delayMs);
          return { hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: `seen ${input.tool_use_id}` } };
        }
        : undefined,
    budgetMs: () => 300,
  },
);

beforeAll(async () => {
  config = await newHttpConfig();
  listener = await HookHttpListener.open(config, async (name, body) => (await runtime.run(name, body, 'http')).text, () => ({ tldr: 'test' }));
});
afterAll(() => listener.close());

interface Response {
  status: number;
  body: string;
}

function post(path: string, body: string | Buffer, headers: Record<string, string | number> = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: config.port,
        path,
        method: 'POST',
        setHost: false,
        headers: { host: `127.0.0.1:${config.port}`, 'content-type': 'application/json', 'x-tldr-token': config.token, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const withId = (id: string) => JSON.stringify({ ...JSON.parse(READ), tool_use_id: id });

describe('who may call', () => {
  it('answers a call with the token and its own Host', async () => {
    for (const host of [`127.0.0.1:${config.port}`, `localhost:${config.port}`]) {
      const response = await post('/hooks/read-enforcer', withId(`ok-${host}`), { host });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body).hookSpecificOutput.additionalContext).toBe(`seen ok-${host}`);
    }
  });

  it('refuses a missing or wrong token, without running the hook', async () => {
    const before = behaviourCalls;
    const wrongSameLength = config.token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    for (const token of [undefined, '', wrongSameLength, `${config.token}0`, config.token.slice(1), config.token.toUpperCase()]) {
      const headers: Record<string, string> = { 'x-tldr-token': token ?? '' };
      const response = await post('/hooks/read-enforcer', withId(`token-${token}`), token === undefined ? { 'x-tldr-token': '' } : headers);
      expect(response.status, String(token)).toBe(401);
    }
    expect(behaviourCalls).toBe(before);
  });

  it('refuses any other Host (DNS rebinding), without running the hook', async () => {
    const before = behaviourCalls;
    for (const host of ['evil.example:80', `evil.example:${config.port}`, `127.0.0.1:${config.port + 1}`, '127.0.0.1', `[::1]:${config.port}`, '']) {
      expect((await post('/hooks/read-enforcer', withId(`host-${host}`), { host })).status, host).toBe(403);
    }
    expect(behaviourCalls).toBe(before);
  });

  it('answers 404 for unknown hooks and paths, and tells who it is on GET /hooks/', async () => {
    expect((await post('/hooks/rm-rf', withId('x'))).status).toBe(404);
    expect((await post('/other', withId('x'))).status).toBe(404);
    expect((await post('/hooks/read-enforcer/../x', withId('x'))).status).toBe(404);
    const identity = await new Promise<Response>((resolve) => {
      request({ host: '127.0.0.1', port: config.port, path: '/hooks/', headers: { 'x-tldr-token': config.token } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      }).end();
    });
    expect(identity).toEqual({ status: 200, body: '{"tldr":"test"}' });
  });
});

describe('bodies', () => {
  it('answers {} for garbage and truncated bodies', async () => {
    for (const body of ['', 'garbage', READ.slice(0, 100), '[]']) {
      expect(await post('/hooks/read-enforcer', body)).toEqual({ status: 200, body: '{}' });
    }
  });

  it('takes a body of exactly the limit, refuses one byte more', async () => {
    const base = withId('limit');
    const padded = `${base.slice(0, -1)},"pad":"${'x'.repeat(MAX_BODY_BYTES - base.length - 9)}"}`;
    expect(Buffer.byteLength(padded)).toBe(MAX_BODY_BYTES);
    const taken = await post('/hooks/read-enforcer', padded);
    expect(taken.status).toBe(200);
    expect(JSON.parse(taken.body).hookSpecificOutput.additionalContext).toBe('seen limit');
    const over = await post('/hooks/read-enforcer', `${padded} `).catch((error: NodeJS.ErrnoException) => ({ status: -1, body: error.code ?? '' }));
    // Refused: 413, or the connection closed under a client still sending.
    expect([413, -1]).toContain(over.status);
  });

  it('refuses an announced 20 MB body before a byte of it is sent', async () => {
    const socket = connect(config.port, '127.0.0.1');
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.write(`POST /hooks/read-enforcer HTTP/1.1\r\nhost: 127.0.0.1:${config.port}\r\nx-tldr-token: ${config.token}\r\ncontent-type: application/json\r\ncontent-length: ${20 * 1024 * 1024}\r\n\r\n`);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('cuts off a chunked body once it passes the limit', async () => {
    const socket = connect(config.port, '127.0.0.1');
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
      socket.write(`POST /hooks/read-enforcer HTTP/1.1\r\nhost: 127.0.0.1:${config.port}\r\nx-tldr-token: ${config.token}\r\ntransfer-encoding: chunked\r\n\r\n`);
      const chunk = 'x'.repeat(256 * 1024);
      // 5 chunks of 256 KB, more than the limit; the listener answers and closes before the end.
      let sent = 0;
      const send = () => {
        if (socket.destroyed || sent++ >= 5) return;
        socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`, () => setImmediate(send));
      };
      send();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });
});

describe('time and concurrency', () => {
  it('answers {} within the budget when the behaviour is slow', async () => {
    delayMs = 2000;
    try {
      const started = performance.now();
      const response = await post('/hooks/read-enforcer', withId('slow'));
      const elapsed = performance.now() - started;
      expect(response).toEqual({ status: 200, body: '{}' });
      expect(elapsed).toBeLessThan(1500);
    } finally {
      delayMs = 0;
    }
  });

  it('answers 50 concurrent calls, each with its own answer, concurrently', async () => {
    delayMs = 100;
    try {
      const started = performance.now();
      const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => post('/hooks/read-enforcer', withId(`c${i}`))));
      const elapsed = performance.now() - started;
      responses.forEach((response, i) => {
        expect(response.status).toBe(200);
        expect(JSON.parse(response.body).hookSpecificOutput.additionalContext).toBe(`seen c${i}`);
      });
      // One after another would take 5 s.
      expect(elapsed).toBeLessThan(2500);
    } finally {
      delayMs = 0;
    }
  });
});

describe('the port', () => {
  it('cannot be opened twice: the second listener fails with EADDRINUSE', async () => {
    expect(await canListen(config.port)).toBe(false);
    await expect(HookHttpListener.open(config, async () => '{}', () => ({}))).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('new configurations pick free ports below the ephemeral range, with 256-bit tokens', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      for (let i = 0; i < 5; i++) {
        const fresh = await newHttpConfig();
        expect(fresh.port).toBeGreaterThanOrEqual(20_000);
        expect(fresh.port).toBeLessThanOrEqual(32_767);
        expect(fresh.token).toMatch(/^[0-9a-f]{64}$/);
        expect(fresh.token).not.toBe(config.token);
      }
    } finally {
      blocker.close();
    }
  });
});
