import { byMessageIndex } from '../../core/issue.js';
import { toValidationResult } from '../../errors/history-issue.js';
import type { HistoryIssue, ValidationResult } from '../../errors/history-issue.js';
import { forEachToolTurnProblem, type ToolTurnProblem } from '../../core/pair-tool-turns.js';
import { assertArray, invalidField, objectAt, type JsonObject } from '../../core/input-guards.js';
import {
  wordsIssues,
  type HistoryInspection,
  type InspectionUse,
} from '../../core/history-inspection.js';
import { ToolTurnTable, siteName } from '../../core/tool-turn-table.js';
import { NO_RULE_CONTEXT, type RuleContext } from '../../core/rule-context.js';
import { reasoningIssues } from './responses-reasoning.js';

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
  const issues = reasoningIssues(input, context);
  const table = new ToolTurnTable(input.length);
  for (let index = 0; index < input.length; index++) {
    const item = responsesItemAt(input, index);
    const type = item.type;
    if (type === 'function_call' || type === 'function_call_output') {
      const callId = callIdOf(item, index);
      if (callId === '' || callId.length > OPENAI_RESPONSES_MAX_CALL_ID_LENGTH)
        issues.push(callIdIssue(callId, index));
      table.begin(index, type === 'function_call' ? 'calls' : 'results');
      table.add(callId, -1, siteName(item.name));
      continue;
    }
    if (type === undefined) messageRoleOf(item, index);
    table.other(index);
  }
  const worded = wordsIssues(use);
  const scope = { scope: 'conversation', uniqueCallIds: 'conversation' } as const;
  forEachToolTurnProblem(table, scope, (problem) => issues.push(issueOf(problem, worded)));
  return { result: toValidationResult(issues.sort(byMessageIndex)), table };
}

function callIdIssue(callId: string, index: number): HistoryIssue {
  const param = `input[${index}].call_id`;
  // code empty_string: BigPizzaV3/CodexPlusPlus#315.
  const message =
    callId === ''
      ? `Invalid '${param}': empty string. Expected a string with minimum length 1, but got an empty string instead.`
      : `Invalid '${param}': string too long. Expected a string with maximum length ${OPENAI_RESPONSES_MAX_CALL_ID_LENGTH}, but got a string with length ${callId.length} instead.`;
  return { code: 'invalid-tool-call-id', messageIndex: index, toolCallId: callId, param, message };
}

/** The issue `problem` is, in OpenAI's words where `worded` (see {@link InspectionUse}). */
function issueOf(problem: ToolTurnProblem, worded: boolean): HistoryIssue {
  const param = 'input';
  if (problem.kind === 'missing') {
    // tjardoo/openai-client#124, Azure/azure-sdk-for-python#46092.
    const { turnMessageIndex: messageIndex, callIds: toolCallIds } = problem;
    const ids = toolCallIds.join(', ');
    const message = worded ? `No tool output found for function call ${ids}.` : '';
    return { code: 'missing-tool-result', messageIndex, toolCallIds, param, message };
  }
  const site = problem.kind === 'duplicate-call' ? problem.call : problem.result;
  const { messageIndex, callId: toolCallId } = site;
  // In conversation scope a result never finds its call later, so 'misplaced' does not occur.
  if (problem.kind === 'orphan' || problem.kind === 'misplaced') {
    // continuedev/continue#10092, james-6-23/codex2api#414.
    const text = `No tool call found for function call output with call_id ${toolCallId}.`;
    const message = worded ? text : '';
    return { code: 'orphan-tool-result', messageIndex, toolCallId, param, message };
  }
  // No OpenAI wording was found for either duplicate; ours, shaped like its "Duplicate item found
  // with id fc_…" (openai/openai-agents-python#1789). gpt-oss refuses a repeated call_id too
  // (openai/gpt-oss#309).
  const what = problem.kind === 'duplicate-result' ? 'call output found for' : 'call found with';
  const text = `Duplicate function ${what} call_id ${toolCallId}, first at input[${problem.first.messageIndex}]. Remove duplicate items from your input and try again.`;
  const message = worded ? text : '';
  return { code: 'duplicate-tool-call-id', messageIndex, toolCallId, param, message };
}

// The guards the validator and the reader share, so both refuse a malformed item in one way.

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
