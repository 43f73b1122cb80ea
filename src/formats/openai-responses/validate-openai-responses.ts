import { byMessageIndex } from '../../core/issue.js';
import { toValidationResult } from '../../errors/history-issue.js';
import type { HistoryIssue, ValidationResult } from '../../errors/history-issue.js';
import { InvalidHistoryError } from '../../errors/invalid-history-error.js';
import { forEachToolTurnProblem, type ToolTurnProblem } from '../../core/pair-tool-turns.js';
import { assertArray, invalidField, objectAt, type JsonObject } from '../../core/input-guards.js';
import {
  wordsIssues,
  type HistoryInspection,
  type InspectionUse,
} from '../../core/history-inspection.js';
import { ToolTurnTable, siteName } from '../../core/tool-turn-table.js';
import { NO_RULE_CONTEXT, type RuleContext } from '../../core/rule-context.js';
import { isReasoningContext, ReasoningRuns } from './responses-reasoning.js';

/**
 * The longest `call_id` the Responses API accepts: "Invalid 'input[95].call_id': string too long.
 * Expected a string with maximum length 64, but got a string with length 116 instead."
 * (https://github.com/AnswerDotAI/fastllm/issues/45, https://github.com/NousResearch/hermes-agent/pull/73538).
 */
export const OPENAI_RESPONSES_MAX_CALL_ID_LENGTH = 64;

/**
 * Validates an OpenAI Responses `input` array for tool-call history and returns every issue, each
 * worded as OpenAI words it (OpenAI stops at the first).
 *
 * Rules: a `function_call_output` answers a `function_call` anywhere earlier in `input` (not only
 * the item before: the Responses API pairs by `call_id` across the whole input, so reasoning and
 * message items may come between); every `function_call` gets an output; a `call_id` is used by one
 * call only, since a repeated one cannot be told apart; `call_id` is 1–64 characters; a `reasoning`
 * item with an id has an output item after it (`orphan-reasoning`); with a reasoning model in
 * `context.model` (or `context.thinking`), a `function_call` with an `fc_` item id has a reasoning
 * item in its run of output items (`missing-reasoning`).
 * Validating an `input` sent with `previous_response_id` reports outputs whose calls live in the
 * stored response as orphans: validate the whole conversation instead.
 *
 * @throws {ToolHistoryError} `invalid-input` when `input` is not an array, an item is not an object,
 *   a message item has no role, or a call item has no string `call_id`.
 * @example
 * const result = validateOpenAIResponses(body.input);
 */
export function validateOpenAIResponses(
  input: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
): ValidationResult {
  return inspectOpenAIResponses(input, context).result;
}

/** {@link validateOpenAIResponses}, with the turn table it read (for repair). */
export function inspectOpenAIResponses(
  input: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
  use: InspectionUse = 'validate',
): HistoryInspection {
  assertResponsesInput(input);
  const issues: HistoryIssue[] = [];
  const table = new ToolTurnTable(input.length);
  // Made at the first reasoning item (before it, no rule of reasoning can fail), or at once when
  // calls without reasoning are to be reported.
  const checkCalls = isReasoningContext(context);
  let runs = checkCalls ? new ReasoningRuns(true, issues) : undefined;
  for (let index = 0; index < input.length; index++) {
    const item = responsesItemAt(input, index);
    const type = item.type;
    if (type === 'reasoning') runs ??= new ReasoningRuns(checkCalls, issues);
    if (runs !== undefined) runs.item(item, type, index);
    if (type === 'function_call' || type === 'function_call_output') {
      const callId = callIdOf(item, index);
      if (callId === '' || callId.length > OPENAI_RESPONSES_MAX_CALL_ID_LENGTH)
        checkCallId(callId, index, issues);
      table.begin(index, type === 'function_call' ? 'calls' : 'results');
      table.add(callId, -1, siteName(item.name));
      continue;
    }
    if (type === undefined) messageRoleOf(item, index);
    table.other(index);
  }
  runs?.end();
  const worded = wordsIssues(use);
  forEachToolTurnProblem(
    table,
    { scope: 'conversation', uniqueCallIds: 'conversation' },
    (problem) => issues.push(issueOf(problem, worded)),
  );
  return {
    result: toValidationResult(issues.sort(byMessageIndex)),
    table,
  };
}

/**
 * Throws when {@link validateOpenAIResponses} finds any issue; shares its implementation.
 *
 * @throws {InvalidHistoryError} listing every issue, when the input has any.
 * @throws {ToolHistoryError} `invalid-input` on the same misuse as {@link validateOpenAIResponses}.
 */
export function assertValidOpenAIResponses(
  input: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
): void {
  const result = validateOpenAIResponses(input, context);
  if (!result.ok) throw new InvalidHistoryError(result.issues);
}

function checkCallId(callId: string, index: number, issues: HistoryIssue[]): void {
  // The usual case first: the param is built only for an issue (this runs once per item).
  if (callId !== '' && callId.length <= OPENAI_RESPONSES_MAX_CALL_ID_LENGTH) return;
  const param = `input[${index}].call_id`;
  if (callId === '') {
    // "Invalid 'input[4].call_id': empty string. Expected a string with minimum length 1, but got an
    // empty string instead." code empty_string: https://github.com/BigPizzaV3/CodexPlusPlus/issues/315.
    issues.push({
      code: 'invalid-tool-call-id',
      messageIndex: index,
      toolCallId: callId,
      param,
      message: `Invalid '${param}': empty string. Expected a string with minimum length 1, but got an empty string instead.`,
    });
  } else if (callId.length > OPENAI_RESPONSES_MAX_CALL_ID_LENGTH) {
    issues.push({
      code: 'invalid-tool-call-id',
      messageIndex: index,
      toolCallId: callId,
      param,
      message: `Invalid '${param}': string too long. Expected a string with maximum length ${OPENAI_RESPONSES_MAX_CALL_ID_LENGTH}, but got a string with length ${callId.length} instead.`,
    });
  }
}

/** The issue `problem` is, in OpenAI's words where `worded` (see {@link InspectionUse}). */
function issueOf(problem: ToolTurnProblem, worded: boolean): HistoryIssue {
  switch (problem.kind) {
    case 'orphan':
    case 'misplaced': {
      // "No tool call found for function call output with call_id call_….", param "input":
      // https://github.com/continuedev/continue/issues/10092, https://github.com/james-6-23/codex2api/issues/414.
      // (In conversation scope a result never finds its call later, so 'misplaced' does not occur.)
      const { result } = problem;
      return {
        code: 'orphan-tool-result',
        messageIndex: result.messageIndex,
        toolCallId: result.callId,
        param: 'input',
        message: worded
          ? `No tool call found for function call output with call_id ${result.callId}.`
          : '',
      };
    }
    case 'missing': {
      // "No tool output found for function call call_XXX.", param "input":
      // https://github.com/tjardoo/openai-client/pull/124, https://github.com/Azure/azure-sdk-for-python/issues/46092.
      const toolCallIds = problem.callIds;
      return {
        code: 'missing-tool-result',
        messageIndex: problem.turnMessageIndex,
        toolCallIds,
        param: 'input',
        message: worded ? `No tool output found for function call ${toolCallIds.join(', ')}.` : '',
      };
    }
    case 'duplicate-result': {
      // No OpenAI wording was found for a second output to one call; ours, shaped like its
      // "Duplicate item found with id fc_…. Remove duplicate items from your input and try again."
      // (https://github.com/openai/openai-agents-python/issues/1789).
      const { result } = problem;
      return {
        code: 'duplicate-tool-call-id',
        messageIndex: result.messageIndex,
        toolCallId: result.callId,
        param: 'input',
        message: worded
          ? `Duplicate function call output found for call_id ${result.callId}, first at input[${problem.first.messageIndex}]. Remove duplicate items from your input and try again.`
          : '',
      };
    }
    case 'duplicate-call': {
      // Ours, same shape: a repeated call_id makes its outputs ambiguous (gpt-oss rejects it too:
      // https://github.com/openai/gpt-oss/pull/309).
      const { call } = problem;
      return {
        code: 'duplicate-tool-call-id',
        messageIndex: call.messageIndex,
        toolCallId: call.callId,
        param: 'input',
        message: worded
          ? `Duplicate function call found with call_id ${call.callId}, first at input[${problem.first.messageIndex}]. Remove duplicate items from your input and try again.`
          : '',
      };
    }
  }
}

// The one parse of the Responses `input` shape: the validator and the reader
// (from-openai-responses.ts) both read the array, its items, `call_id`s and message roles through
// these guards, so a malformed item is refused the same way, in the same words, by both. They live
// in the validator's module, as Anthropic's do, so its loop calls them without crossing a module.

/**
 * Checks that `input` is a Responses `input` array.
 *
 * @throws {ToolHistoryError} `invalid-input` naming what was passed instead.
 */
export function assertResponsesInput(input: unknown): asserts input is readonly unknown[] {
  assertArray(input, 'a Responses `input`');
}

/**
 * `input[index]`, checked to be an object.
 *
 * @throws {ToolHistoryError} `invalid-input` naming `input[index]`.
 */
export function responsesItemAt(input: readonly unknown[], index: number): JsonObject {
  return objectAt(input, index, 'input', 'an input item object');
}

/**
 * The `call_id` of a `function_call` or `function_call_output` item.
 *
 * @throws {ToolHistoryError} `invalid-input` when it is not a string.
 */
export function callIdOf(item: JsonObject, index: number): string {
  const callId = item.call_id;
  if (typeof callId !== 'string') throw invalidField(`input[${index}].call_id`, callId, 'a string');
  return callId;
}

/**
 * The `role` of a message item.
 *
 * @throws {ToolHistoryError} `invalid-input` when it is not a string.
 */
export function messageRoleOf(item: JsonObject, index: number): string {
  const role = item.role;
  if (typeof role !== 'string')
    throw invalidField(
      `input[${index}].role`,
      role,
      "a role ('user', 'assistant', 'system', 'developer') or the item a `type`",
    );
  return role;
}
