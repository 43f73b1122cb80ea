import { isToolHistoryError } from '../../errors/tool-history-error.js';
import { firstReportedIssue, openAIErrorBodyFor } from './openai-chat-error.js';
import type { OpenAIErrorBody } from './openai-chat-error.js';
import { validateOpenAIChat } from './validate-openai-chat.js';
import {
  describeJsonType,
  failureStatus,
  streamReply,
  isJsonObject,
  jsonReply,
  scriptFailureMessage,
  sseFrame,
  unixSeconds,
} from '../shared/strict-endpoint.js';
import type { Endpoint, EndpointReply, EndpointRequest } from '../shared/strict-endpoint.js';
import { toChatCompletion, toChatCompletionChunks } from './openai-chat-reply.js';
import { randomId, resolveReply } from '../shared/scripted-reply.js';
import type { ScriptedReply } from '../shared/scripted-reply.js';
import {
  matchPaths,
  type ServerFailure,
  type StrictServerRoute,
} from '../shared/strict-endpoint.js';

/**
 * `POST /v1/chat/completions`: refuses what OpenAI refuses (with {@link validateOpenAIChat} for the
 * tool history), then answers the scripted reply as a `chat.completion` or as chunks ending in `[DONE]`.
 */
export function openAIChatEndpoint(): Endpoint {
  return chatCompletionsEndpoint('openai-chat', (messages) => {
    const shape = refuseMessageShapes(messages);
    if (shape !== undefined) return { status: 400, body: shape };
    try {
      const result = validateOpenAIChat(messages);
      return result.ok ? undefined : openAIErrorBodyFor(firstReportedIssue(result.issues));
    } catch (error) {
      // A message of a shape the API does not have: the validator's own sentence, in OpenAI's envelope.
      if (isToolHistoryError(error))
        return { status: 400, body: openAIError(error.message, 'messages', null) };
      throw error;
    }
  });
}

const OPENAI_CHAT_ROLES = ['system', 'assistant', 'user', 'function', 'tool', 'developer'];

/**
 * OpenAI's schema errors for a message's `role` and `tool_calls`, in message order, as recorded
 * from the API: "Invalid value: 'tooool'. Supported values are: 'system', 'assistant', 'user',
 * 'function', 'tool', and 'developer'." (`invalid_value`, param `messages[2].role`); and "Invalid
 * type for 'messages[1].tool_calls[0]': expected an object, but got null instead." (`invalid_type`).
 */
function refuseMessageShapes(messages: readonly unknown[]): OpenAIErrorBody | undefined {
  for (const [index, message] of messages.entries()) {
    if (!isJsonObject(message)) continue;
    const role = message.role;
    if (typeof role === 'string' && !OPENAI_CHAT_ROLES.includes(role)) {
      return openAIError(
        `Invalid value: '${role}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`,
        `messages[${String(index)}].role`,
        'invalid_value',
      );
    }
    const calls = message.tool_calls;
    if (role !== 'assistant' || calls === undefined || calls === null) continue;
    const param = `messages[${String(index)}].tool_calls`;
    if (!Array.isArray(calls)) {
      return openAIError(
        `Invalid type for '${param}': expected an array of objects, but got ${describeJsonType(calls)} instead.`,
        param,
        'invalid_type',
      );
    }
    const items: readonly unknown[] = calls;
    const bad = items.findIndex((call) => !isJsonObject(call));
    if (bad !== -1) {
      return openAIError(
        `Invalid type for '${param}[${String(bad)}]': expected an object, but got ${describeJsonType(items[bad])} instead.`,
        `${param}[${String(bad)}]`,
        'invalid_type',
      );
    }
  }
  return undefined;
}

/** The status and error body a provider answers a tool history it refuses with. */
export interface HistoryRefusal {
  readonly status: number;
  readonly body: unknown;
}

/**
 * A `POST /v1/chat/completions` endpoint for a format with the Chat Completions wire (OpenAI,
 * Mistral): OpenAI's checks of the body's shape, then `refuseHistory` with the format's own rules
 * and error body, then the scripted reply.
 */
export function chatCompletionsEndpoint(
  format: 'openai-chat' | 'mistral',
  refuseHistory: (messages: readonly unknown[]) => HistoryRefusal | undefined,
): Endpoint {
  return {
    handle: (request) => handleChatCompletions(request, format, refuseHistory),
    reset: () => undefined,
  };
}

async function handleChatCompletions(
  request: EndpointRequest,
  format: 'openai-chat' | 'mistral',
  refuseHistory: (messages: readonly unknown[]) => HistoryRefusal | undefined,
): Promise<EndpointReply> {
  if (!request.parsed.ok)
    return jsonReply(400, openAIError(OPENAI_INVALID_JSON_MESSAGE, null, null));
  const body = request.parsed.value;
  const shape = refuseShape(body);
  if (shape !== undefined) return jsonReply(400, shape);
  const refusal = refuseHistory((body as { messages: readonly unknown[] }).messages);
  if (refusal !== undefined) return jsonReply(refusal.status, refusal.body);
  const accepted = body as Readonly<Record<string, unknown>>;
  let reply: ScriptedReply;
  try {
    reply = await request.nextReply({ format, path: request.path, body: accepted });
  } catch (error) {
    return jsonReply(
      400,
      openAIError(scriptFailureMessage(error), null, null, 'strict_server_error'),
    );
  }
  const envelope = {
    id: randomId('chatcmpl-', 29),
    created: unixSeconds(),
    model: typeof accepted.model === 'string' ? accepted.model : 'gpt-4o-mini',
  };
  // Mistral's own ids are nine letters and digits, and it refuses any other shape when they come back.
  const resolved = resolveReply(reply, () =>
    format === 'mistral' ? randomId('', 9) : randomId('call_', 24),
  );
  if (accepted.stream !== true) return jsonReply(200, toChatCompletion(resolved, envelope));
  const streamOptions = accepted.stream_options;
  const includeUsage = isJsonObject(streamOptions) && streamOptions.include_usage === true;
  const frames = toChatCompletionChunks(resolved, envelope, { includeUsage }).map((chunk) =>
    sseFrame(chunk),
  );
  return streamReply([...frames, sseFrame('[DONE]')]);
}

/**
 * OpenAI's exact sentence for a body that is not JSON (shared by every OpenAI endpoint).
 */
export const OPENAI_INVALID_JSON_MESSAGE =
  "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)";

/** An OpenAI error body. */
export function openAIError(
  message: string,
  param: string | null,
  code: string | null,
  type = 'invalid_request_error',
): OpenAIErrorBody {
  return { error: { message, type, param, code } };
}

/** The 400 for a body whose `model` or `messages` is unusable before any history rule applies. */
function refuseShape(body: unknown): OpenAIErrorBody | undefined {
  if (!isJsonObject(body)) {
    // Our wording: no OpenAI reply to a JSON body that is not an object was found.
    return openAIError('The JSON body of the request must be an object.', null, null);
  }
  // The sentences below are OpenAI's as recorded from the API (model first, then messages).
  if (body.model === undefined)
    return openAIError('you must provide a model parameter', null, null);
  const messages = body.messages;
  if (messages === undefined) {
    return openAIError(
      "Missing required parameter: 'messages'.",
      'messages',
      'missing_required_parameter',
    );
  }
  if (!Array.isArray(messages)) {
    return openAIError(
      `Invalid type for 'messages': expected an array of objects, but got ${describeJsonType(messages)} instead.`,
      'messages',
      'invalid_type',
    );
  }
  if (messages.length === 0) {
    // https://github.com/CopilotKit/CopilotKit/issues/529
    return openAIError(
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      'messages',
      'empty_array',
    );
  }
  const items: readonly unknown[] = messages;
  const badIndex = items.findIndex((item) => !isJsonObject(item));
  if (badIndex !== -1) {
    return openAIError(
      `Invalid type for 'messages[${badIndex}]': expected an object, but got ${describeJsonType(items[badIndex])} instead.`,
      `messages[${badIndex}]`,
      'invalid_type',
    );
  }
  const roleless = items.findIndex(
    (item) => (item as Readonly<Record<string, unknown>>).role === undefined,
  );
  if (roleless !== -1) {
    const param = `messages[${roleless}].role`;
    return openAIError(
      `Missing required parameter: '${param}'.`,
      param,
      'missing_required_parameter',
    );
  }
  return undefined;
}

/** `POST /v1/chat/completions` (or `/chat/completions`): OpenAI Chat Completions. */
export const OPENAI_CHAT_ROUTE: StrictServerRoute = {
  format: 'openai-chat',
  match: matchPaths('/v1/chat/completions', '/chat/completions'),
  createEndpoint: openAIChatEndpoint,
  failureReply: openAIFailureReply,
};

/**
 * OpenAI's envelope for a {@link ServerFailure} (also Mistral's and Responses' routes, whose
 * endpoints answer their own failures in it): `invalid_request_error` for a body over the limit,
 * `strict_server_error` for the server's own failure.
 */
export function openAIFailureReply(failure: ServerFailure, message: string): EndpointReply {
  const type = failure === 'too-large' ? 'invalid_request_error' : 'strict_server_error';
  return jsonReply(failureStatus(failure), openAIError(message, null, null, type));
}

/** OpenAI's reply to an unknown route, e.g. 404 "Invalid URL (POST /v1/workflows/runs)". */
export function openAINotFound(method: string, path: string): EndpointReply {
  return jsonReply(404, openAIError(`Invalid URL (${method} ${path})`, null, null));
}
