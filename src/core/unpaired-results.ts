import { CALLS_ENTRY, OTHER_ENTRY, RESULTS_ENTRY, type PairingScope } from './pair-tool-turns.js';
import type { ToolTurnProblem } from './find-tool-turn-problems.js';
import type { ToolTurnTable } from './tool-turn-table.js';

/**
 * Tells the results no call answered apart, turn by turn: a second answer to a call (duplicate),
 * an answer to an unanswered call further back (misplaced), or an orphan. The maps that tell
 * them apart are made only when the history has what they look up: none when no result was
 * paired and no call left unanswered (every call turn missing), so every orphan costs nothing
 * beyond its problem.
 */
export class UnpairedResults {
  /** Ids of the unpaired results, when some results were paired: only they are tracked below. */
  private readonly wanted: Set<string> | undefined = undefined;
  /** Per wanted id: the latest paired result, and the call turn it answered. */
  private readonly answeredResult = new Map<string, number>();
  private readonly answeredTurn = new Map<string, number>();
  /** Per id of an unpaired result: the unanswered calls with that id, in slot order. */
  private readonly unansweredById: Map<string, number[]> | undefined = undefined;
  /** The call turn the current results answer (turn scope), for telling duplicates from orphans. */
  private open = -1;

  constructor(
    private readonly table: ToolTurnTable,
    private readonly match: Int32Array,
    private readonly scope: PairingScope,
    /** Per turn, the first of its run of merged call turns (Anthropic), or none. */
    private readonly runStarts: Int32Array | undefined,
    answered: boolean,
    unanswered: boolean,
  ) {
    if (!answered && !unanswered) return;
    const { kinds, starts, ids } = table;
    const wanted = new Set<string>();
    for (let turn = 0; turn < table.count; turn++) {
      if (kinds[turn] !== RESULTS_ENTRY) continue;
      const end = starts[turn + 1] ?? 0;
      for (let slot = starts[turn] ?? 0; slot < end; slot++)
        if (match[slot] === -1) wanted.add(ids[slot] ?? '');
    }
    if (answered) this.wanted = wanted;
    if (unanswered) this.unansweredById = unansweredCallsById(table, match, wanted);
  }

  /** Reads turn `turn`: a call turn or other content moves the open turn, results are classified. */
  read(turn: number, visit: (problem: ToolTurnProblem) => void): void {
    const { table, match, scope, wanted } = this;
    const kind = table.kinds[turn];
    if (kind === CALLS_ENTRY) this.open = this.runStarts?.[turn] ?? turn;
    else if (kind === OTHER_ENTRY && scope === 'turn') this.open = -1;
    if (kind !== RESULTS_ENTRY) return;
    const { starts, ids, siteTurns } = table;
    const end = starts[turn + 1] ?? 0;
    for (let slot = starts[turn] ?? 0; slot < end; slot++) {
      const call = match[slot] ?? -1;
      if (call !== -1) {
        const callId = ids[slot] ?? '';
        if (wanted?.has(callId) !== true) continue;
        this.answeredResult.set(callId, slot);
        const callTurn = siteTurns[call] ?? -1;
        this.answeredTurn.set(callId, this.runStarts?.[callTurn] ?? callTurn);
        continue;
      }
      this.classify(slot, visit);
    }
  }

  private classify(slot: number, visit: (problem: ToolTurnProblem) => void): void {
    const { table } = this;
    const callId = table.ids[slot] ?? '';
    if (this.wanted !== undefined) {
      const earlier = this.answeredResult.get(callId);
      if (
        earlier !== undefined &&
        (this.scope === 'conversation' || this.answeredTurn.get(callId) === this.open)
      ) {
        visit({
          kind: 'duplicate-result',
          result: table.siteAt(slot),
          first: table.siteAt(earlier),
        });
        return;
      }
    }
    const candidates = this.unansweredById?.get(callId);
    if (candidates !== undefined) {
      const messageIndex = table.messageIndexOf(slot);
      const callSlot = candidates.find(
        (candidate) => table.messageIndexOf(candidate) < messageIndex,
      );
      if (callSlot !== undefined) {
        visit({ kind: 'misplaced', result: table.siteAt(slot), call: table.siteAt(callSlot) });
        return;
      }
    }
    visit({ kind: 'orphan', result: table.siteAt(slot) });
  }
}

/** The unanswered calls whose id one of `wanted` names, by id, in slot order. */
function unansweredCallsById(
  table: ToolTurnTable,
  match: Int32Array,
  wanted: ReadonlySet<string>,
): Map<string, number[]> {
  const { kinds, starts, ids } = table;
  const byId = new Map<string, number[]>();
  for (let turn = 0; turn < table.count; turn++) {
    if (kinds[turn] !== CALLS_ENTRY) continue;
    const end = starts[turn + 1] ?? 0;
    for (let slot = starts[turn] ?? 0; slot < end; slot++) {
      if (match[slot] !== -1) continue;
      const callId = ids[slot] ?? '';
      if (!wanted.has(callId)) continue;
      const list = byId.get(callId);
      if (list) list.push(slot);
      else byId.set(callId, [slot]);
    }
  }
  return byId;
}
