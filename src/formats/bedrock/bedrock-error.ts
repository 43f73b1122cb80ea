import type { HistoryIssue } from '../../errors/history-issue.js';

/**
 * The JSON body of a Bedrock Runtime error reply: only `message`. The error's type travels in the
 * `x-amzn-ErrorType` header (`ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/`),
 * which the SDKs read into the exception's name.
 */
export interface BedrockErrorBody {
  readonly message: string;
}

/** A Bedrock error reply: HTTP status, error type and JSON body. */
export interface BedrockErrorResponse {
  readonly status: number;
  /** The `x-amzn-ErrorType` header's type, `ValidationException` for every history problem. */
  readonly errorType: string;
  readonly body: BedrockErrorBody;
}

/** The header value Bedrock sends with a ValidationException. */
export const BEDROCK_VALIDATION_ERROR_TYPE =
  'ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/';

/**
 * Builds the 400 reply Bedrock sends for an issue found by `validateBedrock`:
 * `{"message":"Expected toolResult blocks at messages.2.content for the following Ids: …"}` with
 * `x-amzn-ErrorType: ValidationException` (body as litellm relays it,
 * https://github.com/Just-Curieous/Curie/issues/16; status 400 and `Code: ValidationException`
 * as botocore reports it, https://github.com/agno-agi/agno/issues/6698).
 *
 * @example
 * const result = validateBedrock(input.messages);
 * if (!result.ok) {
 *   const { status, errorType, body } = bedrockErrorBodyFor(result.issues[0]);
 *   response.writeHead(status, { 'x-amzn-errortype': errorType }).end(JSON.stringify(body));
 * }
 */
export function bedrockErrorBodyFor(issue: HistoryIssue): BedrockErrorResponse {
  return {
    status: 400,
    errorType: BEDROCK_VALIDATION_ERROR_TYPE,
    body: { message: issue.message },
  };
}
