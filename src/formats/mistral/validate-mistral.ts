import { byMessageIndex } from '../../core/issue.js';
import { toValidationResult } from '../../errors/history-issue.js';
import type { HistoryIssue, ValidationResult } from '../../errors/history-issue.js';
import { InvalidHistoryError } from '../../errors/invalid-history-error.js';
import { forEachToolTurnProblem, type ToolTurnProblem } from '../../core/pair-tool-turns.js';
import {
  assertArray,
  invalidField,
  isObject,
  objectAt,
  type JsonObject,
} from '../../core/input-guards.js';
import type { HistoryInspection } from '../../core/history-inspection.js';
import { ToolTurnTable, siteName } from '../../core/tool-turn-table.js';
import { textOfContent } from '../openai-chat/validate-openai-chat.js';
import { lastRoleIssue } from './mistral-last-role.js';

/** The only call id shape Mistral accepts: exactly 9 characters of `[a-zA-Z0-9]`. */
export const MISTRAL_TOOL_CALL_ID_PATTERN: RegExp = /^[a-zA-Z0-9]{9}$/;

/**
 * "Not the same number of function calls and responses", Mistral's reply to unanswered calls
 * (and, as far as reports show, to any pairing mismatch):
 * https://github.com/mistralai/client-ts/issues/106, https://github.com/camel-ai/camel/issues/1467.
 */
export const MISTRAL_COUNT_MISMATCH = 'Not the same number of function calls and responses';

/** Mistral's roles; compared directly, as this runs once per message of long histories. */
function isMistralRole(role: unknown): role is string {
  return role === 'user' || role === 'assistant' || role === 'tool' || role === 'system';
}

/**
 * Validates a Mistral chat `messages` array for tool-call history and returns every issue, each
 * worded as Mistral words it (Mistral stops at the first).
 *
 * Rules: tool messages right after an assistant turn answer each of its `tool_calls`, as many
 * responses as calls; every call id (in `tool_calls` and in `tool_call_id`) is exactly 9 characters
 * of `[a-zA-Z0-9]`; a `user` message never comes right after a `tool` message (an assistant
 * message has to come between); a `tool` message after a `user` or `system` message is refused;
 * the last message is `user` or `tool`, or `assistant` with `prefix: true`. That last rule is one of
 * the request: a saved conversation that ends with the model's answer is reported
 * (`unexpected-last-role`), and repair leaves it with a warning, since no fix keeps the answer.
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` is not an array, a message is not an
 *   object, its role is not one Mistral has, or `tool_calls` is not an array of objects.
 * @example
 * const result = validateMistral(body.messages);
 */
export function validateMistral(messages: readonly unknown[]): ValidationResult {
  return inspectMistral(messages).result;
}

/** {@link validateMistral}, with the turn table it read (for repair). */
export function inspectMistral(messages: readonly unknown[]): HistoryInspection {
  assertMistralMessages(messages);
  const issues: HistoryIssue[] = [];
  const table = new ToolTurnTable(messages.length);
  let previousRole: string | undefined;
  for (let index = 0; index < messages.length; index++) {
    const message = mistralMessageAt(messages, index);
    const role = message.role;
    if (!isMistralRole(role))
      throw invalidField(
        `messages[${index}].role`,
        role,
        "'system', 'user', 'assistant' or 'tool'",
      );
    const before = previousRole;
    previousRole = role;
    if (role === 'user' && before === 'tool') {
      // {"object":"error","message":"Unexpected role 'user' after role 'tool'","type":"invalid_request_message_order","param":null,"code":"3230"}
      // https://github.com/datapizza-labs/datapizza-ai/issues/98, https://github.com/NousResearch/hermes-agent/issues/20154.
      issues.push({
        code: 'unexpected-role',
        messageIndex: index,
        role,
        previousRole: before,
        message: "Unexpected role 'user' after role 'tool'",
      });
    }
    if (role === 'tool' || role === 'system')
      checkTextContent(message.content, index, role, issues);
    if (role === 'tool') {
      const id = typeof message.tool_call_id === 'string' ? message.tool_call_id : '';
      checkId(id, index, undefined, issues);
      table.begin(index, 'results');
      table.add(id, -1, siteName(message.name));
      continue;
    }
    let toolCalls: readonly unknown[] | undefined;
    const raw = role === 'assistant' ? (message.tool_calls ?? undefined) : undefined;
    if (raw !== undefined) {
      if (!Array.isArray(raw))
        throw invalidField(`messages[${index}].tool_calls`, raw, 'an array of tool calls');
      toolCalls = raw;
    }
    if (toolCalls === undefined || toolCalls.length === 0) {
      table.other(index);
      continue;
    }
    table.begin(index, 'calls');
    for (let partIndex = 0; partIndex < toolCalls.length; partIndex++) {
      const call: unknown = toolCalls[partIndex];
      if (!isObject(call))
        throw invalidField(
          `messages[${index}].tool_calls[${partIndex}]`,
          call,
          'a tool call object',
        );
      const id = typeof call.id === 'string' ? call.id : '';
      checkId(id, index, partIndex, issues);
      table.add(id, partIndex, isObject(call.function) ? siteName(call.function.name) : '');
    }
  }
  forEachToolTurnProblem(table, { scope: 'turn', uniqueCallIds: 'turn' }, (problem) =>
    issues.push(issueOf(problem, messages)),
  );
  const last = lastRoleIssue(messages);
  if (last) issues.push(last);
  return {
    result: toValidationResult(issues.sort(byMessageIndex)),
    table,
  };
}

/**
 * Throws when {@link validateMistral} finds any issue; shares its implementation.
 *
 * @throws {InvalidHistoryError} listing every issue, when the history has any.
 * @throws {ToolHistoryError} `invalid-input` on the same misuse as {@link validateMistral}.
 */
export function assertValidMistral(messages: readonly unknown[]): void {
  const result = validateMistral(messages);
  if (!result.ok) throw new InvalidHistoryError(result.issues);
}

/**
 * A `tool` or `system` message's content is a string or an array of text chunks: the reader it
 * shares with Chat refuses anything else (results hold text), so the validator reports it. No
 * Mistral wording was found; ours.
 */
function checkTextContent(
  content: unknown,
  index: number,
  role: string,
  issues: HistoryIssue[],
): void {
  const text = textOfContent(content);
  if (typeof text === 'string') return;
  const where =
    text.kind === 'content'
      ? `messages[${index}].content`
      : `messages[${index}].content[${text.partIndex}]`;
  issues.push({
    code: 'invalid-content',
    messageIndex: index,
    message: `Invalid ${where}: the content of a '${role}' message must be a string or a list of text chunks.`,
  });
}

function checkId(
  id: string,
  index: number,
  partIndex: number | undefined,
  issues: HistoryIssue[],
): void {
  if (isMistralId(id)) return;
  // "Tool call id was call_0fypS1hVX but must be a-z, A-Z, 0-9, with a length of 9.":
  // https://github.com/nearai/ironclaw/issues/1241, https://github.com/langchain-ai/langchain/pull/24668,
  // https://github.com/anomalyco/opencode/issues/1680.
  issues.push({
    code: 'invalid-tool-call-id',
    messageIndex: index,
    partIndex,
    toolCallId: id,
    message: `Tool call id was ${id} but must be a-z, A-Z, 0-9, with a length of 9.`,
  });
}

function issueOf(problem: ToolTurnProblem, messages: readonly unknown[]): HistoryIssue {
  switch (problem.kind) {
    case 'orphan':
    case 'misplaced':
    case 'duplicate-result': {
      const { result } = problem;
      const previousRole = roleAt(messages, result.messageIndex - 1);
      // "Unexpected role 'tool' after role 'user'" (type invalid_request_message_order, code 3230):
      // https://github.com/charmbracelet/crush/issues/279, https://github.com/zed-industries/zed/issues/37021.
      // After an assistant or tool message, reports show the count sentence.
      // (Both sentences written out: one string for every such result, not one each.)
      const message =
        previousRole === 'user'
          ? "Unexpected role 'tool' after role 'user'"
          : previousRole === 'system'
            ? "Unexpected role 'tool' after role 'system'"
            : MISTRAL_COUNT_MISMATCH;
      const { messageIndex, callId: toolCallId } = result;
      if (problem.kind === 'misplaced') {
        const callMessageIndex = problem.call.messageIndex;
        const code = 'misplaced-tool-result';
        return { code, messageIndex, toolCallId, message, callMessageIndex };
      }
      return problem.kind === 'orphan'
        ? { code: 'orphan-tool-result', messageIndex, toolCallId, message }
        : { code: 'duplicate-tool-call-id', messageIndex, toolCallId, message };
    }
    case 'missing':
      return {
        code: 'missing-tool-result',
        messageIndex: problem.turnMessageIndex,
        toolCallIds: problem.callIds,
        message: MISTRAL_COUNT_MISMATCH,
      };
    case 'duplicate-call': {
      // No Mistral wording was found for two calls sharing an id in one turn; ours.
      const { call } = problem;
      return {
        code: 'duplicate-tool-call-id',
        messageIndex: call.messageIndex,
        partIndex: call.partIndex,
        toolCallId: call.callId,
        message: `Duplicate tool call id ${call.callId} in messages[${call.messageIndex}].tool_calls (first at tool_calls[${problem.first.partIndex ?? 0}]).`,
      };
    }
  }
}

/** {@link MISTRAL_TOOL_CALL_ID_PATTERN} without the regular expression: this runs once per call and result. */
function isMistralId(id: string): boolean {
  if (id.length !== 9) return false;
  for (let index = 0; index < 9; index++) {
    const code = id.charCodeAt(index);
    // 0-9, A-Z, a-z
    if (!((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)))
      return false;
  }
  return true;
}

/** The role of `messages[index]`, read again for an issue (checked a string role by then). */
function roleAt(messages: readonly unknown[], index: number): string | undefined {
  const message = messages[index];
  return isObject(message) && typeof message.role === 'string' ? message.role : undefined;
}

// The guards the reader (fromMistral, through MISTRAL_DIALECT) shares with this validator, so both
// refuse a malformed array or message in these words.

/**
 * Checks that `messages` is a Mistral `messages` array.
 *
 * @throws {ToolHistoryError} `invalid-input` naming what was passed instead.
 */
export function assertMistralMessages(messages: unknown): asserts messages is readonly unknown[] {
  assertArray(messages, 'a Mistral `messages`');
}

/**
 * `messages[index]` when it is an object.
 *
 * @throws {ToolHistoryError} `invalid-input` naming the index.
 */
export function mistralMessageAt(messages: readonly unknown[], index: number): JsonObject {
  return objectAt(messages, index, 'messages', 'an object with a role');
}
