import type { HistoryIssue } from '../../errors/history-issue.js';
import { isObject } from '../../core/input-guards.js';
import type { ResolvedChatHost } from './openai-chat-wording.js';

// The checks of one Chat Completions call (id, name, arguments), shared by the validator's walk
// over `tool_calls`; the sentences come from the host's wording (OpenAI's by default).

/**
 * The longest `tool_calls[].id` OpenAI's Chat Completions accepts.
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
  rules: ResolvedChatHost,
): string | undefined {
  const max = rules.maxCallIdLength;
  // The usual case first: the path is built only for an issue.
  if (typeof id === 'string' && id !== '' && (max === undefined || id.length <= max)) return id;
  const path = `messages[${index}].tool_calls[${callIndex}].id`;
  if (typeof id !== 'string') {
    issues.push({
      code: 'invalid-tool-call-id',
      messageIndex: index,
      toolCallId: '',
      message: rules.wording.mistyped(path, id, 'a string'),
      param: path,
    });
    return undefined;
  }
  if (id === '') {
    // No Chat Completions reply was found for an empty id; OpenAI's empty-string sentence, as it
    // words the empty `call_id` of the Responses API (code empty_string).
    issues.push({
      code: 'invalid-tool-call-id',
      messageIndex: index,
      toolCallId: id,
      message: rules.wording.emptyString(path),
      param: path,
    });
  } else if (max !== undefined) {
    // "Invalid 'messages[2].tool_calls[0].id': string too long. Expected a string with maximum
    // length 40, but got a string with length 41 instead." code string_above_max_length:
    // https://github.com/vercel/ai/issues/8132, https://github.com/anomalyco/opencode/issues/12653,
    // https://github.com/camel-ai/camel/issues/2215.
    issues.push({
      code: 'invalid-tool-call-id',
      messageIndex: index,
      toolCallId: id,
      message: `Invalid '${path}': string too long. Expected a string with maximum length ${max}, but got a string with length ${id.length} instead.`,
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

/**
 * Checks a call's `function`: the name must not be empty, and `arguments` must be a string, as
 * OpenAI requires.
 */
export function checkFunction(
  fn: unknown,
  toolCallId: string,
  index: number,
  callIndex: number,
  issues: HistoryIssue[],
  rules: ResolvedChatHost,
): void {
  if (!isObject(fn)) return;
  if (fn.name === '') {
    // code empty_string: https://github.com/continuedev/continue/issues/9784.
    const path = `messages[${index}].tool_calls[${callIndex}].function.name`;
    issues.push({
      code: 'invalid-tool-name',
      messageIndex: index,
      toolCallId,
      message: rules.wording.emptyString(path),
      param: path,
    });
  }
  const value = fn.arguments;
  if (typeof value === 'string') return;
  // param messages[2].tool_calls[0].function.arguments, code invalid_type:
  // https://github.com/aaif-goose/goose-mobile/pull/20.
  const path = `messages[${index}].tool_calls[${callIndex}].function.arguments`;
  issues.push({
    code: 'invalid-arguments',
    messageIndex: index,
    toolCallId,
    message: rules.wording.mistyped(path, value, 'a string'),
    param: path,
  });
}
