import { toValidationResult } from '../../errors/history-issue.js';
import type { HistoryIssue, ValidationResult } from '../../errors/history-issue.js';
import { InvalidHistoryError } from '../../errors/invalid-history-error.js';
import { ToolHistoryError } from '../../errors/tool-history-error.js';
import type { HistoryInspection } from '../../core/history-inspection.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import { ToolTurnTable } from '../../core/tool-turn-table.js';
import {
  checkCallId,
  duplicateCallId,
  checkArguments,
  missingOrMistyped,
  describeType,
} from './openai-chat-call-checks.js';
export { OPENAI_CHAT_MAX_TOOL_CALL_ID_LENGTH } from './openai-chat-call-checks.js';

/** The assistant turn whose `tool_calls` the following `tool` messages answer. */
class OpenTurn {
  readonly index: number;
  /** Unique call ids in call order. */
  readonly callIds: readonly string[];
  /** Per call id (same order): the index of the `tool` message that answered it, -1 while pending. */
  readonly answeredAt: number[];
  pending: number;
  /** Call id → position, for turns too long to scan. */
  private positions: Map<string, number> | undefined;

  constructor(index: number, callIds: readonly string[]) {
    this.index = index;
    this.callIds = callIds;
    this.answeredAt = callIds.map(() => -1);
    this.pending = callIds.length;
  }

  /** The position of `id` among the call ids, -1 when the turn has no such call. */
  positionOf(id: string): number {
    if (this.callIds.length <= SCAN_LIMIT) return this.callIds.indexOf(id);
    this.positions ??= new Map(this.callIds.map((callId, position) => [callId, position]));
    return this.positions.get(id) ?? -1;
  }
}

// Above this many calls in one turn, ids are found through a map instead of a scan.
const SCAN_LIMIT = 16;

/**
 * Validates an OpenAI Chat Completions `messages` array for tool-call history the way OpenAI's
 * API does, and returns every issue found (OpenAI itself stops at the first).
 *
 * Each issue's `message` is OpenAI's own wording (typo "preceeding" included) and `param` is
 * OpenAI's param string, so {@link openAIErrorBodyFor} can rebuild the 400 body OpenAI sends.
 * The rules, as OpenAI applies them (inferred from its error replies, cited in the source):
 *
 * - after an assistant message with `tool_calls`, `tool` messages answer those ids; once every id
 *   is answered (or when there is no such turn) another `tool` message is an orphan, even when it
 *   repeats an id that was already answered;
 * - a `tool` message naming an id the turn did not call is an unknown id; one answering an id a
 *   second time while other ids are still unanswered is a duplicate;
 * - the first message that is not a `tool` message closes the turn: ids still unanswered are
 *   missing. The end of the array closes it too (OpenAI then names `param: 'messages'`);
 * - `tool_calls: []` is refused, ids longer than 40 characters are refused, and
 *   `function.arguments` must be a string.
 *
 * Ids may repeat across turns (Kimi's `exec_0` style); results may come in any order.
 * Issues are listed in the order a walk through the array meets them (a missing result is met
 * where its turn closes, though its `messageIndex` is the assistant message). Runs in one pass,
 * linear in the number of messages and calls; the input is never modified.
 *
 * @throws {ToolHistoryError} with code `'invalid-input'` when `messages` is not an array or an
 *   entry is not an object: that is misuse, not a history problem.
 *
 * @example
 * const result = validateOpenAIChat(body.messages);
 * if (!result.ok) console.error(result.issues[0].message);
 */
export function validateOpenAIChat(messages: readonly unknown[]): ValidationResult {
  return inspectOpenAIChat(messages).result;
}

/** {@link validateOpenAIChat}, with the turn table it read (for repair). */
export function inspectOpenAIChat(messages: readonly unknown[]): HistoryInspection {
  assertOpenAIChatMessages(messages);
  const issues: HistoryIssue[] = [];
  const table = new ToolTurnTable(messages.length);
  let turn: OpenTurn | undefined;

  for (let index = 0; index < messages.length; index++) {
    const message = openAIChatMessageAt(messages, index);
    if (message.role === 'tool') {
      checkToolMessage(message, index, turn, issues);
      table.begin(index, 'results');
      table.add(typeof message.tool_call_id === 'string' ? message.tool_call_id : '', -1);
      continue;
    }
    // Any other message (user, system, developer, assistant, an unknown role or none) ends the
    // run of tool messages that answers the open turn.
    if (turn !== undefined && turn.pending > 0) closeTurn(turn, `messages.[${index}].role`, issues);
    turn = message.role === 'assistant' ? openTurn(message, index, issues, table) : undefined;
    // One turn per message: a message that opened no call turn holds neither calls nor results.
    if (table.count === index) table.other(index);
  }
  // The LangChain INVALID_TOOL_RESULTS page shows OpenAI refusing a history that ends before
  // every call is answered, with `param: 'messages'` (no index):
  // https://github.com/langchain-ai/langchain/blob/67e87c79238bf73c18b5b0c6be09dd3e798fcae1/docs/docs/troubleshooting/errors/INVALID_TOOL_RESULTS.ipynb
  closeTurn(turn, 'messages', issues);
  return { result: toValidationResult(issues), table };
}

/**
 * Throws when {@link validateOpenAIChat} finds any issue; shares its implementation.
 *
 * @throws {InvalidHistoryError} listing every issue, when the history has any.
 * @throws {ToolHistoryError} with code `'invalid-input'` on the same misuse as {@link validateOpenAIChat}.
 */
export function assertValidOpenAIChat(messages: readonly unknown[]): void {
  const result = validateOpenAIChat(messages);
  if (!result.ok) throw new InvalidHistoryError(result.issues);
}

function checkToolMessage(
  message: JsonObject,
  index: number,
  turn: OpenTurn | undefined,
  issues: HistoryIssue[],
): void {
  const toolCallId = message.tool_call_id;
  if (typeof toolCallId !== 'string') {
    // "Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'."
    // param messages.[3].tool_call_id, code null: https://github.com/langchain-ai/langchain/issues/22600,
    // https://github.com/run-llama/multi-agent-concierge/pull/16. For a present but non-string id we
    // use OpenAI's schema sentence for a mistyped field (not seen for this field).
    const path = `messages[${index}].tool_call_id`;
    issues.push({
      code: 'unknown-tool-call-id',
      messageIndex: index,
      toolCallId: '',
      message:
        toolCallId === undefined
          ? "Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'."
          : missingOrMistyped(path, toolCallId, 'a string'),
      param: toolCallId === undefined ? `messages.[${index}].tool_call_id` : path,
    });
    return;
  }
  if (turn === undefined || turn.pending === 0) {
    // "Invalid parameter: messages with role 'tool' must be a response to a preceeding message
    // with 'tool_calls'." param messages.[3].role, code null:
    // https://github.com/miurla/morphic/issues/136, https://github.com/smarter-sh/smarter/issues/264.
    // A result repeated after every call was answered gets this same error (messages.[4].role)
    // in the LangChain INVALID_TOOL_RESULTS page cited above.
    issues.push({
      code: 'orphan-tool-result',
      messageIndex: index,
      toolCallId,
      message:
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
      param: `messages.[${index}].role`,
    });
    return;
  }
  const position = turn.positionOf(toolCallId);
  if (position === -1) {
    // "Invalid parameter: 'tool_call_id' of 'call_XXXXXXXXX' not found in 'tool_calls' of previous
    // message.": https://github.com/dapr/dapr-agents/issues/145 (also quoted in cline's
    // transformToolCallId comment). No reply with its param was found; we use
    // messages.[i].tool_call_id, the shape OpenAI uses for the other tool_call_id errors.
    issues.push({
      code: 'unknown-tool-call-id',
      messageIndex: index,
      toolCallId,
      message: `Invalid parameter: 'tool_call_id' of '${toolCallId}' not found in 'tool_calls' of previous message.`,
      param: `messages.[${index}].tool_call_id`,
    });
    return;
  }
  const firstAnswer = turn.answeredAt[position] ?? -1;
  if (firstAnswer !== -1) {
    // "Invalid parameter: Duplicate value for 'tool_call_id' of 'call_gmd4…', in messages[7] and
    // messages[8]." param messages.[8].tool_call_id, code null:
    // https://github.com/agno-agi/agno/issues/5116, https://github.com/anomalyco/opencode/issues/1211.
    issues.push({
      code: 'duplicate-tool-call-id',
      messageIndex: index,
      toolCallId,
      message: `Invalid parameter: Duplicate value for 'tool_call_id' of '${toolCallId}', in messages[${firstAnswer}] and messages[${index}].`,
      param: `messages.[${index}].tool_call_id`,
    });
    return;
  }
  turn.pending--;
  turn.answeredAt[position] = index;
}

function closeTurn(turn: OpenTurn | undefined, param: string, issues: HistoryIssue[]): void {
  if (turn === undefined || turn.pending === 0) return;
  const toolCallIds = turn.callIds.filter((_, position) => turn.answeredAt[position] === -1);
  // "An assistant message with 'tool_calls' must be followed by tool messages responding to each
  // 'tool_call_id'. The following tool_call_ids did not have response messages: call_…",
  // param messages.[6].role, code null: https://github.com/router-for-me/CLIProxyAPI/issues/2798,
  // https://github.com/sdcb/chats/pull/132. Several ids are joined by ", " (as parsed in the test
  // "tool_call_ids did not have response messages: call_abc, call_def" found by code search).
  // The index OpenAI names is taken to be the message that closes the turn: at the end of the
  // array it names no index at all ('messages'), which only fits that reading.
  issues.push({
    code: 'missing-tool-result',
    messageIndex: turn.index,
    toolCallIds,
    message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${toolCallIds.join(', ')}`,
    param,
  });
}

/** Checks an assistant message's calls, adds them to the table as its turn, and returns the turn they open. */
function openTurn(
  message: JsonObject,
  index: number,
  issues: HistoryIssue[],
  table: ToolTurnTable,
): OpenTurn | undefined {
  const toolCalls = message.tool_calls;
  if (!Array.isArray(toolCalls)) return undefined;
  if (toolCalls.length === 0) {
    // "Invalid 'messages[1].tool_calls': empty array. Expected an array with minimum length 1, but
    // got an empty array instead." param messages[1].tool_calls, code empty_array:
    // https://github.com/openai/openai-python/issues/2061, https://github.com/home-assistant/core/pull/118577.
    const path = `messages[${index}].tool_calls`;
    issues.push({
      code: 'empty-tool-calls',
      messageIndex: index,
      message: `Invalid '${path}': empty array. Expected an array with minimum length 1, but got an empty array instead.`,
      param: path,
    });
    return undefined;
  }
  // Unique ids in call order, and where in `tool_calls` each first appears.
  const callIds: string[] = [];
  const firstAt: number[] = [];
  let byId: Map<string, number> | undefined;
  table.begin(index, 'calls');
  for (let callIndex = 0; callIndex < toolCalls.length; callIndex++) {
    const call: unknown = toolCalls[callIndex];
    table.add(isObject(call) && typeof call.id === 'string' ? call.id : '', callIndex);
    if (!isObject(call)) continue;
    const id = checkCallId(call.id, index, callIndex, issues);
    checkArguments(call.function, id ?? '', index, callIndex, issues);
    if (id === undefined) continue;
    if (byId === undefined && callIds.length >= SCAN_LIMIT)
      byId = new Map(callIds.map((callId, position) => [callId, position]));
    const position = byId ? (byId.get(id) ?? -1) : callIds.indexOf(id);
    if (position !== -1) {
      duplicateCallId(id, index, firstAt[position] ?? 0, callIndex, issues);
      continue;
    }
    byId?.set(id, callIds.length);
    callIds.push(id);
    firstAt.push(callIndex);
  }
  return callIds.length === 0 ? undefined : new OpenTurn(index, callIds);
}

// The Chat Completions guards the reader (from-openai-chat.ts, through OPENAI_CHAT_DIALECT) shares
// with this validator, so both refuse a malformed array or message in these words. Everything else
// the validator reports as issues in OpenAI's words (a missing `tool_call_id`, a mistyped id), as
// OpenAI does, where the reader, which cannot build a history from them, throws.

/**
 * Checks that `messages` is a Chat Completions `messages` array.
 *
 * @throws {ToolHistoryError} `invalid-input` naming what was passed instead.
 */
export function assertOpenAIChatMessages(
  messages: unknown,
): asserts messages is readonly unknown[] {
  if (!Array.isArray(messages)) {
    throw new ToolHistoryError(
      'invalid-input',
      `Expected the Chat Completions messages array, but got ${describeType(messages)}. Pass body.messages, not the whole request body.`,
    );
  }
}

/**
 * `messages[index]` when it is an object.
 *
 * @throws {ToolHistoryError} `invalid-input` naming the index.
 */
export function openAIChatMessageAt(messages: readonly unknown[], index: number): JsonObject {
  const message: unknown = messages[index];
  if (!isObject(message)) {
    throw new ToolHistoryError(
      'invalid-input',
      `messages[${index}] is ${describeType(message)}, not a message object. Every entry of a Chat Completions messages array must be an object with a role.`,
    );
  }
  return message;
}
