import type { HistoryIssue } from '../errors/history-issue.js';
import { ToolHistoryError } from '../errors/tool-history-error.js';
import { ANTHROPIC_ENDPOINT, anthropicErrorBody } from './anthropic/anthropic-endpoint.js';
import type { AnthropicErrorBody } from './anthropic/anthropic-endpoint.js';
import { BEDROCK_ENDPOINT, bedrockErrorBody } from './bedrock/bedrock-endpoint.js';
import type {
  EndpointReply,
  ErrorReply,
  ServerFailure,
  StrictEndpoint,
  StrictServerFormat,
} from './endpoint.js';
import { GEMINI_ENDPOINT, geminiErrorBody } from './gemini/gemini-endpoint.js';
import type { GeminiErrorBody } from './gemini/gemini-endpoint.js';
import { MISTRAL_ENDPOINT, mistralErrorBody } from './mistral/mistral-endpoint.js';
import type { MistralErrorBody } from './mistral/mistral-endpoint.js';
import { OPENAI_CHAT_ENDPOINT } from './openai-chat/openai-chat-endpoint.js';
import {
  openAIChatErrorBody,
  openAIFailure,
  openAINotFound,
  openAIResponsesErrorBody,
} from './openai-chat/openai-chat-error.js';
import type { OpenAIErrorBody } from './openai-chat/openai-chat-error.js';
import { createResponsesEndpoint } from './openai-responses/openai-responses-endpoint.js';

/** One server's endpoints, one per wire format it speaks (the Responses API's with its store). */
export function createEndpoints(): readonly StrictEndpoint[] {
  return [
    OPENAI_CHAT_ENDPOINT,
    MISTRAL_ENDPOINT,
    createResponsesEndpoint(),
    ANTHROPIC_ENDPOINT,
    GEMINI_ENDPOINT,
    BEDROCK_ENDPOINT,
  ];
}

/** The error body each provider answers a refused history with. */
export interface ErrorBodies {
  readonly 'openai-chat': OpenAIErrorBody;
  readonly 'openai-responses': OpenAIErrorBody;
  readonly anthropic: AnthropicErrorBody;
  readonly gemini: GeminiErrorBody;
  readonly mistral: MistralErrorBody;
  readonly bedrock: { readonly message: string };
}

const ERROR_BODIES: {
  readonly [F in StrictServerFormat]: (issue: HistoryIssue) => ErrorReply<ErrorBodies[F]>;
} = {
  'openai-chat': openAIChatErrorBody,
  'openai-responses': openAIResponsesErrorBody,
  anthropic: anthropicErrorBody,
  gemini: geminiErrorBody,
  mistral: mistralErrorBody,
  bedrock: bedrockErrorBody,
};

/**
 * The status, error body and headers a provider answers a refused history with, for an issue its
 * validator found: what the strict server sends.
 *
 * @throws {ToolHistoryError} `invalid-input` for a format the strict server does not speak.
 * @example
 * const result = validateHistory(messages, { format: 'anthropic' });
 * if (!result.ok) {
 *   const { status, body } = errorBodyFor('anthropic', result.issues[0]);
 *   console.log(status, body.error.message);
 * }
 */
export function errorBodyFor<F extends StrictServerFormat>(
  format: F,
  issue: HistoryIssue,
): ErrorReply<ErrorBodies[F]> {
  if (!Object.hasOwn(ERROR_BODIES, format))
    throw new ToolHistoryError(
      'invalid-input',
      `errorBodyFor: the strict server does not speak ${JSON.stringify(format)}; use one of ${Object.keys(ERROR_BODIES).join(', ')}.`,
    );
  return ERROR_BODIES[format](issue);
}

function underPrefix(
  endpoints: readonly StrictEndpoint[],
  path: string,
): StrictEndpoint | undefined {
  return endpoints.find((candidate) => path.startsWith(candidate.notFound?.prefix ?? '\0'));
}

/** The 404 for an unknown path: the provider's own under its prefix, else OpenAI's. */
export function notFoundReply(
  endpoints: readonly StrictEndpoint[],
  method: string,
  path: string,
): EndpointReply {
  return (
    underPrefix(endpoints, path)?.notFound?.reply(method, path) ?? openAINotFound(method, path)
  );
}

/** A {@link ServerFailure} reply in the shape of the provider of the path. */
export function failureReplyFor(
  endpoints: readonly StrictEndpoint[],
  path: string,
  query: URLSearchParams,
  failure: ServerFailure,
  message: string,
): EndpointReply {
  const endpoint =
    endpoints.find((candidate) => candidate.match(path) !== undefined) ??
    underPrefix(endpoints, path);
  return endpoint === undefined
    ? openAIFailure(failure, message)
    : endpoint.failure(failure, message, path, query);
}
