import { assertNever } from '../../core/assert-never.js';
import type { HistoryIssue } from '../../errors/history-issue.js';

/** The JSON body of an OpenAI API error reply. */
export interface OpenAIErrorBody {
  readonly error: {
    readonly message: string;
    /** `'invalid_request_error'` for every history problem. */
    readonly type: string;
    /** The request field at fault, in OpenAI's spelling (`messages.[3].role`, `messages[1].tool_calls`). */
    readonly param: string | null;
    /** A machine code for schema errors (`'empty_array'`, …); `null` for the tool-ordering rules. */
    readonly code: string | null;
  };
}

/** An OpenAI error reply: HTTP status and JSON body. */
export interface OpenAIErrorResponse {
  readonly status: number;
  readonly body: OpenAIErrorBody;
}

/**
 * Returns the `code` OpenAI puts in its error body for an issue found by `validateOpenAIChat`.
 *
 * Schema errors carry a code (`'string_above_max_length'`, `'empty_string'`, `'empty_array'`, `'invalid_type'`,
 * `'missing_required_parameter'`); the tool-ordering errors ("must be a response to a preceeding
 * message", "did not have response messages", unknown and duplicate `tool_call_id`) carry `null`.
 * Each pairing is cited next to its rule in `validate-openai-chat.ts`.
 */
export function openAIErrorCodeFor(issue: HistoryIssue): string | null {
  switch (issue.code) {
    // The last seven are not reported by validateOpenAIChat; they carry no OpenAI schema code.
    case 'orphan-tool-result':
    case 'missing-tool-result':
    case 'duplicate-tool-call-id':
    case 'misplaced-tool-result':
    case 'content-after-tool-call':
    case 'misplaced-tool-call':
    case 'tool-name-mismatch':
    case 'unexpected-role':
    case 'missing-reasoning':
    case 'orphan-reasoning':
    case 'missing-thought-signature':
    case 'unexpected-last-role':
      return null;
    case 'unknown-tool-call-id':
    case 'invalid-arguments':
    case 'invalid-content':
    case 'invalid-tool-name':
      return codeOfSchemaSentence(issue.message);
    case 'invalid-tool-call-id':
      return codeOfSchemaSentence(issue.message) ?? 'string_above_max_length';
    case 'empty-tool-calls':
      return 'empty_array';
    default:
      return assertNever(issue, 'history issue');
  }
}

/**
 * Builds the 400 reply OpenAI sends for an issue found by `validateOpenAIChat`.
 *
 * @example
 * const result = validateOpenAIChat(body.messages);
 * if (!result.ok) {
 *   const { status, body } = openAIErrorBodyFor(firstReportedIssue(result.issues));
 *   response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
 * }
 */
export function openAIErrorBodyFor(issue: HistoryIssue): OpenAIErrorResponse {
  return {
    status: 400,
    body: {
      error: {
        message: issue.message,
        type: 'invalid_request_error',
        param: issue.param ?? null,
        code: openAIErrorCodeFor(issue),
      },
    },
  };
}

/**
 * Picks the one issue OpenAI reports when a history has several: the first schema error (an issue
 * with a non-null {@link openAIErrorCodeFor}) in message order, otherwise the first issue.
 *
 * OpenAI validates the request schema before it checks how tool messages follow their calls: the
 * two layers show in the error shapes (schema errors name `messages[1].tool_calls` with a code,
 * ordering errors name `messages.[3].role` with `code: null`), and recorded two-fault requests show
 * a schema error at a later index winning over a content error at an earlier one.
 */
export function firstReportedIssue(
  issues: readonly [HistoryIssue, ...HistoryIssue[]],
): HistoryIssue {
  return issues.find((issue) => openAIErrorCodeFor(issue) !== null) ?? issues[0];
}

function codeOfSchemaSentence(message: string): string | null {
  if (message.startsWith('Missing required parameter:')) return 'missing_required_parameter';
  if (message.startsWith('Invalid type for ')) return 'invalid_type';
  if (message.endsWith('but got an empty string instead.')) return 'empty_string';
  return null;
}
