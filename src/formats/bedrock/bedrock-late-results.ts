import { RESULTS_ENTRY } from '../../core/pair-tool-turns.js';
import type { ToolTurnProblem } from '../../core/pair-tool-turns.js';
import type { ToolTurnTable } from '../../core/tool-turn-table.js';

/** True when {@link withLateResults} has results to add: a paired result in a user message after another. */
export function hasLateResults(table: ToolTurnTable): boolean {
  const match = table.pairing?.match;
  if (match === undefined) return false;
  const { kinds, starts } = table;
  for (let turn = 1; turn < table.count; turn++) {
    if (kinds[turn] !== RESULTS_ENTRY || kinds[turn - 1] !== RESULTS_ENTRY) continue;
    const end = starts[turn + 1] ?? 0;
    for (let slot = starts[turn] ?? 0; slot < end; slot++) if (match[slot] !== -1) return true;
  }
  return false;
}

/**
 * Adds to `problems` the results Bedrock finds late: Bedrock looks for a call turn's results in
 * the user message right after it ("Expected toolResult blocks at messages.2.content for the
 * following Ids: …", the message after the calls), so a result in a later user message of the
 * same run (`[toolResult b, text]` then `[toolResult a]`) answers nothing there, although the
 * shared pairing rule reads consecutive results messages as one run and pairs it. Bedrock refuses
 * one call turn's results split over consecutive user messages with that sentence
 * (https://github.com/timothy-agent/timothy/pull/33).
 *
 * Each such result becomes a `misplaced` problem (a result the message before does not call for,
 * in Bedrock's "exceeds" sentence: an inference, since Bedrock stops at the missing results first),
 * and its call joins the `missing` problem of its turn. Runs after {@link findToolTurnProblems},
 * whose pairing it reads; the table holds one turn per message, so the turn before a turn is the
 * message before it. Returns `problems`, not sorted again (the caller sorts the issues).
 */
export function withLateResults(
  table: ToolTurnTable,
  problems: ToolTurnProblem[],
): ToolTurnProblem[] {
  const match = table.pairing?.match;
  if (match === undefined) return problems;
  const { kinds, starts, siteTurns } = table;
  // Per call turn: the slots of its calls answered late.
  let late: Map<number, number[]> | undefined;
  for (let turn = 1; turn < table.count; turn++) {
    // A paired result whose message follows results, not calls, paired through the run.
    if (kinds[turn] !== RESULTS_ENTRY || kinds[turn - 1] !== RESULTS_ENTRY) continue;
    const end = starts[turn + 1] ?? 0;
    for (let slot = starts[turn] ?? 0; slot < end; slot++) {
      const call = match[slot] ?? -1;
      if (call === -1) continue;
      problems.push({ kind: 'misplaced', result: table.siteAt(slot), call: table.siteAt(call) });
      const callTurn = siteTurns[call] ?? -1;
      const slots = (late ??= new Map<number, number[]>()).get(callTurn);
      if (slots) slots.push(call);
      else late.set(callTurn, [call]);
    }
  }
  if (late === undefined) return problems;
  // Where each call turn's missing problem is, once: a long history may have many of both.
  const missingAt = new Map<number, number>();
  problems.forEach((problem, at) => {
    if (problem.kind === 'missing') missingAt.set(problem.turnMessageIndex, at);
  });
  for (const [callTurn, slots] of late) {
    const turnMessageIndex = table.messageIndexes[callTurn] ?? -1;
    const at = missingAt.get(turnMessageIndex) ?? -1;
    // The turn's calls no result answered, and those answered late, in call order (slot order),
    // as Bedrock lists them.
    const lateSlots = new Set(slots);
    const callIds: string[] = [];
    const end = starts[callTurn + 1] ?? 0;
    for (let slot = starts[callTurn] ?? 0; slot < end; slot++)
      if (match[slot] === -1 || lateSlots.has(slot)) callIds.push(table.ids[slot] ?? '');
    const missing: ToolTurnProblem = {
      kind: 'missing',
      turnMessageIndex,
      turn: callTurn,
      callIds,
      closedAt: turnMessageIndex + 1,
    };
    if (at === -1) problems.push(missing);
    else problems[at] = missing;
  }
  return problems;
}
