import { validateOpenAIResponses } from '../../formats/openai-responses/validate-openai-responses.js';
import type { EndpointReply, EndpointRequest, ResolvedReply, StrictEndpoint } from '../endpoint.js';
import {
  describeJsonType,
  fragments,
  isObject,
  jsonReply,
  matchPaths,
  randomId,
  refuseHistory,
  sseFrame,
  streamReply,
} from '../endpoint.js';
import {
  OPENAI_INVALID_JSON_MESSAGE,
  openAIError,
  openAIErrorBody,
  openAIErrorReply,
} from '../openai-chat/openai-chat-endpoint.js';

type JsonObject = Readonly<Record<string, unknown>>;

/**
 * `POST /v1/responses`. Like OpenAI it stores each response unless `store: false`, so a
 * `previous_response_id` follow-up is checked against the whole conversation.
 */
export function createResponsesEndpoint(): StrictEndpoint {
  // Response id → the conversation up to and including that response's output.
  const stored = new Map<string, readonly unknown[]>();
  return {
    format: 'openai-responses',
    match: matchPaths('/v1/responses', '/responses'),
    handle: (request) => handleResponses(request, stored),
    reset: () => {
      stored.clear();
    },
    error: openAIErrorReply,
    newCallId: () => randomId('call_', 24),
  };
}

async function handleResponses(
  request: EndpointRequest,
  stored: Map<string, readonly unknown[]>,
): Promise<EndpointReply> {
  const refuse = (...error: Parameters<typeof openAIError>): EndpointReply =>
    jsonReply(400, openAIError(...error));
  if (!request.parsed.ok) return refuse(OPENAI_INVALID_JSON_MESSAGE, null, null);
  const body = request.parsed.value;
  if (!isObject(body)) return refuse('The JSON body of the request must be an object.', null, null);
  if (body.model === undefined)
    return refuse("Missing required parameter: 'model'.", 'model', 'missing_required_parameter');
  const input =
    body.input === undefined
      ? []
      : typeof body.input === 'string'
        ? [{ role: 'user', content: body.input }]
        : Array.isArray(body.input)
          ? (body.input as readonly unknown[])
          : undefined;
  if (input === undefined)
    return refuse(
      `Invalid type for 'input': expected one of a string or an array of input items, but got ${describeJsonType(body.input)} instead.`,
      'input',
      'invalid_type',
    );
  const badRole = input.findIndex(
    (item) =>
      isObject(item) &&
      (item.type === undefined || item.type === 'message') &&
      typeof item.role === 'string' &&
      !['assistant', 'system', 'developer', 'user'].includes(item.role),
  );
  if (badRole !== -1)
    return refuse(
      `Invalid value: '${String((input[badRole] as JsonObject).role)}'. Supported values are: 'assistant', 'system', 'developer', and 'user'.`,
      `input[${badRole}]`,
      'invalid_value',
    );
  const previousId = body.previous_response_id;
  const earlier = typeof previousId === 'string' ? stored.get(previousId) : [];
  // aiwrapper's on400Error looks for this code and retries without `previous_response_id`.
  if (earlier === undefined)
    return refuse(
      `Previous response with id '${String(previousId)}' not found.`,
      'previous_response_id',
      'previous_response_not_found',
    );
  const conversation = [...earlier, ...input];
  const refusal = refuseHistory(
    () => validateOpenAIResponses(conversation),
    (message) => refuse(message, 'input', null),
    ([issue]) => {
      const { status, body: error } = openAIErrorBody(issue);
      // Name the index the client sent: its `input` starts after the stored items.
      const sent = issue.messageIndex - earlier.length;
      const prefix = `input[${issue.messageIndex}]`;
      const param = error.error.param ?? '';
      if (earlier.length === 0 || sent < 0 || !param.startsWith(prefix))
        return jsonReply(status, error);
      const shift = (text: string): string => text.replaceAll(prefix, `input[${sent}]`);
      return jsonReply(status, {
        error: { ...error.error, param: shift(param), message: shift(error.error.message) },
      });
    },
  );
  if (refusal !== undefined) return refusal;
  const reply = await request.reply(body);
  const envelope: ResponseEnvelope = {
    id: hexId('resp_'),
    createdAt: Math.floor(Date.now() / 1000),
    model: typeof body.model === 'string' ? body.model : 'gpt-4o-mini',
    request: body,
  };
  const output = toResponseOutput(reply);
  if (body.store !== false) stored.set(envelope.id, [...conversation, ...output]);
  if (body.stream !== true) return jsonReply(200, toResponse(envelope, 'completed', output));
  return streamReply(toResponseEvents(envelope, output));
}

interface ResponseEnvelope {
  readonly id: string;
  readonly createdAt: number;
  readonly model: string;
  /** The request, whose fields are echoed as OpenAI does. */
  readonly request: JsonObject;
}

type OutputItem = JsonObject & { readonly id: string; readonly type: string };

/** Recorded ids look like `resp_0d54…`: a prefix and 50 lowercase hex digits. */
function hexId(prefix: string): string {
  return randomId(prefix, 50, '0123456789abcdef');
}

function toResponseOutput(reply: ResolvedReply): OutputItem[] {
  const items: OutputItem[] = [];
  if (reply.text !== undefined || reply.toolCalls.length === 0)
    items.push({
      id: hexId('msg_'),
      type: 'message',
      status: 'completed',
      content: [outputText(reply.text ?? '')],
      role: 'assistant',
    });
  for (const call of reply.toolCalls)
    items.push({
      id: hexId('fc_'),
      type: 'function_call',
      status: 'completed',
      arguments: call.arguments,
      call_id: call.id,
      name: call.name,
    });
  return items;
}

function toResponse(
  envelope: ResponseEnvelope,
  status: 'in_progress' | 'completed',
  output: readonly OutputItem[],
): object {
  const echo = (field: string, fallback: unknown): unknown => envelope.request[field] ?? fallback;
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

/** The SSE frames OpenAI streams for a response, as recorded; there is no `[DONE]`. */
function toResponseEvents(envelope: ResponseEnvelope, output: readonly OutputItem[]): string[] {
  const frames: string[] = [];
  const emit = (type: string, fields: object): void => {
    frames.push(sseFrame({ type, sequence_number: frames.length, ...fields }, type));
  };
  const inProgress = toResponse(envelope, 'in_progress', []);
  emit('response.created', { response: inProgress });
  emit('response.in_progress', { response: inProgress });
  output.forEach((item, output_index) => {
    const at = { item_id: item.id, output_index };
    if (item.type === 'function_call') {
      const text = typeof item.arguments === 'string' ? item.arguments : '';
      emit('response.output_item.added', {
        output_index,
        item: { ...item, status: 'in_progress', arguments: '' },
      });
      for (const delta of fragments(text))
        emit('response.function_call_arguments.delta', { ...at, delta });
      emit('response.function_call_arguments.done', { ...at, arguments: text });
    } else {
      const content = item.content as readonly { readonly text: string }[];
      const text = content.map((part) => part.text).join('');
      const part = { ...at, content_index: 0 };
      emit('response.output_item.added', {
        output_index,
        item: { ...item, status: 'in_progress', content: [] },
      });
      emit('response.content_part.added', { ...part, part: outputText('') });
      for (const delta of fragments(text))
        emit('response.output_text.delta', { ...part, delta, logprobs: [] });
      emit('response.output_text.done', { ...part, text, logprobs: [] });
      emit('response.content_part.done', { ...part, part: outputText(text) });
    }
    emit('response.output_item.done', { output_index, item });
  });
  emit('response.completed', { response: toResponse(envelope, 'completed', output) });
  return frames;
}

function outputText(text: string): object {
  return { type: 'output_text', annotations: [], logprobs: [], text };
}
