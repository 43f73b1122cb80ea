import {
  byMessageIndex,
  toValidationResult,
  type HistoryIssue,
} from '../../errors/history-issue.js';
import { findToolTurnProblems } from '../../core/pair-tool-turns.js';
import { ToolHistoryError } from '../../errors/tool-history-error.js';
import {
  assertArray,
  invalidField,
  isObject,
  objectAt,
  type JsonObject,
} from '../../core/input-guards.js';
import type { HistoryInspection } from '../../core/history-inspection.js';
import { NO_RULE_CONTEXT, type RuleContext } from '../../core/format.js';
import { ToolTurnTable } from '../../core/tool-turn-table.js';
import { blockIssueOf } from '../anthropic/anthropic-rules.js';
import { BEDROCK_THINKING, thinkingFirstIssue } from '../anthropic/anthropic-thinking.js';
import { ANTHROPIC_MESSAGE_SHAPE, assertBlockRole } from '../anthropic/validate-anthropic.js';
import {
  bedrockWording,
  invalidIdSentence,
  BEDROCK_TOOL_USE_ID_PATTERN,
  isClaudeModel,
  resultsFirstSentence,
  withLateResults,
} from './bedrock-rules.js';

/**
 * Validates Bedrock Converse `messages`, returning every issue in Bedrock's words where on record.
 * The user message right after `toolUse` blocks answers each (with a Claude `context.model`, first).
 *
 * @throws {ToolHistoryError} `invalid-input` for a shape Converse refuses (empty `content` or text).
 */
export function inspectBedrock(
  messages: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
): HistoryInspection {
  assertBedrockMessages(messages);
  const claude = isClaudeModel(context.model);
  const issues: HistoryIssue[] = [];
  const table = new ToolTurnTable(messages.length);
  for (let index = 0; index < messages.length; index++) {
    const message = objectAt(messages, index, 'messages', ANTHROPIC_MESSAGE_SHAPE);
    const blocks = bedrockBlocksOf(message, index);
    const assistant = message.role === 'assistant';
    // Claude looks for the results at the start of the message after its calls.
    const calls = claude && !assistant && index > 0 && table.isCalls(index - 1);
    let leading = 0;
    let otherBefore = false;
    table.begin(index, assistant ? 'calls' : 'results');
    for (let partIndex = 0; partIndex < blocks.length; partIndex++) {
      const block = blocks[partIndex];
      if (block === undefined) continue;
      const kind = blockKind(block);
      if (assistant && kind === 'toolUse') {
        const toolUse = toolUseOf(block, index, partIndex);
        const id = toolUse.toolUseId as string;
        table.add(id, partIndex);
        if (!BEDROCK_TOOL_USE_ID_PATTERN.test(id)) {
          issues.push({
            code: 'invalid-tool-call-id',
            messageIndex: index,
            partIndex,
            toolCallId: id,
            param: `messages.${index}.content.${partIndex}.toolUse.toolUseId`,
            message: invalidIdSentence(id, index, partIndex),
          });
        }
      } else if (!assistant && kind === 'toolResult') {
        const id = toolResultOf(block, index, partIndex).toolUseId as string;
        table.add(id, partIndex);
        if (calls && otherBefore) {
          // A result after other blocks of the message that follows its call turn.
          const missing = table.idsOf(index - 1).length - leading;
          issues.push({
            code: 'misplaced-tool-result',
            messageIndex: index,
            partIndex,
            toolCallId: id,
            callMessageIndex: index - 1,
            param: `messages.${index}`,
            message: resultsFirstSentence(index, missing),
          });
        } else if (calls) leading++;
      }
      otherBefore ||= kind !== 'toolResult';
    }
    table.end();
  }
  const { length } = messages;
  const wording = bedrockWording();
  const options = { scope: 'turn', uniqueCallIds: 'conversation' } as const;
  for (const problem of withLateResults(table, findToolTurnProblems(table, options)))
    issues.push(blockIssueOf(problem, length, wording));
  // Claude on Bedrock refuses what Anthropic does (https://github.com/langchain-ai/langchain-aws/issues/844).
  const thinking =
    context.thinking === true ? thinkingFirstIssue(messages, BEDROCK_THINKING) : undefined;
  if (thinking !== undefined) issues.push(thinking);
  return { result: toValidationResult(issues.sort(byMessageIndex)), table };
}

// The one parse of the Converse wire shape, shared by the validator and the reader.

/** @throws {ToolHistoryError} `invalid-input` when `messages` is not an array. */
export function assertBedrockMessages(messages: unknown): asserts messages is readonly unknown[] {
  assertArray(messages, 'a Bedrock Converse `messages`');
}

/** The union member a content block sets. */
export function blockKind(block: JsonObject): 'text' | 'toolUse' | 'toolResult' | 'other' {
  if (block.toolUse !== undefined) return 'toolUse';
  if (block.toolResult !== undefined) return 'toolResult';
  return block.text !== undefined ? 'text' : 'other';
}

/**
 * The message's blocks once checked; an empty `content` (theopenco/llmgateway#3127) or text
 * (LibreChat-AI/agents#501) is refused in Bedrock's words.
 */
export function bedrockBlocksOf(message: JsonObject, index: number): readonly JsonObject[] {
  assertBlockRole(message, index);
  const content = message.content;
  if (!Array.isArray(content))
    throw invalidField(`messages[${index}].content`, content, 'an array of content blocks');
  if (content.length === 0)
    throw new ToolHistoryError(
      'invalid-input',
      `The content field in the Message object at messages.${index} is empty. Add a ContentBlock object to the content field and try again.`,
    );
  for (let partIndex = 0; partIndex < content.length; partIndex++) {
    const block: unknown = content[partIndex];
    if (!isObject(block))
      throw invalidField(
        `messages[${index}].content[${partIndex}]`,
        block,
        'a content block object (`{ text }`, `{ toolUse }`, `{ toolResult }`, …)',
      );
    // Calls belong to the model, results to the user; wording ours.
    const misplaced = message.role === 'user' ? block.toolUse : block.toolResult;
    if (misplaced !== undefined)
      throw new ToolHistoryError(
        'invalid-input',
        `messages[${index}].content[${partIndex}] is a ${message.role === 'user' ? 'toolUse' : 'toolResult'} block in a ${message.role} message; Bedrock takes toolUse blocks in assistant messages and toolResult blocks in user messages.`,
      );
    const text = block.text;
    if (text === undefined) continue;
    if (typeof text !== 'string')
      throw invalidField(`messages[${index}].content[${partIndex}].text`, text, 'a string');
    if (text === '')
      throw new ToolHistoryError(
        'invalid-input',
        `The text field in the ContentBlock object at messages.${index}.content.${partIndex} is blank. Add text to the text field, and try again.`,
      );
  }
  return content as readonly JsonObject[];
}

/** A `toolUse` block's member, checked: string `toolUseId` and `name`. */
export function toolUseOf(block: JsonObject, index: number, partIndex: number): JsonObject {
  const toolUse = block.toolUse;
  const path = `messages[${index}].content[${partIndex}].toolUse`;
  if (!isObject(toolUse)) throw invalidField(path, toolUse, 'an object');
  if (typeof toolUse.toolUseId !== 'string')
    throw invalidField(`${path}.toolUseId`, toolUse.toolUseId, 'a string');
  if (typeof toolUse.name !== 'string')
    throw invalidField(`${path}.name`, toolUse.name, 'a string');
  return toolUse;
}

/** A `toolResult` block's member, checked (json: deepset-ai/haystack-core-integrations#3766). */
export function toolResultOf(block: JsonObject, index: number, partIndex: number): JsonObject {
  const toolResult = block.toolResult;
  const path = `messages[${index}].content[${partIndex}].toolResult`;
  if (!isObject(toolResult)) throw invalidField(path, toolResult, 'an object');
  if (typeof toolResult.toolUseId !== 'string')
    throw invalidField(`${path}.toolUseId`, toolResult.toolUseId, 'a string');
  const content = toolResult.content;
  if (!Array.isArray(content))
    throw invalidField(`${path}.content`, content, 'an array of tool result content blocks');
  for (let entry = 0; entry < content.length; entry++) {
    const item: unknown = content[entry];
    if (!isObject(item))
      throw invalidField(`${path}.content[${entry}]`, item, 'a tool result content block object');
    if (item.json !== undefined && !isObject(item.json))
      throw new ToolHistoryError(
        'invalid-input',
        `The format of the value at messages.${index}.content.${partIndex}.toolResult.content.${entry}.json is invalid. Provide a json object for the field and try again.`,
      );
  }
  return toolResult;
}
