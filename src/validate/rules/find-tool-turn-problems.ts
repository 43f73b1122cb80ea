import { pairToolTurns, type Pairing, type PairingScope, type TurnEntry } from '../../core/pair-tool-turns.js';

/** Where one call or result sits in a format's own array. */
export interface ToolSite {
  readonly callId: string;
  readonly messageIndex: number;
  /** Position inside the message, for formats that hold calls or results as parts. */
  readonly partIndex?: number | undefined;
}

/** One message of a history, reduced to its calls, its results, or neither. */
export type ToolTurn =
  | { readonly kind: 'calls'; readonly messageIndex: number; readonly calls: readonly ToolSite[] }
  | { readonly kind: 'results'; readonly messageIndex: number; readonly results: readonly ToolSite[] }
  | { readonly kind: 'other'; readonly messageIndex: number };

/** A call turn as {@link ToolTurn} describes it. */
export type CallTurn = Extract<ToolTurn, { kind: 'calls' }>;

/** What the shared pairing rule found wrong, before a format puts it in its provider's words. */
export type ToolTurnProblem =
  /** A result that answers no call. */
  | { readonly kind: 'orphan'; readonly result: ToolSite }
  /** A result whose call exists earlier but not in the turn directly before it. */
  | { readonly kind: 'misplaced'; readonly result: ToolSite; readonly call: ToolSite }
  /** A second result for a call that was already answered. */
  | { readonly kind: 'duplicate-result'; readonly result: ToolSite; readonly first: ToolSite }
  /** Calls of one turn that no result answered; `closedAt` is the message that ended the turn. */
  | { readonly kind: 'missing'; readonly turn: CallTurn; readonly calls: readonly ToolSite[]; readonly closedAt: number | undefined }
  /** A call whose id an earlier call already used (in its turn, or anywhere when ids must be unique). */
  | { readonly kind: 'duplicate-call'; readonly call: ToolSite; readonly first: ToolSite };

/** Options of {@link findToolTurnProblems}. */
export interface FindToolTurnProblemsOptions {
  /** Where a result may find its call; see {@link PairingScope}. */
  readonly scope: PairingScope;
  /** Whether a call id may repeat in later turns (`'turn'`) or must be unique in the whole history. */
  readonly uniqueCallIds: 'turn' | 'conversation';
}

/**
 * Runs the one pairing rule ({@link pairToolTurns}) over `turns` and classifies what it left over:
 * orphans, misplaced and duplicate results, unanswered calls per turn, repeated call ids.
 *
 * Problems come in message order (a turn's missing results at the turn's own index). Linear in
 * the number of calls and results.
 */
export function findToolTurnProblems(turns: readonly ToolTurn[], options: FindToolTurnProblemsOptions): ToolTurnProblem[] {
  // One entry per turn, except that a run of 'other' turns becomes one entry: they act alike, and
  // fewer entries keep long histories cheap. `turnOf[entry]` maps back.
  const entries: TurnEntry[] = [];
  const turnOf: number[] = [];
  turns.forEach((turn, index) => {
    if (turn.kind === 'other' && entries[entries.length - 1]?.kind === 'other') return;
    entries.push(toEntry(turn));
    turnOf.push(index);
  });
  const pairing = pairToolTurns(entries, { scope: options.scope });
  const problems: ToolTurnProblem[] = [];
  const siteAt = (entryIndex: number, position: number, kind: 'calls' | 'results'): ToolSite | undefined => siteOf(turns[turnOf[entryIndex] ?? -1], position, kind);

  // Calls with repeated ids: a scan for the usual small turn, a set across the conversation.
  const seenAnywhere = options.uniqueCallIds === 'conversation' ? new Map<string, ToolSite>() : undefined;
  for (const turn of turns) {
    if (turn.kind !== 'calls') continue;
    const { calls } = turn;
    for (let index = 0; index < calls.length; index++) {
      const call = calls[index];
      if (!call) continue;
      let first: ToolSite | undefined;
      if (seenAnywhere) {
        first = seenAnywhere.get(call.callId);
        if (!first) seenAnywhere.set(call.callId, call);
      } else {
        for (let earlier = 0; earlier < index && !first; earlier++) if (calls[earlier]?.callId === call.callId) first = calls[earlier];
      }
      if (first) problems.push({ kind: 'duplicate-call', call, first });
    }
  }

  // Results no call answered: told apart as duplicates, misplaced or orphans. Skipped (with the
  // maps it needs) in the usual case of a history where every result found its call.
  if (pairing.results.some((result) => result.call === undefined)) {
    classifyUnpairedResults(entries, pairing, options.scope, siteAt, problems);
  }

  // Unanswered calls, grouped by their turn.
  const nextNonResult = nextNonResultIndex(entries);
  let group: { turn: CallTurn; calls: ToolSite[]; entryIndex: number } | undefined;
  const flush = (): void => {
    if (!group) return;
    const closing = options.scope === 'turn' ? nextNonResult[group.entryIndex] ?? -1 : -1;
    problems.push({ kind: 'missing', turn: group.turn, calls: group.calls, closedAt: closing < 0 ? undefined : turns[turnOf[closing] ?? -1]?.messageIndex });
    group = undefined;
  };
  for (const call of pairing.unanswered) {
    const turn = turns[turnOf[call.entryIndex] ?? -1];
    const site = siteAt(call.entryIndex, call.position, 'calls');
    if (turn?.kind !== 'calls' || !site) continue;
    if (group?.entryIndex !== call.entryIndex) {
      flush();
      group = { turn, calls: [], entryIndex: call.entryIndex };
    }
    group.calls.push(site);
  }
  flush();

  return problems.length > 1 ? problems.sort((a, b) => problemIndex(a) - problemIndex(b)) : problems;
}

function classifyUnpairedResults(
  entries: readonly TurnEntry[],
  pairing: Pairing,
  scope: PairingScope,
  siteAt: (entryIndex: number, position: number, kind: 'calls' | 'results') => ToolSite | undefined,
  problems: ToolTurnProblem[],
): void {
  // The call entry each results entry answers (turn scope), for telling duplicates from orphans.
  const openCallEntry = new Int32Array(entries.length);
  let open = -1;
  entries.forEach((entry, index) => {
    if (entry.kind === 'calls') open = index;
    else if (entry.kind === 'other' && scope === 'turn') open = -1;
    openCallEntry[index] = open;
  });

  const unansweredById = new Map<string, ToolSite[]>();
  for (const call of pairing.unanswered) {
    const site = siteAt(call.entryIndex, call.position, 'calls');
    if (!site) continue;
    const list = unansweredById.get(call.callId);
    if (list) list.push(site);
    else unansweredById.set(call.callId, [site]);
  }

  // Answered ids: id → the latest result for it, and the call entry that result answered.
  const answeredResult = new Map<string, ToolSite>();
  const answeredEntry = new Map<string, number>();
  for (const result of pairing.results) {
    const site = siteAt(result.entryIndex, result.position, 'results');
    if (!site) continue;
    if (result.call) {
      answeredResult.set(result.callId, site);
      answeredEntry.set(result.callId, result.call.entryIndex);
      continue;
    }
    const earlier = answeredResult.get(result.callId);
    if (earlier && (scope === 'conversation' || answeredEntry.get(result.callId) === openCallEntry[result.entryIndex])) {
      problems.push({ kind: 'duplicate-result', result: site, first: earlier });
      continue;
    }
    const call = unansweredById.get(result.callId)?.find((candidate) => candidate.messageIndex < site.messageIndex);
    problems.push(call ? { kind: 'misplaced', result: site, call } : { kind: 'orphan', result: site });
  }
}

function toEntry(turn: ToolTurn): TurnEntry {
  switch (turn.kind) {
    case 'calls':
      return { kind: 'calls', callIds: turn.calls.map((call) => call.callId) };
    case 'results':
      return { kind: 'results', callIds: turn.results.map((result) => result.callId) };
    case 'other':
      return { kind: 'other' };
  }
}

function siteOf(turn: ToolTurn | undefined, position: number, kind: 'calls' | 'results'): ToolSite | undefined {
  if (turn?.kind === 'calls' && kind === 'calls') return turn.calls[position];
  if (turn?.kind === 'results' && kind === 'results') return turn.results[position];
  return undefined;
}

/** For each entry, the index of the first later entry that is not a result (turn scope closes there), or -1. */
function nextNonResultIndex(entries: readonly TurnEntry[]): Int32Array {
  const next = new Int32Array(entries.length);
  let candidate = -1;
  for (let index = entries.length - 1; index >= 0; index--) {
    next[index] = candidate;
    if (entries[index]?.kind !== 'results') candidate = index;
  }
  return next;
}

function problemIndex(problem: ToolTurnProblem): number {
  switch (problem.kind) {
    case 'missing':
      return problem.turn.messageIndex;
    case 'duplicate-call':
      return problem.call.messageIndex;
    default:
      return problem.result.messageIndex;
  }
}
