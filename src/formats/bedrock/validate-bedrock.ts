import { byMessageIndex } from '../../core/issue.js';
import { toValidationResult } from '../../errors/history-issue.js';
import type { HistoryIssue } from '../../errors/history-issue.js';
import { findToolTurnProblems } from '../../core/pair-tool-turns.js';
import { objectAt, type JsonObject } from '../../core/input-guards.js';
import type { HistoryInspection } from '../../core/history-inspection.js';
import { NO_RULE_CONTEXT, type RuleContext } from '../../core/rule-context.js';
import { ToolTurnTable } from '../../core/tool-turn-table.js';
import { blockIssueOf } from '../anthropic/anthropic-rules.js';
import {
  bedrockWording,
  invalidIdSentence,
  isBedrockId,
  isClaudeModel,
  resultsFirstSentence,
  withLateResults,
} from './bedrock-rules.js';
import {
  assertBedrockMessages,
  BEDROCK_MESSAGE_SHAPE,
  bedrockBlocksOf,
  blockKind,
  toolResultOf,
  toolUseOf,
} from './bedrock-wire.js';

/**
 * Validates an Amazon Bedrock Converse `messages` array and returns every issue in Bedrock's words
 * where they are on record (Bedrock stops at the first).
 *
 * The user message after an assistant message with `toolUse` blocks answers each with a
 * `toolResult` (a result in a later user message is late); `toolUseId`s are 1 to 64 characters of
 * `[a-zA-Z0-9_-]` and unique in the request. With `context.model` a Claude model, the results also
 * open the user message.
 *
 * @throws {ToolHistoryError} `invalid-input` for a message, role, content or block of a shape
 *   Converse refuses (an empty `content` or text among them, in Bedrock's words).
 */
export function inspectBedrock(
  messages: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
): HistoryInspection {
  assertBedrockMessages(messages);
  const claude = isClaudeModel(context.model);
  const issues: HistoryIssue[] = [];
  const table = new ToolTurnTable();
  for (let index = 0; index < messages.length; index++) {
    const message = objectAt(messages, index, 'messages', BEDROCK_MESSAGE_SHAPE);
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
      if (calls && kind === 'toolResult') {
        if (!otherBefore) leading++;
        else
          issues.push(lateResult(block, index, partIndex, table.idsOf(index - 1).length - leading));
      }
      otherBefore ||= kind !== 'toolResult';
      if (assistant && kind === 'toolUse') {
        const toolUse = toolUseOf(block, index, partIndex);
        const id = toolUse.toolUseId as string;
        table.add(id, partIndex);
        if (!isBedrockId(id)) {
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
        table.add(toolResultOf(block, index, partIndex).toolUseId as string, partIndex);
      }
    }
    table.end();
  }
  const { length } = messages;
  const wording = bedrockWording();
  const options = { scope: 'turn', uniqueCallIds: 'conversation' } as const;
  for (const problem of withLateResults(table, findToolTurnProblems(table, options)))
    issues.push(blockIssueOf(problem, length, wording));
  return {
    result: toValidationResult(issues.sort(byMessageIndex)),
    table,
  };
}

/** A result after other blocks of the message that follows its call turn (Claude models). */
function lateResult(
  block: JsonObject,
  index: number,
  partIndex: number,
  missing: number,
): HistoryIssue {
  return {
    code: 'misplaced-tool-result',
    messageIndex: index,
    partIndex,
    toolCallId: toolResultOf(block, index, partIndex).toolUseId as string,
    callMessageIndex: index - 1,
    param: `messages.${index}`,
    message: resultsFirstSentence(index, missing),
  };
}
