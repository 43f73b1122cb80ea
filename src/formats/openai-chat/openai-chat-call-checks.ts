import type { HistoryIssue } from '../../errors/history-issue.js';
import { isObject } from '../../core/input-guards.js';

// The checks of one Chat Completions call (id, arguments) and OpenAI's sentences for a missing
// or mistyped field, shared by the validator's walk over `tool_calls`.

/**
 * The longest `tool_calls[].id` Chat Completions accepts.
 *
 * Seen as "Expected a string with maximum length 40" in
 * https://github.com/vercel/ai/issues/8132 and https://github.com/BerriAI/litellm/issues/17343.
 */
export const OPENAI_CHAT_MAX_TOOL_CALL_ID_LENGTH = 40;

/** Checks one call's id and returns it when it is a string. */
export function checkCallId(
  id: unknown,
  index: number,
  callIndex: number,
  issues: HistoryIssue[],
): string | undefined {
  // The usual case first: the path is built only for an issue.
  if (typeof id === 'string' && id !== '' && id.length <= OPENAI_CHAT_MAX_TOOL_CALL_ID_LENGTH)
    return id;
  const path = `messages[${index}].tool_calls[${callIndex}].id`;
  if (typeof id !== 'string') {
    issues.push({
      code: 'invalid-tool-call-id',
      messageIndex: index,
      toolCallId: '',
      message: missingOrMistyped(path, id, 'a string'),
      param: path,
    });
    return undefined;
  }
  if (id === '') {
    // No Chat Completions wording was found for an empty id; ours, worded as OpenAI words the
    // empty `call_id` of the Responses API ("Invalid 'input[4].call_id': empty string. Expected a
    // string with minimum length 1, but got an empty string instead.", code empty_string).
    issues.push({
      code: 'invalid-tool-call-id',
      messageIndex: index,
      toolCallId: id,
      message: `Invalid '${path}': empty string. Expected a string with minimum length 1, but got an empty string instead.`,
      param: path,
    });
  } else if (id.length > OPENAI_CHAT_MAX_TOOL_CALL_ID_LENGTH) {
    // "Invalid 'messages[2].tool_calls[0].id': string too long. Expected a string with maximum
    // length 40, but got a string with length 41 instead." code string_above_max_length:
    // https://github.com/vercel/ai/issues/8132, https://github.com/anomalyco/opencode/issues/12653,
    // https://github.com/camel-ai/camel/issues/2215.
    issues.push({
      code: 'invalid-tool-call-id',
      messageIndex: index,
      toolCallId: id,
      message: `Invalid '${path}': string too long. Expected a string with maximum length ${OPENAI_CHAT_MAX_TOOL_CALL_ID_LENGTH}, but got a string with length ${id.length} instead.`,
      param: path,
    });
  }
  return id;
}

/** Reports two calls of one turn sharing an id. */
export function duplicateCallId(
  id: string,
  index: number,
  earlier: number,
  callIndex: number,
  issues: HistoryIssue[],
): void {
  // No OpenAI wording was found for two calls sharing an id in one turn (and one report,
  // https://github.com/latitude-dev/latitude-llm/pull/1840, says OpenAI lets it pass); the
  // sentence below is ours, shaped like OpenAI's duplicate `tool_call_id` error.
  const path = `messages[${index}].tool_calls[${callIndex}].id`;
  issues.push({
    code: 'duplicate-tool-call-id',
    messageIndex: index,
    toolCallId: id,
    message: `Duplicate value for 'id' of '${id}', in messages[${index}].tool_calls[${earlier}] and messages[${index}].tool_calls[${callIndex}].`,
    param: path,
  });
}

/** Checks that a call's `function.arguments` is a string, as OpenAI requires. */
export function checkArguments(
  fn: unknown,
  toolCallId: string,
  index: number,
  callIndex: number,
  issues: HistoryIssue[],
): void {
  if (!isObject(fn)) return;
  const value = fn.arguments;
  if (typeof value === 'string') return;
  // "Invalid type for 'messages[2].tool_calls[0].function.arguments': expected a string, but got
  // an object instead." param messages[2].tool_calls[0].function.arguments, code invalid_type:
  // https://github.com/aaif-goose/goose-mobile/pull/20.
  const path = `messages[${index}].tool_calls[${callIndex}].function.arguments`;
  issues.push({
    code: 'invalid-arguments',
    messageIndex: index,
    toolCallId,
    message: missingOrMistyped(path, value, 'a string'),
    param: path,
  });
}

/**
 * OpenAI's schema sentences for an absent or mistyped field, e.g. "Missing required parameter:
 * 'messages[3].tool_calls[0].type'." and "Invalid type for 'messages[2].tool_calls[0].function.arguments':
 * expected a string, but got an object instead." (https://github.com/aaif-goose/goose-mobile/pull/20).
 */
export function missingOrMistyped(path: string, value: unknown, expected: string): string {
  return value === undefined
    ? `Missing required parameter: '${path}'.`
    : `Invalid type for '${path}': expected ${expected}, but got ${describeType(value)} instead.`;
}

/** OpenAI's names for JSON types: "an integer", "a decimal number", "an object", "null", … */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a decimal number';
  if (typeof value === 'bigint') return 'an integer';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'undefined') return 'undefined';
  return `a ${typeof value}`;
}
