/**
 * The strict server's registry: which provider endpoint serves which path. It is kept apart from
 * `formats/index.ts` so the library's own import graph (validate, repair, convert, streaming) does
 * not load the test server's handlers; only `testing/` imports this file.
 */
import { ANTHROPIC_ROUTE } from './anthropic/anthropic-server.js';
import { BEDROCK_ROUTE } from './bedrock/bedrock-server.js';
import { GEMINI_ROUTE } from './gemini/gemini-server.js';
import { MISTRAL_ROUTE } from './mistral/mistral-server.js';
import {
  OPENAI_CHAT_ROUTE,
  openAIFailureReply,
  openAINotFound,
} from './openai-chat/openai-chat-server.js';
import { OPENAI_RESPONSES_ROUTE } from './openai-responses/openai-responses-server.js';
import type { EndpointReply, ServerFailure, StrictServerRoute } from './shared/strict-endpoint.js';

/** Every route of the strict server, one per wire format it speaks. */
export const STRICT_SERVER_ROUTES: readonly StrictServerRoute[] = [
  OPENAI_CHAT_ROUTE,
  MISTRAL_ROUTE,
  OPENAI_RESPONSES_ROUTE,
  ANTHROPIC_ROUTE,
  GEMINI_ROUTE,
  BEDROCK_ROUTE,
];

/** The 404 for a path no route serves: the provider's own under its prefix, else OpenAI's. */
export function notFoundReply(method: string, path: string): EndpointReply {
  for (const route of STRICT_SERVER_ROUTES) {
    if (route.notFound !== undefined && path.startsWith(route.notFound.prefix))
      return route.notFound.reply(method, path);
  }
  return openAINotFound(method, path);
}

/**
 * The reply to a request the server cannot serve (a body over the limit, a failure while
 * answering), in the shape of the provider whose route or prefix `path` falls under; OpenAI's
 * elsewhere.
 */
export function failureReplyFor(
  path: string,
  failure: ServerFailure,
  message: string,
): EndpointReply {
  const route =
    STRICT_SERVER_ROUTES.find((candidate) => candidate.match(path) !== undefined) ??
    STRICT_SERVER_ROUTES.find(
      (candidate) => candidate.notFound !== undefined && path.startsWith(candidate.notFound.prefix),
    );
  return (route?.failureReply ?? openAIFailureReply)(failure, message);
}
