import { assertNever } from '../../core/input-guards.js';
import type { HistoryIssue } from '../../errors/history-issue.js';
import type { EndpointReply, ErrorReply, ServerFailure } from '../endpoint.js';
import { failureStatus, jsonReply } from '../endpoint.js';

/** The JSON body of an OpenAI API error reply (Chat Completions and Responses). */
export interface OpenAIErrorBody {
  readonly error: {
    readonly message: string;
    readonly type: string;
    readonly param: string | null;
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

/** OpenAI's error `code` for an issue: schema errors carry one, tool-ordering errors `null`. */
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

/** The issue OpenAI reports of several: it checks the schema first, so the first schema error. */
export function firstReportedIssue(
  issues: readonly [HistoryIssue, ...HistoryIssue[]],
): HistoryIssue {
  return issues.find((issue) => openAIErrorCodeFor(issue) !== null) ?? issues[0];
}

/**
 * The Responses API's 400: `param` `'input'` for pairing errors (continuedev/continue#10092);
 * id errors carry a code (AnswerDotAI/fastllm#45).
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

/** OpenAI's envelope for a {@link ServerFailure} (also Mistral's and the Responses API's). */
export function openAIFailure(failure: ServerFailure, message: string): EndpointReply {
  const type = failure === 'too-large' ? 'invalid_request_error' : 'strict_server_error';
  return jsonReply(failureStatus(failure), openAIError(message, null, null, type));
}

/** OpenAI's 404 for an unknown route. */
export function openAINotFound(method: string, path: string): EndpointReply {
  return jsonReply(404, openAIError(`Invalid URL (${method} ${path})`, null, null));
}
