// A scripted stand-in for the Anthropic Messages API, for driving the real Claude Code CLI in
// tests and benches (DESIGN §5 "Testing against the real client"). Each POST /v1/messages that
// offers tools takes the next scripted step — a tool call or a final text — and every request
// body is recorded, so the next request shows exactly what the model saw: tool results, is_error,
// hook context. Requests without tools (side queries) and requests after the script ran out get a
// plain text answer and consume nothing.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A content block of a message as the Messages API carries it. */
export interface ContentBlock {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: string | ContentBlock[];
  is_error?: boolean;
}

export interface Message {
  role: 'user' | 'assistant' | 'system';
  content: string | ContentBlock[];
}

export interface MessagesRequest {
  model: string;
  messages: Message[];
  system?: string | ContentBlock[];
  tools?: { name: string; input_schema?: unknown }[];
  stream?: boolean;
}

export interface RecordedRequest {
  url: string;
  body: MessagesRequest;
  /** performance.now() when the request ended arriving. */
  at: number;
}

/**
 * How long the model takes before it answers (a real one takes seconds; the stand-in answers at
 * once unless told): Claude Code writes its transcript in the background meanwhile.
 */
interface Thinking {
  thinkMs?: number;
}

/** What the model answers next: call a tool, or end its turn with text. */
export type Step =
  | ({ tool: string; input: Record<string, unknown> } & Thinking)
  | ({ text: string } & Thinking)
  /** Decided from the request (e.g. a sub-agent's first request, recognised by its prompt). */
  | ((request: MessagesRequest) => Step);

export class ApiStandIn {
  readonly requests: RecordedRequest[] = [];
  private readonly steps: Step[] = [];
  /** Sub-agent conversations: routed by a text their first user message contains. */
  private readonly agentScripts: { match: string; steps: Step[] }[] = [];
  private served = 0;

  private constructor(private readonly server: Server, readonly url: string) {}

  static async start(steps: Step[] = []): Promise<ApiStandIn> {
    let standIn: ApiStandIn | undefined;
    const server = createServer((req, res) => void standIn?.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    standIn = new ApiStandIn(server, `http://127.0.0.1:${port}`);
    standIn.script(...steps);
    return standIn;
  }

  /** Appends steps to the script. */
  script(...steps: Step[]): void {
    this.steps.push(...steps);
  }

  /**
   * Steps for the sub-agent whose prompt contains `match`. Sub-agents may run in the background,
   * interleaved with the main conversation, so each gets its own script.
   */
  scriptAgent(match: string, ...steps: Step[]): void {
    this.agentScripts.push({ match, steps });
  }

  /** Steps not taken yet, main conversation and sub-agents together. */
  get remaining(): number {
    return this.steps.length + this.agentScripts.reduce((sum, script) => sum + script.steps.length, 0);
  }

  /** Requests that offered tools: the agent loop's turns (main agent and sub-agents). */
  get turns(): RecordedRequest[] {
    return this.requests.filter((request) => (request.body.tools?.length ?? 0) > 0);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = req.url ?? '';
    if (req.method !== 'POST' || !url.startsWith('/v1/messages')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    let body: MessagesRequest;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as MessagesRequest;
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"type":"error","error":{"type":"invalid_request_error","message":"bad json"}}');
      return;
    }
    if (url.startsWith('/v1/messages/count_tokens')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ input_tokens: 100 }));
      return;
    }
    this.requests.push({ url, body, at: performance.now() });
    const step = this.nextStep(body);
    if (step.thinkMs) await new Promise((resolve) => setTimeout(resolve, step.thinkMs));
    const id = `msg_stand_in_${++this.served}`;
    const block: ContentBlock = 'tool' in step
      ? { type: 'tool_use', id: `toolu_stand_in_${this.served}`, name: step.tool, input: step.input }
      : { type: 'text', text: step.text };
    const stopReason = block.type === 'tool_use' ? 'tool_use' : 'end_turn';
    if (body.stream) streamMessage(res, id, body.model, block, stopReason);
    else {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        id, type: 'message', role: 'assistant', model: body.model, content: [block],
        stop_reason: stopReason, stop_sequence: null, usage: { input_tokens: 100, output_tokens: 10 },
      }));
    }
  }

  private nextStep(body: MessagesRequest): Exclude<Step, (request: MessagesRequest) => Step> {
    const first = firstUserText(body);
    const queue = this.agentScripts.find((script) => first.includes(script.match))?.steps ?? this.steps;
    if (!body.tools?.length || queue.length === 0) return { text: 'done' };
    let step = queue.shift()!;
    while (typeof step === 'function') step = step(body);
    return step;
  }
}

/** The text of a request's first user message: its prompt, behind Claude Code's reminders. */
export function firstUserText(body: MessagesRequest): string {
  const first = body.messages.find((message) => message.role === 'user');
  if (!first) return '';
  return typeof first.content === 'string' ? first.content : first.content.map((block) => block.text ?? '').join('\n');
}

/** The server-sent events of one message, as the streaming Messages API sends them. */
function streamMessage(res: ServerResponse, id: string, model: string, block: ContentBlock, stopReason: string): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (type: string, data: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  send('message_start', {
    message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 100, output_tokens: 0 } },
  });
  if (block.type === 'tool_use') {
    send('content_block_start', { index: 0, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
    send('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } });
  } else {
    send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: block.text } });
  }
  send('content_block_stop', { index: 0 });
  send('message_delta', { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 10 } });
  send('message_stop', {});
  res.end();
}
