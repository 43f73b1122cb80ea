import {
  byMessageIndex,
  toValidationResult,
  type HistoryIssue,
  type ValidationResult,
} from '../../errors/history-issue.js';
import { findToolTurnProblems, type ToolSite } from '../../core/pair-tool-turns.js';
import { blockIssueOf, type BlockWording, type Words } from '../anthropic/anthropic-rules.js';
import { invalidField, isObject, type JsonObject } from '../../core/input-guards.js';
import type { HistoryInspection } from '../../core/history-inspection.js';
import { ToolTurnTable } from '../../core/tool-turn-table.js';
import {
  assertOpenAIChatMessages as assertMistralMessages,
  openAIChatMessageAt as mistralMessageAt,
  textOfContent,
} from '../openai-chat/validate-openai-chat.js';

/** The only call id shape Mistral accepts: exactly 9 characters of `[a-zA-Z0-9]`. */
export const MISTRAL_TOOL_CALL_ID_PATTERN: RegExp = /^[a-zA-Z0-9]{9}$/;

/** Mistral's reply to any pairing mismatch (mistralai/client-ts#106). */
export const MISTRAL_COUNT_MISMATCH = 'Not the same number of function calls and responses';

/**
 * Validates Mistral `messages`, returning every issue in Mistral's words: pairing, 9-character ids,
 * role order and the last role.
 *
 * @throws {ToolHistoryError} `invalid-input` for a non-array, a non-object message or call, or an unknown role.
 */
export function validateMistral(messages: readonly unknown[]): ValidationResult {
  return inspectMistral(messages).result;
}

/** {@link validateMistral}, with its turn table (for repair). */
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
    // code 3230, invalid_request_message_order: datapizza-labs/datapizza-ai#98.
    if (role === 'user' && previousRole === 'tool') {
      const message = "Unexpected role 'user' after role 'tool'";
      issues.push({ code: 'unexpected-role', messageIndex: index, role, previousRole, message });
    }
    previousRole = role;
    if (role === 'tool' || role === 'system')
      checkTextContent(message.content, index, role, issues);
    if (role === 'tool') {
      const id = typeof message.tool_call_id === 'string' ? message.tool_call_id : '';
      checkId(id, index, undefined, issues);
      table.begin(index, 'results');
      table.add(id, -1);
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
      table.add(id, partIndex);
    }
  }
  const wording = mistralWording(messages as readonly JsonObject[]);
  for (const problem of findToolTurnProblems(table, { scope: 'turn', uniqueCallIds: 'turn' }))
    issues.push(blockIssueOf(problem, messages.length, wording));
  const last = lastRoleIssue(messages);
  if (last) issues.push(last);
  return { result: toValidationResult(issues.sort(byMessageIndex)), table };
}

/** A `tool` or `system` message's content is text. No Mistral wording was found; ours. */
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
  // langchain-ai/langchain#24668.
  const message = `Tool call id was ${id} but must be a-z, A-Z, 0-9, with a length of 9.`;
  const code = 'invalid-tool-call-id';
  issues.push({ code, messageIndex: index, partIndex, toolCallId: id, message });
}

/** Mistral's words for the tool-turn problems (no `param`). */
function mistralWording(messages: readonly JsonObject[]): BlockWording {
  // code 3230 after a user message (charmbracelet/crush#279); else the count sentence.
  const unexpected = ({ messageIndex }: ToolSite): Words => {
    const before = messages[messageIndex - 1]?.role;
    return before === 'user' || before === 'system'
      ? [undefined, `Unexpected role 'tool' after role '${before}'`]
      : [undefined, MISTRAL_COUNT_MISMATCH];
  };
  return {
    unexpected,
    duplicateResult: unexpected,
    missing: () => [undefined, MISTRAL_COUNT_MISMATCH],
    // No Mistral wording was found for two calls sharing an id in one turn; ours.
    duplicateCall: (call, first) => [
      undefined,
      `Duplicate tool call id ${call.callId} in messages[${call.messageIndex}].tool_calls (first at tool_calls[${first.partIndex ?? 0}]).`,
    ],
  };
}

/**
 * The issue of a last message Mistral does not serve from (rig#708); a last `assistant` with
 * `tool_calls` is left to the count rule, which repair fixes.
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
