/**
 * The one pairing rule every format shares: a call turn arms its ids, and the next result for an
 * armed id consumes it. Ids are not unique across a conversation in practice (Kimi repeats
 * `exec_0`, llama.cpp uses one constant id, Gemini adapters restart `function_call_0` every
 * response), so pairing is per turn, never through a global id map.
 */

import {
  CALLS_ENTRY,
  OTHER_ENTRY,
  RESULTS_ENTRY,
  type FlatTurnEntries,
} from './flat-turn-entries.js';
import { pairAcrossConversation } from './pair-across-conversation.js';

export {
  CALLS_ENTRY,
  OTHER_ENTRY,
  RESULTS_ENTRY,
  type FlatTurnEntries,
} from './flat-turn-entries.js';
export { findOrphanRuns, type OrphanRun } from './find-orphan-runs.js';

/** One message (or message group) of a history, reduced to what pairing needs. */
export type TurnEntry =
  | { readonly kind: 'calls'; readonly callIds: readonly string[] }
  | { readonly kind: 'results'; readonly callIds: readonly string[] }
  | { readonly kind: 'other' };

/**
 * Where a result may find its call.
 * - `turn`: only in the call turn directly before its run of results (Chat Completions,
 *   Anthropic, Gemini, Mistral).
 * - `conversation`: in any earlier call turn (the Responses API's `function_call_output`).
 */
export type PairingScope = 'turn' | 'conversation';

/** Where a call sits: the entry and the call's position in it. */
export interface CallRef {
  readonly entryIndex: number;
  readonly position: number;
}

/** One result and the call it answers, or `call: undefined` for an orphan. */
export interface ResultPairing {
  readonly entryIndex: number;
  readonly position: number;
  readonly callId: string;
  readonly call: CallRef | undefined;
}

/** A call that no result answered. */
export interface UnansweredCall extends CallRef {
  readonly callId: string;
}

/** The outcome of {@link pairToolTurns}. */
export interface Pairing {
  /** Every result, in history order. */
  readonly results: readonly ResultPairing[];
  /** Every unanswered call, in history order. */
  readonly unanswered: readonly UnansweredCall[];
}

/**
 * Pairs every result with the call it answers.
 *
 * In `turn` scope a call stays armed until the first entry that is neither a result nor its
 * own turn; a repeated id inside one turn arms once per call, so two results with that id pair
 * with the two calls in order.
 */
export function pairToolTurns(
  entries: readonly TurnEntry[],
  options: {
    readonly scope?: PairingScope | undefined;
    /** Consecutive call entries are one turn (see {@link pairFlatTurnEntries}). */
    readonly mergeCallTurns?: boolean | undefined;
  } = {},
): Pairing {
  const kinds: number[] = [];
  const starts: number[] = [0];
  const ids: string[] = [];
  const entryOf: number[] = [];
  for (let entryIndex = 0; entryIndex < entries.length; entryIndex++) {
    const entry = entries[entryIndex];
    if (entry === undefined || entry.kind === 'other') {
      kinds.push(OTHER_ENTRY);
    } else {
      kinds.push(entry.kind === 'calls' ? CALLS_ENTRY : RESULTS_ENTRY);
      for (const callId of entry.callIds) {
        ids.push(callId);
        entryOf.push(entryIndex);
      }
    }
    starts.push(ids.length);
  }
  const { match } = pairFlatTurnEntries(
    { count: kinds.length, kinds, starts, ids },
    options.scope ?? 'turn',
    options.mergeCallTurns === true,
  );
  const results: ResultPairing[] = [];
  const unanswered: UnansweredCall[] = [];
  for (let slot = 0; slot < ids.length; slot++) {
    const entryIndex = entryOf[slot] ?? 0;
    const position = slot - (starts[entryIndex] ?? 0);
    const callId = ids[slot] ?? '';
    const other = match[slot] ?? -1;
    if (kinds[entryIndex] === RESULTS_ENTRY) {
      const callEntry = entryOf[other] ?? 0;
      results.push({
        entryIndex,
        position,
        callId,
        call:
          other === -1
            ? undefined
            : { entryIndex: callEntry, position: other - (starts[callEntry] ?? 0) },
      });
    } else if (other === -1) {
      unanswered.push({ entryIndex, position, callId });
    }
  }
  return { results, unanswered };
}

/** The outcome of {@link pairFlatTurnEntries}. */
export interface FlatPairing {
  /**
   * Per slot, the slot it pairs with: for a result, the call it answers (`-1` for an orphan); for
   * a call, the result that answered it (`-1` when unanswered).
   */
  readonly match: Int32Array;
  /**
   * In `conversation` scope, whether two calls anywhere share an id (found for free while
   * arming); `undefined` in `turn` scope, which does not look across turns.
   */
  readonly repeatedCallIds: boolean | undefined;
}

/**
 * The pairing rule of {@link pairToolTurns} on flat entries, allocating one array for the answer.
 * With `mergeCallTurns` (turn scope only), consecutive call turns are one turn, as a provider that
 * merges consecutive messages of one role reads them (Anthropic).
 */
export function pairFlatTurnEntries(
  entries: FlatTurnEntries,
  scope: PairingScope,
  mergeCallTurns = false,
): FlatPairing {
  const match = new Int32Array(entries.ids.length).fill(-1);
  if (scope === 'turn') {
    pairPerTurn(entries, match, mergeCallTurns);
    return { match, repeatedCallIds: undefined };
  }
  return { match, repeatedCallIds: pairAcrossConversation(entries, match) };
}

// Above this many calls in one turn, results find their call through a map instead of a scan.
const SCAN_LIMIT = 16;

/** Turn scope, on the hot path of every validator: a scan of the open turn's slots, no maps for typical turns. */
function pairPerTurn(
  { count, kinds, starts, ids }: FlatTurnEntries,
  match: Int32Array,
  mergeCallTurns: boolean,
): void {
  let turnStart = 0;
  let turnEnd = 0;
  let byId: Map<string, SlotQueue> | undefined;
  for (let entryIndex = 0; entryIndex < count; entryIndex++) {
    const kind = kinds[entryIndex];
    if (kind === CALLS_ENTRY) {
      // A call turn right after another one extends it when turns merge: its slots follow on.
      if (!mergeCallTurns || kinds[entryIndex - 1] !== CALLS_ENTRY)
        turnStart = starts[entryIndex] ?? 0;
      turnEnd = starts[entryIndex + 1] ?? 0;
      byId = undefined;
    } else if (kind === RESULTS_ENTRY) {
      const end = starts[entryIndex + 1] ?? 0;
      for (let slot = starts[entryIndex] ?? 0; slot < end; slot++) {
        const callId = ids[slot];
        let call = -1;
        if (turnEnd - turnStart <= SCAN_LIMIT) {
          for (let candidate = turnStart; candidate < turnEnd; candidate++) {
            if (match[candidate] === -1 && ids[candidate] === callId) {
              call = candidate;
              break;
            }
          }
        } else {
          byId ??= slotsById(ids, turnStart, turnEnd);
          const queue = callId === undefined ? undefined : byId.get(callId);
          if (queue !== undefined && queue.next < queue.slots.length)
            call = queue.slots[queue.next++] ?? -1;
        }
        if (call !== -1) {
          match[call] = slot;
          match[slot] = call;
        }
      }
    } else {
      turnStart = 0;
      turnEnd = 0;
      byId = undefined;
    }
  }
}

/** The call slots of one id, in order, read from `next` on (shift is linear on long arrays). */
interface SlotQueue {
  readonly slots: number[];
  next: number;
}

function slotsById(ids: ArrayLike<string>, start: number, end: number): Map<string, SlotQueue> {
  const byId = new Map<string, SlotQueue>();
  for (let slot = start; slot < end; slot++) {
    const id = ids[slot] ?? '';
    const queue = byId.get(id);
    if (queue) queue.slots.push(slot);
    else byId.set(id, { slots: [slot], next: 0 });
  }
  return byId;
}
