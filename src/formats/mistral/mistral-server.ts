import { isToolHistoryError } from '../../errors/tool-history-error.js';
import { chatCompletionsEndpoint, openAIFailureReply } from '../openai-chat/openai-chat-server.js';
import type { Endpoint } from '../shared/strict-endpoint.js';
import { mistralErrorBodyFor } from './mistral-error.js';
import { validateMistral } from './validate-mistral.js';
import { matchPaths, type StrictServerRoute } from '../shared/strict-endpoint.js';

/**
 * Mistral's `POST /v1/chat/completions` (reached at `/mistral/v1/chat/completions`): the same wire
 * as OpenAI's, Mistral's rules (9-character alphanumeric ids, no user message right after a tool
 * message, …) and Mistral's error body.
 */
export function mistralChatEndpoint(): Endpoint {
  return chatCompletionsEndpoint('mistral', (messages) => {
    try {
      const result = validateMistral(messages);
      return result.ok ? undefined : mistralErrorBodyFor(result.issues[0]);
    } catch (error) {
      // A message of a shape the API does not have (`role: 'wizard'`, `tool_calls: [null]`): ours,
      // the validator's sentence in Mistral's envelope (Mistral's own 422 detail was not recorded).
      if (!isToolHistoryError(error)) throw error;
      return {
        status: 400,
        body: {
          object: 'error',
          message: error.message,
          type: 'invalid_request_error',
          param: null,
          code: null,
        },
      };
    }
  });
}

/** Where `routeToStrictServer` sends `https://api.mistral.ai/v1/chat/completions`. */
export const MISTRAL_ROUTE: StrictServerRoute = {
  format: 'mistral',
  match: matchPaths('/mistral/v1/chat/completions'),
  createEndpoint: mistralChatEndpoint,
  // The shared Chat Completions endpoint answers its own failures in OpenAI's envelope too.
  failureReply: openAIFailureReply,
};
