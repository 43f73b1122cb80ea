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
import {
  PAIR_OF_CALL,
  PAIR_OF_OUTPUT,
  pairKeyOf,
  unacknowledgedChecks,
} from './responses-pairs.js';

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
  const table = new ToolTurnTable(input.length);
  // Each call item by id, for its output; once an `item_reference` is in, an output whose call
  // is not may answer the stored item it stands for.
  const calls = new Map<string, JsonObject>();
  let referenced = false;
  for (let index = 0; index < input.length; index++) {
    const item = responsesItemAt(input, index);
    const type = item.type;
    itemRuleIssues(item, index, context, issues);
    const callPair = PAIR_OF_CALL.get(type);
    const pair = callPair ?? PAIR_OF_OUTPUT.get(type);
    if (pair !== undefined) {
      const key = callPair === undefined ? pairKeyOf(item, pair.outputKeys) : pair.callKey;
      const callId = callIdOf(item, index, key);
      if (callId === '' || callId.length > OPENAI_RESPONSES_MAX_CALL_ID_LENGTH)
        issues.push(callIdIssue(callId, index, key));
      const call = calls.get(callId);
      if (callPair !== undefined) calls.set(callId, item);
      else if (call === undefined && referenced) {
        table.other(index);
        continue;
      } else if (call !== undefined && type === 'computer_call_output')
        safetyCheckIssue(call, item, callId, index, issues);
      table.begin(index, callPair === undefined ? 'results' : 'calls');
      table.add(callId, -1);
      continue;
    }
    if (type === 'item_reference') referenced = true;
    if (type === undefined) messageRoleOf(item, index);
    table.other(index);
  }
  const worded = wordsIssues(use);
  const scope = { scope: 'conversation', uniqueCallIds: 'conversation' } as const;
  for (const problem of findToolTurnProblems(table, scope))
    issues.push(issueOf(problem, worded, input));
  return { result: toValidationResult(issues.sort(byMessageIndex)), table };
}

// OpenAI's sentence (openai/openai-agents-python#843) prints the ids as a Python list.
function safetyCheckIssue(
  call: JsonObject,
  output: JsonObject,
  toolCallId: string,
  messageIndex: number,
  issues: HistoryIssue[],
): void {
  const checkIds = unacknowledgedChecks(call, output);
  if (checkIds.length === 0) return;
  const list = checkIds.map((id) => `'${id}'`).join(', ');
  const message = `Computer tool has unacknowledged safety check for [${list}]`;
  const param = `input[${messageIndex}].acknowledged_safety_checks`;
  const code = 'unacknowledged-safety-check';
  issues.push({ code, messageIndex, toolCallId, checkIds, param, message });
}

// Item id prefixes: 'fc' (nodetool-ai/nodetool#4252), 'rs' (jlcodes99/cockpit-tools#2090);
// the others as the `openai` SDK's examples and OpenAI's outputs name them.
const ID_PREFIXES: ReadonlyMap<unknown, string> = new Map([
  ['function_call', 'fc'],
  ['reasoning', 'rs'],
  ['custom_tool_call', 'ctc'],
  ['computer_call', 'cu'],
  ['message', 'msg'],
]);

/** The `invalid-item-id` and (with `store: false`) `unpersisted-item` issues of one item. */
function itemRuleIssues(
  item: JsonObject,
  index: number,
  context: RuleContext,
  issues: HistoryIssue[],
): void {
  const { type, id } = item;
  if (typeof id !== 'string') return;
  const prefix = ID_PREFIXES.get(type ?? (item.role === 'assistant' ? 'message' : undefined));
  const param = `input[${index}].id`;
  if (prefix !== undefined && !id.startsWith(prefix)) {
    // jlcodes99/cockpit-tools#2090.
    const message = `Invalid '${param}': '${id}'. Expected an ID that begins with '${prefix}'.`;
    issues.push({ code: 'invalid-item-id', messageIndex: index, itemId: id, param, message });
    return;
  }
  const lookedUp =
    type === 'item_reference' || (type === 'reasoning' && item.encrypted_content == null);
  if (context.store !== false || !lookedUp) return;
  // anomalyco/opencode#7724, #8987.
  const message = `Item with id '${id}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`;
  issues.push({ code: 'unpersisted-item', messageIndex: index, itemId: id, param, message });
}

function callIdIssue(callId: string, index: number, key: string): HistoryIssue {
  const param = `input[${index}].${key}`;
  // code empty_string: BigPizzaV3/CodexPlusPlus#315.
  const message =
    callId === ''
      ? `Invalid '${param}': empty string. Expected a string with minimum length 1, but got an empty string instead.`
      : `Invalid '${param}': string too long. Expected a string with maximum length ${OPENAI_RESPONSES_MAX_CALL_ID_LENGTH}, but got a string with length ${callId.length} instead.`;
  return { code: 'invalid-tool-call-id', messageIndex: index, toolCallId: callId, param, message };
}

function issueOf(
  problem: ToolTurnProblem,
  worded: boolean,
  input: readonly unknown[],
): HistoryIssue {
  const param = 'input';
  const what = (messageIndex: number): string => {
    const item = input[messageIndex];
    const type = isObject(item) ? item.type : undefined;
    return (PAIR_OF_CALL.get(type) ?? PAIR_OF_OUTPUT.get(type))?.what ?? 'function call';
  };
  if (problem.kind === 'missing') {
    // The sentences and their sources: responses-pairs.ts.
    const { turnMessageIndex: messageIndex, callIds: toolCallIds } = problem;
    const ids = toolCallIds.join(', ');
    const message = worded ? `No tool output found for ${what(messageIndex)} ${ids}.` : '';
    return { code: 'missing-tool-result', messageIndex, toolCallIds, param, message };
  }
  const site = problem.kind === 'duplicate-call' ? problem.call : problem.result;
  const { messageIndex, callId: toolCallId } = site;
  if (problem.kind === 'orphan' || problem.kind === 'misplaced') {
    // continuedev/continue#10092, james-6-23/codex2api#414 (function calls; the others ours).
    const text = `No tool call found for ${what(messageIndex)} output with call_id ${toolCallId}.`;
    const message = worded ? text : '';
    return { code: 'orphan-tool-result', messageIndex, toolCallId, param, message };
  }
  // Ours, shaped like OpenAI's "Duplicate item found with id fc_…" (openai/openai-agents-python#1789).
  const kind = problem.kind === 'duplicate-result' ? 'output found for' : 'found with';
  const text = `Duplicate ${what(messageIndex)} ${kind} call_id ${toolCallId}, first at input[${problem.first.messageIndex}]. Remove duplicate items from your input and try again.`;
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

/** The `call_id` (or the pair's other id field) of a call or output item, checked to be a string. */
export function callIdOf(item: JsonObject, index: number, key = 'call_id'): string {
  const callId = item[key];
  if (typeof callId !== 'string') throw invalidField(`input[${index}].${key}`, callId, 'a string');
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
