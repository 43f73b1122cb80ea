/**
 * The one pairing rule every format shares: a call turn arms its ids, and the next result for an
 * armed id consumes it. Ids are not unique across a conversation in practice (Kimi repeats
 * `exec_0`, llama.cpp uses one constant id, Gemini adapters restart `function_call_0` every
 * response), so pairing is per turn, never through a global id map.
 */

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

/** Kind of an entry of {@link FlatTurnEntries}: neither calls nor results. */
export const OTHER_ENTRY = 0;
/** Kind of an entry of {@link FlatTurnEntries}: a call turn. */
export const CALLS_ENTRY = 1;
/** Kind of an entry of {@link FlatTurnEntries}: results. */
export const RESULTS_ENTRY = 2;

/**
 * {@link TurnEntry} values laid flat, for callers that pair long histories without an object per
 * entry: entry `e` has kind `kinds[e]` and holds the ids `ids[starts[e]]` to `ids[starts[e + 1] - 1]`
 * (its slots, in position order).
 */
export interface FlatTurnEntries {
  readonly count: number;
  readonly kinds: ArrayLike<number>;
  /** `count + 1` offsets into `ids`. */
  readonly starts: ArrayLike<number>;
  readonly ids: ArrayLike<string>;
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
  options: { readonly scope?: PairingScope | undefined } = {},
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

/** The pairing rule of {@link pairToolTurns} on flat entries, allocating one array for the answer. */
export function pairFlatTurnEntries(entries: FlatTurnEntries, scope: PairingScope): FlatPairing {
  const match = new Int32Array(entries.ids.length).fill(-1);
  if (scope === 'turn') {
    pairPerTurn(entries, match);
    return { match, repeatedCallIds: undefined };
  }
  return { match, repeatedCallIds: pairAcrossConversation(entries, match) };
}

// Above this many calls in one turn, results find their call through a map instead of a scan.
const SCAN_LIMIT = 16;

/** Turn scope, on the hot path of every validator: a scan of the open turn's slots, no maps for typical turns. */
function pairPerTurn({ count, kinds, starts, ids }: FlatTurnEntries, match: Int32Array): void {
  let turnStart = 0;
  let turnEnd = 0;
  let byId: Map<string, number[]> | undefined;
  for (let entryIndex = 0; entryIndex < count; entryIndex++) {
    const kind = kinds[entryIndex];
    if (kind === CALLS_ENTRY) {
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
          call = callId === undefined ? -1 : (byId.get(callId)?.shift() ?? -1);
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

function slotsById(ids: ArrayLike<string>, start: number, end: number): Map<string, number[]> {
  const byId = new Map<string, number[]>();
  for (let slot = start; slot < end; slot++) {
    const id = ids[slot] ?? '';
    const queue = byId.get(id);
    if (queue) queue.push(slot);
    else byId.set(id, [slot]);
  }
  return byId;
}

// The open calls the fast path keeps; past this many, pairing goes through a map.
const OPEN_LIMIT = 64;

/** Conversation scope (Responses): a result may answer any earlier call; ids queue in call order. Returns whether call ids repeat. */
function pairAcrossConversation(entries: FlatTurnEntries, match: Int32Array): boolean {
  const repeated = pairPromptlyAnswered(entries, match);
  if (repeated !== undefined) return repeated;
  match.fill(-1);
  return pairThroughQueues(entries, match);
}

/**
 * The usual history, fast: call ids do not repeat and calls are answered soon, so a result finds
 * its call among the few calls still open, and only calls touch a set (to notice a repeat).
 * Returns `undefined`, having paired some slots, when that stops holding; then the caller pairs
 * everything again through {@link pairThroughQueues}.
 */
function pairPromptlyAnswered(
  { count, kinds, starts, ids }: FlatTurnEntries,
  match: Int32Array,
): boolean | undefined {
  const callIds = new Set<string>();
  const open: number[] = [];
  for (let entryIndex = 0; entryIndex < count; entryIndex++) {
    const kind = kinds[entryIndex];
    if (kind === OTHER_ENTRY) continue;
    const end = starts[entryIndex + 1] ?? 0;
    for (let slot = starts[entryIndex] ?? 0; slot < end; slot++) {
      const callId = ids[slot] ?? '';
      if (kind === CALLS_ENTRY) {
        const size = callIds.size;
        callIds.add(callId);
        // A repeated id pairs in call order: the queues below.
        if (callIds.size === size || open.length === OPEN_LIMIT) return undefined;
        open.push(slot);
        continue;
      }
      // With unique ids, the open call with this id is the one it answers; the latest are likeliest.
      for (let at = open.length - 1; at >= 0; at--) {
        const call = open[at] ?? -1;
        if (ids[call] !== callId) continue;
        match[call] = slot;
        match[slot] = call;
        open.splice(at, 1);
        break;
      }
    }
  }
  return false;
}

/** Conversation scope through one queue of calls per id. Returns whether call ids repeat. */
function pairThroughQueues(
  { count, kinds, starts, ids }: FlatTurnEntries,
  match: Int32Array,
): boolean {
  let repeated = false;
  // One queue per distinct id, as a chain of slots through `next`: no object per call.
  const queueOf = new Map<string, number>();
  const heads: number[] = [];
  const tails: number[] = [];
  const next = new Int32Array(ids.length).fill(-1);
  for (let entryIndex = 0; entryIndex < count; entryIndex++) {
    const kind = kinds[entryIndex];
    if (kind === OTHER_ENTRY) continue;
    const end = starts[entryIndex + 1] ?? 0;
    for (let slot = starts[entryIndex] ?? 0; slot < end; slot++) {
      const callId = ids[slot] ?? '';
      const queue = queueOf.get(callId);
      if (kind === CALLS_ENTRY) {
        if (queue === undefined) {
          queueOf.set(callId, heads.length);
          heads.push(slot);
          tails.push(slot);
          continue;
        }
        repeated = true;
        if (heads[queue] === -1) {
          heads[queue] = slot;
          tails[queue] = slot;
        } else {
          next[tails[queue] ?? 0] = slot;
          tails[queue] = slot;
        }
        continue;
      }
      const call = queue === undefined ? -1 : (heads[queue] ?? -1);
      if (call === -1 || queue === undefined) continue;
      heads[queue] = next[call] ?? -1;
      match[call] = slot;
      match[slot] = call;
    }
  }
  return repeated;
}

/** A run of consecutive result entries that holds at least one orphan. */
export interface OrphanRun {
  /** First and last entry of the run (inclusive). */
  readonly firstEntry: number;
  readonly lastEntry: number;
  /** The run's paired results, in order. */
  readonly paired: readonly ResultPairing[];
  /** The run's orphan results, in order. */
  readonly orphans: readonly ResultPairing[];
}

/**
 * Groups the results of a {@link Pairing} into runs of consecutive result entries and returns
 * the runs that hold orphans: where a synthesized call turn has to go.
 */
export function findOrphanRuns(entries: readonly TurnEntry[], pairing: Pairing): OrphanRun[] {
  const runs: OrphanRun[] = [];
  let current:
    | { firstEntry: number; lastEntry: number; paired: ResultPairing[]; orphans: ResultPairing[] }
    | undefined;
  const close = (): void => {
    if (current && current.orphans.length > 0) runs.push(current);
    current = undefined;
  };
  for (const result of pairing.results) {
    if (current && !isSameRun(entries, current.lastEntry, result.entryIndex)) close();
    current ??= {
      firstEntry: result.entryIndex,
      lastEntry: result.entryIndex,
      paired: [],
      orphans: [],
    };
    current.lastEntry = result.entryIndex;
    (result.call ? current.paired : current.orphans).push(result);
  }
  close();
  return runs;
}

function isSameRun(entries: readonly TurnEntry[], from: number, to: number): boolean {
  for (let index = from + 1; index < to; index++)
    if (entries[index]?.kind !== 'results') return false;
  return true;
}
