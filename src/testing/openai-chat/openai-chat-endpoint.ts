import { validateOpenAIChat } from '../../formats/openai-chat/validate-openai-chat.js';
import type { HistoryIssue, ValidationResult } from '../../errors/history-issue.js';
import type {
  EndpointReply,
  EndpointRequest,
  ErrorReply,
  OpenAIErrorBody,
  ResolvedReply,
  ErrorKind,
  StrictEndpoint,
} from '../endpoint.js';
import {
  describeJsonType,
  ERROR_STATUS,
  errorReply,
  fragments,
  isObject,
  jsonReply,
  matchPaths,
  randomId,
  refuseHistory,
  sseFrame,
  streamReply,
} from '../endpoint.js';

/** An OpenAI error body. */
export function openAIError(
  message: string,
  param: string | null,
  code: string | null,
  type = 'invalid_request_error',
): OpenAIErrorBody {
  return { error: { message, type, param, code } };
}

/** OpenAI's error `code` for an issue: schema errors carry one (read off their sentence), others `null`. */
export function openAIErrorCodeFor(issue: HistoryIssue): string | null {
  const { code, message } = issue;
  if (code === 'empty-tool-calls') return 'empty_array';
  if (message.startsWith('Missing required parameter:')) return 'missing_required_parameter';
  if (message.startsWith('Invalid type for ')) return 'invalid_type';
  if (message.endsWith('but got an empty string instead.')) return 'empty_string';
  // A too-long id (AnswerDotAI/fastllm#45).
  return code === 'invalid-tool-call-id' ? 'string_above_max_length' : null;
}

/**
 * The 400 OpenAI sends for an issue of `validateOpenAIChat` or `validateOpenAIResponses`; the
 * Responses API names `param` `'input'` for pairing errors (continuedev/continue#10092).
 */
export function openAIErrorBody(issue: HistoryIssue): ErrorReply<OpenAIErrorBody> {
  const body = openAIError(issue.message, issue.param ?? null, openAIErrorCodeFor(issue));
  return { status: 400, body };
}

/** The issue OpenAI reports of several: it checks the schema first, so the first schema error. */
export function firstReportedIssue(
  issues: readonly [HistoryIssue, ...HistoryIssue[]],
): HistoryIssue {
  return issues.find((issue) => openAIErrorCodeFor(issue) !== null) ?? issues[0];
}

/** OpenAI's exact sentence for a body that is not JSON (every OpenAI endpoint). */
export const OPENAI_INVALID_JSON_MESSAGE =
  "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)";

/** OpenAI's error reply of `kind` (also Mistral's and the Responses API's, but for refusals). */
export function openAIErrorReply(kind: ErrorKind, message: string): EndpointReply {
  const type = kind === 'server-error' ? 'strict_server_error' : 'invalid_request_error';
  return jsonReply(ERROR_STATUS[kind], openAIError(message, null, null, type));
}

/** How one provider with the Chat Completions wire (OpenAI, Mistral) checks a history. */
export interface ChatCompletionsRules {
  readonly validate: (messages: readonly unknown[]) => ValidationResult;
  readonly refuse: (issues: readonly [HistoryIssue, ...HistoryIssue[]]) => EndpointReply;
  readonly refuseShape: (message: string) => EndpointReply;
  /** Checks OpenAI makes before its history rules; none for Mistral. */
  readonly precheck?: ((messages: readonly unknown[]) => OpenAIErrorBody | undefined) | undefined;
}

/** A `POST /v1/chat/completions` handler: OpenAI's shape checks, then the format's rules. */
export async function handleChatCompletions(
  request: EndpointRequest,
  rules: ChatCompletionsRules,
): Promise<EndpointReply> {
  if (!request.parsed.ok)
    return jsonReply(400, openAIError(OPENAI_INVALID_JSON_MESSAGE, null, null));
  const body = request.parsed.value;
  const shape = refuseShape(body) ?? rules.precheck?.((body as { messages: unknown[] }).messages);
  if (shape !== undefined) return jsonReply(400, shape);
  const accepted = body as Readonly<Record<string, unknown>>;
  const messages = accepted.messages as readonly unknown[];
  const refusal = refuseHistory(() => rules.validate(messages), rules.refuseShape, rules.refuse);
  if (refusal !== undefined) return refusal;
  const reply = await request.reply(accepted);
  const model = typeof accepted.model === 'string' ? accepted.model : 'gpt-4o-mini';
  const envelope = { id: randomId('chatcmpl-', 29), created: Math.floor(Date.now() / 1000), model };
  if (accepted.stream !== true) return jsonReply(200, toChatCompletion(reply, envelope));
  const options = accepted.stream_options;
  const usage = isObject(options) && options.include_usage === true;
  const chunks = toChatCompletionChunks(reply, envelope, usage);
  return streamReply([...chunks.map((chunk) => sseFrame(chunk)), sseFrame('[DONE]')]);
}

/** `POST /v1/chat/completions` (or `/chat/completions`): OpenAI Chat Completions. */
export const OPENAI_CHAT_ENDPOINT: StrictEndpoint = {
  format: 'openai-chat',
  match: matchPaths('/v1/chat/completions', '/chat/completions'),
  handle: (request) =>
    handleChatCompletions(request, {
      validate: validateOpenAIChat,
      refuse: (issues) => errorReply(openAIErrorBody(firstReportedIssue(issues))),
      refuseShape: (message) => jsonReply(400, openAIError(message, 'messages', null)),
      precheck: refuseMessageShapes,
    }),
  newCallId: () => randomId('call_', 24),
  error: openAIErrorReply,
};

function refuseShape(body: unknown): OpenAIErrorBody | undefined {
  // Our wording: no OpenAI reply to a JSON body that is not an object was found.
  if (!isObject(body))
    return openAIError('The JSON body of the request must be an object.', null, null);
  if (body.model === undefined)
    return openAIError('you must provide a model parameter', null, null);
  const messages = body.messages;
  if (messages === undefined) return missingParameter('messages');
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
  return roleless === -1 ? undefined : missingParameter(`messages[${roleless}].role`);
}

function missingParameter(param: string): OpenAIErrorBody {
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
  const finish_reason = hasCalls ? 'tool_calls' : 'stop';
  return {
    ...envelope,
    object: 'chat.completion',
    choices: [{ index: 0, message, logprobs: null, finish_reason }],
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
    ...envelope,
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  });
  const content = reply.text === undefined && hasCalls ? null : '';
  const chunks = [chunk({ role: 'assistant', content, refusal: null })];
  for (const piece of fragments(reply.text ?? '')) chunks.push(chunk({ content: piece }));
  reply.toolCalls.forEach((call, index) => {
    const { id, name } = call;
    chunks.push(
      chunk({ tool_calls: [{ index, id, type: 'function', function: { name, arguments: '' } }] }),
    );
    for (const piece of fragments(call.arguments))
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  chunks.push(chunk({}, hasCalls ? 'tool_calls' : 'stop'));
  if (includeUsage) chunks.push({ ...chunk({}), choices: [], usage: ZERO_USAGE });
  return chunks;
}
