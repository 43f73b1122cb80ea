import type { HistoryIssue } from '../../errors/history-issue.js';

/** The JSON body of an Anthropic API error reply. */
export interface AnthropicErrorBody {
  readonly type: 'error';
  readonly error: {
    /** `'invalid_request_error'` for every history problem. */
    readonly type: string;
    /** The sentence, prefixed with the path Anthropic names (`messages.3: …`, `messages.0.content.0: …`). */
    readonly message: string;
  };
}

/** An Anthropic error reply: HTTP status and JSON body. */
export interface AnthropicErrorResponse {
  readonly status: number;
  readonly body: AnthropicErrorBody;
}

/**
 * Builds the 400 reply Anthropic sends for an issue found by `validateAnthropic`:
 * `{"type":"error","error":{"type":"invalid_request_error","message":"messages.33: `tool_use` ids were found …"}}`
 * (body shape as in https://github.com/Kilo-Org/kilocode/issues/5163; the real reply also carries a
 * `request_id`, which a local server may add).
 *
 * @example
 * const result = validateAnthropic(body.messages);
 * if (!result.ok) {
 *   const { status, body } = anthropicErrorBodyFor(result.issues[0]);
 *   response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
 * }
 */
export function anthropicErrorBodyFor(issue: HistoryIssue): AnthropicErrorResponse {
  return {
    status: 400,
    body: { type: 'error', error: { type: 'invalid_request_error', message: issue.message } },
  };
}
