import { validateOpenAIChat } from '../../formats/openai-chat/validate-openai-chat.js';
import type { HistoryIssue, ValidationResult } from '../../errors/history-issue.js';
import type { EndpointReply, EndpointRequest, ResolvedReply, StrictEndpoint } from '../endpoint.js';
import {
  describeJsonType,
  fragments,
  isObject,
  jsonReply,
  matchPaths,
  nextResolvedReply,
  randomId,
  refuseHistory,
  sseFrame,
  streamReply,
  unixSeconds,
} from '../endpoint.js';
import type { OpenAIErrorBody } from './openai-chat-error.js';
import {
  firstReportedIssue,
  OPENAI_INVALID_JSON_MESSAGE,
  openAIChatErrorBody,
  openAIError,
  openAIFailure,
} from './openai-chat-error.js';

/** How one provider with the Chat Completions wire (OpenAI, Mistral) checks a history. */
export interface ChatCompletionsRules {
  readonly format: 'openai-chat' | 'mistral';
  readonly validate: (messages: readonly unknown[]) => ValidationResult;
  readonly refuse: (issues: readonly [HistoryIssue, ...HistoryIssue[]]) => EndpointReply;
  readonly refuseShape: (message: string) => EndpointReply;
  /** Checks OpenAI makes before its history rules; none for Mistral. */
  readonly precheck?: ((messages: readonly unknown[]) => OpenAIErrorBody | undefined) | undefined;
  readonly newCallId: () => string;
}

/** A `POST /v1/chat/completions` handler: OpenAI's shape checks, then the format's rules. */
export async function handleChatCompletions(
  request: EndpointRequest,
  rules: ChatCompletionsRules,
): Promise<EndpointReply> {
  if (!request.parsed.ok)
    return jsonReply(400, openAIError(OPENAI_INVALID_JSON_MESSAGE, null, null));
  const body = request.parsed.value;
  const shape = refuseShape(body);
  if (shape !== undefined) return jsonReply(400, shape);
  const accepted = body as Readonly<Record<string, unknown>>;
  const messages = accepted.messages as readonly unknown[];
  const early = rules.precheck?.(messages);
  if (early !== undefined) return jsonReply(400, early);
  const refusal = refuseHistory(() => rules.validate(messages), rules.refuse, rules.refuseShape);
  if (refusal !== undefined) return refusal;
  const reply = await nextResolvedReply(
    request,
    { format: rules.format, path: request.path, body: accepted },
    rules.newCallId,
  );
  const envelope = {
    id: randomId('chatcmpl-', 29),
    created: unixSeconds(),
    model: typeof accepted.model === 'string' ? accepted.model : 'gpt-4o-mini',
  };
  if (accepted.stream !== true) return jsonReply(200, toChatCompletion(reply, envelope));
  const options = accepted.stream_options;
  const includeUsage = isObject(options) && options.include_usage === true;
  const frames = toChatCompletionChunks(reply, envelope, includeUsage).map((chunk) =>
    sseFrame(chunk),
  );
  return streamReply([...frames, sseFrame('[DONE]')]);
}

const OPENAI_RULES: ChatCompletionsRules = {
  format: 'openai-chat',
  validate: validateOpenAIChat,
  refuse: (issues) => {
    const { status, body } = openAIChatErrorBody(firstReportedIssue(issues));
    return jsonReply(status, body);
  },
  refuseShape: (message) => jsonReply(400, openAIError(message, 'messages', null)),
  precheck: refuseMessageShapes,
  newCallId: () => randomId('call_', 24),
};

/** `POST /v1/chat/completions` (or `/chat/completions`): OpenAI Chat Completions. */
export const OPENAI_CHAT_ENDPOINT: StrictEndpoint = {
  format: 'openai-chat',
  match: matchPaths('/v1/chat/completions', '/chat/completions'),
  handle: (request) => handleChatCompletions(request, OPENAI_RULES),
  failure: openAIFailure,
};

function refuseShape(body: unknown): OpenAIErrorBody | undefined {
  // Our wording: no OpenAI reply to a JSON body that is not an object was found.
  if (!isObject(body))
    return openAIError('The JSON body of the request must be an object.', null, null);
  if (body.model === undefined)
    return openAIError('you must provide a model parameter', null, null);
  const messages = body.messages;
  if (messages === undefined)
    return openAIError(
      "Missing required parameter: 'messages'.",
      'messages',
      'missing_required_parameter',
    );
  const shape = arrayOfObjects(messages, 'messages');
  if (shape !== undefined) return shape;
  const items = messages as readonly unknown[];
  if (items.length === 0)
    // https://github.com/CopilotKit/CopilotKit/issues/529
    return openAIError(
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      'messages',
      'empty_array',
    );
  const roleless = items.findIndex((item) => (item as { role?: unknown }).role === undefined);
  if (roleless === -1) return undefined;
  const param = `messages[${roleless}].role`;
  return openAIError(
    `Missing required parameter: '${param}'.`,
    param,
    'missing_required_parameter',
  );
}

const ROLES = ['system', 'assistant', 'user', 'function', 'tool', 'developer'];

/** OpenAI's schema errors for a message's `role` and `tool_calls`, as recorded. */
function refuseMessageShapes(messages: readonly unknown[]): OpenAIErrorBody | undefined {
  for (const [index, message] of messages.entries()) {
    if (!isObject(message)) continue;
    const role = message.role;
    if (typeof role === 'string' && !ROLES.includes(role))
      return openAIError(
        `Invalid value: '${role}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`,
        `messages[${index}].role`,
        'invalid_value',
      );
    const calls = message.tool_calls;
    if (role !== 'assistant' || calls === undefined || calls === null) continue;
    const shape = arrayOfObjects(calls, `messages[${index}].tool_calls`);
    if (shape !== undefined) return shape;
  }
  return undefined;
}

/** OpenAI's `invalid_type` error for a `param` that is not an array of objects. */
function arrayOfObjects(value: unknown, param: string): OpenAIErrorBody | undefined {
  const items: readonly unknown[] = Array.isArray(value) ? value : [];
  const bad = Array.isArray(value) ? items.findIndex((item) => !isObject(item)) : -1;
  if (Array.isArray(value) && bad === -1) return undefined;
  const [field, expected] =
    bad === -1 ? [param, 'an array of objects'] : [`${param}[${bad}]`, 'an object'];
  return openAIError(
    `Invalid type for '${field}': expected ${expected}, but got ${describeJsonType(bad === -1 ? value : items[bad])} instead.`,
    field,
    'invalid_type',
  );
}

interface ChatEnvelope {
  readonly id: string;
  readonly created: number;
  readonly model: string;
}

const ZERO_USAGE = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

function toChatCompletion(reply: ResolvedReply, envelope: ChatEnvelope): object {
  const hasCalls = reply.toolCalls.length > 0;
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: reply.text ?? (hasCalls ? null : ''),
    refusal: null,
  };
  if (hasCalls)
    message.tool_calls = reply.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
  return {
    id: envelope.id,
    object: 'chat.completion',
    created: envelope.created,
    model: envelope.model,
    choices: [
      { index: 0, message, logprobs: null, finish_reason: hasCalls ? 'tool_calls' : 'stop' },
    ],
    usage: ZERO_USAGE,
  };
}

/** The `chat.completion.chunk`s OpenAI streams, as recorded, without `[DONE]`. */
function toChatCompletionChunks(
  reply: ResolvedReply,
  envelope: ChatEnvelope,
  includeUsage: boolean,
): object[] {
  const hasCalls = reply.toolCalls.length > 0;
  const chunk = (delta: object, finishReason: string | null = null): object => ({
    id: envelope.id,
    object: 'chat.completion.chunk',
    created: envelope.created,
    model: envelope.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  });
  const content = reply.text === undefined && hasCalls ? null : '';
  const chunks = [chunk({ role: 'assistant', content, refusal: null })];
  for (const piece of fragments(reply.text ?? '')) chunks.push(chunk({ content: piece }));
  reply.toolCalls.forEach((call, index) => {
    const opening = {
      index,
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: '' },
    };
    chunks.push(chunk({ tool_calls: [opening] }));
    for (const piece of fragments(call.arguments))
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  chunks.push(chunk({}, hasCalls ? 'tool_calls' : 'stop'));
  if (includeUsage)
    chunks.push({
      id: envelope.id,
      object: 'chat.completion.chunk',
      created: envelope.created,
      model: envelope.model,
      choices: [],
      usage: ZERO_USAGE,
    });
  return chunks;
}
