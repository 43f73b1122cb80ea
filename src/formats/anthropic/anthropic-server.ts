import { anthropicErrorBodyFor } from './anthropic-error.js';
import type { AnthropicErrorBody } from './anthropic-error.js';
import { validateAnthropic } from './validate-anthropic.js';
import { isToolHistoryError } from '../../errors/tool-history-error.js';
import {
  newAnthropicMessageId,
  newAnthropicToolUseId,
  toAnthropicEvents,
  toAnthropicMessage,
} from './anthropic-reply.js';
import {
  failureStatus,
  holdsContentBlock,
  streamReply,
  isJsonObject,
  jsonReply,
  scriptFailureMessage,
  sseFrame,
} from '../shared/strict-endpoint.js';
import type { Endpoint, EndpointReply, EndpointRequest } from '../shared/strict-endpoint.js';
import { randomId, resolveReply } from '../shared/scripted-reply.js';
import type { ScriptedReply } from '../shared/scripted-reply.js';
import { matchPaths, type StrictServerRoute } from '../shared/strict-endpoint.js';

/**
 * `POST /v1/messages`: refuses what Anthropic refuses (with {@link validateAnthropic} for the tool
 * history, reporting the first issue in message order as Anthropic does), then answers the
 * scripted reply as a `message`, or as Anthropic's event stream when `stream: true`.
 */
export function anthropicEndpoint(): Endpoint {
  return { handle: handleAnthropic, reset: () => undefined };
}

async function handleAnthropic(request: EndpointRequest): Promise<EndpointReply> {
  // Our wording: no recorded Anthropic reply to a body that is not JSON was found.
  if (!request.parsed.ok) return refuse('The request body is not valid JSON.');
  const body = request.parsed.value;
  if (!isJsonObject(body)) return refuse('The request body must be a JSON object.');
  // Anthropic's validation errors name the field, then the rule: "max_tokens: Field required"
  // (https://github.com/tickernelz/opencode-mem/issues/50).
  for (const field of ['model', 'messages', 'max_tokens']) {
    if (body[field] === undefined) return refuse(`${field}: Field required`);
  }
  const messages = body.messages;
  // Ours, in the same validator's style (pydantic's sentence for a value that is not a list); not
  // seen from Anthropic.
  if (!Array.isArray(messages)) return refuse('messages: Input should be a valid list');
  // Anthropic's pydantic sentence for an unknown role (a `system` one has its own, below).
  const items: readonly unknown[] = messages;
  const badRole = items.findIndex(
    (message) =>
      isJsonObject(message) &&
      typeof message.role === 'string' &&
      !['user', 'assistant', 'system'].includes(message.role),
  );
  if (badRole !== -1)
    return refuse(`messages.${String(badRole)}.role: Input should be 'user' or 'assistant'`);
  const refusal = refuseHistory(messages);
  if (refusal !== undefined) return refusal;
  // ANTHROPIC_PROFILE.toolsWithToolHistory, in Anthropic's words as agent projects quote them where
  // they work around it (bosun-ai/kwaak#312: a summarizing request sent without tools); an empty
  // `tools` list declares none.
  if (
    !declaresTools(body.tools) &&
    holdsContentBlock(
      messages,
      (block) => block.type === 'tool_use' || block.type === 'tool_result',
    )
  )
    return refuse('Requests which include `tool_use` or `tool_result` blocks must define tools.');

  let reply: ScriptedReply;
  try {
    reply = await request.nextReply({ format: 'anthropic', path: request.path, body });
  } catch (error) {
    return refuse(scriptFailureMessage(error), 'strict_server_error');
  }
  const envelope = {
    id: newAnthropicMessageId(),
    model: typeof body.model === 'string' ? body.model : 'claude-sonnet-4-5',
  };
  const resolved = resolveReply(reply, newAnthropicToolUseId);
  if (body.stream !== true) return jsonReply(200, toAnthropicMessage(resolved, envelope));
  return streamReply(
    toAnthropicEvents(resolved, envelope).map((event) =>
      sseFrame(event.data, { event: event.type }),
    ),
  );
}

function refuseHistory(messages: readonly unknown[]): EndpointReply | undefined {
  try {
    const result = validateAnthropic(messages);
    if (result.ok) return undefined;
    const { status, body } = anthropicErrorBodyFor(result.issues[0]);
    return jsonReply(status, withRequestId(body));
  } catch (error) {
    // A message of a shape the Messages API does not have (a `system` role, content that is
    // neither a string nor blocks): the validator's own sentence, in Anthropic's envelope.
    if (isToolHistoryError(error)) return refuse(error.message);
    throw error;
  }
}

function declaresTools(tools: unknown): boolean {
  return Array.isArray(tools) && tools.length > 0;
}

function refuse(message: string, type = 'invalid_request_error'): EndpointReply {
  return jsonReply(400, withRequestId({ type: 'error', error: { type, message } }));
}

/** Adds the `request_id` Anthropic's error replies carry, e.g. `req_011CYfUGm894GvnVxoN9fNaL`. */
function withRequestId(
  body: AnthropicErrorBody,
): AnthropicErrorBody & { readonly request_id: string } {
  return { ...body, request_id: randomId('req_011C', 20) };
}

/** `POST /v1/messages`: Anthropic Messages. */
export const ANTHROPIC_ROUTE: StrictServerRoute = {
  format: 'anthropic',
  match: matchPaths('/v1/messages'),
  createEndpoint: anthropicEndpoint,
  failureReply: (failure, message) =>
    // `request_too_large` is Anthropic's documented type for a 413
    // (https://docs.anthropic.com/en/api/errors); the sentence is ours, naming the local limit.
    jsonReply(
      failureStatus(failure),
      withRequestId({
        type: 'error',
        error: {
          type: failure === 'too-large' ? 'request_too_large' : 'strict_server_error',
          message,
        },
      }),
    ),
};
