import {
  byMessageIndex,
  toValidationResult,
  type HistoryIssue,
  type ValidationResult,
} from '../../errors/history-issue.js';
import { findToolTurnProblems, type ToolTurnProblem } from '../../core/pair-tool-turns.js';
import {
  assertArray,
  invalidField,
  isObject,
  objectAt,
  type JsonObject,
} from '../../core/input-guards.js';
import {
  wordsIssues,
  type HistoryInspection,
  type InspectionUse,
} from '../../core/history-inspection.js';
import { ToolTurnTable } from '../../core/tool-turn-table.js';
import { NO_RULE_CONTEXT, type RuleContext } from '../../core/format.js';

/** The longest `call_id` the Responses API accepts (AnswerDotAI/fastllm#45). */
export const OPENAI_RESPONSES_MAX_CALL_ID_LENGTH = 64;

/**
 * Validates a Responses `input` array, returning every issue in OpenAI's words. Outputs pair with
 * calls by `call_id` across the whole input (with `previous_response_id`, pass the whole conversation).
 *
 * @throws {ToolHistoryError} `invalid-input` for a malformed input, item, role or `call_id`.
 */
export function validateOpenAIResponses(
  input: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
): ValidationResult {
  return inspectOpenAIResponses(input, context).result;
}

/** {@link validateOpenAIResponses}, with its turn table (for repair). */
export function inspectOpenAIResponses(
  input: readonly unknown[],
  context: RuleContext = NO_RULE_CONTEXT,
  use: InspectionUse = 'validate',
): HistoryInspection {
  assertResponsesInput(input);
  const issues = reasoningIssues(input, context);
  const table = new ToolTurnTable();
  for (let index = 0; index < input.length; index++) {
    const item = responsesItemAt(input, index);
    const type = item.type;
    if (type === 'function_call' || type === 'function_call_output') {
      const callId = callIdOf(item, index);
      if (callId === '' || callId.length > OPENAI_RESPONSES_MAX_CALL_ID_LENGTH)
        issues.push(callIdIssue(callId, index));
      table.begin(index, type === 'function_call' ? 'calls' : 'results');
      table.add(callId, -1);
      continue;
    }
    if (type === undefined) messageRoleOf(item, index);
    table.other(index);
  }
  const worded = wordsIssues(use);
  const scope = { scope: 'conversation', uniqueCallIds: 'conversation' } as const;
  for (const problem of findToolTurnProblems(table, scope)) issues.push(issueOf(problem, worded));
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
  if (problem.kind === 'orphan' || problem.kind === 'misplaced') {
    // continuedev/continue#10092, james-6-23/codex2api#414.
    const text = `No tool call found for function call output with call_id ${toolCallId}.`;
    const message = worded ? text : '';
    return { code: 'orphan-tool-result', messageIndex, toolCallId, param, message };
  }
  // Ours, shaped like OpenAI's "Duplicate item found with id fc_…" (openai/openai-agents-python#1789).
  const what = problem.kind === 'duplicate-result' ? 'call output found for' : 'call found with';
  const text = `Duplicate function ${what} call_id ${toolCallId}, first at input[${problem.first.messageIndex}]. Remove duplicate items from your input and try again.`;
  const message = worded ? text : '';
  return { code: 'duplicate-tool-call-id', messageIndex, toolCallId, param, message };
}

// The guards the validator and the reader share; each throws `ToolHistoryError` (`invalid-input`).

/** Checks that `input` is an array. */
export function assertResponsesInput(input: unknown): asserts input is readonly unknown[] {
  assertArray(input, 'a Responses `input`');
}

/** `input[index]`, checked to be an object. */
export function responsesItemAt(input: readonly unknown[], index: number): JsonObject {
  return objectAt(input, index, 'input', 'an input item object');
}

/** The `call_id` of a call or output item, checked to be a string. */
export function callIdOf(item: JsonObject, index: number): string {
  const callId = item.call_id;
  if (typeof callId !== 'string') throw invalidField(`input[${index}].call_id`, callId, 'a string');
  return callId;
}

/** The `role` of a message item, checked to be a string. */
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

// The API refuses a `reasoning` item with no output item after it in its run
// (continuedev/continue#8933) and, from a reasoning model, an `fc_` call with no reasoning in its
// run (mastra-ai/mastra#8738; the sentence there names an `rs_` id not in the input, so ours stops before).

// o1, o3, o4-mini, gpt-5, gpt-5.1-codex, codex-mini-latest …, with or without an `openai/` prefix.
const REASONING_MODEL = /^(?:openai\/)?(?:o\d|gpt-5|codex)/;

/** True for an item the model did not output: a user, system or developer message, or an output. */
function isInputSide(item: JsonObject): boolean {
  const type = item.type;
  if (type === undefined || type === 'message') return item.role !== 'assistant';
  return typeof type === 'string' && type.endsWith('_output');
}

/** The `orphan-reasoning` and (under a reasoning model) `missing-reasoning` issues, in input order. */
export function reasoningIssues(input: readonly unknown[], context: RuleContext): HistoryIssue[] {
  const issues: HistoryIssue[] = [];
  const checkCalls = context.thinking === true || REASONING_MODEL.test(context.model ?? '');
  let reasoning = false;
  // Reasoning items with an id since the run's last output item, each waiting for an item after it.
  let waiting: { readonly index: number; readonly id: string }[] = [];
  const close = (): void => {
    for (const { index, id } of waiting) {
      const message = `Item '${id}' of type 'reasoning' was provided without its required following item.`;
      issues.push({
        code: 'orphan-reasoning',
        messageIndex: index,
        reasoningId: id,
        param: 'input',
        message,
      });
    }
    waiting = [];
  };
  for (let index = 0; index < input.length; index++) {
    const item = input[index];
    if (!isObject(item)) continue;
    const { type, id } = item;
    if (type === 'reasoning') {
      reasoning = true;
      if (typeof id === 'string') waiting.push({ index, id });
    } else if (type === 'function_call_output' || isInputSide(item)) {
      close();
      reasoning = false;
    } else {
      // The output item answers every reasoning item of the run before it.
      waiting = [];
      if (type !== 'function_call' || !checkCalls || reasoning) continue;
      if (typeof id !== 'string' || !id.startsWith('fc_')) continue;
      const message = `Item '${id}' of type 'function_call' was provided without its required 'reasoning' item.`;
      const toolCallIds = [String(item.call_id)];
      issues.push({
        code: 'missing-reasoning',
        messageIndex: index,
        toolCallIds,
        param: 'input',
        message,
      });
    }
  }
  close();
  return issues;
}
