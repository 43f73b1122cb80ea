import {
  byMessageIndex,
  toValidationResult,
  type HistoryIssue,
} from '../../errors/history-issue.js';
import { findToolTurnProblems, RESULTS_ENTRY } from '../../core/pair-tool-turns.js';
import {
  assertArray,
  invalidField,
  objectAt,
  type JsonObject,
  typedEntries,
} from '../../core/input-guards.js';
import {
  wordsIssues,
  type HistoryInspection,
  type InspectionUse,
} from '../../core/history-inspection.js';
import { ToolTurnTable } from '../../core/tool-turn-table.js';
import { NO_RULE_CONTEXT, type RuleContext } from '../../core/format.js';
import {
  ANTHROPIC_TOOL_USE_ID_PATTERN,
  anthropicWording,
  blockIssueOf,
  missingSentence,
} from './anthropic-rules.js';
import { thinkingFirstIssue } from './anthropic-thinking.js';
import { findServerToolProblems, serverToolIssue } from './anthropic-server-tools.js';
export { ANTHROPIC_TOOL_USE_ID_PATTERN } from './anthropic-rules.js';

/**
 * Validates Anthropic `messages`, returning every issue in Anthropic's words and the turn table.
 *
 * @throws {ToolHistoryError} `invalid-input` for a message or block of a shape the API lacks.
 */
export function inspectAnthropic(
  messages: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
  use: InspectionUse = 'validate',
): HistoryInspection {
  assertAnthropicMessages(messages);
  const { length } = messages;
  const issues: HistoryIssue[] = [];
  const table = new ToolTurnTable(messages.length);
  // The call turn whose merged user turn is being read (or -1), and whether it had non-results.
  let callTurn = -1;
  let otherInTurn = false;
  for (let index = 0; index < length; index++) {
    const message = objectAt(messages, index, 'messages', ANTHROPIC_MESSAGE_SHAPE);
    const blocks = anthropicBlocksOf(message, index);
    if (message.role === 'assistant') {
      // Right after a call turn, the API merges this message into it.
      const afterCalls = callTurn !== -1 && callTurn === index - 1;
      const textAfter = readAssistant(blocks, index, afterCalls, table, issues);
      if (textAfter !== undefined) {
        // Inferred (https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use).
        const toolCallIds = table.idsOf(table.count - 1);
        const at = index + 1 < length ? index + 1 : index;
        const message = missingSentence(at, toolCallIds);
        const param = `messages.${at}`;
        const partIndex = textAfter;
        issues.push({
          code: 'content-after-tool-call',
          messageIndex: index,
          partIndex,
          toolCallIds,
          param,
          message,
        });
      }
      callTurn = table.isCalls(index) ? index : -1;
      otherInTurn = false;
      continue;
    }
    // "Consecutive `user` or `assistant` turns in your request will be combined into a single turn"
    // (anthropic-sdk-python src/anthropic/types/message_create_params.py).
    table.begin(index, 'results');
    blocks.forEach((block, partIndex) => {
      if (block.type !== 'tool_result') {
        otherInTurn = true;
        return;
      }
      const id = blockString(block, 'tool_use_id', index, partIndex);
      table.add(id, partIndex);
      if (!otherInTurn || callTurn === -1) return;
      // Results open the merged turn; wording inferred.
      const at = callTurn + 1;
      issues.push({
        code: 'misplaced-tool-result',
        messageIndex: index,
        partIndex,
        toolCallId: id,
        callMessageIndex: callTurn,
        param: `messages.${at}`,
        message: missingSentence(at, [id]),
      });
    });
    table.end();
    if (table.kinds[index] !== RESULTS_ENTRY) callTurn = -1;
  }
  const options = { scope: 'turn', uniqueCallIds: 'conversation', mergeCallTurns: true } as const;
  const wording = wordsIssues(use) ? anthropicWording() : undefined;
  for (const problem of findToolTurnProblems(table, options))
    issues.push(blockIssueOf(problem, length, wording));
  for (const problem of findServerToolProblems(messages)) issues.push(serverToolIssue(problem));
  const thinking = context.thinking === true ? thinkingFirstIssue(messages) : undefined;
  if (thinking !== undefined) issues.push(thinking);
  return { result: toValidationResult(issues.sort(byMessageIndex)), table };
}

/** Reads an assistant message's calls; returns the first text after them, if any. */
function readAssistant(
  blocks: readonly JsonObject[],
  index: number,
  afterCalls: boolean,
  table: ToolTurnTable,
  issues: HistoryIssue[],
): number | undefined {
  table.begin(index, 'calls');
  let textAfter: number | undefined;
  let firstText: number | undefined;
  blocks.forEach((block, partIndex) => {
    if (block.type === 'text') {
      if (table.openSites() > 0) textAfter ??= partIndex;
      firstText ??= partIndex;
    }
    if (block.type !== 'tool_use') return;
    const id = blockString(block, 'id', index, partIndex);
    table.add(id, partIndex);
    if (ANTHROPIC_TOOL_USE_ID_PATTERN.test(id)) return;
    const param = `messages.${index}.content.${partIndex}.tool_use.id`;
    issues.push({
      code: 'invalid-tool-call-id',
      messageIndex: index,
      partIndex,
      toolCallId: id,
      param,
      message: `${param}: String should match pattern '^[a-zA-Z0-9_-]+$'`,
    });
  });
  if (afterCalls && table.openSites() > 0) textAfter ??= firstText;
  table.end();
  return textAfter;
}

// The one parse of the Messages wire shape, shared by the validator and the reader.

/** @throws {ToolHistoryError} `invalid-input` when `messages` is not an array. */
export function assertAnthropicMessages(messages: unknown): asserts messages is readonly unknown[] {
  assertArray(messages, 'an Anthropic Messages `messages`');
}

/** What `objectAt` says an Anthropic or Bedrock message must be. */
export const ANTHROPIC_MESSAGE_SHAPE = 'an object with role and content';

const NO_BLOCKS: readonly JsonObject[] = [];

/** The message's typed blocks (none for a string `content`), once its role is checked. */
export function anthropicBlocksOf(message: JsonObject, index: number): readonly JsonObject[] {
  assertBlockRole(message, index);
  const content = message.content;
  if (typeof content === 'string') return NO_BLOCKS;
  if (!Array.isArray(content))
    throw invalidField(
      `messages[${index}].content`,
      content,
      'a string or an array of content blocks',
    );
  return typedEntries(content, index, 'content', 'a content block');
}

/** @throws {ToolHistoryError} `invalid-input` unless the message's role is `user` or `assistant`. */
export function assertBlockRole(
  message: JsonObject,
  index: number,
): asserts message is JsonObject & { readonly role: 'user' | 'assistant' } {
  if (message.role !== 'user' && message.role !== 'assistant')
    throw invalidField(
      `messages[${index}].role`,
      message.role,
      "'user' or 'assistant' (the system prompt goes in the `system` field)",
    );
}

/** @throws {ToolHistoryError} `invalid-input` when the block's `field` is not a string. */
export function blockString(
  block: JsonObject,
  field: string,
  index: number,
  partIndex: number,
): string {
  const value = block[field];
  if (typeof value !== 'string')
    throw invalidField(`messages[${index}].content[${partIndex}].${field}`, value, 'a string');
  return value;
}
