import { argumentsObject, fragments, randomId } from '../shared/scripted-reply.js';
import type { ResolvedReply } from '../shared/scripted-reply.js';

/** What the message repeats: its id and the requested model. */
export interface AnthropicEnvelope {
  readonly id: string;
  readonly model: string;
}

/** A fresh Anthropic message id, `msg_01` and 22 letters and digits (`msg_01K2JbSUMYhez5RHoK9ZCj9U`). */
export function newAnthropicMessageId(): string {
  return randomId('msg_01', 22);
}

/** A fresh Anthropic tool-use id, `toolu_01` and 22 letters and digits (`toolu_01KFbKqPYSuAKujiL6mTfzYA`). */
export function newAnthropicToolUseId(): string {
  return randomId('toolu_01', 22);
}

const ZERO_USAGE = {
  input_tokens: 0,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  output_tokens: 0,
  service_tier: 'standard',
};

/** A non-streaming Messages API `message`: text first, then `tool_use` blocks with object `input`. */
export function toAnthropicMessage(
  reply: ResolvedReply,
  envelope: AnthropicEnvelope,
): Record<string, unknown> {
  const content: Record<string, unknown>[] = [];
  const text = textBlockOf(reply);
  if (text !== undefined) content.push({ type: 'text', text });
  for (const call of reply.toolCalls) {
    content.push({ type: 'tool_use', id: call.id, name: call.name, input: argumentsObject(call) });
  }
  return {
    id: envelope.id,
    type: 'message',
    role: 'assistant',
    model: envelope.model,
    content,
    stop_reason: stopReason(reply),
    stop_sequence: null,
    usage: ZERO_USAGE,
  };
}

/** One streamed Messages API event: its `type` is also the SSE `event:` name. */
export interface AnthropicStreamEvent {
  readonly type: string;
  readonly data: Record<string, unknown>;
}

/**
 * The events Anthropic streams for a message, in order.
 *
 * As recorded from the API: `message_start` carries the message with empty `content` and
 * `stop_reason: null`; each block opens with `content_block_start` (`text: ""`, or a `tool_use`
 * with `input: {}`), a `ping` follows the first one, text arrives in several `text_delta`s and tool
 * input in `input_json_delta`s (the first with `partial_json: ""`); `content_block_stop` closes
 * each block, `message_delta` carries `stop_reason` and `message_stop` ends the stream.
 */
export function toAnthropicEvents(
  reply: ResolvedReply,
  envelope: AnthropicEnvelope,
): AnthropicStreamEvent[] {
  const events: AnthropicStreamEvent[] = [];
  const emit = (type: string, fields: Record<string, unknown> = {}): void => {
    events.push({ type, data: { type, ...fields } });
  };
  emit('message_start', {
    message: {
      ...toAnthropicMessage({ text: undefined, toolCalls: [] }, envelope),
      content: [],
      stop_reason: null,
    },
  });
  let index = 0;
  const start = (contentBlock: Record<string, unknown>): void => {
    emit('content_block_start', { index, content_block: contentBlock });
    if (index === 0) emit('ping');
  };
  const text = textBlockOf(reply);
  if (text !== undefined) {
    start({ type: 'text', text: '' });
    for (const piece of fragments(text))
      emit('content_block_delta', { index, delta: { type: 'text_delta', text: piece } });
    emit('content_block_stop', { index });
    index++;
  }
  for (const call of reply.toolCalls) {
    start({ type: 'tool_use', id: call.id, name: call.name, input: {} });
    for (const partial of ['', ...fragments(call.arguments)]) {
      emit('content_block_delta', {
        index,
        delta: { type: 'input_json_delta', partial_json: partial },
      });
    }
    emit('content_block_stop', { index });
    index++;
  }
  emit('message_delta', {
    delta: { stop_reason: stopReason(reply), stop_sequence: null },
    usage: { output_tokens: 0 },
  });
  emit('message_stop');
  return events;
}

/** The text of the reply's text block, if it has one. */
function textBlockOf(reply: ResolvedReply): string | undefined {
  // Anthropic refuses empty text blocks in requests, so a reply with calls sends none; a reply
  // with neither text nor calls still gets one, so the message is never empty.
  if (reply.toolCalls.length === 0) return reply.text ?? '';
  return reply.text === '' ? undefined : reply.text;
}

function stopReason(reply: ResolvedReply): string {
  return reply.toolCalls.length > 0 ? 'tool_use' : 'end_turn';
}
