import { uniqueCallIds, type CallIdGenerator } from '../../core/call-id.js';
import { deepEqual } from '../../core/json-text.js';
import { pairToolTurns } from '../../core/pair-tool-turns.js';
import { isPlaceholderResult, missingResultPlaceholder } from '../../core/placeholder-result.js';
import type { ToolCall } from '../../core/history.js';
import { ToolHistoryError } from '../../errors/tool-history-error.js';
import type { PendingCall, PendingResult } from './tool-input.js';

/** A call of the turn to write, and the id the user gave it (where it was replaced). */
export interface TurnSlot extends ToolCall {
  /** Extra fields of the input item to keep (e.g. Gemini's `thoughtSignature`). */
  readonly extra: Readonly<Record<string, unknown>>;
  readonly givenId: string | undefined;
}

/** One result of the planned results run. */
export interface PlannedResult {
  readonly callId: string;
  readonly name: string;
  readonly result: unknown;
}

/** A result already in the history; `where` (e.g. `messages[5]`) is for error messages. */
export interface ExistingResult extends PlannedResult {
  readonly where: string;
}

/**
 * The latest turn's calls as slots when `calls` are its calls (`givenIds`: the ids the user gave
 * them, where replaced), else `undefined`; throws `invalid-input` for a mix of its calls and others.
 */
export function matchExistingTurn(
  latest: readonly ToolCall[],
  calls: readonly PendingCall[],
  givenIds: readonly (string | undefined)[] = [],
): TurnSlot[] | undefined {
  if (latest.length === 0) return undefined;
  const knownAs = (index: number): string | undefined => givenIds[index] ?? latest[index]?.callId;
  // Each call matches the first unused latest call with its name, arguments and id (if any).
  const used = new Set<number>();
  const matches = calls.map((call) => {
    const index = latest.findIndex(
      (candidate, at) =>
        !used.has(at) &&
        (call.callId === undefined ||
          call.callId === candidate.callId ||
          call.callId === knownAs(at)) &&
        candidate.name === call.name &&
        deepEqual(candidate.arguments, call.arguments),
    );
    if (index !== -1) used.add(index);
    return index;
  });
  if (used.size === 0) return undefined;
  const missing = matches.indexOf(-1);
  const call = calls[missing];
  if (call !== undefined)
    throw new ToolHistoryError(
      'invalid-input',
      `tools[${missing}] (${call.name}${call.callId ? `, call "${call.callId}"` : ''}) is not in the latest assistant turn, but other calls passed with it are. Pass exactly the latest turn's calls (result.tools), or only new calls.`,
    );
  return latest.map((call, index) => ({ ...call, extra: {}, givenId: knownAs(index) }));
}

/** The slots of a new turn holding `calls`; a missing or repeated id gets a fresh one. */
export function newTurn(
  calls: readonly PendingCall[],
  taken: Set<string>,
  generate?: CallIdGenerator,
): TurnSlot[] {
  for (const call of calls) if (call.callId !== undefined) taken.add(call.callId);
  const nextId = uniqueCallIds(taken, generate);
  const inTurn = new Set<string>();
  return calls.map((call) => {
    // A repeated id inside one turn is rewritten: providers reject duplicates within a turn.
    const callId = call.callId !== undefined && !inTurn.has(call.callId) ? call.callId : nextId();
    inTurn.add(callId);
    return {
      callId,
      name: call.name,
      arguments: call.arguments,
      ...(call.argumentsText === undefined ? {} : { argumentsText: call.argumentsText }),
      extra: call.extra,
      givenId: call.callId,
    };
  });
}

/** Returns, per slot, the index of the given result that answers it (or -1). */
function pairGivenResults(slots: readonly TurnSlot[], results: readonly PendingResult[]): number[] {
  const answer = slots.map(() => -1);
  const idsOfTurn = slots.map((slot) => slot.callId).join(', ') || 'none';
  if (results.length > slots.length && results.every((result) => result.callId === undefined)) {
    throw new ToolHistoryError(
      'unknown-call',
      `results has ${results.length} results without ids for ${slots.length} call${slots.length === 1 ? '' : 's'} (${idsOfTurn}); results without ids pair with calls by position.`,
    );
  }
  const named = (slot: TurnSlot, callId: string): boolean =>
    slot.givenId === callId || slot.callId === callId;
  // Results with ids pair first, so a result without one never takes a call another result names.
  results.forEach(({ callId }, index) => {
    if (callId === undefined) return;
    const slot = slots.findIndex((candidate, at) => answer[at] === -1 && named(candidate, callId));
    if (slot !== -1) {
      answer[slot] = index;
      return;
    }
    const first = slots.findIndex((candidate) => named(candidate, callId));
    if (first !== -1) {
      throw new ToolHistoryError(
        'duplicate-result',
        `results[${index}] answers call "${callId}" a second time (results[${answer[first] ?? -1}] already answers it). Each call takes one result.`,
      );
    }
    throw new ToolHistoryError(
      'unknown-call',
      `results[${index}] answers call "${callId}", which is not among the calls of this turn (${idsOfTurn}). Add the call first with addAssistantToolCalls(), or fix the result's id.`,
    );
  });
  // Slots only fill up, so the first open slot never moves back.
  let open = 0;
  results.forEach((result, index) => {
    if (result.callId !== undefined) return;
    while (open < slots.length && answer[open] !== -1) open++;
    if (open === slots.length) {
      throw new ToolHistoryError(
        'unknown-call',
        `results[${index}] has no id and every call of the turn (${idsOfTurn}) already has a result.`,
      );
    }
    answer[open] = index;
  });
  return answer;
}

/** The whole results run after the turn: per call in order, then results answering none. */
export function mergeResults(
  calls: readonly TurnSlot[],
  givenResults: readonly PendingResult[],
  existing: readonly ExistingResult[],
): PlannedResult[] {
  const given = pairGivenResults(calls, givenResults);
  const existingFor = calls.map(() => -1);
  const claimed = new Uint8Array(existing.length);
  const pairing = pairToolTurns([
    { kind: 'calls', callIds: calls.map((call) => call.callId) },
    { kind: 'results', callIds: existing.map((result) => result.callId) },
  ]);
  for (const result of pairing.results) {
    if (!result.call) continue;
    existingFor[result.call.position] = result.position;
    claimed[result.position] = 1;
  }
  const planned = calls.map((call, slot): PlannedResult => {
    const givenIndex = given[slot] ?? -1;
    const base = { callId: call.callId, name: call.name };
    const prior = existing[existingFor[slot] ?? -1];
    const fresh = givenResults[givenIndex];
    if (fresh && prior && !isPlaceholderResult(prior.result)) {
      if (!deepEqual(prior.result, fresh.result))
        throw new ToolHistoryError(
          'duplicate-result',
          `Call "${call.callId}" already has a result at ${prior.where}; results[${givenIndex}] is a second, different result for it. Each call takes one result: remove one of them.`,
        );
      return { ...base, result: prior.result };
    }
    if (fresh) return { ...base, result: fresh.result };
    if (prior) return { ...base, result: prior.result };
    return { ...base, result: missingResultPlaceholder(call.name) };
  });
  // Results in the run that answer none of these calls are kept, after the turn's own.
  existing.forEach((result, index) => {
    if (claimed[index] !== 1)
      planned.push({ callId: result.callId, name: result.name, result: result.result });
  });
  return planned;
}
