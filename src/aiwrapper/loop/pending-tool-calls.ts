import {
  LangMessage,
  type LangMessageItem,
  type LangMessageItemTool,
  type ToolRequest,
} from 'aiwrapper';
import { InvalidHistoryError } from '../../errors/tool-history-error.js';
import type { AiwrapperToolResultItem } from '../../formats/aiwrapper/aiwrapper-types.js';
import type { HistoryIssue } from '../../errors/history-issue.js';
import { validateHistory } from '../../validate/validate-history.js';
import { META_KEYS } from '../meta-keys.js';
import type { ToolOutcome } from './tool-outcome.js';
import { uniqueCallIds } from '../../core/call-id.js';
import { parseArgumentsText } from '../../formats/shared/arguments-text.js';
import type { LoopToolCall } from './loop-tool.js';
import { UNKNOWN_TOOL_NAME } from '../../repair/fixes/rebuild-parts.js';
import { takenCallIds } from '../lang-messages-tool-calls.js';
import { sentArgumentsText, sentCallId } from '../sent-tool-calls.js';

/** The calls the latest turn still waits for: nothing but their results follows the turn. */
export interface PendingToolCalls {
  readonly messageIndex: number;
  readonly calls: readonly ToolRequest[];
  readonly started: ReadonlySet<string>;
}

/**
 * The last assistant turn's calls without a result, when only `tool-results` follow it, else `undefined`.
 * @throws {InvalidHistoryError} when the turn's start marker is not a list of its call ids.
 */
export function pendingToolCalls(messages: readonly LangMessage[]): PendingToolCalls | undefined {
  let index = messages.length - 1;
  while (index >= 0 && messages[index]?.role === 'tool-results') index--;
  const turn = messages[index];
  if (turn?.role !== 'assistant') return undefined;
  const answered = new Set<string>();
  for (let next = index + 1; next < messages.length; next++)
    for (const item of messages[next]?.items ?? [])
      if (item.type === 'tool-result') answered.add(item.callId);
  const calls: ToolRequest[] = [];
  for (const item of turn.items)
    if (item.type === 'tool' && !answered.has(item.callId)) calls.push(item);
  if (calls.length === 0) return undefined;
  return { messageIndex: index, calls, started: startedIds(turn, index) };
}

/** The ids the turn's start marker holds; fails closed on any other marker. */
function startedIds(turn: LangMessage, messageIndex: number): ReadonlySet<string> {
  const recorded: unknown = turn.meta?.[META_KEYS.started];
  if (recorded === undefined) return new Set();
  const ids = new Set<unknown>();
  for (const item of turn.items) if (item.type === 'tool') ids.add(item.callId);
  const wrong = Array.isArray(recorded)
    ? (recorded as unknown[]).findIndex((id) => typeof id !== 'string' || !ids.has(id))
    : -2;
  if (wrong === -1) return new Set(recorded as string[]);
  const why = wrong === -2 ? 'it is not a list' : `item ${wrong} is not the id of one of its calls`;
  throw new InvalidHistoryError([
    {
      code: 'invalid-content',
      messageIndex,
      message: `The call turn's meta.${META_KEYS.started} must list ids of its calls, as the tool loop writes it (${why}). Restore the turn as the loop saved it: a marker the loop cannot read might hide a call that already ran.`,
    },
  ]);
}

/** Records in the turn's `meta` that the call with this id started. */
export function recordStart(turn: LangMessage, callId: string): void {
  const meta = (turn.meta ??= {});
  const recorded: unknown = meta[META_KEYS.started];
  if (Array.isArray(recorded)) recorded.push(callId);
  else meta[META_KEYS.started] = [callId];
}

/** Writes one call's outcome into the `tool-results` after the turn, in call order (`isError` on failure). */
export function writeResult(
  messages: LangMessage[],
  turnIndex: number,
  outcome: ToolOutcome,
): void {
  // Fields in the order aiwrapper writes its own results.
  const result: AiwrapperToolResultItem = {
    type: 'tool-result',
    name: outcome.name,
    callId: outcome.callId,
    result: outcome.result,
    ...(outcome.status === 'ok' ? {} : { isError: true }),
  };
  const item = result as LangMessageItem;
  const last = messages[messages.length - 1];
  if (messages.length - 1 === turnIndex || last?.role !== 'tool-results') {
    messages.push(new LangMessage('tool-results', [item]));
    return;
  }
  // After the last result whose call comes earlier in the turn (-1: a result the turn does not hold).
  const items = messages[turnIndex]?.items ?? [];
  const placeOf = (callId: string): number =>
    items.findIndex((entry) => entry.type === 'tool' && entry.callId === callId);
  const place = placeOf(outcome.callId);
  let at = last.items.length;
  while (at > 0 && placeOf(callIdOf(last.items[at - 1])) > place) at--;
  last.items.splice(at, 0, item);
}

function callIdOf(item: LangMessageItem | undefined): string {
  return item?.type === 'tool-result' ? item.callId : '';
}

/** Throws {@link InvalidHistoryError} unless `messages` is valid, or valid with its latest calls pending. */
export function assertLoopHistory(messages: readonly LangMessage[]): void {
  const pending = pendingToolCalls(messages);
  const issues = validateHistory(messages, { format: 'aiwrapper' }).issues.filter(
    (issue) =>
      !(
        pending !== undefined &&
        issue.code === 'missing-tool-result' &&
        issue.messageIndex === pending.messageIndex
      ),
  );
  const [first, ...rest] = issues;
  if (first !== undefined)
    throw new InvalidHistoryError([first, ...rest] as [HistoryIssue, ...HistoryIssue[]]);
}

/** A call of a committed turn, with its argument text when that text is not a JSON object. */
export interface TurnCall extends LoopToolCall {
  readonly argumentsText?: string | undefined;
}

/** A `tool` item as the loop writes it: aiwrapper's, with the text of arguments that did not parse. */
type CallItem = LangMessageItemTool & { argumentsText?: string };

/**
 * Appends a response's messages, each call made one the provider accepts (the change recorded under
 * `META_KEYS.sentCalls`); returns the index of its last assistant message (or -1).
 */
export function commitResponse(messages: LangMessage[], added: readonly LangMessage[]): number {
  let turnIndex = -1;
  for (const message of added) {
    if (message.role === 'assistant') {
      readCalls(message, messages);
      turnIndex = messages.length;
    }
    messages.push(message);
  }
  return turnIndex;
}

function readCalls(turn: LangMessage, messages: readonly LangMessage[]): void {
  // Both lazy: the conversation's ids are read at the first call.
  const taken = takenCallIds(messages);
  const fresh = uniqueCallIds(taken);
  let asSent: Record<string, { callId?: string; name?: string }> | undefined;
  for (const item of turn.items) {
    if (item.type !== 'tool') continue;
    readArguments(item);
    const sentId = sentCallId(item) ?? item.callId;
    if (item.callId === '' || taken.has(item.callId)) item.callId = fresh();
    taken.add(item.callId);
    const sentName = item.name;
    // Not every provider takes an empty name; the call is never run (`no-tool-name`).
    if (sentName === '') item.name = UNKNOWN_TOOL_NAME;
    if (sentId === item.callId && sentName === item.name) continue;
    (asSent ??= {})[item.callId] = {
      ...(sentId === item.callId ? {} : { callId: sentId }),
      ...(sentName === item.name ? {} : { name: sentName }),
    };
  }
  if (asSent === undefined) return;
  // The response the Responses API stored (its id in `openaiResponseId`) holds the calls as sent: the
  // next request must send the turn as written, which aiwrapper does for a turn without that id.
  const kept = Object.entries(turn.meta ?? {}).filter(([key]) => key !== 'openaiResponseId');
  turn.meta = { ...Object.fromEntries(kept), [META_KEYS.sentCalls]: asSent };
}

/** Sets a call's arguments from the text the model sent: its object, or `{}` and `argumentsText`. */
function readArguments(item: CallItem): void {
  const text = sentArgumentsText(item);
  if (text === undefined) return;
  const parsed = parseArgumentsText(text);
  item.arguments = parsed.arguments as Record<string, unknown>;
  if (parsed.argumentsText !== undefined) item.argumentsText = parsed.argumentsText;
}

/** The calls of a committed turn, in order. */
export function callsOf(turn: LangMessage): TurnCall[] {
  const calls: TurnCall[] = [];
  for (const item of turn.items as readonly (CallItem | LangMessage['items'][number])[])
    if (item.type === 'tool')
      calls.push({
        callId: item.callId,
        name: item.name,
        arguments: item.arguments,
        ...('argumentsText' in item ? { argumentsText: item.argumentsText } : {}),
      });
  return calls;
}
