import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { pairToolTurns, type Pairing, type TurnEntry } from '../../src/core/pair-tool-turns.js';

/**
 * The rule written as plainly as possible: per id, a queue of open calls in call order; in turn
 * scope a message that is not results (unless merged calls) closes every queue.
 */
function referencePairing(
  entries: readonly TurnEntry[],
  scope: 'turn' | 'conversation' = 'conversation',
  mergeCallTurns = false,
): Pairing {
  const queues = new Map<string, { entryIndex: number; position: number }[]>();
  const answered = new Set<string>();
  const results: Pairing['results'][number][] = [];
  entries.forEach((entry, entryIndex) => {
    const merged =
      mergeCallTurns && entry.kind === 'calls' && entries[entryIndex - 1]?.kind === 'calls';
    if (scope === 'turn' && entry.kind !== 'results' && !merged) queues.clear();
    if (entry.kind === 'other') return;
    entry.callIds.forEach((callId, position) => {
      if (entry.kind === 'calls') {
        queues.set(callId, [...(queues.get(callId) ?? []), { entryIndex, position }]);
        return;
      }
      const call = queues.get(callId)?.shift();
      if (call) answered.add(`${String(call.entryIndex)}:${String(call.position)}`);
      results.push({ entryIndex, position, callId, call });
    });
  });
  const unanswered: Pairing['unanswered'][number][] = [];
  entries.forEach((entry, entryIndex) => {
    if (entry.kind !== 'calls') return;
    entry.callIds.forEach((callId, position) => {
      if (!answered.has(`${String(entryIndex)}:${String(position)}`))
        unanswered.push({ entryIndex, position, callId });
    });
  });
  return { results, unanswered };
}

const id = fc.constantFrom('a', 'b', 'c', 'd');
const entry: fc.Arbitrary<TurnEntry> = fc.oneof(
  fc.record({
    kind: fc.constant('calls' as const),
    callIds: fc.array(id, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('results' as const),
    callIds: fc.array(id, { minLength: 1, maxLength: 3 }),
  }),
  fc.constant({ kind: 'other' as const }),
);
/** Long histories with unique ids, most calls answered right away and some never: many open calls at once. */
const uniqueIdHistory: fc.Arbitrary<TurnEntry[]> = fc
  .array(fc.tuple(fc.boolean(), fc.boolean()), { maxLength: 200 })
  .map((turns) =>
    turns.flatMap(([answered, orphanAfter], turn): TurnEntry[] => [
      { kind: 'calls', callIds: [`call_${String(turn)}`] },
      ...(answered ? [{ kind: 'results' as const, callIds: [`call_${String(turn)}`] }] : []),
      ...(orphanAfter ? [{ kind: 'results' as const, callIds: [`orphan_${String(turn)}`] }] : []),
    ]),
  );

/**
 * Unique ids, outputs late and out of order: 100 to 200 calls, then their outputs (some missing,
 * some twice, some for unknown ids) in a shuffled order, so more than 64 calls are open at once.
 */
const lateOutputHistory: fc.Arbitrary<TurnEntry[]> = fc
  .integer({ min: 100, max: 200 })
  .chain((calls) =>
    fc.tuple(
      fc.constant(calls),
      fc.shuffledSubarray(
        Array.from({ length: calls + 20 }, (_, index) => `call_${String(index % (calls + 10))}`),
      ),
    ),
  )
  .map(([calls, outputs]): TurnEntry[] => [
    ...Array.from({ length: calls }, (_, index): TurnEntry => ({
      kind: 'calls',
      callIds: [`call_${String(index)}`],
    })),
    ...outputs.map((callId): TurnEntry => ({ kind: 'results', callIds: [callId] })),
  ]);

describe('pairToolTurns in conversation scope', () => {
  test.prop([fc.array(entry, { maxLength: 40 })])(
    'pairs as one queue of calls per id does, with repeated ids',
    (entries) => {
      expect(pairToolTurns(entries, { scope: 'conversation' })).toEqual(referencePairing(entries));
    },
  );

  test.prop([uniqueIdHistory])(
    'pairs as one queue of calls per id does, with unique ids and many calls left open',
    (entries) => {
      expect(pairToolTurns(entries, { scope: 'conversation' })).toEqual(referencePairing(entries));
    },
  );

  test.prop([lateOutputHistory], { numRuns: 30 })(
    'pairs as one queue of calls per id does, with unique ids and outputs late, in any order',
    (entries) => {
      expect(pairToolTurns(entries, { scope: 'conversation' })).toEqual(referencePairing(entries));
    },
  );
});

describe('pairToolTurns in turn scope', () => {
  test.prop([fc.array(entry, { maxLength: 40 }), fc.boolean()])(
    "pairs as one queue per id of the open turn's calls does, merged or not",
    (entries, mergeCallTurns) => {
      expect(pairToolTurns(entries, { scope: 'turn', mergeCallTurns })).toEqual(
        referencePairing(entries, 'turn', mergeCallTurns),
      );
    },
  );
});
