import type { ToolHistory, ToolResult } from '../../core/history.js';
import {
  pairToolTurns,
  toTurnEntries,
  type PairingScope,
  type TurnEntry,
} from '../../core/pair-tool-turns.js';
import { isPlaceholderResult } from '../../core/placeholder-result.js';

/** Where a call or a result is: its message and its position there. */
export interface Place {
  readonly messageIndex: number;
  readonly position: number;
}

/** What becomes of one result. */
export type ResultFate =
  /** It answers the call at `call` and stays. */
  | { readonly kind: 'kept'; readonly call: Place }
  /** It answers the call at `call` a second time and is dropped in favour of `kept`. */
  | { readonly kind: 'dropped'; readonly call: Place; readonly kept: Place }
  /** No call answers it. */
  | { readonly kind: 'orphan' };

/** The results of every call and the fate of every result, as {@link resolveResults} decided. */
export interface ResolvedResults {
  /** Per message: per call position, the result that stays (`undefined` when none); `undefined` for messages without calls. */
  readonly answers: readonly ((Place | undefined)[] | undefined)[];
  /** Per message: per result position, its fate; `undefined` for messages that are not `tool` messages. */
  readonly fates: readonly (ResultFate[] | undefined)[];
  /** True when some result is dropped as a duplicate. */
  readonly duplicates: boolean;
}

/**
 * Decides which result answers which call ({@link pairToolTurns}), then: a leftover repeating an
 * answered call of the latest turn is a duplicate; in `turn` scope a leftover pairs with the latest
 * unanswered call with its id (to be moved); what is left is an orphan.
 */
export function resolveResults(
  history: ToolHistory,
  scope: PairingScope,
  keep: 'keep-first' | 'keep-last' | undefined,
): ResolvedResults {
  const entries = toTurnEntries(history);
  const pairing = pairToolTurns(entries, { scope });
  const answers: ((Place | undefined)[] | undefined)[] = entries.map((entry) =>
    entry.kind === 'calls' ? new Array<Place | undefined>(entry.callIds.length) : undefined,
  );
  const fates: (ResultFate[] | undefined)[] = entries.map((entry) =>
    entry.kind === 'results' ? new Array<ResultFate>(entry.callIds.length) : undefined,
  );
  const orphans: Place[] = [];
  for (const result of pairing.results) {
    const place = { messageIndex: result.entryIndex, position: result.position };
    if (result.call === undefined) {
      orphans.push(place);
      continue;
    }
    const call = { messageIndex: result.call.entryIndex, position: result.call.position };
    setAt(answers, call, place);
    setAt(fates, place, { kind: 'kept', call });
  }
  // `keep` undefined: the pairing alone, every leftover an orphan.
  if (orphans.length === 0 || keep === undefined) {
    for (const orphan of orphans) setAt(fates, orphan, { kind: 'orphan' });
    return { answers, fates, duplicates: false };
  }

  const duplicates = new Map<string, { readonly call: Place; readonly extra: Place[] }>();
  findDuplicates(entries, answers, fates, scope, duplicates);
  if (scope === 'turn' && pairing.unanswered.length > 0) {
    pairSeparated(entries, answers, fates, pairing.unanswered);
    // A result repeating one that was just moved back to its turn is a duplicate too.
    findDuplicates(entries, answers, fates, scope, duplicates);
  }
  for (const orphan of orphans)
    if (fates[orphan.messageIndex]?.[orphan.position] === undefined)
      setAt(fates, orphan, { kind: 'orphan' });
  for (const { call, extra } of duplicates.values())
    chooseKept(history, call, extra, answers, fates, keep);
  return { answers, fates, duplicates: duplicates.size > 0 };
}

/**
 * Marks leftover results that repeat an answered call of the latest call turn before them (of any
 * earlier call, in `conversation` scope) as duplicates, and collects them per call.
 */
function findDuplicates(
  entries: readonly TurnEntry[],
  answers: readonly ((Place | undefined)[] | undefined)[],
  fates: (ResultFate[] | undefined)[],
  scope: PairingScope,
  duplicates: Map<string, { readonly call: Place; readonly extra: Place[] }>,
): void {
  const latestCall = new Map<string, Place>();
  entries.forEach((entry, messageIndex) => {
    if (entry.kind === 'calls') {
      if (scope === 'turn') latestCall.clear();
      entry.callIds.forEach((callId, position) =>
        latestCall.set(callId, { messageIndex, position }),
      );
      return;
    }
    if (entry.kind !== 'results' || latestCall.size === 0) return;
    const resultFates = fates[messageIndex];
    entry.callIds.forEach((callId, position) => {
      if (resultFates?.[position] !== undefined) return;
      const call = latestCall.get(callId);
      const first = call === undefined ? undefined : answers[call.messageIndex]?.[call.position];
      if (call === undefined || first === undefined) return;
      const key = `${call.messageIndex}:${call.position}`;
      const place = { messageIndex, position };
      const known = duplicates.get(key);
      if (known) known.extra.push(place);
      else duplicates.set(key, { call, extra: [place] });
      setAt(fates, place, { kind: 'dropped', call, kept: first });
    });
  });
}

/**
 * Pairs leftover results with unanswered calls anywhere earlier: each with the latest unanswered
 * call with its id before it, the turn it was most likely separated from (a call id may repeat in
 * an older turn; the repair of a window, which sees only the turns near the result, decides the
 * same way).
 */
function pairSeparated(
  entries: readonly TurnEntry[],
  answers: ((Place | undefined)[] | undefined)[],
  fates: (ResultFate[] | undefined)[],
  unanswered: readonly { readonly entryIndex: number; readonly position: number }[],
): void {
  const callPositions = new Map<number, number[]>();
  for (const call of unanswered) {
    const list = callPositions.get(call.entryIndex);
    if (list) list.push(call.position);
    else callPositions.set(call.entryIndex, [call.position]);
  }
  // Per call id: the unanswered calls met so far, the latest last.
  const waiting = new Map<string, Place[]>();
  entries.forEach((entry, messageIndex) => {
    if (entry.kind === 'calls') {
      for (const position of callPositions.get(messageIndex) ?? []) {
        const callId = entry.callIds[position] ?? '';
        const stack = waiting.get(callId);
        if (stack) stack.push({ messageIndex, position });
        else waiting.set(callId, [{ messageIndex, position }]);
      }
      return;
    }
    if (entry.kind !== 'results') return;
    const resultFates = fates[messageIndex];
    entry.callIds.forEach((callId, position) => {
      if (resultFates?.[position] !== undefined) return;
      const call = waiting.get(callId)?.pop();
      if (call === undefined) return;
      const place = { messageIndex, position };
      setAt(answers, call, place);
      setAt(fates, place, { kind: 'kept', call });
    });
  });
}

/** Picks which of a call's results stays; the others are dropped. */
function chooseKept(
  history: ToolHistory,
  call: Place,
  extra: readonly Place[],
  answers: ((Place | undefined)[] | undefined)[],
  fates: (ResultFate[] | undefined)[],
  keep: 'keep-first' | 'keep-last',
): void {
  const first = answers[call.messageIndex]?.[call.position];
  if (first === undefined) return;
  const candidates = [first, ...extra];
  const real = candidates.filter(
    (place) => !isPlaceholderContent(resultAt(history, place)?.content),
  );
  const pool = real.length > 0 ? real : candidates;
  const kept = (keep === 'keep-first' ? pool[0] : pool.at(-1)) ?? first;
  setAt(answers, call, kept);
  for (const place of candidates)
    setAt(fates, place, place === kept ? { kind: 'kept', call } : { kind: 'dropped', call, kept });
}

/** The result at `place`. */
export function resultAt(history: ToolHistory, place: Place): ToolResult | undefined {
  const message = history[place.messageIndex];
  return message?.role === 'tool' ? message.results[place.position] : undefined;
}

/** A placeholder result, also when a text format carried it as its JSON text. */
function isPlaceholderContent(content: unknown): boolean {
  if (typeof content === 'string' && content.startsWith('{') && content.includes('"error"')) {
    try {
      return isPlaceholderResult(JSON.parse(content));
    } catch {
      return false;
    }
  }
  return isPlaceholderResult(content);
}

function setAt<T>(table: readonly (T[] | undefined)[], place: Place, value: T): void {
  const row = table[place.messageIndex];
  if (row) row[place.position] = value;
}
