import type { HistoryIssue } from '../../errors/history-issue.js';

/** The JSON body of a Gemini API error reply. */
export interface GeminiErrorBody {
  readonly error: {
    /** The HTTP status again: 400. */
    readonly code: number;
    readonly message: string;
    /** The canonical gRPC status name: `'INVALID_ARGUMENT'`. */
    readonly status: string;
  };
}

/** A Gemini error reply: HTTP status and JSON body. */
export interface GeminiErrorResponse {
  readonly status: number;
  readonly body: GeminiErrorBody;
}

/**
 * Builds the 400 reply Gemini sends for an issue found by `validateGemini`:
 * `{"error":{"code":400,"message":"Please ensure that …","status":"INVALID_ARGUMENT"}}`
 * (https://github.com/microsoft/vscode/issues/299295; Code Assist replies add an `errors` array).
 *
 * @example
 * const { status, body } = geminiErrorBodyFor(result.issues[0]);
 */
export function geminiErrorBodyFor(issue: HistoryIssue): GeminiErrorResponse {
  return {
    status: 400,
    body: { error: { code: 400, message: issue.message, status: 'INVALID_ARGUMENT' } },
  };
}
