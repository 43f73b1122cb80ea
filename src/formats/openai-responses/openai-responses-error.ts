import type { HistoryIssue } from '../../errors/history-issue.js';
import type { OpenAIErrorResponse } from '../openai-chat/openai-chat-error.js';

/**
 * Builds the 400 reply the Responses API sends for an issue found by `validateOpenAIResponses`:
 * OpenAI's error body `{ error: { message, type: 'invalid_request_error', param, code } }`.
 *
 * `param` is `'input'` for the pairing errors (as in https://github.com/continuedev/continue/issues/10092)
 * and `input[i].call_id` for id errors, whose `code` is `'empty_string'` or `'string_above_max_length'`
 * (https://github.com/BigPizzaV3/CodexPlusPlus/issues/315, https://github.com/AnswerDotAI/fastllm/issues/45);
 * `code` is `null` otherwise.
 *
 * @example
 * const { status, body } = openAIResponsesErrorBodyFor(result.issues[0]);
 */
export function openAIResponsesErrorBodyFor(issue: HistoryIssue): OpenAIErrorResponse {
  const code =
    issue.code === 'invalid-tool-call-id'
      ? issue.message.includes(': empty string.')
        ? 'empty_string'
        : 'string_above_max_length'
      : null;
  return {
    status: 400,
    body: {
      error: {
        message: issue.message,
        type: 'invalid_request_error',
        param: issue.param ?? null,
        code,
      },
    },
  };
}
