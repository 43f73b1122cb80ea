import { fragments, randomHexId } from '../shared/scripted-reply.js';
import type { ResolvedReply } from '../shared/scripted-reply.js';

type JsonObject = Readonly<Record<string, unknown>>;

/** What the response object repeats from the request, and what the server decided. */
export interface ResponseEnvelope {
  readonly id: string;
  readonly createdAt: number;
  readonly model: string;
  /** The request body: `instructions`, `tools`, `previous_response_id`, … are echoed as OpenAI does. */
  readonly request: JsonObject;
}

/** An output item of a response: a `message` or a `function_call`, in its completed form. */
export type ResponseOutputItem = Readonly<Record<string, unknown>> & {
  readonly id: string;
  readonly type: string;
};

// Recorded ids look like `resp_0d54…` and `fc_0d54…`: a prefix and 50 lowercase hex digits.
const ITEM_ID_LENGTH = 50;

/** A fresh response id, `resp_` and 50 hex digits. */
export function newResponseId(): string {
  return randomHexId('resp_', ITEM_ID_LENGTH);
}

/**
 * The output items of a reply, completed: a `message` with one `output_text` part when there is
 * text (or nothing else), then one `function_call` item per call, each with a fresh item id.
 */
export function toResponseOutput(reply: ResolvedReply): ResponseOutputItem[] {
  const items: ResponseOutputItem[] = [];
  if (reply.text !== undefined || reply.toolCalls.length === 0) {
    items.push({
      id: randomHexId('msg_', ITEM_ID_LENGTH),
      type: 'message',
      status: 'completed',
      content: [outputText(reply.text ?? '')],
      role: 'assistant',
    });
  }
  for (const call of reply.toolCalls) {
    items.push({
      id: randomHexId('fc_', ITEM_ID_LENGTH),
      type: 'function_call',
      status: 'completed',
      arguments: call.arguments,
      call_id: call.id,
      name: call.name,
    });
  }
  return items;
}

/** The `response` object, shaped like OpenAI's; `usage` is `null` until the response completes. */
export function toResponse(
  envelope: ResponseEnvelope,
  status: 'in_progress' | 'completed',
  output: readonly ResponseOutputItem[],
): Record<string, unknown> {
  const request = envelope.request;
  const echo = (field: string, fallback: unknown): unknown => request[field] ?? fallback;
  return {
    id: envelope.id,
    object: 'response',
    created_at: envelope.createdAt,
    status,
    background: false,
    error: null,
    incomplete_details: null,
    instructions: echo('instructions', null),
    max_output_tokens: echo('max_output_tokens', null),
    max_tool_calls: echo('max_tool_calls', null),
    model: envelope.model,
    output,
    parallel_tool_calls: echo('parallel_tool_calls', true),
    previous_response_id: echo('previous_response_id', null),
    reasoning: { effort: null, summary: null },
    service_tier: 'default',
    store: echo('store', true),
    temperature: echo('temperature', 1),
    text: { format: { type: 'text' }, verbosity: 'medium' },
    tool_choice: echo('tool_choice', 'auto'),
    tools: echo('tools', []),
    top_p: echo('top_p', 1),
    truncation: echo('truncation', 'disabled'),
    usage:
      status === 'completed'
        ? {
            input_tokens: 0,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: 0,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: 0,
          }
        : null,
    user: null,
    metadata: echo('metadata', {}),
  };
}

/** One streamed Responses event: its `type` is also the SSE `event:` name. */
export interface ResponseStreamEvent {
  readonly type: string;
  readonly data: Record<string, unknown>;
}

/**
 * The events OpenAI streams for a response, in order, each with its `sequence_number`.
 *
 * As OpenAI does: `response.created` and `response.in_progress` carry the response with no
 * output; each item opens with `response.output_item.added` (in progress: a message with no
 * content, a function call with `arguments: ""`), a message then streams `content_part.added`,
 * several `output_text.delta`, `output_text.done` and `content_part.done`, a function call several
 * `function_call_arguments.delta` and `.done`; `response.output_item.done` closes each item and
 * `response.completed` carries the whole response. There is no `[DONE]`.
 */
export function toResponseEvents(
  envelope: ResponseEnvelope,
  output: readonly ResponseOutputItem[],
): ResponseStreamEvent[] {
  const events: ResponseStreamEvent[] = [];
  const emit = (type: string, fields: Record<string, unknown>): void => {
    events.push({ type, data: { type, sequence_number: events.length, ...fields } });
  };
  const inProgress = toResponse(envelope, 'in_progress', []);
  emit('response.created', { response: inProgress });
  emit('response.in_progress', { response: inProgress });
  output.forEach((item, outputIndex) => {
    const at = { item_id: item.id, output_index: outputIndex };
    if (item.type === 'function_call') {
      const argumentsText = typeof item.arguments === 'string' ? item.arguments : '';
      emit('response.output_item.added', {
        output_index: outputIndex,
        item: { ...item, status: 'in_progress', arguments: '' },
      });
      for (const delta of fragments(argumentsText))
        emit('response.function_call_arguments.delta', { ...at, delta });
      emit('response.function_call_arguments.done', { ...at, arguments: argumentsText });
    } else {
      const text = textOf(item);
      emit('response.output_item.added', {
        output_index: outputIndex,
        item: { ...item, status: 'in_progress', content: [] },
      });
      emit('response.content_part.added', { ...at, content_index: 0, part: outputText('') });
      for (const delta of fragments(text)) {
        emit('response.output_text.delta', { ...at, content_index: 0, delta, logprobs: [] });
      }
      emit('response.output_text.done', { ...at, content_index: 0, text, logprobs: [] });
      emit('response.content_part.done', { ...at, content_index: 0, part: outputText(text) });
    }
    emit('response.output_item.done', { output_index: outputIndex, item });
  });
  emit('response.completed', { response: toResponse(envelope, 'completed', output) });
  return events;
}

function outputText(text: string): Record<string, unknown> {
  return { type: 'output_text', annotations: [], logprobs: [], text };
}

function textOf(item: ResponseOutputItem): string {
  const content = item.content;
  if (!Array.isArray(content)) return '';
  const parts: readonly unknown[] = content;
  return parts
    .map((part) =>
      typeof part === 'object' && part !== null && 'text' in part && typeof part.text === 'string'
        ? part.text
        : '',
    )
    .join('');
}
