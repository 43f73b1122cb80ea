// The one pairing rule: a result answers the first open call with its id. Ids repeat across a
// conversation (Kimi's `exec_0`), so in turn scope only the call turn right before the results is open.
import { ArmedCalls } from './armed-calls.js';
import { CallIdIndex } from './call-id-index.js';
import { assertNever } from './input-guards.js';
import type { ToolHistory } from './history.js';
import {
  CALLS_ENTRY,
  OTHER_ENTRY,
  RESULTS_ENTRY,
  type ToolSite,
  type ToolTurnTable,
} from './tool-turn-table.js';

export { CALLS_ENTRY, OTHER_ENTRY, RESULTS_ENTRY, type ToolSite } from './tool-turn-table.js';

/** One message (or message group) of a history, reduced to what pairing needs. */
export type TurnEntry =
  | { readonly kind: 'calls'; readonly callIds: readonly string[] }
  | { readonly kind: 'results'; readonly callIds: readonly string[] }
  | { readonly kind: 'other' };

/** Where a result finds its call: `turn`, the call turn right before it; `conversation`, any (Responses). */
export type PairingScope = 'turn' | 'conversation';

/** One result and the call it answers (`entryIndex` and `position` in it), or `undefined` for an orphan. */
export interface ResultPairing {
  readonly entryIndex: number;
  readonly position: number;
  readonly callId: string;
  readonly call: { readonly entryIndex: number; readonly position: number } | undefined;
}

/** The outcome of {@link pairToolTurns}: every result and every unanswered call, in history order. */
export interface Pairing {
  readonly results: readonly ResultPairing[];
  readonly unanswered: readonly { entryIndex: number; position: number; callId: string }[];
}

/** Maps a neutral history onto turn entries, one per message. */
export function toTurnEntries(history: ToolHistory): TurnEntry[] {
  return history.map((message): TurnEntry => {
    switch (message.role) {
      case 'assistant': {
        const callIds: string[] = [];
        for (const part of message.parts) if (part.type === 'tool-call') callIds.push(part.callId);
        return callIds.length > 0 ? { kind: 'calls', callIds } : { kind: 'other' };
      }
      case 'tool':
        return { kind: 'results', callIds: message.results.map((result) => result.callId) };
      case 'system':
      case 'user':
        return { kind: 'other' };
      default:
        return assertNever(message, 'history message');
    }
  });
}

/** Pairs every result of `entries` with the call it answers. */
export function pairToolTurns(
  entries: readonly TurnEntry[],
  options: {
    readonly scope?: PairingScope | undefined;
    readonly mergeCallTurns?: boolean | undefined;
  } = {},
): Pairing {
  const armed = new ArmedCalls<number>(options.scope ?? 'turn');
  const calls: Pairing['unanswered'][number][] = [];
  const answered: boolean[] = [];
  const results: ResultPairing[] = [];
  entries.forEach((entry, entryIndex) => {
    if (entry.kind === 'other') armed.other();
    else if (entry.kind === 'calls') {
      if (options.mergeCallTurns !== true || entries[entryIndex - 1]?.kind !== 'calls')
        armed.startTurn();
      entry.callIds.forEach((callId, position) => {
        armed.arm(callId, calls.length);
        calls.push({ entryIndex, position, callId });
      });
    } else
      entry.callIds.forEach((callId, position) => {
        const call = armed.answer(callId);
        const at = call === undefined ? undefined : calls[call];
        if (call !== undefined) answered[call] = true;
        results.push({
          entryIndex,
          position,
          callId,
          call: at && { entryIndex: at.entryIndex, position: at.position },
        });
      });
  });
  return { results, unanswered: calls.filter((_, index) => answered[index] !== true) };
}

/** Up to this many calls, a turn checks its ids are unique by looking back rather than with an index. */
export const SMALL_TURN = 8;

/** The pairing rule on a turn table: per site, the site it pairs with (`-1` for none). */
export function pairFlatTurnEntries(
  table: ToolTurnTable,
  scope: PairingScope,
  mergeCallTurns = false,
): { readonly match: Int32Array } {
  const { count, kinds, starts } = table;
  const match = new Int32Array(table.sites).fill(-1);
  const armed = new ArmedCalls<number>(scope);
  // Turn scope: the open turn's calls `[next, last)` are armed only once a result answers out of
  // call order; results in order take them without a map.
  let lazy = false;
  let next = 0;
  let last = 0;
  for (let entry = 0; entry < count; entry++) {
    const kind = kinds[entry];
    const start = starts[entry] ?? 0;
    const end = starts[entry + 1] ?? 0;
    if (
      kind === OTHER_ENTRY ||
      (kind === CALLS_ENTRY && (!mergeCallTurns || kinds[entry - 1] !== CALLS_ENTRY))
    ) {
      armed.other();
      lazy = scope === 'turn';
      next = last = start;
    }
    if (kind === CALLS_ENTRY && lazy) last = end;
    else if (kind === CALLS_ENTRY)
      for (let slot = start; slot < end; slot++) armed.arm(table.idAt(slot), slot);
    else
      for (let slot = start; slot < end; slot++) {
        const id = table.idAt(slot);
        let call: number | undefined;
        if (lazy && next < last && table.idAt(next) === id) call = next++;
        else {
          for (lazy = false; next < last; next++) armed.arm(table.idAt(next), next);
          call = armed.answer(id);
        }
        if (call === undefined) continue;
        match[call] = slot;
        match[slot] = call;
      }
  }
  return { match };
}

/** What the pairing rule found wrong, before a format puts it in its provider's words. */
export type ToolTurnProblem =
  | { readonly kind: 'orphan'; readonly result: ToolSite }
  | { readonly kind: 'misplaced'; readonly result: ToolSite; readonly call: ToolSite }
  | { readonly kind: 'duplicate-result'; readonly result: ToolSite; readonly first: ToolSite }
  /** Unanswered calls of `turn`; `closedAt` is the message that ended the turn (turn scope). */
  | {
      readonly kind: 'missing';
      readonly turnMessageIndex: number;
      readonly turn: number;
      readonly callIds: readonly string[];
      readonly closedAt: number | undefined;
    }
  | { readonly kind: 'duplicate-call'; readonly call: ToolSite; readonly first: ToolSite };

/** Options of {@link findToolTurnProblems}. */
export interface FindToolTurnProblemsOptions {
  readonly scope: PairingScope;
  /** Whether a call id may repeat in later turns or must be unique in the history. */
  readonly uniqueCallIds: 'turn' | 'conversation';
  /** Consecutive call turns are one turn (Anthropic). */
  readonly mergeCallTurns?: boolean | undefined;
}

/** Runs the pairing rule over `table`, records the pairing on it, and returns its problems in message order. */
export function findToolTurnProblems(
  table: ToolTurnTable,
  options: FindToolTurnProblemsOptions,
): ToolTurnProblem[] {
  const problems: ToolTurnProblem[] = [];
  const visit = (problem: ToolTurnProblem): number => problems.push(problem);
  const { scope } = options;
  const merge = options.mergeCallTurns === true && scope === 'turn';
  const { match } = pairFlatTurnEntries(table, scope, merge);
  const repeatedCallIds: string[] = [];
  table.pairing = { scope, uniqueCallIds: options.uniqueCallIds, match, repeatedCallIds };
  const { count, kinds, starts, siteTurns, messageIndexes } = table;
  const idAt = (slot: number): string => table.idAt(slot);
  // Per id, the unanswered calls (where an unpaired result may have meant to go).
  const unanswered = new Map<string, number[]>();
  let unpairedResults = false;
  let calls = 0;
  for (let slot = 0; slot < table.sites; slot++) {
    if (kinds[siteTurns[slot] ?? 0] === CALLS_ENTRY) calls++;
    if (match[slot] !== -1) continue;
    const id = idAt(slot);
    if (kinds[siteTurns[slot] ?? 0] !== CALLS_ENTRY) unpairedResults = true;
    else {
      const list = unanswered.get(id);
      if (list === undefined) unanswered.set(id, [slot]);
      else list.push(slot);
    }
  }
  // Per id, the latest answer (to the open turn's calls in turn scope), kept only for unpaired results.
  const answered = new Map<string, number>();
  // Per id, its first call, where ids must be unique in the history.
  const firstCalls =
    options.uniqueCallIds === 'conversation' ? new CallIdIndex(calls, idAt) : undefined;
  // The first turn of the open run of merged call turns (the open call turn without merging).
  let open = -1;
  // The turn that closes the current call turn (and those merged with it), once looked for.
  let closing = -1;
  for (let turn = 0; turn < count; turn++) {
    const kind = kinds[turn];
    const start = starts[turn] ?? 0;
    const end = starts[turn + 1] ?? 0;
    if (kind === OTHER_ENTRY) {
      if (scope === 'turn') open = -1;
    } else if (kind === CALLS_ENTRY) {
      if (!merge || kinds[turn - 1] !== CALLS_ENTRY) {
        open = turn;
        if (scope === 'turn' && answered.size > 0) answered.clear();
      }
      // A small turn whose ids need only be unique in it looks back instead of using an index.
      const firsts =
        firstCalls ?? (end - start > SMALL_TURN ? new CallIdIndex(end - start, idAt) : undefined);
      let missing: string[] | undefined;
      for (let slot = start; slot < end; slot++) {
        const id = idAt(slot);
        const earlier = firsts ? firsts.firstOrAdd(id, slot) : firstInTurn(table, id, start, slot);
        if (earlier !== -1) {
          repeatedCallIds.push(id);
          visit({ kind: 'duplicate-call', call: table.siteAt(slot), first: table.siteAt(earlier) });
        }
        if (match[slot] === -1) (missing ??= []).push(id);
      }
      if (missing === undefined) continue;
      if (closing <= turn) closing = turn + 1;
      while (
        closing < count &&
        (kinds[closing] === RESULTS_ENTRY || (merge && kinds[closing] === CALLS_ENTRY))
      )
        closing++;
      visit({
        kind: 'missing',
        turnMessageIndex: messageIndexes[turn] ?? -1,
        turn,
        callIds: missing,
        closedAt: scope === 'turn' && closing < count ? messageIndexes[closing] : undefined,
      });
    } else
      for (let slot = start; slot < end; slot++) {
        const id = idAt(slot);
        if (match[slot] !== -1) {
          if (unpairedResults) answered.set(id, slot);
          continue;
        }
        // A second answer to a call of the open (merged) call turn, or of any in conversation scope.
        const earlier = answered.get(id);
        const earlierTurn = earlier === undefined ? -1 : (siteTurns[match[earlier] ?? 0] ?? -1);
        if (
          earlier !== undefined &&
          (scope === 'conversation' || (open !== -1 && earlierTurn >= open))
        ) {
          visit({
            kind: 'duplicate-result',
            result: table.siteAt(slot),
            first: table.siteAt(earlier),
          });
          continue;
        }
        const messageIndex = messageIndexes[turn] ?? -1;
        const callSlot = unanswered
          .get(id)
          ?.find((candidate) => table.messageIndexOf(candidate) < messageIndex);
        visit(
          callSlot === undefined
            ? { kind: 'orphan', result: table.siteAt(slot) }
            : { kind: 'misplaced', result: table.siteAt(slot), call: table.siteAt(callSlot) },
        );
      }
  }
  return problems;
}

/** The first site in `[start, slot)` with `id`, or -1. */
export function firstInTurn(table: ToolTurnTable, id: string, start: number, slot: number): number {
  for (let earlier = start; earlier < slot; earlier++)
    if (table.idAt(earlier) === id) return earlier;
  return -1;
}
