import {
  CALLS_ENTRY,
  pairFlatTurnEntries,
  RESULTS_ENTRY,
  type PairingScope,
} from './pair-tool-turns.js';
import type { ToolSite, ToolTurnTable } from './tool-turn-table.js';
import { hasRepeatedCallId } from './repeated-call-ids.js';
import { UnpairedResults } from './unpaired-results.js';

export type { ToolSite } from './tool-turn-table.js';

/** What the shared pairing rule found wrong, before a format puts it in its provider's words. */
export type ToolTurnProblem =
  /** A result that answers no call. */
  | { readonly kind: 'orphan'; readonly result: ToolSite }
  /** A result whose call exists earlier but not in the turn directly before it. */
  | { readonly kind: 'misplaced'; readonly result: ToolSite; readonly call: ToolSite }
  /** A second result for a call that was already answered. */
  | { readonly kind: 'duplicate-result'; readonly result: ToolSite; readonly first: ToolSite }
  /**
   * Calls of one turn that no result answered, by id in call order (the sites: the slots of table
   * turn `turn` that no result pairs with); `turnMessageIndex` is the call turn's message,
   * `closedAt` the message that ended the turn.
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
  /** Where a result may find its call; see {@link PairingScope}. */
  readonly scope: PairingScope;
  /** Whether a call id may repeat in later turns (`'turn'`) or must be unique in the whole history. */
  readonly uniqueCallIds: 'turn' | 'conversation';
  /**
   * Consecutive call turns are one turn (turn scope), for a provider that merges consecutive
   * messages of one role (Anthropic): results after the last answer the calls of all of them.
   */
  readonly mergeCallTurns?: boolean | undefined;
}

// Above this many calls in one turn, repeated ids are found through a map instead of a scan.
const SCAN_LIMIT = 16;

/**
 * Runs the one pairing rule ({@link pairFlatTurnEntries}, the core of `pairToolTurns`) over
 * `table` and classifies what it left over: orphans, misplaced and duplicate results, unanswered
 * calls per turn, repeated call ids.
 *
 * Problems come in message order (a turn's missing results at the turn's own index). Linear in
 * the number of calls and results; a history without problems allocates the pairing array and,
 * when ids must be unique in the conversation, one map, and nothing per message.
 */
export function findToolTurnProblems(
  table: ToolTurnTable,
  options: FindToolTurnProblemsOptions,
): ToolTurnProblem[] {
  const problems: ToolTurnProblem[] = [];
  forEachToolTurnProblem(table, options, (problem) => problems.push(problem));
  return problems;
}

/**
 * {@link findToolTurnProblems}, handing each problem to `visit` as it is found, in message order,
 * instead of collecting them: one walk over the turns, so a validator builds each issue while its
 * problem is fresh and a history where every turn is broken keeps no problem objects alive.
 * Needs the turns of `table` in message order, one per message (as every validator fills it).
 */
export function forEachToolTurnProblem(
  table: ToolTurnTable,
  options: FindToolTurnProblemsOptions,
  visit: (problem: ToolTurnProblem) => void,
): void {
  const { scope } = options;
  const merge = options.mergeCallTurns === true && scope === 'turn';
  const { match, repeatedCallIds } = pairFlatTurnEntries(table, scope, merge);
  // Kept for repair, which reads the same table.
  table.pairing = { scope, match };
  const { kinds, starts } = table;
  // Which kinds of problem there can be, from how many sites paired: a pass over the pairing and
  // one over the turns (every site is a call or a result).
  let paired = 0;
  // Indexed: `for…of` here left an iterator result per site (1.4 MB per 100k-message repair,
  // sampling heap profile).
  // eslint-disable-next-line @typescript-eslint/prefer-for-of
  for (let slot = 0; slot < match.length; slot++) if (match[slot] !== -1) paired++;
  let calls = 0;
  for (let turn = 0; turn < table.count; turn++)
    if (kinds[turn] === CALLS_ENTRY) calls += (starts[turn + 1] ?? 0) - (starts[turn] ?? 0);
  const pairs = paired / 2;
  const orphans = match.length - calls > pairs;
  const answered = pairs > 0;
  const unanswered = calls > pairs;
  const perTurn = options.uniqueCallIds === 'turn';
  const firstCall =
    !perTurn && (repeatedCallIds ?? hasRepeatedCallId(table))
      ? new Map<string, number>()
      : undefined;
  // Merged call turns count as their first, for telling duplicate results from orphans.
  const runStarts = merge && orphans ? callRunStarts(table) : undefined;
  const results = orphans
    ? new UnpairedResults(table, match, scope, runStarts, answered, unanswered)
    : undefined;
  const missing = unanswered ? new MissingResults(table, match, scope, merge) : undefined;
  for (let turn = 0; turn < table.count; turn++) {
    if (kinds[turn] === CALLS_ENTRY) {
      if (perTurn) repeatedCallIdsInTurn(table, turn, visit);
      else if (firstCall) repeatedCallIdsOf(table, turn, firstCall, visit);
      missing?.read(turn, visit);
    }
    results?.read(turn, visit);
  }
}

/** Calls of call turn `turn` whose id an earlier call anywhere used (`firstCall`: id -> its first slot). */
function repeatedCallIdsOf(
  table: ToolTurnTable,
  turn: number,
  firstCall: Map<string, number>,
  visit: (problem: ToolTurnProblem) => void,
): void {
  const { starts, ids } = table;
  const end = starts[turn + 1] ?? 0;
  for (let slot = starts[turn] ?? 0; slot < end; slot++) {
    const callId = ids[slot] ?? '';
    const first = firstCall.get(callId);
    if (first === undefined) firstCall.set(callId, slot);
    else visit({ kind: 'duplicate-call', call: table.siteAt(slot), first: table.siteAt(first) });
  }
}

/** Calls of call turn `turn` whose id an earlier call of the turn used: a scan for the usual small turn. */
function repeatedCallIdsInTurn(
  table: ToolTurnTable,
  turn: number,
  visit: (problem: ToolTurnProblem) => void,
): void {
  const { starts, ids } = table;
  const start = starts[turn] ?? 0;
  const end = starts[turn + 1] ?? 0;
  if (end - start > SCAN_LIMIT) {
    repeatedCallIdsOf(table, turn, new Map<string, number>(), visit);
    return;
  }
  for (let slot = start + 1; slot < end; slot++) {
    for (let earlier = start; earlier < slot; earlier++) {
      if (ids[earlier] !== ids[slot]) continue;
      visit({ kind: 'duplicate-call', call: table.siteAt(slot), first: table.siteAt(earlier) });
      break;
    }
  }
}

/** The unanswered calls of each call turn, as one problem per turn. */
class MissingResults {
  // The end of the run of call turns merged with the current one (the turn after it), and the
  // turn that closes them.
  private callsEnd = 0;
  private closing = 0;

  constructor(
    private readonly table: ToolTurnTable,
    private readonly match: Int32Array,
    private readonly scope: PairingScope,
    private readonly merge: boolean,
  ) {}

  /** Reads call turn `turn`. */
  read(turn: number, visit: (problem: ToolTurnProblem) => void): void {
    const { table, match } = this;
    const { kinds, starts, messageIndexes, ids } = table;
    const end = starts[turn + 1] ?? 0;
    // The ids alone: the issue lists them, and this array becomes its `toolCallIds`.
    let callIds: string[] | undefined;
    for (let slot = starts[turn] ?? 0; slot < end; slot++)
      if (match[slot] === -1) (callIds ??= []).push(ids[slot] ?? '');
    if (callIds === undefined) return;
    // In turn scope the first later turn that is not results closes the turn (nor a call turn
    // merged with it).
    if (turn >= this.callsEnd) {
      let callsEnd = turn + 1;
      if (this.merge) while (callsEnd < table.count && kinds[callsEnd] === CALLS_ENTRY) callsEnd++;
      let closing = callsEnd;
      while (closing < table.count && kinds[closing] === RESULTS_ENTRY) closing++;
      this.callsEnd = callsEnd;
      this.closing = closing;
    }
    visit({
      kind: 'missing',
      turnMessageIndex: messageIndexes[turn] ?? -1,
      turn,
      callIds,
      closedAt:
        this.scope === 'turn' && this.closing < table.count
          ? messageIndexes[this.closing]
          : undefined,
    });
  }
}

/** Per turn, the first turn of the run of consecutive call turns it belongs to (itself for others). */
function callRunStarts(table: ToolTurnTable): Int32Array {
  const starts = new Int32Array(table.count);
  for (let turn = 0; turn < table.count; turn++)
    starts[turn] =
      turn > 0 && table.kinds[turn] === CALLS_ENTRY && table.kinds[turn - 1] === CALLS_ENTRY
        ? (starts[turn - 1] ?? turn)
        : turn;
  return starts;
}
