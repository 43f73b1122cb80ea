import { byMessageIndex } from '../../core/issue.js';
import { toValidationResult } from '../../errors/history-issue.js';
import type { HistoryIssue, ValidationResult } from '../../errors/history-issue.js';
import { InvalidHistoryError } from '../../errors/invalid-history-error.js';
import { RESULTS_ENTRY } from '../../core/pair-tool-turns.js';
import { forEachToolTurnProblem } from '../../core/pair-tool-turns.js';
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
import { ToolTurnTable, siteName } from '../../core/tool-turn-table.js';
import { NO_RULE_CONTEXT, type RuleContext } from '../../core/rule-context.js';
import { anthropicContentPaths, isAnthropicId, issueOf } from './anthropic-issues.js';
import { missingSentence } from './anthropic-issues.js';
import { thinkingFirstIssue } from './anthropic-thinking.js';
export { ANTHROPIC_TOOL_USE_ID_PATTERN } from './anthropic-issues.js';

/**
 * Validates an Anthropic Messages `messages` array for tool-call history and returns every issue
 * (Anthropic itself stops at the first), each worded as Anthropic words it.
 *
 * Rules: the user turn right after an assistant turn with `tool_use` blocks answers every one of
 * them with `tool_result` blocks, and those blocks come first in it (consecutive user messages are
 * one turn, as the API merges them, so results may be split over them, and so are consecutive
 * assistant messages, so calls may be split over them); a `tool_result` with no
 * `tool_use` in the turn before is refused; `tool_use` ids are unique in the whole request and
 * match {@link ANTHROPIC_TOOL_USE_ID_PATTERN}; no text follows the `tool_use` blocks of a turn.
 * With `context.thinking` (extended thinking on), the final assistant turn that holds `tool_use`
 * starts with its `thinking` or `redacted_thinking` block (`missing-reasoning`).
 * `messageIndex` is the index in `messages`, `partIndex` the block's index in `content`.
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` is not an array, or a message, its
 *   `role`, its `content` or a tool block is not of a shape the Messages API has.
 * @example
 * const result = validateAnthropic(body.messages);
 * if (!result.ok) console.error(result.issues[0].message);
 */
export function validateAnthropic(
  messages: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
): ValidationResult {
  return inspectAnthropic(messages, context).result;
}

/** {@link validateAnthropic}, with the turn table it read (for repair). */
export function inspectAnthropic(
  messages: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
  use: InspectionUse = 'validate',
): HistoryInspection {
  assertAnthropicMessages(messages);
  const issues: HistoryIssue[] = [];
  const table = new ToolTurnTable(messages.length);
  // The call turn whose merged user turn is being read (the API joins consecutive user messages
  // into one turn), or -1; and whether that merged turn has had content other than results yet.
  let callTurn = -1;
  let otherInTurn = false;
  for (let index = 0; index < messages.length; index++) {
    const message = objectAt(messages, index, 'messages', ANTHROPIC_MESSAGE_SHAPE);
    const blocks = anthropicBlocksOf(message, index);
    if (message.role === 'assistant') {
      // Right after an assistant message with calls, the API merges this one into that turn.
      const afterCalls = callTurn !== -1 && callTurn === index - 1;
      readAssistant(blocks, index, messages.length, afterCalls, table, issues);
      callTurn = table.isCalls(index) ? index : -1;
      otherInTurn = false;
    } else {
      otherInTurn = readUser(blocks, index, callTurn, otherInTurn, table, issues);
      // A user message with no result ends the run of results the pairing reads.
      if (table.kinds[index] !== RESULTS_ENTRY) callTurn = -1;
    }
  }
  const { length } = messages;
  const paths = anthropicContentPaths();
  const options = { scope: 'turn', uniqueCallIds: 'conversation', mergeCallTurns: true } as const;
  const worded = wordsIssues(use);
  forEachToolTurnProblem(table, options, (problem) =>
    issues.push(issueOf(problem, length, paths, worded)),
  );
  if (context.thinking === true) {
    const thinking = thinkingFirstIssue(messages);
    if (thinking !== undefined) issues.push(thinking);
  }
  return { result: toValidationResult(issues.sort(byMessageIndex)), table };
}

/**
 * Throws when {@link validateAnthropic} finds any issue; shares its implementation.
 *
 * @throws {InvalidHistoryError} listing every issue, when the history has any.
 * @throws {ToolHistoryError} `invalid-input` on the same misuse as {@link validateAnthropic}.
 */
export function assertValidAnthropic(
  messages: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
): void {
  const result = validateAnthropic(messages, context);
  if (!result.ok) throw new InvalidHistoryError(result.issues);
}

/**
 * Reads an assistant message; `afterCalls` when it follows an assistant message with calls, which
 * the API merges with it into one turn (so its calls join that turn's, and its text follows them).
 */
function readAssistant(
  blocks: readonly JsonObject[],
  index: number,
  length: number,
  afterCalls: boolean,
  table: ToolTurnTable,
  issues: HistoryIssue[],
): void {
  table.begin(index, 'calls');
  let textAfter: number | undefined;
  let firstText: number | undefined;
  for (let partIndex = 0; partIndex < blocks.length; partIndex++) {
    const block = blocks[partIndex];
    if (block?.type === 'tool_use') {
      const id = toolUseIdOf(block, index, partIndex);
      table.add(id, partIndex, siteName(block.name));
      if (!isAnthropicId(id)) {
        const param = `messages.${index}.content.${partIndex}.tool_use.id`;
        issues.push({
          code: 'invalid-tool-call-id',
          messageIndex: index,
          partIndex,
          toolCallId: id,
          param,
          message: `${param}: String should match pattern '^[a-zA-Z0-9_-]+$'`,
        });
      }
    } else if (block?.type === 'text') {
      if (table.openSites() > 0) textAfter ??= partIndex;
      firstText ??= partIndex;
    }
  }
  // Merged after an earlier message's calls, any text of a message with calls follows calls.
  if (afterCalls && table.openSites() > 0) textAfter ??= firstText;
  table.end();
  if (textAfter !== undefined) {
    // Inferred, no recorded reply: results must come right after their `tool_use` blocks
    // (https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use), so text
    // after them gets the "immediately after" sentence. Server tool blocks may follow.
    const toolCallIds = table.idsOf(table.count - 1);
    const at = index + 1 < length ? index + 1 : index;
    issues.push({
      code: 'content-after-tool-call',
      messageIndex: index,
      partIndex: textAfter,
      toolCallIds,
      param: `messages.${at}`,
      message: missingSentence(at, toolCallIds),
    });
  }
}

/**
 * Reads a user message of the merged user turn after `callTurn` (-1 when it follows no call turn);
 * `otherBefore` says whether the turn had content other than results before this message.
 * Returns the same for the turn once this message is read.
 */
function readUser(
  blocks: readonly JsonObject[],
  index: number,
  callTurn: number,
  otherBefore: boolean,
  table: ToolTurnTable,
  issues: HistoryIssue[],
): boolean {
  // "Consecutive `user` or `assistant` turns in your request will be combined into a single
  // turn" (the `messages` parameter, anthropics/anthropic-sdk-python
  // src/anthropic/types/message_create_params.py): results split over consecutive user messages
  // are one turn of results, and they must open that merged turn.
  table.begin(index, 'results');
  let other = otherBefore;
  for (let partIndex = 0; partIndex < blocks.length; partIndex++) {
    const block = blocks[partIndex];
    if (block?.type !== 'tool_result') {
      other = true;
      continue;
    }
    const id = toolResultIdOf(block, index, partIndex);
    table.add(id, partIndex);
    if (other && callTurn !== -1) {
      // Anthropic looks for the results at the start of the (merged) turn after the calls; with
      // other content first it reports the calls as unanswered. Wording inferred from that rule,
      // not seen for this exact case.
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
    }
  }
  table.end();
  return other;
}

// The one parse of the Anthropic Messages wire shape: the validator and the reader
// (from-anthropic.ts) both read messages, roles, content blocks and tool ids through these
// guards, so a malformed message is refused the same way, in the same words, by both.

/**
 * Checks that `messages` is an Anthropic Messages `messages` array.
 *
 * @throws {ToolHistoryError} `invalid-input` naming what was passed instead.
 */
export function assertAnthropicMessages(messages: unknown): asserts messages is readonly unknown[] {
  assertArray(messages, 'an Anthropic Messages `messages`');
}

/** What `objectAt` says an Anthropic message must be. */
export const ANTHROPIC_MESSAGE_SHAPE = 'an object with role and content';

const NO_BLOCKS: readonly JsonObject[] = [];

/**
 * The blocks of the message's `content`, each an object with a string `type`; none for a string
 * `content` (which the reader reads as one text block). Checks the role too.
 *
 * @throws {ToolHistoryError} `invalid-input` for a role other than `user` and `assistant`, or
 *   naming the content or the block that is neither a string nor blocks.
 */
export function anthropicBlocksOf(message: JsonObject, index: number): readonly JsonObject[] {
  if (message.role !== 'user' && message.role !== 'assistant') {
    throw invalidField(
      `messages[${index}].role`,
      message.role,
      "'user' or 'assistant' (the system prompt goes in the `system` field)",
    );
  }
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

/**
 * A `tool_use` block's `id`.
 *
 * @throws {ToolHistoryError} `invalid-input` when it is not a string.
 */
export function toolUseIdOf(block: JsonObject, index: number, partIndex: number): string {
  // Named reads, not blockString's keyed one: this runs once per call of long histories.
  const id = block.id;
  if (typeof id !== 'string')
    throw invalidField(`messages[${index}].content[${partIndex}].id`, id, 'a string');
  return id;
}

/**
 * A `tool_result` block's `tool_use_id`.
 *
 * @throws {ToolHistoryError} `invalid-input` when it is not a string.
 */
export function toolResultIdOf(block: JsonObject, index: number, partIndex: number): string {
  const id = block.tool_use_id;
  if (typeof id !== 'string')
    throw invalidField(`messages[${index}].content[${partIndex}].tool_use_id`, id, 'a string');
  return id;
}

/**
 * Any other string field of a block (`name` of `tool_use`, `text`).
 *
 * @throws {ToolHistoryError} `invalid-input` naming the block and the field.
 */
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
