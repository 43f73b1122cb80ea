import { byMessageIndex } from '../../core/issue.js';
import { toValidationResult } from '../../errors/history-issue.js';
import type { HistoryIssue, ValidationResult } from '../../errors/history-issue.js';
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

/** The only call id shape Mistral accepts: exactly 9 characters of `[a-zA-Z0-9]`. */
export const MISTRAL_TOOL_CALL_ID_PATTERN: RegExp = /^[a-zA-Z0-9]{9}$/;

/**
 * Mistral's reply to unanswered calls and, as far as reports show, to any pairing mismatch:
 * mistralai/client-ts#106, camel-ai/camel#1467.
 */
export const MISTRAL_COUNT_MISMATCH = 'Not the same number of function calls and responses';

/**
 * Validates a Mistral chat `messages` array and returns every issue, in Mistral's words (Mistral
 * stops at the first).
 *
 * Rules: the `tool` messages after an assistant turn answer each of its `tool_calls`, as many
 * responses as calls; every call id is exactly 9 characters of `[a-zA-Z0-9]`; no `user` message
 * right after a `tool` message, no `tool` message after a `user` or `system` one; the last message
 * is `user` or `tool`, or `assistant` with `prefix: true` (`unexpected-last-role`, which repair
 * leaves with a warning: no fix keeps the answer).
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
    if (role !== 'user' && role !== 'assistant' && role !== 'tool' && role !== 'system')
      throw invalidField(
        `messages[${index}].role`,
        role,
        "'system', 'user', 'assistant' or 'tool'",
      );
    // {"message":"Unexpected role 'user' after role 'tool'","type":"invalid_request_message_order",
    // "code":"3230"}: datapizza-labs/datapizza-ai#98, NousResearch/hermes-agent#20154.
    if (role === 'user' && previousRole === 'tool') {
      const text = "Unexpected role 'user' after role 'tool'";
      issues.push({
        code: 'unexpected-role',
        messageIndex: index,
        role,
        previousRole,
        message: text,
      });
    }
    previousRole = role;
    if (role === 'tool' || role === 'system')
      checkTextContent(message.content, index, role, issues);
    if (role === 'tool') {
      const id = typeof message.tool_call_id === 'string' ? message.tool_call_id : '';
      checkId(id, index, undefined, issues);
      table.begin(index, 'results');
      table.add(id, -1, siteName(message.name));
      continue;
    }
    const toolCalls = role === 'assistant' ? (message.tool_calls ?? undefined) : undefined;
    if (toolCalls !== undefined && !Array.isArray(toolCalls))
      throw invalidField(`messages[${index}].tool_calls`, toolCalls, 'an array of tool calls');
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
    issues.push(issueOf(problem, messages as readonly JsonObject[])),
  );
  const last = lastRoleIssue(messages);
  if (last) issues.push(last);
  return { result: toValidationResult(issues.sort(byMessageIndex)), table };
}

/**
 * A `tool` or `system` message's content is a string or a list of text chunks (the reader shared
 * with Chat refuses anything else). No Mistral wording was found; ours.
 */
function checkTextContent(
  content: unknown,
  index: number,
  role: string,
  issues: HistoryIssue[],
): void {
  const text = textOfContent(content);
  if (typeof text === 'string') return;
  const where = `messages[${index}].content${text.kind === 'content' ? '' : `[${text.partIndex}]`}`;
  const message = `Invalid ${where}: the content of a '${role}' message must be a string or a list of text chunks.`;
  issues.push({ code: 'invalid-content', messageIndex: index, message });
}

function checkId(
  id: string,
  index: number,
  partIndex: number | undefined,
  issues: HistoryIssue[],
): void {
  if (MISTRAL_TOOL_CALL_ID_PATTERN.test(id)) return;
  // ironclaw#1241, langchain-ai/langchain#24668, anomalyco/opencode#1680.
  const message = `Tool call id was ${id} but must be a-z, A-Z, 0-9, with a length of 9.`;
  const code = 'invalid-tool-call-id';
  issues.push({ code, messageIndex: index, partIndex, toolCallId: id, message });
}

function issueOf(problem: ToolTurnProblem, messages: readonly JsonObject[]): HistoryIssue {
  switch (problem.kind) {
    case 'orphan':
    case 'misplaced':
    case 'duplicate-result': {
      const { messageIndex, callId: toolCallId } = problem.result;
      // "Unexpected role 'tool' after role 'user'" (code 3230): charmbracelet/crush#279,
      // zed-industries/zed#37021. After an assistant or tool message, the count sentence.
      const before = messages[messageIndex - 1]?.role;
      const message =
        before === 'user' || before === 'system'
          ? `Unexpected role 'tool' after role '${before}'`
          : MISTRAL_COUNT_MISMATCH;
      if (problem.kind === 'misplaced') {
        const callMessageIndex = problem.call.messageIndex;
        const code = 'misplaced-tool-result';
        return { code, messageIndex, toolCallId, message, callMessageIndex };
      }
      const code = problem.kind === 'orphan' ? 'orphan-tool-result' : 'duplicate-tool-call-id';
      return { code, messageIndex, toolCallId, message };
    }
    case 'missing': {
      const { turnMessageIndex: messageIndex, callIds: toolCallIds } = problem;
      const code = 'missing-tool-result';
      return { code, messageIndex, toolCallIds, message: MISTRAL_COUNT_MISMATCH };
    }
    case 'duplicate-call': {
      // No Mistral wording was found for two calls sharing an id in one turn; ours.
      const { messageIndex, partIndex, callId: toolCallId } = problem.call;
      const message = `Duplicate tool call id ${toolCallId} in messages[${messageIndex}].tool_calls (first at tool_calls[${problem.first.partIndex ?? 0}]).`;
      return { code: 'duplicate-tool-call-id', messageIndex, partIndex, toolCallId, message };
    }
  }
}

/**
 * The issue of a last message Mistral does not serve from: only a last `user` or `tool`, or an
 * `assistant` with `prefix: true` (rig#708, fixed by rig#1130; a last `system` is worded the same).
 * A last `assistant` with `tool_calls` is left to the count rule, which repair fixes.
 */
export function lastRoleIssue(messages: readonly unknown[]): HistoryIssue | undefined {
  const messageIndex = messages.length - 1;
  const last: unknown = messages[messageIndex];
  if (!isObject(last)) return undefined;
  const role = last.role;
  if (role === 'user' || role === 'tool' || typeof role !== 'string') return undefined;
  if (role === 'assistant' && last.prefix === true) return undefined;
  if (role === 'assistant' && Array.isArray(last.tool_calls) && last.tool_calls.length > 0)
    return undefined;
  const message = `Expected last role User or Tool (or Assistant with prefix True) for serving but got ${role}`;
  return { code: 'unexpected-last-role', messageIndex, role, message };
}

/**
 * Checks that `messages` is a Mistral `messages` array (the reader shares this guard).
 *
 * @throws {ToolHistoryError} `invalid-input` naming what was passed instead.
 */
export function assertMistralMessages(messages: unknown): asserts messages is readonly unknown[] {
  assertArray(messages, 'a Mistral `messages`');
}

/**
 * `messages[index]` when it is an object (the reader shares this guard).
 *
 * @throws {ToolHistoryError} `invalid-input` naming the index.
 */
export function mistralMessageAt(messages: readonly unknown[], index: number): JsonObject {
  return objectAt(messages, index, 'messages', 'an object with a role');
}
