import { LangMessage, type LangMessageItem, type ToolRequest } from 'aiwrapper';
import { z } from 'zod';
import { InvalidHistoryError } from '../../errors/invalid-history-error.js';
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
