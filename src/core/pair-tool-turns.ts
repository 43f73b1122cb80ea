/**
 * The one pairing rule every format shares: a call turn opens its calls, and a result answers the
 * first open call with its id. Ids are not unique across a conversation in practice (Kimi repeats
 * `exec_0`, llama.cpp uses one constant id, Gemini adapters restart `function_call_0` every
 * response), so in turn scope only the call turn right before a run of results is open.
 */
import { assertNever } from './assert-never.js';
import type { ToolHistory } from './history.js';
import type { ToolSite, ToolTurnTable } from './tool-turn-table.js';

export type { ToolSite } from './tool-turn-table.js';

/** Kind of a flat entry: neither calls nor results. */
export const OTHER_ENTRY = 0;
/** Kind of a flat entry: a call turn. */
export const CALLS_ENTRY = 1;
/** Kind of a flat entry: results. */
export const RESULTS_ENTRY = 2;

/**
 * Turn entries laid flat: entry `e` has kind `kinds[e]` and holds the ids `ids[starts[e]]` to
 * `ids[starts[e + 1] - 1]` (its slots, in position order).
 */
export interface FlatTurnEntries {
  readonly count: number;
  readonly kinds: ArrayLike<number>;
  /** `count + 1` offsets into `ids`. */
  readonly starts: ArrayLike<number>;
  readonly ids: ArrayLike<string>;
}

/** One message (or message group) of a history, reduced to what pairing needs. */
export type TurnEntry =
  | { readonly kind: 'calls'; readonly callIds: readonly string[] }
  | { readonly kind: 'results'; readonly callIds: readonly string[] }
  | { readonly kind: 'other' };

/**
 * Where a result may find its call.
 * - `turn`: only in the call turn directly before its run of results (Chat Completions,
 *   Anthropic, Gemini, Mistral, Bedrock).
 * - `conversation`: in any earlier call turn (the Responses API's `function_call_output`).
 */
export type PairingScope = 'turn' | 'conversation';

/** One result and the call it answers (`entryIndex` and `position` in it), or `undefined` for an orphan. */
export interface ResultPairing {
  readonly entryIndex: number;
  readonly position: number;
  readonly callId: string;
  readonly call: { readonly entryIndex: number; readonly position: number } | undefined;
}

/** The outcome of {@link pairToolTurns}. */
export interface Pairing {
  /** Every result, in history order. */
  readonly results: readonly ResultPairing[];
  /** Every unanswered call, in history order. */
  readonly unanswered: readonly { entryIndex: number; position: number; callId: string }[];
}

/**
 * Maps a neutral history onto turn entries, one per message: an assistant message with calls is
 * `calls`, a `tool` message is `results`, everything else `other`.
 */
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

/**
 * Pairs every result of `entries` with the call it answers.
 *
 * @example
 * const { results, unanswered } = pairToolTurns(toTurnEntries(history));
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
  entries.forEach((entry, entryIndex) => {
    kinds.push(
      entry.kind === 'other' ? OTHER_ENTRY : entry.kind === 'calls' ? CALLS_ENTRY : RESULTS_ENTRY,
    );
    if (entry.kind !== 'other')
      for (const callId of entry.callIds) {
        ids.push(callId);
        entryOf.push(entryIndex);
      }
    starts.push(ids.length);
  });
  const { match } = pairFlatTurnEntries(
    { count: kinds.length, kinds, starts, ids },
    options.scope ?? 'turn',
    options.mergeCallTurns === true,
  );
  const place = (slot: number) => {
    const entryIndex = entryOf[slot] ?? 0;
    return { entryIndex, position: slot - (starts[entryIndex] ?? 0) };
  };
  const results: ResultPairing[] = [];
  const unanswered: Pairing['unanswered'][number][] = [];
  for (let slot = 0; slot < ids.length; slot++) {
    const callId = ids[slot] ?? '';
    const other = match[slot] ?? -1;
    if (kinds[entryOf[slot] ?? 0] === RESULTS_ENTRY)
      results.push({ ...place(slot), callId, call: other === -1 ? undefined : place(other) });
    else if (other === -1) unanswered.push({ ...place(slot), callId });
  }
  return { results, unanswered };
}

/**
 * The pairing rule on flat entries. `match` holds, per slot, the slot it pairs with: for a result
 * the call it answers, for a call the result that answered it; `-1` for none. With `mergeCallTurns`
 * (turn scope), consecutive call turns are one turn, as a provider that merges consecutive
 * messages of one role reads them (Anthropic).
 */
export function pairFlatTurnEntries(
  { count, kinds, starts, ids }: FlatTurnEntries,
  scope: PairingScope,
  mergeCallTurns = false,
): { readonly match: Int32Array } {
  const match = new Int32Array(ids.length).fill(-1);
  // The open calls: per id a queue of slots, its head and tail here, the links in `next`.
  const head = new Map<string, number>();
  const tail = new Map<string, number>();
  const next = new Int32Array(ids.length).fill(-1);
  const close = (): void => {
    if (scope === 'conversation' || head.size === 0) return;
    head.clear();
    tail.clear();
  };
  for (let entry = 0; entry < count; entry++) {
    const kind = kinds[entry];
    const end = starts[entry + 1] ?? 0;
    if (kind === OTHER_ENTRY) close();
    else if (kind === CALLS_ENTRY) {
      if (!mergeCallTurns || kinds[entry - 1] !== CALLS_ENTRY) close();
      for (let slot = starts[entry] ?? 0; slot < end; slot++) {
        const id = ids[slot] ?? '';
        const last = tail.get(id);
        if (last === undefined) head.set(id, slot);
        else next[last] = slot;
        tail.set(id, slot);
      }
    } else {
      for (let slot = starts[entry] ?? 0; slot < end; slot++) {
        const id = ids[slot] ?? '';
        const call = head.get(id);
        if (call === undefined) continue;
        match[call] = slot;
        match[slot] = call;
        const following = next[call] ?? -1;
        if (following !== -1) head.set(id, following);
        else {
          head.delete(id);
          tail.delete(id);
        }
      }
    }
  }
  return { match };
}

/** What the pairing rule found wrong, before a format puts it in its provider's words. */
export type ToolTurnProblem =
  /** A result that answers no call. */
  | { readonly kind: 'orphan'; readonly result: ToolSite }
  /** A result whose call exists earlier but not where the scope lets it answer. */
  | { readonly kind: 'misplaced'; readonly result: ToolSite; readonly call: ToolSite }
  /** A second result for a call that was already answered. */
  | { readonly kind: 'duplicate-result'; readonly result: ToolSite; readonly first: ToolSite }
  /**
   * Calls of table turn `turn` (message `turnMessageIndex`) that no result answered, in call
   * order; `closedAt` is the message that ended the turn (turn scope), if any.
   */
  | {
      readonly kind: 'missing';
      readonly turnMessageIndex: number;
      readonly turn: number;
      readonly callIds: readonly string[];
      readonly closedAt: number | undefined;
    }
  /** A call whose id an earlier call already used (in its turn, or anywhere when ids must be unique). */
  | { readonly kind: 'duplicate-call'; readonly call: ToolSite; readonly first: ToolSite };

/** Options of {@link findToolTurnProblems}. */
export interface FindToolTurnProblemsOptions {
  readonly scope: PairingScope;
  /** Whether a call id may repeat in later turns (`'turn'`) or must be unique in the whole history. */
  readonly uniqueCallIds: 'turn' | 'conversation';
  /** Consecutive call turns are one turn (turn scope only; Anthropic). */
  readonly mergeCallTurns?: boolean | undefined;
}

/** Runs the pairing rule over `table` and returns its problems in message order. */
export function findToolTurnProblems(
  table: ToolTurnTable,
  options: FindToolTurnProblemsOptions,
): ToolTurnProblem[] {
  const problems: ToolTurnProblem[] = [];
  forEachToolTurnProblem(table, options, (problem) => problems.push(problem));
  return problems;
}

/**
 * {@link findToolTurnProblems}, handing each problem to `visit` in message order (turn by turn:
 * repeated call ids and missing results at their call turn, unpaired results where they are).
 * Records the pairing on `table` for repair. Linear in the number of calls and results.
 */
export function forEachToolTurnProblem(
  table: ToolTurnTable,
  options: FindToolTurnProblemsOptions,
  visit: (problem: ToolTurnProblem) => void,
): void {
  const { scope } = options;
  const merge = options.mergeCallTurns === true && scope === 'turn';
  const { match } = pairFlatTurnEntries(table, scope, merge);
  table.pairing = { scope, match };
  const { count, kinds, starts, ids, siteTurns, messageIndexes } = table;
  let unpaired = false;
  for (let slot = 0; slot < ids.length && !unpaired; slot++)
    unpaired = match[slot] === -1 && kinds[siteTurns[slot] ?? 0] === RESULTS_ENTRY;
  // Per call turn, the first turn of its run of merged call turns (itself without merging).
  const runStarts = new Int32Array(merge ? count : 0);
  for (let turn = 0; turn < runStarts.length; turn++)
    runStarts[turn] =
      turn > 0 && kinds[turn] === CALLS_ENTRY && kinds[turn - 1] === CALLS_ENTRY
        ? (runStarts[turn - 1] ?? turn)
        : turn;
  const runStart = (turn: number): number => (merge ? (runStarts[turn] ?? turn) : turn);
  // For unpaired results: the latest answer per id (and its call turn), and the unanswered calls.
  const answered = new Map<string, { slot: number; turn: number }>();
  const unanswered = new Map<string, number[]>();
  if (unpaired)
    for (let slot = 0; slot < ids.length; slot++) {
      const id = ids[slot] ?? '';
      if (kinds[siteTurns[slot] ?? 0] === CALLS_ENTRY && match[slot] === -1) {
        const list = unanswered.get(id);
        if (list === undefined) unanswered.set(id, [slot]);
        else list.push(slot);
      }
    }
  const seenCallIds =
    options.uniqueCallIds === 'conversation' ? new Map<string, number>() : undefined;
  let open = -1;
  // The turn that closes the current call turn (and those merged with it), once looked for.
  let closing = -1;
  for (let turn = 0; turn < count; turn++) {
    const kind = kinds[turn];
    const start = starts[turn] ?? 0;
    const end = starts[turn + 1] ?? 0;
    if (kind === OTHER_ENTRY) {
      if (scope === 'turn') open = -1;
      continue;
    }
    if (kind === CALLS_ENTRY) {
      open = runStart(turn);
      const firstCall = seenCallIds ?? new Map<string, number>();
      let missing: string[] | undefined;
      for (let slot = start; slot < end; slot++) {
        const id = ids[slot] ?? '';
        const first = firstCall.get(id);
        if (first === undefined) firstCall.set(id, slot);
        else
          visit({ kind: 'duplicate-call', call: table.siteAt(slot), first: table.siteAt(first) });
        if (match[slot] === -1) (missing ??= []).push(id);
      }
      if (missing !== undefined) {
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
      }
      continue;
    }
    if (!unpaired) continue;
    for (let slot = start; slot < end; slot++) {
      const id = ids[slot] ?? '';
      const call = match[slot] ?? -1;
      if (call !== -1) {
        answered.set(id, { slot, turn: runStart(siteTurns[call] ?? 0) });
        continue;
      }
      const earlier = answered.get(id);
      if (earlier !== undefined && (scope === 'conversation' || earlier.turn === open)) {
        visit({
          kind: 'duplicate-result',
          result: table.siteAt(slot),
          first: table.siteAt(earlier.slot),
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
}
