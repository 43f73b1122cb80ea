import type { HistoryIssue } from '../../errors/history-issue.js';
import { ArmedCalls } from '../../core/armed-calls.js';
import { isObject, type JsonObject } from '../../core/input-guards.js';
import { type ToolTurnTable, siteName } from '../../core/tool-turn-table.js';
import { checkCallId, checkFunction, duplicateCallId } from './openai-chat-call-checks.js';
import { fieldParam, type ResolvedChatHost } from './openai-chat-wording.js';

/**
 * The assistant turn whose `tool_calls` the following `tool` messages answer. Pairing is core's
 * rule ({@link ArmedCalls}: a result consumes the armed call with its id); the turn keeps what
 * OpenAI's wording needs besides: which `tool` message answered each call, and what is pending.
 */
export class OpenTurn {
  readonly index: number;
  /** Unique call ids in call order. */
  readonly callIds: readonly string[];
  /** Per call id (same order): the index of the `tool` message that answered it, -1 while pending. */
  readonly answeredAt: number[];
  pending: number;
  /** Armed call id -> its position in `callIds` (one instance for the whole walk). */
  readonly armed: ArmedCalls<number>;
  /** Call id -> position, built only when a result's id is not armed (unknown or answered). */
  private positions: Map<string, number> | undefined;

  constructor(index: number, callIds: readonly string[], armed: ArmedCalls<number>) {
    this.index = index;
    this.armed = armed;
    armed.startTurn();
    this.callIds = callIds;
    this.answeredAt = callIds.map(() => -1);
    this.pending = callIds.length;
    for (let position = 0; position < callIds.length; position++)
      this.armed.arm(callIds[position] ?? '', position);
  }

  /** The position of `id` among the call ids, -1 when the turn has no such call. */
  positionOf(id: string): number {
    this.positions ??= new Map(this.callIds.map((callId, position) => [callId, position]));
    return this.positions.get(id) ?? -1;
  }
}

// Above this many calls in one turn, ids are found through a map instead of a scan.
const SCAN_LIMIT = 16;

/** Checks one `tool` message against the open turn (if any), and records what it answered. */
export function checkToolMessage(
  message: JsonObject,
  index: number,
  turn: OpenTurn | undefined,
  issues: HistoryIssue[],
  rules: ResolvedChatHost,
): void {
  const toolCallId = message.tool_call_id;
  if (typeof toolCallId !== 'string') {
    // For a present but non-string id, OpenAI's schema sentence for a mistyped field (not seen
    // for this field).
    const path = `messages[${index}].tool_call_id`;
    issues.push({
      code: 'unknown-tool-call-id',
      messageIndex: index,
      toolCallId: '',
      message:
        toolCallId === undefined
          ? rules.wording.missingToolCallId(index)
          : rules.wording.mistyped(path, toolCallId, 'a string'),
      param: toolCallId === undefined ? fieldParam(rules, index, 'tool_call_id') : path,
    });
    return;
  }
  const position = turn?.armed.answer(toolCallId);
  if (turn !== undefined && position !== undefined) {
    turn.pending--;
    turn.answeredAt[position] = index;
    return;
  }
  const known = turn === undefined ? -1 : turn.positionOf(toolCallId);
  const firstAnswer = turn === undefined || known === -1 ? -1 : (turn.answeredAt[known] ?? -1);
  if (turn !== undefined && firstAnswer !== -1) {
    // A second answer in the same run of `tool` messages: OpenAI names both messages (param
    // messages.[8].tool_call_id), also once every call is answered (agno-agi/agno#5116 and
    // fatwang2/search2ai#30 show adjacent messages). An older record (the LangChain
    // INVALID_TOOL_RESULTS page, 2024) got the orphan error for that case; the newer wins.
    issues.push({
      code: 'duplicate-tool-call-id',
      messageIndex: index,
      toolCallId,
      message: rules.wording.duplicateResult(toolCallId, firstAnswer, index),
      param: fieldParam(rules, index, 'tool_call_id'),
    });
    return;
  }
  if (turn === undefined || turn.pending === 0) {
    issues.push({
      code: 'orphan-tool-result',
      messageIndex: index,
      toolCallId,
      message: rules.wording.orphanResult(index),
      param: fieldParam(rules, index, 'role'),
    });
    return;
  }
  // No reply with its param was found; messages.[i].tool_call_id, the shape OpenAI uses for the
  // other tool_call_id errors.
  issues.push({
    code: 'unknown-tool-call-id',
    messageIndex: index,
    toolCallId,
    message: rules.wording.unknownCallId(toolCallId),
    param: fieldParam(rules, index, 'tool_call_id'),
  });
}

/** Reports the calls of `turn` no `tool` message answered; `param` names the closing message. */
export function closeTurn(
  turn: OpenTurn | undefined,
  closedAt: number,
  param: string | undefined,
  issues: HistoryIssue[],
  rules: ResolvedChatHost,
): void {
  if (turn === undefined || turn.pending === 0) return;
  const toolCallIds = turn.callIds.filter((_, position) => turn.answeredAt[position] === -1);
  // The index OpenAI names is taken to be the message that closes the turn: at the end of the
  // array it names no index at all ('messages'), which only fits that reading.
  issues.push({
    code: 'missing-tool-result',
    messageIndex: turn.index,
    toolCallIds,
    message: rules.wording.missingResults(toolCallIds, closedAt),
    param,
  });
}

/** Checks an assistant message's calls, adds them to the table as its turn, and returns the turn they open. */
export function openTurn(
  message: JsonObject,
  index: number,
  issues: HistoryIssue[],
  table: ToolTurnTable,
  rules: ResolvedChatHost,
  armed: ArmedCalls<number>,
): OpenTurn | undefined {
  const toolCalls = message.tool_calls;
  if (!Array.isArray(toolCalls)) return undefined;
  if (toolCalls.length === 0) {
    // param messages[1].tool_calls, code empty_array.
    const path = `messages[${index}].tool_calls`;
    issues.push({
      code: 'empty-tool-calls',
      messageIndex: index,
      message: rules.wording.emptyToolCalls(path),
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
    if (isObject(call))
      table.add(
        siteName(call.id),
        callIndex,
        isObject(call.function) ? siteName(call.function.name) : '',
      );
    else table.add('', callIndex);
    if (!isObject(call)) continue;
    const id = checkCallId(call.id, index, callIndex, issues, rules);
    checkFunction(call.function, id ?? '', index, callIndex, issues, rules);
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
  return callIds.length === 0 ? undefined : new OpenTurn(index, callIds, armed);
}
