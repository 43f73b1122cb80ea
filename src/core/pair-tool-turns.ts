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
  return (options.scope ?? 'turn') === 'turn' ? pairPerTurn(entries) : pairAcrossConversation(entries);
}

// Above this many calls in one turn, results find their call through a map instead of a scan.
const SCAN_LIMIT = 16;

/** Turn scope, on the hot path of every validator: one small array per turn, no maps for typical turns. */
function pairPerTurn(entries: readonly TurnEntry[]): Pairing {
  const results: ResultPairing[] = [];
  const unanswered: UnansweredCall[] = [];
  let turnEntry = -1;
  let turnIds: readonly string[] = [];
  let answered: boolean[] = [];
  let byId: Map<string, number[]> | undefined;
  const close = (): void => {
    for (let position = 0; position < turnIds.length; position++) {
      if (answered[position] !== true) unanswered.push({ entryIndex: turnEntry, position, callId: turnIds[position] ?? '' });
    }
    turnIds = [];
    byId = undefined;
  };
  const find = (callId: string): number => {
    if (turnIds.length <= SCAN_LIMIT) {
      for (let position = 0; position < turnIds.length; position++) if (answered[position] !== true && turnIds[position] === callId) return position;
      return -1;
    }
    if (!byId) {
      byId = new Map();
      turnIds.forEach((id, position) => {
        const queue = byId?.get(id);
        if (queue) queue.push(position);
        else byId?.set(id, [position]);
      });
    }
    return byId.get(callId)?.shift() ?? -1;
  };
  for (let entryIndex = 0; entryIndex < entries.length; entryIndex++) {
    const entry = entries[entryIndex];
    if (entry === undefined) continue;
    switch (entry.kind) {
      case 'calls':
        close();
        turnEntry = entryIndex;
        turnIds = entry.callIds;
        answered = new Array<boolean>(turnIds.length).fill(false);
        break;
      case 'results':
        for (let position = 0; position < entry.callIds.length; position++) {
          const callId = entry.callIds[position] ?? '';
          const at = find(callId);
          if (at !== -1) answered[at] = true;
          results.push({ entryIndex, position, callId, call: at === -1 ? undefined : { entryIndex: turnEntry, position: at } });
        }
        break;
      case 'other':
        close();
        break;
    }
  }
  close();
  return { results, unanswered };
}

/** Conversation scope (Responses): a result may answer any earlier call; ids queue in call order. */
function pairAcrossConversation(entries: readonly TurnEntry[]): Pairing {
  const results: ResultPairing[] = [];
  const armed = new Map<string, CallRef[]>();
  entries.forEach((entry, entryIndex) => {
    if (entry.kind === 'calls') {
      entry.callIds.forEach((callId, position) => {
        const queue = armed.get(callId);
        if (queue) queue.push({ entryIndex, position });
        else armed.set(callId, [{ entryIndex, position }]);
      });
    } else if (entry.kind === 'results') {
      entry.callIds.forEach((callId, position) => {
        results.push({ entryIndex, position, callId, call: armed.get(callId)?.shift() });
      });
    }
  });
  const unanswered: UnansweredCall[] = [];
  for (const [callId, refs] of armed) for (const ref of refs) unanswered.push({ ...ref, callId });
  unanswered.sort((a, b) => a.entryIndex - b.entryIndex || a.position - b.position);
  return { results, unanswered };
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
  let current: { firstEntry: number; lastEntry: number; paired: ResultPairing[]; orphans: ResultPairing[] } | undefined;
  const close = (): void => {
    if (current && current.orphans.length > 0) runs.push(current);
    current = undefined;
  };
  for (const result of pairing.results) {
    if (current && !isSameRun(entries, current.lastEntry, result.entryIndex)) close();
    current ??= { firstEntry: result.entryIndex, lastEntry: result.entryIndex, paired: [], orphans: [] };
    current.lastEntry = result.entryIndex;
    (result.call ? current.paired : current.orphans).push(result);
  }
  close();
  return runs;
}

function isSameRun(entries: readonly TurnEntry[], from: number, to: number): boolean {
  for (let index = from + 1; index < to; index++) if (entries[index]?.kind !== 'results') return false;
  return true;
}
