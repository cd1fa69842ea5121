// Reads what the model saw out of the requests an ApiStandIn recorded: the result of each tool
// call (its text and is_error) and the hook context Claude Code added after it (system messages
// such as `PreToolUse:Read hook additional context: …`).
import type { ContentBlock, Message, RecordedRequest } from './api-stand-in.js';

export { firstUserText } from './api-stand-in.js';

export interface ToolExchange {
  /** The scripted call. */
  name: string;
  input: unknown;
  id: string;
  /** The tool result as the model received it. */
  result: string;
  isError: boolean;
  /** Text of the system/context messages that arrived with the result (hook additional context). */
  context: string[];
}

/** Every tool call found in the recorded conversation(s), with what came back for it. */
export function toolExchanges(requests: RecordedRequest[]): ToolExchange[] {
  const calls = new Map<string, { name: string; input: unknown }>();
  const exchanges = new Map<string, ToolExchange>();
  for (const { body } of requests) {
    const messages = body.messages;
    for (let i = 0; i < messages.length; i++) {
      for (const block of blocks(messages[i])) {
        if (block.type === 'tool_use' && block.id) calls.set(block.id, { name: block.name ?? '', input: block.input });
        if (block.type !== 'tool_result' || !block.tool_use_id || exchanges.has(block.tool_use_id)) continue;
        const call = calls.get(block.tool_use_id);
        exchanges.set(block.tool_use_id, {
          name: call?.name ?? '',
          input: call?.input,
          id: block.tool_use_id,
          result: textOf(block.content),
          isError: block.is_error === true,
          context: contextAfter(messages, i),
        });
      }
    }
  }
  return [...exchanges.values()];
}

/** All text of one request's messages (what the model read on that turn). */
export function conversationText(request: RecordedRequest): string {
  return request.body.messages.map((message) => blocks(message).map((block) => textOf(block.content ?? block.text)).join('\n')).join('\n');
}

/**
 * Context messages following the tool result at `index`: system-role messages, and text blocks of
 * the same user message after the tool results (where older versions put hook context).
 */
function contextAfter(messages: Message[], index: number): string[] {
  const found: string[] = [];
  for (const block of blocks(messages[index])) {
    if (block.type === 'text' && block.text && /hook/i.test(block.text)) found.push(block.text);
  }
  for (let j = index + 1; j < messages.length && messages[j].role !== 'assistant'; j++) {
    for (const block of blocks(messages[j])) if (block.type === 'text' && block.text) found.push(block.text);
  }
  return found;
}

function blocks(message: Message): ContentBlock[] {
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
}

function textOf(content: string | ContentBlock[] | undefined): string {
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((block) => block.text ?? textOf(block.content)).join('\n');
}
