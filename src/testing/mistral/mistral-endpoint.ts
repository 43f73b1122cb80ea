import type { HistoryIssue } from '../../errors/history-issue.js';
import { validateMistral } from '../../formats/mistral/validate-mistral.js';
import type { ErrorBodies, ErrorReply, StrictEndpoint } from '../endpoint.js';
import { errorReply, jsonReply, matchPaths, randomId } from '../endpoint.js';
import { handleChatCompletions } from '../openai-chat/openai-chat-endpoint.js';
import { openAIErrorReply } from '../openai-chat/openai-chat-endpoint.js';

type MistralErrorBody = ErrorBodies['mistral'];

function mistralError(message: string, type: string, code: string | null): MistralErrorBody {
  return { object: 'error', message, type, param: null, code };
}

/**
 * Mistral's 400, with the `type` and `code` of real replies: role order `'3230'`
 * (datapizza-labs/datapizza-ai#98), call id shape `'3280'` (nearai/ironclaw#1241), else `null`.
 */
export function mistralErrorBody(issue: HistoryIssue): ErrorReply<MistralErrorBody> {
  const [type, code] = issue.message.startsWith('Unexpected role')
    ? ['invalid_request_message_order', '3230']
    : issue.code === 'invalid-tool-call-id'
      ? ['invalid_function_call', '3280']
      : ['invalid_request_error', null];
  return { status: 400, body: mistralError(issue.message, type, code) };
}

/** Mistral's chat completions at `/mistral/v1/chat/completions`: OpenAI's wire, Mistral's rules. */
export const MISTRAL_ENDPOINT: StrictEndpoint = {
  format: 'mistral',
  match: matchPaths('/mistral/v1/chat/completions'),
  handle: (request) =>
    handleChatCompletions(request, {
      validate: validateMistral,
      refuse: (issues) => errorReply(mistralErrorBody(issues[0])),
      // Ours: Mistral's own 422 detail for a malformed message was not recorded.
      refuseShape: (message) =>
        jsonReply(400, mistralError(message, 'invalid_request_error', null)),
    }),
  newCallId: () => randomId('', 9),
  error: openAIErrorReply,
};
