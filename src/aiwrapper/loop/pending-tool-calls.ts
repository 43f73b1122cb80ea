import { LangMessage, type LangMessageItem, type ToolRequest } from 'aiwrapper';
import { z } from 'zod';
import { InvalidHistoryError } from '../../errors/tool-history-error.js';
import type { AiwrapperToolResultItem } from '../../formats/aiwrapper/aiwrapper-types.js';
import type { HistoryIssue } from '../../errors/history-issue.js';
import { validateHistory } from '../../validate/validate-history.js';
import { META_KEYS } from '../meta-keys.js';
import type { ToolOutcome } from './tool-outcome.js';

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

const startMarker = z.array(z.string());

/** The ids the turn's start marker holds; fails closed on any other marker. */
function startedIds(turn: LangMessage, messageIndex: number): ReadonlySet<string> {
  const recorded: unknown = turn.meta?.[META_KEYS.started];
  if (recorded === undefined) return new Set();
  const parsed = startMarker.safeParse(recorded);
  let wrong: string | undefined;
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path.length === 1 ? `item ${String(issue.path[0])}: ` : '';
    wrong = `${at}${issue?.message ?? 'not a list of ids'}`;
  } else {
    const ids = new Set<string>();
    for (const item of turn.items) if (item.type === 'tool') ids.add(item.callId);
    const unknown = parsed.data.find((id) => !ids.has(id));
    if (unknown !== undefined) wrong = `it names "${unknown}", which is not a call of this turn`;
  }
  if (wrong !== undefined)
    throw new InvalidHistoryError([
      {
        code: 'invalid-content',
        messageIndex,
        message: `The call turn's meta.${META_KEYS.started} must list ids of its calls, as the tool loop writes it (${wrong}). Restore the turn as the loop saved it: a marker the loop cannot read might hide a call that already ran.`,
      },
    ]);
  return new Set(parsed.data);
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
  const turn = messages[turnIndex];
  if (turn === undefined) return;
  // Fields in the order aiwrapper writes its own results.
  const result: AiwrapperToolResultItem =
    outcome.status === 'ok'
      ? { type: 'tool-result', name: outcome.name, callId: outcome.callId, result: outcome.result }
      : {
          type: 'tool-result',
          name: outcome.name,
          callId: outcome.callId,
          result: outcome.result,
          isError: true,
        };
  const item = result as LangMessageItem;
  const last = messages[messages.length - 1];
  if (messages.length - 1 === turnIndex || last?.role !== 'tool-results') {
    messages.push(new LangMessage('tool-results', [item]));
    return;
  }
  const items = last.items;
  // After the last result whose call comes earlier in the turn.
  const place = placeOf(turn, outcome.callId);
  let at = items.length;
  while (at > 0 && resultPlace(turn, items[at - 1]) > place) at--;
  items.splice(at, 0, item);
}

/** Where the call with this id sits in the turn (Infinity when it is not there). */
function placeOf(turn: LangMessage, callId: string): number {
  const items = turn.items;
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    if (item?.type === 'tool' && item.callId === callId) return index;
  }
  return Infinity;
}

/** Where the call a written result answers sits in the turn; -1 for one the turn does not hold. */
function resultPlace(turn: LangMessage, item: LangMessageItem | undefined): number {
  const place = placeOf(turn, callIdOf(item));
  return place === Infinity ? -1 : place;
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
