import type { HistoryIssue } from '../../errors/history-issue.js';

/** The JSON body of a Mistral API error reply (https://docs.mistral.ai/resources/error-glossary). */
export interface MistralErrorBody {
  readonly object: 'error';
  readonly message: string;
  /** `'invalid_request_error'`, `'invalid_request_message_order'` or `'invalid_function_call'` for history problems. */
  readonly type: string;
  readonly param: string | null;
  /** A numeric code as a string (`'3230'`, `'3280'`), or `null`. */
  readonly code: string | null;
}

/** A Mistral error reply: HTTP status and JSON body. */
export interface MistralErrorResponse {
  readonly status: number;
  readonly body: MistralErrorBody;
}

/**
 * Builds the 400 reply Mistral sends for an issue found by `validateMistral`, with the `type` and
 * `code` seen in real replies:
 * - role order ("Unexpected role …"): `invalid_request_message_order`, `'3230'`
 *   (https://github.com/datapizza-labs/datapizza-ai/issues/98, https://github.com/avante-corp/avante.nvim/pull/2695);
 * - call id shape: `invalid_function_call`, `'3280'` (https://github.com/nearai/ironclaw/issues/1241;
 *   older replies had `invalid_request_error` and `null`);
 * - everything else: `invalid_request_error`, `null` (https://github.com/anomalyco/opencontrol/issues/20).
 *
 * @example
 * const { status, body } = mistralErrorBodyFor(result.issues[0]);
 */
export function mistralErrorBodyFor(issue: HistoryIssue): MistralErrorResponse {
  const [type, code] = issue.message.startsWith('Unexpected role')
    ? ['invalid_request_message_order', '3230']
    : issue.code === 'invalid-tool-call-id'
      ? ['invalid_function_call', '3280']
      : ['invalid_request_error', null];
  return {
    status: 400,
    body: { object: 'error', message: issue.message, type, param: null, code },
  };
}
