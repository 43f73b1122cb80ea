import type { OpenAIErrorBody } from '../openai-chat/openai-chat-error.js';
import { isToolHistoryError } from '../../errors/tool-history-error.js';
import { openAIResponsesErrorBodyFor } from './openai-responses-error.js';
import { validateOpenAIResponses } from './validate-openai-responses.js';
import {
  describeJsonType,
  streamReply,
  isJsonObject,
  jsonReply,
  scriptFailureMessage,
  sseFrame,
  unixSeconds,
} from '../shared/strict-endpoint.js';
import type { Endpoint, EndpointReply, EndpointRequest } from '../shared/strict-endpoint.js';
import {
  OPENAI_INVALID_JSON_MESSAGE,
  openAIError,
  openAIFailureReply,
} from '../openai-chat/openai-chat-server.js';
import {
  newResponseId,
  toResponse,
  toResponseEvents,
  toResponseOutput,
} from './openai-responses-reply.js';
import { randomId, resolveReply } from '../shared/scripted-reply.js';
import type { ScriptedReply } from '../shared/scripted-reply.js';
import { matchPaths, type StrictServerRoute } from '../shared/strict-endpoint.js';

/**
 * `POST /v1/responses`: refuses what OpenAI refuses (with {@link validateOpenAIResponses} on the
 * whole conversation), then answers the scripted reply as a `response` object, or as the Responses
 * event stream when `stream: true`.
 *
 * Like OpenAI, the endpoint remembers each response it gives (unless the request says
 * `store: false`): a request with `previous_response_id` continues that conversation, so its
 * `input` is checked after the earlier input and output. aiwrapper relies on this: after the first
 * turn it sends only the new items (the tool outputs) with `previous_response_id`.
 */
export function openAIResponsesEndpoint(): Endpoint {
  /** Response id → the conversation up to and including that response's output. */
  const stored = new Map<string, readonly unknown[]>();
  return {
    handle: (request) => handleOpenAIResponses(request, stored),
    reset: () => {
      stored.clear();
    },
  };
}

async function handleOpenAIResponses(
  request: EndpointRequest,
  stored: Map<string, readonly unknown[]>,
): Promise<EndpointReply> {
  if (!request.parsed.ok)
    return jsonReply(400, openAIError(OPENAI_INVALID_JSON_MESSAGE, null, null));
  const body = request.parsed.value;
  if (!isJsonObject(body))
    return jsonReply(
      400,
      openAIError('The JSON body of the request must be an object.', null, null),
    );
  if (body.model === undefined) {
    return jsonReply(
      400,
      openAIError("Missing required parameter: 'model'.", 'model', 'missing_required_parameter'),
    );
  }
  const input = inputItems(body.input);
  if (input === undefined) {
    // Ours, in OpenAI's schema style; `input` is a string or an array of items.
    return jsonReply(
      400,
      openAIError(
        `Invalid type for 'input': expected one of a string or an array of input items, but got ${describeJsonType(body.input)} instead.`,
        'input',
        'invalid_type',
      ),
    );
  }
  const badRole = refuseRole(input);
  if (badRole !== undefined) return jsonReply(400, badRole);
  const previousId = body.previous_response_id;
  let earlier: readonly unknown[] = [];
  if (typeof previousId === 'string') {
    const found = stored.get(previousId);
    if (found === undefined) {
      // OpenAI's reply to an unknown (or unstored) previous response; aiwrapper's on400Error looks
      // for this code and retries without `previous_response_id`.
      return jsonReply(
        400,
        openAIError(
          `Previous response with id '${previousId}' not found.`,
          'previous_response_id',
          'previous_response_not_found',
        ),
      );
    }
    earlier = found;
  }
  const conversation = [...earlier, ...input];
  const refusal = refuseHistory(conversation, earlier.length);
  if (refusal !== undefined) return refusal;

  let reply: ScriptedReply;
  try {
    reply = await request.nextReply({ format: 'openai-responses', path: request.path, body });
  } catch (error) {
    return jsonReply(
      400,
      openAIError(scriptFailureMessage(error), null, null, 'strict_server_error'),
    );
  }
  const envelope = {
    id: newResponseId(),
    createdAt: unixSeconds(),
    model: typeof body.model === 'string' ? body.model : 'gpt-4o-mini',
    request: body,
  };
  const output = toResponseOutput(resolveReply(reply, () => randomId('call_', 24)));
  if (body.store !== false) stored.set(envelope.id, [...conversation, ...output]);
  if (body.stream !== true) return jsonReply(200, toResponse(envelope, 'completed', output));
  return streamReply(
    toResponseEvents(envelope, output).map((event) => sseFrame(event.data, { event: event.type })),
  );
}

/** The request's `input` as items: a string is one user message; absent is none. */
function inputItems(input: unknown): readonly unknown[] | undefined {
  if (input === undefined) return [];
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  return Array.isArray(input) ? input : undefined;
}

/** Validates the conversation; `offset` items of it came from a stored response, not from `input`. */
function refuseHistory(items: readonly unknown[], offset: number): EndpointReply | undefined {
  try {
    const result = validateOpenAIResponses(items);
    if (result.ok) return undefined;
    const [issue] = result.issues;
    const { status, body } = openAIResponsesErrorBodyFor(issue);
    // The request's own `input` starts after the stored items: name the index the client sent.
    const sent = issue.messageIndex - offset;
    const prefix = `input[${issue.messageIndex}]`;
    const param = body.error.param ?? '';
    if (offset === 0 || sent < 0 || !param.startsWith(prefix)) return jsonReply(status, body);
    const shift = (text: string): string => text.replaceAll(prefix, `input[${sent}]`);
    return jsonReply(status, {
      error: { ...body.error, param: shift(param), message: shift(body.error.message) },
    });
  } catch (error) {
    // An item of a shape the API does not have: the validator's own sentence, in OpenAI's envelope.
    if (isToolHistoryError(error)) return jsonReply(400, openAIError(error.message, 'input', null));
    throw error;
  }
}

/** `POST /v1/responses` (or `/responses`): OpenAI Responses. */
export const OPENAI_RESPONSES_ROUTE: StrictServerRoute = {
  format: 'openai-responses',
  match: matchPaths('/v1/responses', '/responses'),
  createEndpoint: openAIResponsesEndpoint,
  failureReply: openAIFailureReply,
};

const RESPONSES_ROLES = ['assistant', 'system', 'developer', 'user'];

/**
 * OpenAI's refusal of a message item with an unknown role, as recorded from the API: "Invalid
 * value: 'tool'. Supported values are: 'assistant', 'system', 'developer', and 'user'."
 * (`invalid_value`, param `input[1]`).
 */
function refuseRole(input: readonly unknown[]): OpenAIErrorBody | undefined {
  const index = input.findIndex(
    (item) =>
      isJsonObject(item) &&
      (item.type === undefined || item.type === 'message') &&
      typeof item.role === 'string' &&
      !RESPONSES_ROLES.includes(item.role),
  );
  if (index === -1) return undefined;
  const role = String((input[index] as Readonly<Record<string, unknown>>).role);
  return openAIError(
    `Invalid value: '${role}'. Supported values are: 'assistant', 'system', 'developer', and 'user'.`,
    `input[${String(index)}]`,
    'invalid_value',
  );
}
