import { assertNever } from '../../core/assert-never.js';
import type { HistoryIssue } from '../../errors/history-issue.js';
import type { EndpointReply, ErrorReply, ServerFailure } from '../endpoint.js';
import { failureStatus, jsonReply } from '../endpoint.js';

/** The JSON body of an OpenAI API error reply (Chat Completions and Responses). */
export interface OpenAIErrorBody {
  readonly error: {
    readonly message: string;
    readonly type: string;
    /** The request field at fault, in OpenAI's spelling (`messages.[3].role`, `input[1].call_id`). */
    readonly param: string | null;
    /** A machine code for schema errors (`'empty_array'`, …); `null` for the tool-ordering rules. */
    readonly code: string | null;
  };
}

/** An OpenAI error body. */
export function openAIError(
  message: string,
  param: string | null,
  code: string | null,
  type = 'invalid_request_error',
): OpenAIErrorBody {
  return { error: { message, type, param, code } };
}

/**
 * The `code` OpenAI puts in its error body for an issue of `validateOpenAIChat`: schema errors
 * carry one, the tool-ordering errors carry `null` (each pairing is cited in the validator).
 */
export function openAIErrorCodeFor(issue: HistoryIssue): string | null {
  switch (issue.code) {
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

function codeOfSchemaSentence(message: string): string | null {
  if (message.startsWith('Missing required parameter:')) return 'missing_required_parameter';
  if (message.startsWith('Invalid type for ')) return 'invalid_type';
  if (message.endsWith('but got an empty string instead.')) return 'empty_string';
  return null;
}

/** The 400 OpenAI's Chat Completions API sends for an issue of `validateOpenAIChat`. */
export function openAIChatErrorBody(issue: HistoryIssue): ErrorReply<OpenAIErrorBody> {
  return {
    status: 400,
    body: openAIError(issue.message, issue.param ?? null, openAIErrorCodeFor(issue)),
  };
}

/**
 * The one issue OpenAI reports when a history has several: the first schema error (a non-null
 * {@link openAIErrorCodeFor}) in message order, else the first issue. OpenAI checks the request
 * schema before the tool ordering: recorded two-fault requests show a schema error at a later
 * index winning over a content error at an earlier one.
 */
export function firstReportedIssue(
  issues: readonly [HistoryIssue, ...HistoryIssue[]],
): HistoryIssue {
  return issues.find((issue) => openAIErrorCodeFor(issue) !== null) ?? issues[0];
}

/**
 * The 400 the Responses API sends for an issue of `validateOpenAIResponses`: `param` is `'input'`
 * for pairing errors (continuedev/continue#10092) and `input[i].call_id` for id errors, whose code
 * is `'empty_string'` or `'string_above_max_length'` (BigPizzaV3/CodexPlusPlus#315,
 * AnswerDotAI/fastllm#45); `null` otherwise.
 */
export function openAIResponsesErrorBody(issue: HistoryIssue): ErrorReply<OpenAIErrorBody> {
  const code =
    issue.code !== 'invalid-tool-call-id'
      ? null
      : issue.message.includes(': empty string.')
        ? 'empty_string'
        : 'string_above_max_length';
  return { status: 400, body: openAIError(issue.message, issue.param ?? null, code) };
}

/** OpenAI's exact sentence for a body that is not JSON (every OpenAI endpoint). */
export const OPENAI_INVALID_JSON_MESSAGE =
  "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)";

/** OpenAI's envelope for a {@link ServerFailure} (also the Mistral and Responses endpoints'). */
export function openAIFailure(failure: ServerFailure, message: string): EndpointReply {
  const type = failure === 'too-large' ? 'invalid_request_error' : 'strict_server_error';
  return jsonReply(failureStatus(failure), openAIError(message, null, null, type));
}

/** OpenAI's reply to an unknown route, e.g. 404 "Invalid URL (POST /v1/workflows/runs)". */
export function openAINotFound(method: string, path: string): EndpointReply {
  return jsonReply(404, openAIError(`Invalid URL (${method} ${path})`, null, null));
}
