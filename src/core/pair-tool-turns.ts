/**
 * The one pairing rule every format shares: a call turn opens its calls, and a result answers the
 * first open call with its id. Ids are not unique across a conversation in practice (Kimi repeats
 * `exec_0`, llama.cpp uses one constant id, Gemini adapters restart `function_call_0` every
 * response), so in turn scope only the call turn right before a run of results is open.
 */
import { assertNever } from './assert-never.js';
import type { ToolHistory } from './history.js';
import { hasRepeatedCallId } from './repeated-call-ids.js';
import {
  CALLS_ENTRY,
  OTHER_ENTRY,
  RESULTS_ENTRY,
  type FlatTurnEntries,
  type ToolSite,
  type ToolTurnTable,
} from './tool-turn-table.js';

export {
  CALLS_ENTRY,
  OTHER_ENTRY,
  RESULTS_ENTRY,
  type FlatTurnEntries,
  type ToolSite,
} from './tool-turn-table.js';

// Past this many calls in a turn, its calls are found through a map rather than a scan.
const SCAN_LIMIT = 16;
// Past this many open calls in conversation scope, results find theirs through a map.
const OPEN_LIMIT = 64;

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
  // Open calls by id: the first open slot of each id, the later ones chained through `next`
  // (`last` holds the chain's end once an id repeats). A taken head is skipped on the next lookup.
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  const next = new Int32Array(ids.length).fill(-1);
  // Turn scope: the open turn's slots, scanned while the turn is small, else put in the maps.
  let turnStart = 0;
  let turnEnd = 0;
  let queued = false;
  const arm = (slot: number): void => {
    const id = ids[slot] ?? '';
    const head = first.get(id);
    if (head === undefined) {
      first.set(id, slot);
      return;
    }
    next[last.get(id) ?? head] = slot;
    last.set(id, slot);
  };
  const take = (id: string): number => {
    let call = first.get(id) ?? -1;
    while (call !== -1 && match[call] !== -1) call = next[call] ?? -1;
    if (call !== -1 && next[call] !== -1) first.set(id, call);
    return call;
  };
  const scan = (id: string | undefined): number => {
    for (let call = turnStart; call < turnEnd; call++)
      if (match[call] === -1 && ids[call] === id) return call;
    return -1;
  };
  // Conversation scope: the open calls in call order from `openHead`, scanned from the oldest
  // (results usually answer the oldest open calls), until too many are open.
  let open: number[] | undefined = [];
  let openHead = 0;
  const scanOpen = (id: string | undefined): number => {
    const calls = open ?? [];
    for (let at = openHead; at < calls.length; at++) {
      const call = calls[at] ?? 0;
      if (match[call] !== -1 || ids[call] !== id) continue;
      if (at === openHead) openHead++;
      while (openHead < calls.length && match[calls[openHead] ?? 0] !== -1) openHead++;
      return call;
    }
    return -1;
  };
  for (let entry = 0; entry < count; entry++) {
    const kind = kinds[entry];
    const start = starts[entry] ?? 0;
    const end = starts[entry + 1] ?? 0;
    if (kind === CALLS_ENTRY && scope === 'conversation') {
      for (let slot = start; slot < end; slot++) {
        if (open === undefined) arm(slot);
        else open.push(slot);
      }
      // Past OPEN_LIMIT calls open at once, results find theirs through the maps.
      if (open !== undefined && open.length - openHead > OPEN_LIMIT) {
        for (let at = openHead; at < open.length; at++)
          if (match[open[at] ?? 0] === -1) arm(open[at] ?? 0);
        open = undefined;
      }
    } else if (kind === CALLS_ENTRY) {
      if (!mergeCallTurns || kinds[entry - 1] !== CALLS_ENTRY) turnStart = start;
      turnEnd = end;
      queued = false;
    } else if (kind === RESULTS_ENTRY) {
      const small = scope === 'turn' && turnEnd - turnStart <= SCAN_LIMIT;
      if (scope === 'turn' && !small && !queued) {
        first.clear();
        last.clear();
        for (let slot = turnStart; slot < turnEnd; slot++) if (match[slot] === -1) arm(slot);
        queued = true;
      }
      for (let slot = start; slot < end; slot++) {
        const call =
          scope === 'conversation' && open !== undefined
            ? scanOpen(ids[slot])
            : small
              ? scan(ids[slot])
              : take(ids[slot] ?? '');
        if (call === -1) continue;
        match[call] = slot;
        match[slot] = call;
      }
    } else if (scope === 'turn') {
      turnStart = 0;
      turnEnd = 0;
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
  // The first call with an id: in the whole history, or (scanning) in the call's own turn.
  const unique = options.uniqueCallIds === 'conversation';
  const seenCallIds = unique && hasRepeatedCallId(table) ? new Map<string, number>() : undefined;
  let turnCalls: Map<string, number> | undefined;
  const firstCallOf = (id: string, slot: number, turnStart: number): number => {
    if (unique && seenCallIds === undefined) return -1;
    if (seenCallIds === undefined && slot - turnStart <= SCAN_LIMIT) {
      for (let earlier = turnStart; earlier < slot; earlier++)
        if (ids[earlier] === id) return earlier;
      return -1;
    }
    if (seenCallIds === undefined && turnCalls === undefined) {
      turnCalls = new Map();
      for (let earlier = slot - 1; earlier >= turnStart; earlier--)
        turnCalls.set(ids[earlier] ?? '', earlier);
    }
    const calls = seenCallIds ?? turnCalls ?? new Map<string, number>();
    const earlier = calls.get(id);
    if (earlier !== undefined) return earlier;
    calls.set(id, slot);
    return -1;
  };
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
      turnCalls = undefined;
      let missing: string[] | undefined;
      for (let slot = start; slot < end; slot++) {
        const id = ids[slot] ?? '';
        const earlier = firstCallOf(id, slot, start);
        if (earlier !== -1)
          visit({ kind: 'duplicate-call', call: table.siteAt(slot), first: table.siteAt(earlier) });
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
