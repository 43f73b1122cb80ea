import { byMessageIndex } from '../../core/issue.js';
import { toValidationResult } from '../../errors/history-issue.js';
import type { HistoryIssue, ValidationResult } from '../../errors/history-issue.js';
import { InvalidHistoryError } from '../../errors/invalid-history-error.js';
import { findToolTurnProblems, forEachToolTurnProblem } from '../../core/pair-tool-turns.js';
import { objectAt, type JsonObject } from '../../core/input-guards.js';
import type { HistoryInspection } from '../../core/history-inspection.js';
import { NO_RULE_CONTEXT, type RuleContext } from '../../core/rule-context.js';
import { ToolTurnTable, siteName } from '../../core/tool-turn-table.js';
import {
  BedrockResultStrings,
  invalidIdSentence,
  isBedrockId,
  isClaudeModel,
  issueOf,
  resultsFirstSentence,
} from './bedrock-issues.js';
import { hasLateResults, withLateResults } from './bedrock-late-results.js';
import {
  assertBedrockMessages,
  BEDROCK_MESSAGE_SHAPE,
  bedrockBlocksOf,
  blockKind,
  toolResultOf,
  toolUseOf,
} from './bedrock-wire.js';

/**
 * Validates an Amazon Bedrock Converse `messages` array for tool-call history and returns every
 * issue (Bedrock itself stops at the first), each worded as Bedrock words it where its wording is
 * on record.
 *
 * Rules: the user message right after an assistant message with `toolUse` blocks answers every one
 * of them with `toolResult` blocks (a result in a later user message is late: its call is missing
 * there, and it is misplaced); a `toolResult` the message before does not call for is refused;
 * `toolUseId`s are 1 to 64 characters of `[a-zA-Z0-9_-]` and unique in the request. When
 * `context.model` is a Claude model (`…anthropic.claude…`), the results also open the user message,
 * as Claude requires. `messageIndex` is the index in `messages`, `partIndex` the block's index in
 * `content`.
 *
 * @throws {ToolHistoryError} `invalid-input` when `messages` is not an array, or a message, its
 *   `role`, its `content` or a block is not of a shape Converse accepts (an empty `content`, an
 *   empty text block and a `json` result block that is not an object among them, in Bedrock's words).
 * @example
 * const result = validateBedrock(input.messages);
 * if (!result.ok) console.error(result.issues[0].message);
 */
export function validateBedrock(
  messages: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
): ValidationResult {
  return inspectBedrock(messages, context).result;
}

/** {@link validateBedrock}, with the turn table it read (for repair). */
export function inspectBedrock(
  messages: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
): HistoryInspection {
  assertBedrockMessages(messages);
  const claude = isClaudeModel(context.model);
  const issues: HistoryIssue[] = [];
  const table = new ToolTurnTable(messages.length);
  for (let index = 0; index < messages.length; index++) {
    const message = objectAt(messages, index, 'messages', BEDROCK_MESSAGE_SHAPE);
    const blocks = bedrockBlocksOf(message, index);
    const assistant = message.role === 'assistant';
    // Claude looks for the results at the start of the message after its calls.
    // (One turn per message: turn index - 1 is the message before.)
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
        table.add(id, partIndex, siteName(toolUse.name));
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
  const strings = new BedrockResultStrings();
  const read = issues.length;
  const options = { scope: 'turn', uniqueCallIds: 'conversation' } as const;
  // Each problem becomes its issue as it is found; results Bedrock finds late (rare) change the
  // missing problems of their turns, so then the problems are collected and worded again.
  forEachToolTurnProblem(table, options, (problem) =>
    issues.push(issueOf(problem, length, strings)),
  );
  if (hasLateResults(table)) {
    issues.length = read;
    for (const problem of withLateResults(table, findToolTurnProblems(table, options)))
      issues.push(issueOf(problem, length, strings));
  }
  return {
    result: toValidationResult(issues.sort(byMessageIndex)),
    table,
  };
}

/**
 * Throws when {@link validateBedrock} finds any issue; shares its implementation.
 *
 * @throws {InvalidHistoryError} listing every issue, when the history has any.
 * @throws {ToolHistoryError} `invalid-input` on the same misuse as {@link validateBedrock}.
 */
export function assertValidBedrock(
  messages: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
): void {
  const result = validateBedrock(messages, context);
  if (!result.ok) throw new InvalidHistoryError(result.issues);
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
