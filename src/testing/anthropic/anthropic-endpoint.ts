import type { HistoryIssue } from '../../errors/history-issue.js';
import { inspectAnthropic } from '../../formats/anthropic/validate-anthropic.js';
import type {
  EndpointReply,
  ErrorBodies,
  ErrorKind,
  ErrorReply,
  EndpointRequest,
  ResolvedReply,
  StrictEndpoint,
} from '../endpoint.js';
import {
  argumentsObject,
  badRoleAt,
  ERROR_STATUS,
  fragments,
  holdsContentBlock,
  isObject,
  jsonReply,
  matchPaths,
  randomId,
  refuseHistory,
  sseFrame,
  streamReply,
} from '../endpoint.js';

/** The 400 Anthropic sends for an issue of `inspectAnthropic` (Kilo-Org/kilocode#5163). */
export function anthropicErrorBody(issue: HistoryIssue): ErrorReply<ErrorBodies['anthropic']> {
  return {
    status: 400,
    body: { type: 'error', error: { type: 'invalid_request_error', message: issue.message } },
  };
}

// `request_too_large` is Anthropic's documented 413 type (https://docs.anthropic.com/en/api/errors).
const ERROR_TYPES: Readonly<Record<ErrorKind, string>> = {
  invalid: 'invalid_request_error',
  'too-large': 'request_too_large',
  'server-error': 'strict_server_error',
  'not-found': 'not_found_error',
};

function refuse(message: string, kind: ErrorKind = 'invalid'): EndpointReply {
  const error = { type: ERROR_TYPES[kind], message };
  return jsonReply(ERROR_STATUS[kind], {
    type: 'error',
    error,
    request_id: randomId('req_011C', 20),
  });
}

/** `POST /v1/messages`: Anthropic Messages. */
export const ANTHROPIC_ENDPOINT: StrictEndpoint = {
  format: 'anthropic',
  match: matchPaths('/v1/messages'),
  handle: handleMessages,
  newCallId: () => randomId('toolu_01', 22),
  error: (kind, message) => refuse(message, kind),
};

async function handleMessages(request: EndpointRequest): Promise<EndpointReply> {
  // Ours: no recorded Anthropic reply to a body that is not JSON was found.
  if (!request.parsed.ok) return refuse('The request body is not valid JSON.');
  const body = request.parsed.value;
  if (!isObject(body)) return refuse('The request body must be a JSON object.');
  // "max_tokens: Field required" (tickernelz/opencode-mem#50).
  const missing = ['model', 'messages', 'max_tokens'].find((field) => body[field] === undefined);
  if (missing !== undefined) return refuse(`${missing}: Field required`);
  const messages = body.messages;
  // Ours, in pydantic's style; not seen from Anthropic.
  if (!Array.isArray(messages)) return refuse('messages: Input should be a valid list');
  const items: readonly unknown[] = messages;
  const badRole = badRoleAt(items, ['user', 'assistant', 'system']);
  if (badRole !== -1)
    return refuse(`messages.${badRole}.role: Input should be 'user' or 'assistant'`);
  // The body of anthropicErrorBody, with a request id.
  const refusal = refuseHistory(
    () => inspectAnthropic(items).result,
    (message) => refuse(message),
  );
  if (refusal !== undefined) return refusal;
  // toolsWithToolHistory, in Anthropic's words (bosun-ai/kwaak#312).
  const declaresTools = Array.isArray(body.tools) && body.tools.length > 0;
  if (
    !declaresTools &&
    holdsContentBlock(items, (block) => block.type === 'tool_use' || block.type === 'tool_result')
  )
    return refuse('Requests which include `tool_use` or `tool_result` blocks must define tools.');
  const reply = await request.reply(body);
  const envelope = {
    id: randomId('msg_01', 22),
    model: typeof body.model === 'string' ? body.model : 'claude-sonnet-4-5',
  };
  if (body.stream !== true) return jsonReply(200, toMessage(reply, envelope));
  return streamReply(toEvents(reply, envelope));
}

interface AnthropicEnvelope {
  readonly id: string;
  readonly model: string;
}

function toMessage(reply: ResolvedReply, envelope: AnthropicEnvelope): object {
  const content: object[] = [];
  const text = textBlockOf(reply);
  if (text !== undefined) content.push({ type: 'text', text });
  for (const call of reply.toolCalls)
    content.push({ type: 'tool_use', id: call.id, name: call.name, input: argumentsObject(call) });
  return {
    id: envelope.id,
    type: 'message',
    role: 'assistant',
    model: envelope.model,
    content,
    stop_reason: reply.toolCalls.length > 0 ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 0,
      service_tier: 'standard',
    },
  };
}

/** The SSE frames Anthropic streams, as recorded (a `ping` after the first block start). */
function toEvents(reply: ResolvedReply, envelope: AnthropicEnvelope): string[] {
  const frames: string[] = [];
  const emit = (type: string, fields: object = {}): void => {
    frames.push(sseFrame({ type, ...fields }, type));
  };
  const message = toMessage({ text: undefined, toolCalls: [] }, envelope);
  emit('message_start', { message: { ...message, content: [], stop_reason: null } });
  let index = 0;
  const block = (start: object, deltas: readonly object[]): void => {
    emit('content_block_start', { index, content_block: start });
    if (index === 0) emit('ping');
    for (const delta of deltas) emit('content_block_delta', { index, delta });
    emit('content_block_stop', { index });
    index++;
  };
  const text = textBlockOf(reply);
  if (text !== undefined)
    block(
      { type: 'text', text: '' },
      fragments(text).map((piece) => ({ type: 'text_delta', text: piece })),
    );
  for (const call of reply.toolCalls)
    block(
      { type: 'tool_use', id: call.id, name: call.name, input: {} },
      ['', ...fragments(call.arguments)].map((partial) => ({
        type: 'input_json_delta',
        partial_json: partial,
      })),
    );
  emit('message_delta', {
    delta: {
      stop_reason: reply.toolCalls.length > 0 ? 'tool_use' : 'end_turn',
      stop_sequence: null,
    },
    usage: { output_tokens: 0 },
  });
  emit('message_stop');
  return frames;
}

/** Anthropic and Bedrock refuse empty text blocks, so only a reply without calls may send one. */
export function textBlockOf(reply: ResolvedReply): string | undefined {
  if (reply.toolCalls.length === 0) return reply.text ?? '';
  return reply.text === '' ? undefined : reply.text;
}
