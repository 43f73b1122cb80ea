import {
  CALLS_ENTRY,
  OTHER_ENTRY,
  pairFlatTurnEntries,
  RESULTS_ENTRY,
  type PairingScope,
} from './pair-tool-turns.js';
import type { ToolSite, ToolTurnTable } from './tool-turn-table.js';

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
   * Calls of one turn that no result answered; `turnMessageIndex` is the call turn's message,
   * `closedAt` the message that ended the turn.
   */
  | {
      readonly kind: 'missing';
      readonly turnMessageIndex: number;
      readonly calls: readonly ToolSite[];
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
  const merge = options.mergeCallTurns === true && options.scope === 'turn';
  const { match, repeatedCallIds } = pairFlatTurnEntries(table, options.scope, merge);
  // Kept for repair, which reads the same table.
  table.pairing = { scope: options.scope, match };
  const problems: ToolTurnProblem[] = [];
  if (options.uniqueCallIds === 'turn') findRepeatedCallIdsPerTurn(table, problems);
  else if (repeatedCallIds ?? anyRepeatedCallId(table)) findRepeatedCallIds(table, problems);

  let orphans = false;
  let unanswered = false;
  const { kinds, starts } = table;
  for (let turn = 0; turn < table.count; turn++) {
    const kind = kinds[turn];
    if (kind === OTHER_ENTRY) continue;
    const end = starts[turn + 1] ?? 0;
    for (let slot = starts[turn] ?? 0; slot < end; slot++) {
      if (match[slot] !== -1) continue;
      if (kind === RESULTS_ENTRY) orphans = true;
      else unanswered = true;
    }
  }
  // Results no call answered: told apart as duplicates, misplaced or orphans.
  if (orphans) classifyUnpairedResults(table, match, options.scope, merge, problems);
  if (unanswered) findMissingResults(table, match, options.scope, merge, problems);
  return problems.length > 1
    ? problems.sort((a, b) => problemIndex(a) - problemIndex(b))
    : problems;
}

/** True when two calls anywhere share an id: a set, cheaper than the map that says where. */
function anyRepeatedCallId(table: ToolTurnTable): boolean {
  const { kinds, starts, ids } = table;
  const seen = new Set<string>();
  for (let turn = 0; turn < table.count; turn++) {
    if (kinds[turn] !== CALLS_ENTRY) continue;
    const end = starts[turn + 1] ?? 0;
    for (let slot = starts[turn] ?? 0; slot < end; slot++) {
      const size = seen.size;
      seen.add(ids[slot] ?? '');
      if (seen.size === size) return true;
    }
  }
  return false;
}

/** Calls whose id an earlier call anywhere used. */
function findRepeatedCallIds(table: ToolTurnTable, problems: ToolTurnProblem[]): void {
  const { kinds, starts, ids } = table;
  const firstSlot = new Map<string, number>();
  for (let turn = 0; turn < table.count; turn++) {
    if (kinds[turn] !== CALLS_ENTRY) continue;
    const end = starts[turn + 1] ?? 0;
    for (let slot = starts[turn] ?? 0; slot < end; slot++) {
      const callId = ids[slot] ?? '';
      const first = firstSlot.get(callId);
      if (first === undefined) firstSlot.set(callId, slot);
      else
        problems.push({
          kind: 'duplicate-call',
          call: table.siteAt(slot),
          first: table.siteAt(first),
        });
    }
  }
}

/** Calls whose id an earlier call of the same turn used: a scan for the usual small turn. */
function findRepeatedCallIdsPerTurn(table: ToolTurnTable, problems: ToolTurnProblem[]): void {
  const { kinds, starts, ids } = table;
  for (let turn = 0; turn < table.count; turn++) {
    if (kinds[turn] !== CALLS_ENTRY) continue;
    const start = starts[turn] ?? 0;
    const end = starts[turn + 1] ?? 0;
    if (end - start > SCAN_LIMIT) {
      const firstSlot = new Map<string, number>();
      for (let slot = start; slot < end; slot++) {
        const callId = ids[slot] ?? '';
        const first = firstSlot.get(callId);
        if (first === undefined) firstSlot.set(callId, slot);
        else
          problems.push({
            kind: 'duplicate-call',
            call: table.siteAt(slot),
            first: table.siteAt(first),
          });
      }
      continue;
    }
    for (let slot = start + 1; slot < end; slot++) {
      for (let earlier = start; earlier < slot; earlier++) {
        if (ids[earlier] !== ids[slot]) continue;
        problems.push({
          kind: 'duplicate-call',
          call: table.siteAt(slot),
          first: table.siteAt(earlier),
        });
        break;
      }
    }
  }
}

function classifyUnpairedResults(
  table: ToolTurnTable,
  match: Int32Array,
  scope: PairingScope,
  merge: boolean,
  problems: ToolTurnProblem[],
): void {
  const { kinds, starts, ids, siteTurns } = table;
  // Only the ids of unpaired results matter below.
  const wanted = new Set<string>();
  const unansweredById = new Map<string, number[]>();
  for (let turn = 0; turn < table.count; turn++) {
    const kind = kinds[turn];
    if (kind === OTHER_ENTRY) continue;
    const end = starts[turn + 1] ?? 0;
    for (let slot = starts[turn] ?? 0; slot < end; slot++) {
      if (match[slot] !== -1) continue;
      const callId = ids[slot] ?? '';
      if (kind === RESULTS_ENTRY) {
        wanted.add(callId);
        continue;
      }
      const list = unansweredById.get(callId);
      if (list) list.push(slot);
      else unansweredById.set(callId, [slot]);
    }
  }

  // Answered ids: id → the latest result for it, and the call turn that result answered.
  const answeredResult = new Map<string, number>();
  const answeredTurn = new Map<string, number>();
  // The call turn the current results answer (turn scope), for telling duplicates from orphans;
  // merged call turns count as their first.
  const runStarts = merge ? callRunStarts(table) : undefined;
  let open = -1;
  for (let turn = 0; turn < table.count; turn++) {
    const kind = kinds[turn];
    if (kind === CALLS_ENTRY) open = runStarts?.[turn] ?? turn;
    else if (kind === OTHER_ENTRY && scope === 'turn') open = -1;
    if (kind !== RESULTS_ENTRY) continue;
    const end = starts[turn + 1] ?? 0;
    for (let slot = starts[turn] ?? 0; slot < end; slot++) {
      const callId = ids[slot] ?? '';
      if (!wanted.has(callId)) continue;
      const call = match[slot] ?? -1;
      if (call !== -1) {
        answeredResult.set(callId, slot);
        const callTurn = siteTurns[call] ?? -1;
        answeredTurn.set(callId, runStarts?.[callTurn] ?? callTurn);
        continue;
      }
      const earlier = answeredResult.get(callId);
      if (
        earlier !== undefined &&
        (scope === 'conversation' || answeredTurn.get(callId) === open)
      ) {
        problems.push({
          kind: 'duplicate-result',
          result: table.siteAt(slot),
          first: table.siteAt(earlier),
        });
        continue;
      }
      const messageIndex = table.messageIndexOf(slot);
      const callSlot = unansweredById
        .get(callId)
        ?.find((candidate) => table.messageIndexOf(candidate) < messageIndex);
      problems.push(
        callSlot === undefined
          ? { kind: 'orphan', result: table.siteAt(slot) }
          : { kind: 'misplaced', result: table.siteAt(slot), call: table.siteAt(callSlot) },
      );
    }
  }
}

/** Unanswered calls, grouped by their turn. */
function findMissingResults(
  table: ToolTurnTable,
  match: Int32Array,
  scope: PairingScope,
  merge: boolean,
  problems: ToolTurnProblem[],
): void {
  const { kinds, starts, messageIndexes } = table;
  // The end of the run of call turns merged with the current one (the turn after it).
  let callsEnd = 0;
  let closing = 0;
  for (let turn = 0; turn < table.count; turn++) {
    if (kinds[turn] !== CALLS_ENTRY) continue;
    const end = starts[turn + 1] ?? 0;
    let calls: ToolSite[] | undefined;
    for (let slot = starts[turn] ?? 0; slot < end; slot++)
      if (match[slot] === -1) (calls ??= []).push(table.siteAt(slot));
    if (calls === undefined) continue;
    // In turn scope the first later turn that is not results closes the turn (nor a call turn
    // merged with it).
    if (turn >= callsEnd) {
      callsEnd = turn + 1;
      if (merge) while (callsEnd < table.count && kinds[callsEnd] === CALLS_ENTRY) callsEnd++;
      closing = callsEnd;
      while (closing < table.count && kinds[closing] === RESULTS_ENTRY) closing++;
    }
    const closedAt =
      scope === 'turn' && closing < table.count ? messageIndexes[closing] : undefined;
    problems.push({
      kind: 'missing',
      turnMessageIndex: messageIndexes[turn] ?? -1,
      calls,
      closedAt,
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

function problemIndex(problem: ToolTurnProblem): number {
  switch (problem.kind) {
    case 'missing':
      return problem.turnMessageIndex;
    case 'duplicate-call':
      return problem.call.messageIndex;
    default:
      return problem.result.messageIndex;
  }
}
